import { Outlet } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { mirrorAccountToStorage } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { FlashNotice } from "@client/features/account/flash-notice";
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

/** The app shell of spec 001 section 2.1: header, page, footer, guest banner and tab bar. */
export function RootLayout() {
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
        <Outlet />
      </main>
      <AppFooter />
      <div ref={bottomBar} className="sticky bottom-0 z-30">
        <GuestBanner />
        <TabBar />
      </div>
    </div>
  );
}
