import { BellOff, LogIn } from "lucide-react";
import { Button } from "@client/components/button";
import { isNativeApp } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";
import { openSignIn } from "@client/features/auth/sign-in-modal-state";

/**
 * Notifications are blocked for this site (the user's choice, not a fault): how to allow them in
 * this browser or in the app's settings, and, where an account makes them unnecessary (a guest
 * joining a game), the offer to sign in instead.
 */
export function NotificationsBlocked({ offerSignIn }: { offerSignIn: boolean }) {
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="flex items-center gap-2 text-[15px] font-bold">
        <BellOff aria-hidden className="size-5 shrink-0 text-amber-700" />
        {m.notifications_blocked_title()}
      </p>
      <p className="mt-1 text-[14px] leading-snug">{isNativeApp() ? m.notifications_blocked_how_app() : m.notifications_blocked_how_browser()}</p>
      {offerSignIn ? (
        <div className="mt-3 border-t border-amber-200 pt-3">
          <p className="text-[14px] leading-snug">{m.notifications_blocked_sign_in_text()}</p>
          <Button variant="secondary" className="mt-2" onClick={() => openSignIn()}>
            <LogIn aria-hidden className="size-5" />
            {m.notifications_blocked_sign_in()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
