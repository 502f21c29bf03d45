import { Link, useRouterState } from "@tanstack/react-router";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { m } from "@client/paraglide/messages";

/** Prompts guests to sign in, except on the sign-in and registration pages (spec 001 section 2.1). */
export function GuestBanner() {
  const account = useAccount();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (account || pathname === "/login" || pathname === "/register") return null;

  return (
    <aside aria-label={m.guest_banner_label()} className="border-t border-pitch-200 bg-pitch-50 px-4 py-2.5">
      <div className="flex items-center gap-3">
        <p className="min-w-0 flex-1 text-[14px] leading-snug text-pitch-900">{m.guest_banner_text()}</p>
        <Link to="/login" className={buttonClassName({ size: "md", className: "shrink-0 !min-h-10 px-3.5 text-sm" })}>
          {m.guest_banner_sign_in()}
        </Link>
      </div>
    </aside>
  );
}
