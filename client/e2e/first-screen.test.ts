import { describe, expect, test } from "bun:test";
import type { Request } from "playwright-core";
import { E2E_TIMEOUT, shot, signIn, useHarness, VIEWPORT } from "./harness";

const h = useHarness();

/** The tRPC procedures a request carries (a batch names several, comma-separated). */
const proceduresOf = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith("/trpc/") ? pathname.slice("/trpc/".length).split(",") : [];
};

/**
 * Issue 28: a guest's feed and game page come drawn by the server (server/http/first-screen.ts) and the browser
 * hydrates that HTML: the content stands before any JavaScript runs, no request repeats the data, and the page
 * works as the browser's own. Every e2e file fails on a hydration mismatch (harness.ts), so every guest journey
 * checks the hydration too; this file checks what the user sees and what happens when the server's guess of the
 * language or the viewer does not hold.
 */
describe("the first screen drawn by the server (issue 28)", () => {
  test(
    "without JavaScript a guest already sees the feed and a game page, in German and in English",
    async () => {
      for (const [locale, heading, organised] of [
        ["de-DE", "Kickrunden in Berlin", "Organisiert von"],
        ["en-US", "Games in Berlin", "Organised by"],
      ] as const) {
        const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport: VIEWPORT, locale, javaScriptEnabled: false, timezoneId: "Europe/Berlin" });
        const page = await context.newPage();
        await page.goto("/games/berlin");
        await page.getByRole("heading", { name: heading, exact: true }).waitFor();
        expect(await page.locator('main section[aria-labelledby^="feed-group-"] > ul > li').count()).toBeGreaterThan(0);
        expect(await page.getByRole("navigation", { name: locale === "de-DE" ? "Hauptnavigation" : "Main navigation" }).count()).toBe(1);
        await shot(page, `first-screen-feed-without-js-${locale.slice(0, 2)}`);
        const link = await page.locator('main a[href^="/game/"]').first().getAttribute("href");
        await page.goto(link!);
        await page.getByText(organised).waitFor();
        await shot(page, `first-screen-game-without-js-${locale.slice(0, 2)}`);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "hydrated: no data asked again, taps work at once, moving on works as in the browser's own pages",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const asked: string[] = [];
      page.on("request", (request: Request) => asked.push(...proceduresOf(request.url())));
      const response = await page.goto("/games/berlin");
      expect(await response!.text()).toContain('data-first-screen="de"');
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      // the menu opens: the drawn page took its event handlers
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(asked).not.toContain("games.feed");
      expect(asked).not.toContain("regions.bySlug");
      expect(asked).not.toContain("users.myAccount");
      await shot(page, "first-screen-feed-hydrated");

      const gameAsked = page.waitForRequest((request) => proceduresOf(request.url()).includes("games.byId"));
      await page.locator('main a[href^="/game/"]').first().click();
      await gameAsked;
      await page.getByText("Organisiert von").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a language chosen in the app that the browser does not ask for: the page is drawn again in it, without a mismatch",
    async () => {
      const context = await h.newContext({ locale: "de-DE" });
      await context.addInitScript(() => localStorage.setItem("kickrunde.locale", "en"));
      const page = await context.newPage();
      const response = await page.goto("/games/berlin");
      // the server guessed German from the browser's languages
      expect(await response!.text()).toContain("Kickrunden in Berlin");
      await page.getByRole("heading", { name: "Games in Berlin", exact: true }).waitFor();
      expect(await page.getByText("Kickrunden in Berlin", { exact: true }).count()).toBe(0);
      await shot(page, "first-screen-feed-chosen-english");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "signed in, the page comes undrawn: the browser draws it with the account",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      const response = await page.goto("/games/berlin");
      const html = await response!.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("data-first-screen");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
