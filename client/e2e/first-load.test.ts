import { describe, expect } from "bun:test";
import type { Page, Request, Route } from "playwright-core";
import { E2E_TIMEOUT, eventually, proceduresOf, shot, signIn, trpcCall, useHarness, withoutBootData, test } from "./harness";

const h = useHarness();

/** Game cards of the feed, in every day group. */
const feedCards = (page: Page) => page.locator('main section[aria-labelledby^="feed-group-"] > ul > li');

/**
 * Makes the feed's pages `limit` games long, so the demo data (eight games in Berlin) spans several
 * pages: the real server answers each page and its cursor, only the page size is the test's.
 */
async function smallFeedPages(page: Page, limit: number, seen: string[]) {
  await page.route(
    (url) => proceduresOf(url).includes("games.feed"),
    async (route: Route) => {
      const url = new URL(route.request().url());
      const index = proceduresOf(url).indexOf("games.feed");
      const input = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, { json: Record<string, unknown> }>;
      const batched = url.searchParams.has("batch");
      const entry = batched ? input[String(index)]! : (input as unknown as { json: Record<string, unknown> });
      entry.json.limit = limit;
      seen.push(String(entry.json.cursor ?? "first"));
      url.searchParams.set("input", JSON.stringify(input));
      await route.continue({ url: url.toString() });
    },
  );
}

/** Holds every account request until `release()`; `asked()` says whether one was made. */
async function holdAccountRequest(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(
    (url) => proceduresOf(url).includes("users.myAccount"),
    async (route) => {
      asked = true;
      await held;
      await route.continue();
    },
  );
  return { release, asked: () => asked };
}

describe("first load (issue 11)", () => {
  test(
    "signed in: header, tab bar and placeholder cards stand while the account request is held; the page follows when it answers",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await withoutBootData(page); // the feed's own requests, so the placeholders have something to wait for
      const account = await holdAccountRequest(page);

      await page.goto("/games/berlin");
      await page.getByRole("banner").waitFor();
      await page.getByRole("navigation", { name: "Hauptnavigation" }).waitFor();
      const placeholders = page.getByRole("status", { name: "Wird geladen..." }).first();
      await placeholders.waitFor();
      expect(account.asked()).toBe(true);
      // No full-screen spinner: the shell's footer is there too, and the placeholders sit inside <main>.
      expect(await page.locator("main").getByRole("status", { name: "Wird geladen..." }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      await shot(page, "first-load-placeholders");

      account.release();
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await feedCards(page).first().waitFor();
      expect(await page.locator("main").getByRole("status", { name: "Wird geladen..." }).count()).toBe(0);
      await shot(page, "first-load-signed-in-feed");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a page whose guard needs the account shows the shell with placeholders, not a bare spinner, until it answers",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      const account = await holdAccountRequest(page);
      await page.goto("/profile");
      // the waiting shell is inert (nothing in it takes a tap), so it is looked up by its markup
      const waiting = page.locator('[inert][aria-busy="true"]');
      await waiting.locator('[data-testid="page-placeholder"]').waitFor();
      expect(await waiting.locator("header").count()).toBe(1);
      expect(await waiting.locator("footer").count()).toBe(1);
      // no spinner line ("Wird geladen...") on the screen: the placeholders say it to screen readers only
      expect(await page.getByText("Wird geladen...", { exact: true }).locator("visible=true").count()).toBe(0);
      await shot(page, "first-load-profile-waiting");

      account.release();
      await waiting.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Menü öffnen" }).waitFor();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/profile");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a guest's first screen sends no account request; the feed and a game page come with their data in the page",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const asked: string[] = [];
      page.on("request", (request: Request) => {
        const procedures = proceduresOf(new URL(request.url()));
        if (procedures.length) asked.push(...procedures);
      });
      const chunks: string[] = [];
      page.on("request", (request: Request) => {
        if (request.url().includes("/assets/") && request.url().endsWith(".js")) chunks.push(new URL(request.url()).pathname);
      });

      const response = await page.goto("/games/berlin");
      const html = (await response!.text()) as string;
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await feedCards(page).first().waitFor();
      // The region and the feed's first page were in the page (shared/boot-data.ts): not asked for.
      expect(asked).not.toContain("games.feed");
      expect(asked).not.toContain("regions.bySlug");
      expect(asked).not.toContain("users.myAccount");
      // The feed screen's code is preloaded with the entry (route-chunks.json), not found after it. On a page the server
      // drew, both wait for its first paint (server/http/README.md "The app's code after the first paint"): the page
      // names them in placeholders, and the starter asks for them, like every script of the page, at low priority.
      const later = [...html.matchAll(/<(?:link rel="x-after-paint" data-after-paint href|script type="text\/x-after-paint" data-after-paint data-src)="([^"]+)"/g)].map((m) => m[1]!);
      expect(html).not.toMatch(/<(script type="module"|link rel="modulepreload")/);
      expect(later.some((href) => href.includes("games._regionSlug"))).toBe(true);
      await page.locator("html[data-app-committed]").waitFor({ state: "attached" });
      const started = await page.evaluate((names) => {
        const made = [...document.querySelectorAll('link[rel="modulepreload"], script[type="module"]')];
        return names.map((name) => made.find((e) => (e.getAttribute("href") ?? e.getAttribute("src")) === name)?.getAttribute("fetchpriority") ?? "missing");
      }, later);
      expect(started).toEqual(later.map(() => "low"));
      expect(chunks.filter((c) => c.includes("games._regionSlug"))).toHaveLength(1);
      // the guest banner is there at once: the app knows it is a guest without asking
      await page.getByRole("complementary", { name: "Anmeldung" }).waitFor();
      await shot(page, "first-load-guest-feed", { full: true });

      // Moving inside the app, the game page asks for its game. Waited for as a request: the router keeps the feed
      // (and its heading) on the screen while the game loads, so nothing on the screen says the request went out.
      const gameAsked = page.waitForRequest((request) => proceduresOf(new URL(request.url())).includes("games.byId"));
      await feedCards(page).first().getByRole("link").first().click();
      await page.waitForURL(/\/game\/\d+/);
      await gameAsked;
      await page.getByText("Organisiert von").waitFor();
      expect(asked).not.toContain("users.myAccount");

      // Opened directly, the game page has its game in the page and asks for none.
      asked.length = 0;
      await page.reload();
      await page.getByText("Organisiert von").waitFor();
      await page.waitForLoadState("networkidle");
      expect(asked).not.toContain("games.byId");
      expect(asked).not.toContain("users.myAccount");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the feed comes in pages: the first fill the screen, more come on scroll, each page once",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const cursors: string[] = [];
      await smallFeedPages(page, 2, cursors);
      await withoutBootData(page); // the first page too comes from the (paged) request
      // A short screen, so two pages of two reach below it and the rest waits for scrolling.
      await page.setViewportSize({ width: 390, height: 500 });

      // Every game of the Berlin feed (the demo data has about ten), in one answer, to compare with.
      const all = await trpcCall<{ games: unknown[] }>(context, "query", "games.feed", { regionSlug: "berlin", courtId: null, filter: "all" });
      const total = all.games.length;
      const pages = Math.ceil(total / 2);
      expect(total).toBeGreaterThan(6);

      await page.goto("/games/berlin");
      // Settled: every page asked for is shown, nothing loads, and the list's end lies more than half a screen
      // below the screen (the point where the feed stops asking), or the list is complete.
      const settled = async () => {
        const state = await page.evaluate(() => {
          const list = document.querySelector('[data-testid="feed-list"]');
          const more = document.querySelector('[data-testid="feed-more"]');
          return {
            busy: list?.getAttribute("aria-busy") ?? "none",
            complete: list?.getAttribute("data-complete") === "true",
            cards: document.querySelectorAll('main section[aria-labelledby^="feed-group-"] > ul > li').length,
            moreBelow: more ? more.getBoundingClientRect().top - window.innerHeight * 1.5 : null,
          };
        });
        const shown = state.busy === "false" && state.cards === Math.min(total, cursors.length * 2);
        return shown && (state.complete || (state.moreBelow !== null && state.moreBelow > 0)) ? state : false;
      };
      await eventually(settled, { what: "the feed's first pages in, the rest waiting below the screen" });
      const afterLoad = await feedCards(page).count();
      // pages followed only until the list reached half a screen below the screen; the last day group may go on
      // in the next page: no count on it yet, only on the complete ones (one object, so a failure shows it all)
      const groups = page.locator('main section[aria-labelledby^="feed-group-"]');
      expect({
        afterLoad,
        pagesAsked: cursors.length,
        lastGroupCounted: await groups.last().getByTestId("feed-group-count").count(),
        moreThanTwo: afterLoad >= 2,
        notAll: afterLoad < total,
      }).toEqual({ afterLoad, pagesAsked: afterLoad / 2, lastGroupCounted: 0, moreThanTwo: true, notAll: true });
      await shot(page, "feed-paged-first-screen");

      // scrolling to the end of the list brings the next page
      await page.locator("main section").last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await page.waitForFunction((n) => document.querySelectorAll('main section[aria-labelledby^="feed-group-"] > ul > li').length > n, afterLoad);

      // at the end of the list (even after a jump past it to the footer) the rest follows
      await page.waitForFunction((n) => document.querySelectorAll('main section[aria-labelledby^="feed-group-"] > ul > li').length === n, total);
      await page.locator('[data-testid="feed-list"][data-complete="true"][aria-busy="false"]').waitFor();
      const more = page.getByRole("button", { name: "Weitere Kickrunden laden" });
      // All pages in: every group shows its count, and the counts add up to the games; each page asked once,
      // the first without a cursor, every other after the page before.
      const counts = await groups.getByTestId("feed-group-count").allTextContents();
      expect({
        cards: await feedCards(page).count(),
        moreButtons: await more.count(),
        countedGroups: counts.length,
        countSum: counts.reduce((sum, n) => sum + Number(n), 0),
        pagesAsked: cursors.length,
        firstCursor: cursors[0],
        distinctCursors: new Set(cursors).size,
      }).toEqual({
        cards: total,
        moreButtons: 0,
        countedGroups: await groups.count(),
        countSum: total,
        pagesAsked: pages,
        firstCursor: "first",
        distinctCursors: pages,
      });
      const ids = await feedCards(page).evaluateAll((items) => items.map((li) => li.querySelector("a")?.getAttribute("href")));
      expect(new Set(ids).size).toBe(total);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "feed-paged-all", { full: true });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
