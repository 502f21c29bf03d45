/**
 * Registers the app's service worker (client/public/sw.js) in the built app: it keeps the app shell and
 * every screen's code, so moving to a screen not loaded yet still works while the network is down
 * (issue 23 item 20). The same worker shows web pushes (lib/push.ts registers it too; one registration).
 */
export function registerAppWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // no worker (a private window, a browser setting): the app works online as before
  });
}
