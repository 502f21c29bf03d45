import { Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { mirrorAccountToStorage } from "@client/lib/account";
import { isNativeApp } from "@client/lib/native-bridge";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { LazyChunk } from "@client/components/lazy-chunk";
import { Toaster } from "@client/components/toast";
import { MaintenanceWatch } from "@client/features/maintenance/maintenance-watch";
import { useFlash } from "@client/features/account/flash";
import { useSignInModalState } from "@client/features/auth/sign-in-modal-state";
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

/**
 * The rate-app hint shows inside the native wrapper only (only it can open the store's rating): its code
 * loads there, never in a browser, and stays off the entry chunk (scripts/lib/critical-js.ts).
 */
const loadRateAppHint = () => import("@client/features/review/rate-app-hint").then((module) => ({ default: module.RateAppHint }));

/** A one-time notice (features/account/flash.ts) is rare: its texts and view load when there is one. */
const loadFlashNotice = () => import("@client/features/account/flash-notice").then((module) => ({ default: module.FlashNotice }));

function LazyFlashNotice() {
  return useFlash() ? <LazyChunk load={loadFlashNotice} props={{}} placeholder={null} failed={() => null} /> : null;
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
        <LazyFlashNotice />
        {children ?? <Outlet />}
      </main>
      <AppFooter />
      <div ref={bottomBar} className="sticky bottom-0 z-30">
        {isNativeApp() ? <LazyChunk load={loadRateAppHint} props={{}} placeholder={null} failed={() => null} /> : null}
        <Toaster />
        <GuestBanner />
        <TabBar />
      </div>
      <LazySignInModal />
      <MaintenanceWatch />
    </div>
  );
}
