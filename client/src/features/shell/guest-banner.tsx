import { useRouterState } from "@tanstack/react-router";
import { ChevronRight, X } from "lucide-react";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { accountQueryOptions, useAccount } from "@client/lib/account";
import { dismissGuestBanner, isGuestBannerDismissed } from "@client/lib/storage";
import { m } from "@client/paraglide/messages";
import { openSignIn } from "@client/features/auth/sign-in-modal-state";
import { useHydrated } from "@client/lib/hydration";

/**
 * Prompts guests to sign in, except on the sign-in and registration pages (spec 001 section 2.1).
 * One slim line above the tab bar (whose "Anmelden" tab stays for good), so the page keeps its room:
 * a tap opens the sign-in modal over the page, and the guest may hide it for this visit.
 */
export function GuestBanner() {
  // Until a signed-in browser's account is known, no banner rather than a flash of it. The account as the tab bar
  // has it (useAccount: offline, the session's stored copy), so the two never disagree.
  const { isPending } = useQuery(accountQueryOptions());
  const account = useAccount();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // dismissed in this tab (session storage), which the server drawing the page cannot know: read once hydrated
  const hydrated = useHydrated();
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedNow || (hydrated && isGuestBannerDismissed());
  if (isPending || account || dismissed || pathname === "/login" || pathname === "/register") return null;

  return (
    <aside aria-label={m.guest_banner_label()} data-guest-banner className="flex items-stretch border-t border-pitch-200 bg-pitch-50 text-pitch-900">
      <button
        type="button"
        onClick={() => openSignIn()}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 py-1 pl-4 text-left text-[14px] leading-tight"
      >
        <span className="min-w-0 flex-1">{m.guest_banner_text()}</span>
        <span className="inline-flex shrink-0 items-center font-bold text-pitch-700">
          {m.guest_banner_sign_in()}
          <ChevronRight aria-hidden className="size-4" />
        </span>
      </button>
      <button
        type="button"
        onClick={() => {
          dismissGuestBanner();
          setDismissed(true);
        }}
        className="inline-flex w-11 shrink-0 items-center justify-center text-pitch-800 hover:bg-pitch-100"
        aria-label={m.guest_banner_dismiss()}
      >
        <X aria-hidden className="size-4.5" />
      </button>
    </aside>
  );
}
