import { describe, expect, test } from "bun:test";
import { ANALYTICS_HEARTBEAT_MS } from "@shared/telemetry";
import { createTracker, type TrackerEnvironment } from "./analytics";

/** A page's environment under test control: sent requests, visibility and the intervals (run by hand). */
function fakeEnvironment() {
  const sent: { endpoint: string; params: Record<string, string> }[] = [];
  const intervals = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  let visible = true;
  const env: TrackerEnvironment = {
    send: (endpoint, body) => sent.push({ endpoint, params: Object.fromEntries(body) }),
    visible: () => visible,
    screen: () => ({ width: 390, height: 844 }),
    setInterval: (run, ms) => {
      intervals.set(next, { run, ms });
      return next++;
    },
    clearInterval: (handle) => intervals.delete(handle as number),
    random: () => 0.5,
  };
  return {
    env,
    sent,
    intervals,
    setVisible: (v: boolean) => (visible = v),
    /** the heartbeats that are due after `ms` milliseconds */
    elapse(ms: number) {
      for (const { run, ms: every } of [...intervals.values()]) for (let t = every; t <= ms; t += every) run();
    },
  };
}

const SITE = { url: "https://stats.example.org/", siteId: 7 };

describe("the cookieless tracker", () => {
  test("a page view speaks the Matomo HTTP Tracking API, with no visitor id", () => {
    const page = fakeEnvironment();
    const tracker = createTracker(SITE, page.env);
    tracker.pageView({ url: "https://kickrunde.de/games/berlin", title: "Berlin", referrer: "https://search.example/" });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]!.endpoint).toBe("https://stats.example.org/matomo.php");
    expect(page.sent[0]!.params).toMatchObject({
      idsite: "7",
      rec: "1",
      url: "https://kickrunde.de/games/berlin",
      action_name: "Berlin",
      urlref: "https://search.example/",
      res: "390x844",
    });
    expect(page.sent[0]!.params.pv_id).toMatch(/^[a-zA-Z0-9]{6}$/);
    // nothing that identifies a visitor across pages or visits
    for (const key of ["_id", "_idts", "_idvc", "_viewts", "cid", "uid", "cookie"]) expect(page.sent[0]!.params).not.toHaveProperty(key);
  });

  test("heartbeats every 10 seconds while the page is visible, tied to the page view", () => {
    const page = fakeEnvironment();
    createTracker(SITE, page.env).pageView({ url: "https://kickrunde.de/game/4", title: "Spiel" });
    expect([...page.intervals.values()].map((i) => i.ms)).toEqual([ANALYTICS_HEARTBEAT_MS]);
    expect(ANALYTICS_HEARTBEAT_MS).toBe(10_000);
    page.elapse(30_000);
    const pings = page.sent.filter((s) => s.params.ping === "1");
    expect(pings).toHaveLength(3);
    expect(new Set(pings.map((p) => p.params.pv_id))).toEqual(new Set([page.sent[0]!.params.pv_id]));
    expect(pings.every((p) => p.params.url === "https://kickrunde.de/game/4" && p.params.action_name === undefined)).toBe(true);
    page.setVisible(false);
    page.elapse(30_000);
    expect(page.sent.filter((s) => s.params.ping === "1")).toHaveLength(3);
  });

  test("each route change is a new page view with the previous page as referrer; one heartbeat at a time", () => {
    const page = fakeEnvironment();
    const tracker = createTracker(SITE, page.env);
    tracker.pageView({ url: "https://kickrunde.de/games/berlin", title: "Berlin", referrer: "" });
    tracker.pageView({ url: "https://kickrunde.de/games/berlin", title: "Berlin" }); // the same page resolved again
    tracker.pageView({ url: "https://kickrunde.de/game/4", title: "Spiel" });
    expect(page.sent.map((s) => [s.params.url, s.params.urlref])).toEqual([
      ["https://kickrunde.de/games/berlin", undefined],
      ["https://kickrunde.de/game/4", "https://kickrunde.de/games/berlin"],
    ]);
    expect(page.intervals.size).toBe(1);
    tracker.stop();
    expect(page.intervals.size).toBe(0);
  });

  test("never counts /court-availability-calendar/{id}: no page view, no heartbeat, not a referrer", () => {
    const page = fakeEnvironment();
    const tracker = createTracker(SITE, page.env);
    tracker.pageView({ url: "https://kickrunde.de/court-availability-calendar/12?date=2026-12-01", title: "Kalender", referrer: "https://club.example/" });
    page.elapse(60_000);
    expect(page.sent).toEqual([]);
    expect(page.intervals.size).toBe(0);
    tracker.pageView({ url: "https://kickrunde.de/game/4", title: "Spiel" });
    tracker.pageView({ url: "https://kickrunde.de/court-availability-calendar/12", title: "Kalender" });
    page.elapse(60_000);
    expect(page.sent.map((s) => s.params.url)).toEqual(["https://kickrunde.de/game/4"]);
    // other pages of a court are counted
    tracker.pageView({ url: "https://kickrunde.de/court/12", title: "Platz" });
    expect(page.sent.at(-1)!.params).toMatchObject({ url: "https://kickrunde.de/court/12", urlref: "https://kickrunde.de/game/4" });
  });
});
