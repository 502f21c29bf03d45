import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** Fallback route `*` (spec 001 section 2.1). */
export function NotFoundScreen() {
  useLocale();
  return (
    <div className="flex min-h-[55dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-6 inline-flex size-20 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
        <SearchX aria-hidden className="size-10" />
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{m.not_found_title()}</h1>
      <p className="mt-3 max-w-sm text-[16px] leading-relaxed text-slate-700">{m.not_found_text()}</p>
      <Link to="/" className={buttonClassName({ size: "lg", className: "mt-8 min-w-56" })}>
        {m.not_found_home()}
      </Link>
    </div>
  );
}
