import { describe, expect, test } from "bun:test";
import { E2E_TIMEOUT, shot, signIn, trpcCall, useHarness } from "./harness";

const h = useHarness();
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("app shell", () => {
  test(
    "choose a region: search, all cities, stored choice",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("heading", { name: "Wo willst Du kicken?" }).waitFor();
      await page.getByRole("link", { name: "Berlin" }).waitFor();
      // Only featured cities until all are loaded (spec 001 section 2.1).
      expect(await page.getByRole("link", { name: "Dortmund" }).count()).toBe(0);
      await shot(page, "region-chooser", { full: true });

      await page.getByRole("button", { name: "Alle Städte laden" }).click();
      await page.getByRole("link", { name: "Dortmund" }).waitFor();
      await page.getByRole("link", { name: "Deine Stadt fehlt? Schreib uns" }).waitFor();

      // Fuzzy search, typo and missing umlaut included.
      await page.getByLabel("Stadt suchen").fill("Nurnberg");
      await page.getByRole("link", { name: "Nürnberg" }).waitFor();
      await page.getByLabel("Stadt suchen").fill("Hambrug");
      await page.getByRole("link", { name: "Hamburg" }).waitFor();
      await shot(page, "region-search");

      await page.getByRole("link", { name: "Hamburg" }).click();
      await page.waitForURL(/\/games\/hamburg$/);
      await page.getByRole("heading", { name: "Kickrunden in Hamburg", exact: true }).waitFor();
      // The demo data has games in Hamburg, grouped by day.
      await page.getByRole("region", { name: /^(Heute|Morgen|Diese Woche|Nächste Wochen)/ }).first().waitFor();
      expect(await page.getByRole("banner").getByText("Hamburg").isVisible()).toBe(true);
      await shot(page, "region-feed", { full: true });

      // The choice is stored: / opens the feed again.
      await page.goto("/");
      await page.waitForURL(/\/games\/hamburg$/);

      // Tabs of the feed.
      await page.getByRole("link", { name: "Turniere" }).click();
      await page.waitForURL(/\?tab=tournaments$/);
      expect(await page.getByRole("link", { name: "Turniere" }).getAttribute("aria-current")).toBe("page");
      await page.getByText("Keine Turniere gefunden.").waitFor();
      await page.getByRole("link", { name: "Meine Kickrunden" }).click();
      await page.getByText("Melde Dich an, um Deine Kickrunden zu sehen.").waitFor();
      await shot(page, "region-feed-mine-guest");

      // Back at a region page leads to the city list.
      await page.getByRole("button", { name: "Zurück" }).click();
      await page.waitForURL(/\/games$/);

      // Courts tab: the same chooser, leading to the region's courts.
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Plätze" }).click();
      await page.waitForURL(/\/courts$/);
      await page.getByRole("heading", { name: "Fußballplätze finden" }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "switch the language without a reload; it stays after reloading",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/games/berlin");
      await page.getByRole("link", { name: "Alle Kickrunden" }).waitFor();
      expect(await page.getAttribute("html", "lang")).toBe("de");
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      await page.getByRole("button", { name: "Menü öffnen" }).click();
      const menu = page.getByRole("dialog", { name: "Menü" });
      await menu.waitFor();
      await shot(page, "menu-guest");
      await menu.getByRole("button", { name: "English" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close" }).click();

      await page.getByRole("link", { name: "All games" }).waitFor();
      await page.getByRole("region", { name: /^(Today|Tomorrow|This week|Coming weeks)/ }).first().waitFor();
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await shot(page, "region-feed-en");

      await page.reload();
      await page.getByRole("link", { name: "All games" }).waitFor();
      expect(await page.getAttribute("html", "lang")).toBe("en");

      // Field errors follow the language too (spec 001 section 5).
      await page.goto("/login");
      await page.getByLabel("Email").fill("nope");
      await page.getByLabel("Email").blur();
      await page.getByText("Please enter a valid email address.").waitFor();
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Deutsch" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("button", { name: "Schließen" }).click();
      await page.getByText("Bitte gib eine gültige E-Mail-Adresse ein.").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a signed-in user's language is saved on the server",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const { userId } = await signIn(context, "orga@kickrunde.de");
      await page.goto(`/user/${userId}`);

      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await shot(page, "menu-signed-in");
      const saved = page.waitForResponse((response) => response.url().includes("users.updateLanguage") && response.ok());
      await page.getByRole("dialog", { name: "Menü" }).getByRole("button", { name: "English" }).click();
      await saved;
      const account = await trpcCall<{ applicationLanguage: string }>(page, "query", "users.myAccount");
      expect(account.applicationLanguage).toBe("en");
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close" }).click();
      await page.getByRole("main").getByRole("button", { name: "Sign out" }).waitFor();
      await shot(page, "user-own-profile-en");

      // Sign out from the menu.
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(/\/login\?logout$/);
      await page.getByText("Signed out successfully. See you next time!").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the menu closes on navigation; the layout holds on a desktop screen",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/games/berlin");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      const menu = page.getByRole("dialog", { name: "Menü" });
      await menu.getByRole("link", { name: "Anmelden" }).click();
      await page.waitForURL(/\/login$/);
      await menu.waitFor({ state: "hidden" });
      expect(await page.getByRole("dialog").count()).toBe(0);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/games/berlin");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await shot(page, "desktop-feed");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "unknown pages show the not-found screen",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/gibt-es-nicht");
      await page.getByRole("heading", { name: "Seite konnte nicht gefunden werden" }).waitFor();
      await page.getByRole("navigation", { name: "Hauptnavigation" }).waitFor();
      await shot(page, "not-found");

      await page.goto("/games/atlantis");
      await page.getByRole("heading", { name: "Seite konnte nicht gefunden werden" }).waitFor();

      await page.goto("/user/987654");
      await page.getByRole("heading", { name: "Spieler konnte nicht gefunden werden." }).waitFor();
      await shot(page, "user-not-found");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a failing page offers 'Wiederherstellen'",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      // Batched with the feed query, so the request path may name several procedures.
      const regionCall = (url: URL) => url.pathname.includes("regions.bySlug");
      await page.route(regionCall, (route) => route.fulfill({ status: 500, body: "broken" }));
      await page.goto("/games/berlin");
      const restore = page.getByRole("button", { name: "Wiederherstellen" });
      await restore.waitFor({ timeout: 20_000 });
      await page.getByRole("heading", { name: "Da ist etwas schiefgelaufen" }).waitFor();
      await shot(page, "error-screen");
      await page.evaluate(() => localStorage.setItem("kickrunde.myAccount", "{}"));
      await page.unroute(regionCall);
      await restore.click();
      await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/games"));
      expect(await page.evaluate(() => localStorage.getItem("kickrunde.myAccount"))).toBeNull();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "legal pages, guest banner and the app hint on phones",
    async () => {
      const context = await h.newContext({ userAgent: IPHONE_UA });
      const page = await context.newPage();
      await page.goto("/impressum");
      await page.getByRole("heading", { name: "Impressum", level: 1 }).waitFor();
      await page.getByText("Kickrunde UG (haftungsbeschränkt)").first().waitFor();
      await shot(page, "impressum", { full: true });
      await page.goto("/datenschutz");
      await page.getByRole("heading", { name: "Datenschutzerklärung", level: 1 }).waitFor();
      await shot(page, "datenschutz", { full: true });

      // Guests see the sign-in banner, but not on the login page.
      const banner = page.getByRole("complementary", { name: "Anmeldung" });
      await banner.waitFor();
      await page.goto("/login");
      await page.getByRole("heading", { name: "Anmelden", level: 1 }).waitFor();
      expect(await banner.count()).toBe(0);

      // Phone browsers get the app hint in the footer, and can dismiss it.
      await page.goto("/games/berlin");
      const hint = page.getByRole("complementary", { name: "Kickrunde-App" });
      await hint.waitFor();
      await hint.scrollIntoViewIfNeeded();
      await shot(page, "app-hint");
      await hint.getByRole("button", { name: "Hinweis ausblenden" }).click();
      expect(await hint.count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
