import { HELD_LINK_SELECTOR } from "@shared/constants";

declare global {
  interface Window {
    /** Set by the inline script before a page the server drew (server/http/early-taps.ts). */
    __kickrundeEarlyTaps?: { take: () => Element | null };
    /** Set just before React hydrates the drawn page: the inline script then holds a link's tap as well. */
    __kickrundeHydrating?: boolean;
  }
}

/** How long taps are held for the drawn page to hydrate at most (its route's suspense boundary comes after the commit). */
const WAIT_FOR_HYDRATION_MS = 10_000;

/**
 * Whether React has taken over this drawn element: it keeps the element's props on it once its boundary is hydrated
 * (React's own `__reactProps$…` key; a boundary still dehydrated when the tree commits has none yet).
 */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

/** The drawn page's elements when hydrating started, and how many of them (from the first) React has taken over. */
let drawn: Element[] = [];
let hydratedCount = 0;

/** Every element the server drew is React's now (or gone: a part React drew anew). */
function drawnPageHydrated(): boolean {
  while (hydratedCount < drawn.length && (!drawn[hydratedCount]!.isConnected || takenOver(drawn[hydratedCount]!))) hydratedCount++;
  return hydratedCount === drawn.length;
}

/**
 * Called just before `hydrateRoot` (main.tsx) with the drawn page: from now until the whole page is hydrated, a tap on
 * a link is held and replayed too. Before hydrating, a link is a link (the browser loads the next page, drawn by the
 * server); once hydrated, the app's router takes it. In between, React took the tap and the router navigated while the
 * route's part of the page was still the server's: React threw the drawn page away (CI of 2026-12-01: React error
 * #418 on the feed after a tap on the tab bar's "Plätze"; #422 when reproduced, also with the tap replayed right at
 * the commit), or the tap was lost.
 */
export function holdLinkTapsWhileHydrating(root: Element): void {
  window.__kickrundeHydrating = true;
  // not what React never hydrates: the image preloads React's server render puts into the page, say
  drawn = [...root.querySelectorAll(":not(link,meta,title,style,script,template)")];
}

/**
 * Once the app has committed: stops the page's script holding taps and replays its last one on its element as soon as
 * React has hydrated that element (a route's suspense boundary hydrates after the root commits), if it is still on the
 * screen. A link's tap, held by the script or here after the commit, waits until the whole drawn page is React's. 10 s
 * at most. Nothing when the page was not drawn by the server.
 */
export function replayEarlyTap(): void {
  const held = window.__kickrundeEarlyTaps;
  if (!held) return;
  window.__kickrundeEarlyTaps = undefined;
  let target = held.take();
  const hold = (event: MouseEvent) => {
    const link = event.target instanceof Element && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) ? event.target.closest(HELD_LINK_SELECTOR) : null;
    if (!link) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    target = link;
  };
  document.addEventListener("click", hold, true);
  const until = performance.now() + WAIT_FOR_HYDRATION_MS;
  const attempt = () => {
    // a fact on <html> for whoever waits for the whole drawn page (the e2e tests), as `data-app-committed` for the tree
    const whole = drawnPageHydrated();
    if (whole) document.documentElement.setAttribute("data-drawn-page-hydrated", "");
    const hydrated = whole || performance.now() > until;
    if (hydrated) document.removeEventListener("click", hold, true);
    if (target instanceof HTMLElement && target.isConnected && (hydrated || (!target.matches(HELD_LINK_SELECTOR) && takenOver(target)))) {
      const tap = target;
      target = null;
      tap.click();
    }
    if (!hydrated || (target instanceof HTMLElement && target.isConnected)) requestAnimationFrame(attempt);
  };
  attempt();
}
