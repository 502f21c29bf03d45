import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "@client/paraglide/messages";

const backClass = "-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50";

/**
 * A page of the staff console: the way back (to the console's home, or `back` rendered with the link class for a
 * deeper page), the title, a short line below it and an optional action on the right; then the page's content.
 */
export function AdminPage({
  title,
  subtitle,
  back,
  aside,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** renders the back link with the given class; default: back to the console's home */
  back?: (className: string) => ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="pb-10">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-3 pb-4">
        {back ? (
          back(backClass)
        ) : (
          <Link to="/admin" className={backClass}>
            <ArrowLeft aria-hidden className="size-5" />
            {m.admin_back_home()}
          </Link>
        )}
        <div className="mt-1 flex items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-[26px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1 text-[15px] leading-snug text-slate-600">{subtitle}</p> : null}
          </div>
          {aside ? <div className="shrink-0">{aside}</div> : null}
        </div>
      </div>
      <div className="space-y-4 px-4">{children}</div>
    </div>
  );
}

/** The arrow of a back link (a deeper page renders its own typed Link with it). */
export function BackArrow() {
  return <ArrowLeft aria-hidden className="size-5" />;
}
