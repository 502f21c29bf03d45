import { ANALYTICS_HEARTBEAT_MS, isUntrackedPath } from "@shared/telemetry";

/**
 * A tiny client of the Matomo HTTP Tracking API (a self-hostable tracker; issue 27, spec 000 section 7): a page
 * view on each route change and a heartbeat (`ping=1`) every 10 seconds while the page is visible, so the time
 * spent on the last page counts. Cookieless: no visitor id is kept or sent (`_id`, `_idts`… never), requests go
 * without credentials, and the tracker's own cookies are never set through us. Never counted:
 * /court-availability-calendar/{id} (spec 001 section 1). Decisions: server/integrations/telemetry/README.md.
 */
export type TrackerEnvironment = {
  /** sends one tracking request (a form body to `${url}/matomo.php`) */
  send(endpoint: string, body: URLSearchParams): void;
  visible(): boolean;
  screen(): { width: number; height: number };
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  random(): number;
};

export type Tracker = {
  /** the page now shown (after a route change); `referrer` only for the first page: where the visitor came from */
  pageView(page: { url: string; title: string; referrer?: string }): void;
  stop(): void;
};

/** A page view's id (Matomo: 6 alphanumeric characters), tying its heartbeats to it. */
function pageViewId(random: () => number): string {
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from({ length: 6 }, () => chars[Math.floor(random() * chars.length)]).join("");
}

export function createTracker(options: { url: string; siteId: number }, env: TrackerEnvironment = browserEnvironment()): Tracker {
  const endpoint = `${options.url.replace(/\/+$/, "")}/matomo.php`;
  let current: { url: string; pvId: string } | null = null;
  let previousUrl: string | null = null;
  let heartbeat: unknown = null;

  const request = (params: Record<string, string>) => {
    const { width, height } = env.screen();
    env.send(
      endpoint,
      new URLSearchParams({ idsite: String(options.siteId), rec: "1", apiv: "1", send_image: "0", res: `${width}x${height}`, rand: String(Math.floor(env.random() * 1e9)), ...params }),
    );
  };
  const stopHeartbeat = () => {
    if (heartbeat !== null) env.clearInterval(heartbeat);
    heartbeat = null;
  };

  return {
    pageView({ url, title, referrer }) {
      if (current?.url === url) return; // the same page again (a re-render, a reload of its data)
      stopHeartbeat();
      if (isUntrackedPath(new URL(url).pathname)) {
        // not counted, and not the referrer of the next page either
        current = null;
        return;
      }
      const urlref = previousUrl ?? referrer ?? "";
      current = { url, pvId: pageViewId(env.random) };
      previousUrl = url;
      request({ url, action_name: title, pv_id: current.pvId, ...(urlref ? { urlref } : {}) });
      heartbeat = env.setInterval(() => {
        if (current && env.visible()) request({ url: current.url, pv_id: current.pvId, ping: "1" });
      }, ANALYTICS_HEARTBEAT_MS);
    },
    stop() {
      stopHeartbeat();
      current = null;
    },
  };
}

function browserEnvironment(): TrackerEnvironment {
  return {
    // credentials omitted: no cookie of ours or the tracker's goes along or comes back; a form body is a
    // simple request (no preflight); keepalive lets the last one out while the page closes
    send: (endpoint, body) => void fetch(endpoint, { method: "POST", body, credentials: "omit", keepalive: true, mode: "no-cors" }).catch(() => {}),
    visible: () => document.visibilityState === "visible",
    screen: () => ({ width: window.screen.width, height: window.screen.height }),
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    random: Math.random,
  };
}
