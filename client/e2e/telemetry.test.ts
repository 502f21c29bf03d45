import { afterAll, describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { TClientTelemetry } from "@shared/telemetry";
import { startTelemetryEmulator, type TrackerHit } from "../../server/integrations/telemetry/emulator";
import { buildVersion } from "../../server/integrations/telemetry/release";
import { E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * Error reporting and cookieless analytics (issue 27; spec 001 sections 1 and 9, spec 000 section 7), with the
 * real Sentry browser SDK and our Matomo-protocol tracker talking to the local telemetry emulator. One server
 * has both configured (the emulator's DSN and tracker URL), the other has nothing set: the default.
 */
const emulator = startTelemetryEmulator();
afterAll(() => emulator.stop());

const SITE_ID = 3;
const on = useHarness({
  env: { CLIENT_ERROR_REPORTING_DSN: emulator.dsn(9, "browserkey"), ANALYTICS_URL: emulator.trackerUrl, ANALYTICS_SITE_ID: String(SITE_ID) },
});
const off = useHarness();

const PLAYER = "spieler@kickrunde.de";

/** The URLs a page requested (Playwright sees each request as it starts). */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

const isSentryChunk = (url: string) => /\/assets\/error-reporting-[^/]+\.js$/.test(url);
const pathOf = (hit: TrackerHit) => new URL(hit.params.url ?? "http://x/").pathname;
const pageViews = (path: string) => emulator.hits().filter((h) => h.params.ping === undefined && pathOf(h) === path);

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).sort();
}

async function ownerCourtId(context: BrowserContext): Promise<number> {
  const from = new Date();
  const calendar = await trpcCall<{ courts: { id: number; name: string }[] }>(context, "query", "bookings.calendar", { from, to: new Date(from.getTime() + 24 * 3600_000) });
  return calendar.courts.find((c) => c.name === "Soccerhalle Kreuzberg")!.id;
}

describe("telemetry switched on (issue 27)", () => {
  test(
    "page views on each route change and heartbeats every 10 seconds arrive without cookies; the court calendar is never counted",
    async () => {
      emulator.clear();
      const context = await on.newContext();
      await signIn(context, PLAYER);
      const page = await context.newPage();
      await page.goto("/impressum");
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
      const cookiesBefore = await cookieNames(context);
      const [impressum] = await eventually(() => pageViews("/impressum").length > 0 && pageViews("/impressum"), { what: "the first page view" });
      expect(impressum!.params).toMatchObject({ idsite: String(SITE_ID), rec: "1", res: "390x844" });

      // a route change inside the app: a page view of its own, with the previous page as referrer
      await page.getByRole("link", { name: "Datenschutz" }).first().click();
      await page.getByRole("heading", { name: "Datenschutz", level: 1 }).waitFor();
      const [privacy] = await eventually(() => pageViews("/datenschutz").length > 0 && pageViews("/datenschutz"), { what: "the page view after the route change" });
      expect(new URL(privacy!.params.urlref!).pathname).toBe("/impressum");
      expect(privacy!.params.pv_id).not.toBe(impressum!.params.pv_id);

      // a guest opens a court's availability calendar meanwhile: that page sends nothing
      const owner = await on.newContext();
      await signIn(owner, "platz@kickrunde.de");
      const courtId = await ownerCourtId(owner);
      await owner.close();
      const guest = await on.newContext();
      const calendar = await guest.newPage();
      const calendarRequests = requestsOf(calendar);
      await calendar.goto(`/court-availability-calendar/${courtId}`);
      await calendar.locator('[data-calendar-ready="true"]').waitFor();
      await eventually(() => calendarRequests.some((u) => u.endsWith("/api/telemetry")), { what: "the calendar page asked for the telemetry settings" });
      const pingsBefore = emulator.hits().filter((h) => h.params.ping === "1" && h.params.pv_id === privacy!.params.pv_id).length;

      // the Datenschutz page's heartbeats: each tied to its page view; two more means 10+ seconds passed on both pages
      const pings = await eventually(
        () => {
          const list = emulator.hits().filter((h) => h.params.ping === "1" && h.params.pv_id === privacy!.params.pv_id);
          return list.length >= pingsBefore + 2 && list;
        },
        { what: "two heartbeats of the open page", timeoutMs: 60_000 },
      );
      expect(pings.every((p) => pathOf(p) === "/datenschutz")).toBe(true);
      expect(emulator.hits().filter((h) => pathOf(h).startsWith("/court-availability-calendar/"))).toEqual([]);
      expect(calendarRequests.filter((u) => u.startsWith(emulator.origin))).toEqual([]);

      // cookieless: no request carried a cookie (the emulator shares the app's host, so ours would go along), no visitor id, and the page gained no cookie
      expect(emulator.hits().every((h) => !h.cookie && h.params._id === undefined && h.params.uid === undefined)).toBe(true);
      expect(await cookieNames(context)).toEqual(cookiesBefore);
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/_pk_|mtm|sentry/i);
      await shot(page, "telemetry-on-datenschutz");
      await Promise.all([context.close(), guest.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "an error in the browser reaches the error reporting service with the build's release and the user's id only",
    async () => {
      emulator.clear();
      const context = await on.newContext();
      await signIn(context, PLAYER);
      const account = await trpcCall<{ id: number; firstName: string }>(context, "query", "users.myAccount");
      const userId = account.id;
      const page = await context.newPage();
      const requests = requestsOf(page);
      await page.goto("/impressum");
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
      await eventually(() => requests.some(isSentryChunk), { what: "the error reporting chunk loaded" });

      // an uncaught error in a timer, as a bug would throw it; thrown again (a new one each time) until the SDK runs
      let probe = 0;
      const [event] = await eventually(
        async () => {
          probe++;
          await page.evaluate((n) => setTimeout(() => { throw new Error(`e2e telemetry probe ${n}`); }), probe);
          const events = emulator.errorEvents().filter((e) => JSON.stringify(e.exception).includes("e2e telemetry probe"));
          return events.length > 0 && events;
        },
        { what: "the browser's error report", intervalMs: 500 },
      );
      const settings = (await (await fetch(`${on.baseUrl}/api/telemetry`)).json()) as TClientTelemetry;
      expect(settings.errorReporting?.release).toBe(buildVersion());
      expect(event).toMatchObject({ release: buildVersion(), environment: "production", user: { id: String(userId) } });
      expect(Object.keys(event!.user as object)).toEqual(["id"]);
      expect(event!.breadcrumbs).toBeUndefined();
      // the request as its method and path at most: no headers (user agent), no cookies, no query string
      expect(Object.keys((event!.request as object | undefined) ?? {}).every((k) => k === "method" || k === "url")).toBe(true);
      expect(event!.envelope).toMatchObject({ projectId: "9", key: "browserkey", cookie: false });
      const sent = JSON.stringify(emulator.envelopes().map(({ header, items }) => ({ header, items })));
      for (const personal of [PLAYER, account.firstName, "session", "Cookie"]) expect(sent).not.toContain(personal);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a screen that fails to render (caught by the route's error boundary) is reported too",
    async () => {
      emulator.clear();
      const context = await on.newContext();
      const page = await context.newPage();
      const requests = requestsOf(page);
      await page.goto("/games/berlin");
      await eventually(() => requests.some(isSentryChunk), { what: "the error reporting chunk loaded" });
      // the Impressum's data comes back broken (its address lines missing), so the screen throws while rendering
      await page.route(/\/trpc\/[^?]*legal\./, async (route) => {
        const response = await route.fetch();
        const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
        const body = (await response.json()) as { result: { data: { json: Record<string, unknown> } } }[];
        paths.forEach((path, i) => {
          if (path.startsWith("legal.")) body[i]!.result.data.json.addressLines = null;
        });
        await route.fulfill({ response, json: body });
      });
      await page.getByRole("link", { name: "Impressum" }).first().click();
      const [event] = await eventually(
        () => {
          const events = emulator.errorEvents().filter((e) => JSON.stringify(e.exception).includes("react.error-boundary"));
          return events.length > 0 && events;
        },
        { what: "the render error's report" },
      );
      expect(event).toMatchObject({ release: buildVersion(), exception: { values: [{ type: "TypeError" }] } });
      expect(event!.user).toBeUndefined(); // a guest: no user at all
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a page on another host than PUBLIC_URL's never loads the error reporting SDK",
    async () => {
      emulator.clear();
      const context = await on.newContext();
      const page = await context.newPage();
      const requests = requestsOf(page);
      const otherHost = on.baseUrl.replace("127.0.0.1", "localhost");
      await page.goto(`${otherHost}/impressum`);
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
      // the tracker's page view goes out after the decision on error reporting (lib/telemetry.ts)
      await eventually(() => pageViews("/impressum").length > 0, { what: "the page view from the other host" });
      expect(requests.filter(isSentryChunk)).toEqual([]);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("telemetry by default (nothing configured)", () => {
  test(
    "nothing is sent, the error reporting SDK is never loaded and the policy allows no telemetry origin",
    async () => {
      emulator.clear();
      const context = await off.newContext();
      await signIn(context, PLAYER);
      const page = await context.newPage();
      const requests = requestsOf(page);
      const settings = page.waitForResponse((r) => r.url().endsWith("/api/telemetry"));
      await page.goto("/impressum");
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
      expect(await (await settings).json()).toEqual({ errorReporting: null, analytics: null });
      await page.getByRole("link", { name: "Datenschutz" }).first().click();
      await page.getByRole("heading", { name: "Datenschutz", level: 1 }).waitFor();
      await page.evaluate(() => setTimeout(() => { throw new Error("e2e unreported"); }));
      await page.getByRole("link", { name: "Impressum" }).first().click();
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();

      expect(requests.filter(isSentryChunk)).toEqual([]);
      expect(requests.filter((u) => !u.startsWith(off.baseUrl) && !u.startsWith("data:") && !u.startsWith("blob:"))).toEqual([]);
      expect(emulator.hits()).toEqual([]);
      expect(emulator.envelopes()).toEqual([]);
      const csp = (await fetch(`${off.baseUrl}/impressum`)).headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain(emulator.origin);
      const cspOn = (await fetch(`${on.baseUrl}/impressum`)).headers.get("content-security-policy") ?? "";
      expect(cspOn).toContain(`connect-src 'self' ${emulator.origin}`);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
