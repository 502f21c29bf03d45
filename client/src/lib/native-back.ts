import type { AnyRouter } from "@tanstack/react-router";
import { isNativeApp, onNativeMessage, postNativeMessage } from "./native-bridge";

/**
 * "Back" inside the native wrapper (spec 001 sections 2.1 and 7), for the wrapper's hardware back button (incoming
 * GO_BACK) and the header's back arrow.
 *
 * The root of the app's history is the entry the web view opened with: TanStack Router numbers its history entries
 * (`history.state.__TSR_index`, 0 for the first one, kept across reloads because it lives in the browser's
 * history state), and `router.history.canGoBack()` is false exactly there. The region chooser is `/games`,
 * `/courts` and `/` (which sends on to the stored region or shows the chooser).
 *
 * - GO_BACK: an open dialog closes first (as Android's back does); at the region chooser or at the root the app
 *   posts EXIT_APP (the wrapper closes); anywhere else it goes one step back in the history.
 * - The header arrow (`headerBackAction`): a region page goes to the region chooser (spec 001 section 2.1, in the
 *   browser too); at the region chooser the wrapper gets EXIT_APP; at the root of the history the wrapper gets
 *   BACK_NAVIGATE (it owns what lies before the web view), a browser goes to the region chooser; else history back.
 */

export function isRegionChooser(pathname: string): boolean {
  return /^\/((games|courts)\/?)?$/.test(pathname);
}

/** At a region page or the root, "back" means the city list (spec 001 section 2.1). */
export function isRegionPage(pathname: string): boolean {
  return /^\/(games|courts)\/[^/]+\/?$/.test(pathname);
}

export type BackAction = "history" | "cityList" | "BACK_NAVIGATE" | "EXIT_APP" | "none";

/** What the header's back arrow does here; "none": no arrow (a browser at the city list with nothing before it). */
export function headerBackAction(pathname: string, canGoBack: boolean, native: boolean): BackAction {
  if (native && isRegionChooser(pathname)) return "EXIT_APP";
  if (pathname === "/" || isRegionPage(pathname)) return "cityList";
  if (canGoBack) return "history";
  if (native) return "BACK_NAVIGATE";
  return /^\/games\/?$/.test(pathname) ? "none" : "cityList";
}

/** What the wrapper's hardware back button (GO_BACK) does here. */
export function hardwareBackAction(pathname: string, canGoBack: boolean): "history" | "EXIT_APP" {
  return isRegionChooser(pathname) || !canGoBack ? "EXIT_APP" : "history";
}

/** Closes the topmost open dialog (components/modal.tsx, a native <dialog>); false when none is open. */
function closeTopDialog(): boolean {
  const open = document.querySelectorAll<HTMLDialogElement>("dialog[open]");
  const top = open[open.length - 1];
  if (!top) return false;
  top.close();
  return true;
}

/** Performs a back action (the header arrow and GO_BACK share it). */
export function runBackAction(router: AnyRouter, action: BackAction): void {
  if (action === "history") router.history.back();
  else if (action === "cityList") void router.navigate({ to: "/games" });
  else if (action === "BACK_NAVIGATE" || action === "EXIT_APP") postNativeMessage({ type: action });
}

let installed = false;

/** Listens for the wrapper's GO_BACK once for the app's life (main.tsx); nothing happens outside the wrapper. */
export function installNativeBack(router: AnyRouter): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  onNativeMessage((message) => {
    if (message.type !== "GO_BACK" || !isNativeApp() || closeTopDialog()) return;
    runBackAction(router, hardwareBackAction(router.state.location.pathname, router.history.canGoBack()));
  });
}
