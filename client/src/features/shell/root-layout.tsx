import { Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { mirrorAccountToStorage } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { Toaster } from "@client/components/toast";
import { MaintenanceScreen } from "@client/features/maintenance/maintenance-screen";
import { FlashNotice } from "@client/features/account/flash-notice";
import { useSignInModalState } from "@client/features/auth/sign-in-modal-state";
import { RateAppHint } from "@client/features/review/rate-app-hint";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { GuestBanner } from "./guest-banner";
import { TabBar } from "./tab-bar";

/**
 * Publishes the height of the bottom bars (guest banner and tab bar) as `--bottom-bar-height`, so
 * floating buttons sit just above them.
 */
function useBottomBarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--bottom-bar-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--bottom-bar-height");
    };
  }, []);
  return ref;
}

/**
 * The sign-in modal with its forms (and the schemas they check with) loads when it is first opened,
 * not with the shell: it is most of what the first screen would otherwise wait for (issue 11).
 */
const SignInModal = lazy(() => import("@client/features/auth/sign-in-modal").then((module) => ({ default: module.SignInModal })));

function LazySignInModal() {
  const { open, registered } = useSignInModalState();
  // Once opened it stays mounted, so closing keeps the modal's own closing behaviour.
  const [wanted, setWanted] = useState(false);
  if (!wanted && (open || registered !== null)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SignInModal />
    </Suspense>
  ) : null;
}

/** The app shell of spec 001 section 2.1: header, page (or `children` while the route loads), footer, guest banner and tab bar. */
export function RootLayout({ children }: { children?: ReactNode }) {
  useLocale();
  const queryClient = useQueryClient();
  useEffect(() => mirrorAccountToStorage(queryClient), [queryClient]);
  const bottomBar = useBottomBarHeight();

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[520px] flex-col bg-white shadow-[0_0_48px_rgba(15,23,42,0.08)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-pitch-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.skip_to_content()}
      </a>
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 px-safe focus:outline-none">
        <FlashNotice />
        {children ?? <Outlet />}
      </main>
      <AppFooter />
      <div ref={bottomBar} className="sticky bottom-0 z-30">
        <RateAppHint />
        <Toaster />
        <GuestBanner />
        <TabBar />
      </div>
      <LazySignInModal />
      <MaintenanceScreen />
    </div>
  );
}
