declare global {
  interface Window {
    /** Set by the inline script before a page the server drew (server/http/early-taps.ts). */
    __kickrundeEarlyTaps?: { take: () => Element | null };
  }
}

/** How long a held tap waits for its element's part of the page to hydrate (a lazy route's boundary comes later). */
const WAIT_FOR_HYDRATION_MS = 10_000;

/**
 * Whether React has taken over this drawn element: it keeps the element's props on it once its boundary is hydrated
 * (React's own `__reactProps$…` key; a boundary still dehydrated when the tree commits has none yet).
 */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

/**
 * Once the app has committed: stops holding taps on the page the server drew and replays the last one on its element,
 * as soon as React has hydrated that element (a route's suspense boundary may hydrate after the root commits), if it is
 * still on the screen. Nothing when the page was not drawn by the server, or nothing was tapped.
 */
export function replayEarlyTap(): void {
  const held = window.__kickrundeEarlyTaps;
  if (!held) return;
  window.__kickrundeEarlyTaps = undefined;
  const target = held.take();
  if (!(target instanceof HTMLElement)) return;
  const until = performance.now() + WAIT_FOR_HYDRATION_MS;
  const attempt = () => {
    if (!target.isConnected) return;
    if (takenOver(target) || performance.now() > until) target.click();
    else requestAnimationFrame(attempt);
  };
  attempt();
}
