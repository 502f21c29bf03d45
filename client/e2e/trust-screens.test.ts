import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, withoutBootData, test } from "./harness";

/**
 * Issue 23 items 17 to 21 at 390 px, in German and English: the booking calendars on a phone, court
 * owners' waiting requests, English dates and words, the app offline, the region search.
 */
const h = useHarness();

const OWNER = "platz@kickrunde.de";
const COURT_NAME = "Soccerhalle Kreuzberg";
const calendarBox = (page: Page) => page.locator('[data-calendar-ready="true"]');

async function englishContext(): Promise<BrowserContext> {
  return h.newContext({ locale: "en-GB" });
}

/** The element at the centre of the header's menu button is the button itself (nothing drawn over it). */
async function menuButtonIsOnTop(page: Page, name: string): Promise<boolean> {
  return page.getByRole("button", { name }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && button.contains(top);
  });
}

/**
 * Scrolls the calendar's date header under the app bar's menu button, then says whether it lies under the button's
 * middle and whether the button is still what a tap there hits. Asked again until it holds (`eventually`): the
 * calendar may still settle its layout after the first scroll.
 */
async function headerAtMenu(page: Page, name: string): Promise<{ under: boolean; onTop: boolean }> {
  await scrollDayHeaderUnderAppBar(page);
  const under = await page.getByRole("button", { name }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const header = document.querySelector(".sx__week-header")!.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    return header.left <= x && x <= header.right && header.top <= y && y <= header.bottom;
  });
  return { under, onTop: await menuButtonIsOnTop(page, name) };
}

/** Scrolls the page so that the calendar's day header lies right under the app bar's buttons. */
async function scrollDayHeaderUnderAppBar(page: Page): Promise<void> {
  const target = await page.evaluate(() => {
    const header = document.querySelector(".sx__week-header")!;
    return window.scrollY + header.getBoundingClientRect().top - 12;
  });
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, target);
}

async function ownerCourtId(context: BrowserContext): Promise<number> {
  const from = new Date();
  const calendar = await trpcCall<{ courts: { id: number; name: string }[] }>(context, "query", "bookings.calendar", {
    from,
    to: new Date(from.getTime() + 24 * 3600_000),
  });
  return calendar.courts.find((c) => c.name === COURT_NAME)!.id;
}

describe("calendars on a phone (issue 23 item 17)", () => {
  test(
    "the owner calendar at 390 px: one sub-court at a time in the day view, no week view, and its sticky date header stays under the app bar",
    async () => {
      for (const locale of ["de", "en"] as const) {
        const context = locale === "de" ? await h.newContext() : await englishContext();
        await signIn(context, OWNER);
        const page = await context.newPage();
        await page.goto("/court-bookings-calendar");
        await calendarBox(page).waitFor();
        expect(await calendarBox(page).getAttribute("data-calendar-view")).toBe("day");
        expect(await page.locator(".sx__time-grid-day").count()).toBe(1);
        // no week view to switch to on a phone
        expect(await page.locator(".sx__view-selection").count()).toBe(0);
        const group = page.getByRole("group", { name: locale === "de" ? "Felder" : "Pitches" });
        const chips = group.getByRole("button");
        expect(await chips.allInnerTexts()).toEqual(["Court 1", "Court 2", "Court 3"]);
        expect(await Promise.all((await chips.all()).map((c) => c.getAttribute("aria-pressed")))).toEqual(["true", "false", "false"]);
        await chips.nth(1).click();
        expect(await Promise.all((await chips.all()).map((c) => c.getAttribute("aria-pressed")))).toEqual(["false", "true", "false"]);
        expect(await page.getByRole("region", { name: /Court 2/ }).count()).toBe(1);
        await shot(page, `t23-owner-calendar-${locale}`);

        // scrolled so that the calendar's date header reaches the top: back and menu stay tappable
        const menu = locale === "de" ? "Menü öffnen" : "Open menu";
        await eventually(async () => {
          const at = await headerAtMenu(page, menu);
          return at.under && at.onTop;
        }, { what: "the date header under the menu button, the button on top" });
        await shot(page, `t23-owner-calendar-scrolled-${locale}`);
        // control: without the calendar's own stacking context its header would lie over the button
        if (locale === "de") {
          const box = page.locator(".kr-booking-calendar");
          await box.evaluate((el: HTMLElement) => ["isolation", "z-index", "position"].forEach((p) => el.style.setProperty(p, p === "position" ? "static" : "auto", "important")));
          await eventually(async () => {
            const at = await headerAtMenu(page, menu);
            return at.under && !at.onTop;
          }, { what: "without the calendar's stacking context, the date header over the menu button" });
          await box.evaluate((el: HTMLElement) => ["isolation", "z-index", "position"].forEach((p) => el.style.removeProperty(p)));
        }
        await page.getByRole("button", { name: menu }).click();
        await page.getByRole("dialog", { name: locale === "de" ? "Menü" : "Menu" }).waitFor();
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "the public calendar at 390 px: only the day view, today's past shaded, the app bar above the calendar",
    async () => {
      const owner = await h.newContext();
      await signIn(owner, OWNER);
      const courtId = await ownerCourtId(owner);
      await owner.close();
      for (const locale of ["de", "en"] as const) {
        const context = locale === "de" ? await h.newContext() : await englishContext();
        const page = await context.newPage();
        await page.goto(`/court-availability-calendar/${courtId}`);
        await calendarBox(page).waitFor();
        expect(await calendarBox(page).getAttribute("data-calendar-view")).toBe("day");
        expect(await page.locator(".sx__view-selection").count()).toBe(0);
        await page.getByText(locale === "de" ? "Geschlossen oder vorbei" : "Closed or past").waitFor();
        // today from 10:00 up to now is shaded (when now is inside the shown hours)
        const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
        if (hour >= 10 && hour < 22) {
          const shaded = await page.locator(".sx__time-grid-background-event").evaluateAll((els) =>
            els.map((el) => {
              const grid = el.closest(".sx__time-grid-day")!.getBoundingClientRect();
              const box = el.getBoundingClientRect();
              return { fromTop: box.top - grid.top, share: box.height / grid.height };
            }),
          );
          const elapsed = (hour - 10) / 12;
          expect(shaded.some((s) => s.fromTop < 1 && s.share >= elapsed)).toBe(true);
        }
        await eventually(async () => {
          const at = await headerAtMenu(page, locale === "de" ? "Menü öffnen" : "Open menu");
          return at.under && at.onTop;
        }, { what: "the date header under the menu button, the button on top" });
        await shot(page, `t23-availability-${locale}`);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});

describe("court owners see waiting requests (issue 23 item 18)", () => {
  test(
    "a request makes a count on the menu button, on 'Meine Buchungen' in the menu and on the rentals link, which says where requests are",
    async () => {
      const owner = await h.newContext();
      await signIn(owner, OWNER);
      const courtId = await ownerCourtId(owner);
      // a renter asks for a free slot a week ahead
      const renter = await h.newContext();
      await signIn(renter, "spieler@kickrunde.de");
      let requested = false;
      for (let d = 7; d < 14 && !requested; d++) {
        const date = addBerlinDays(berlinDay(new Date()), d);
        const { slots } = await trpcCall<{ slots: { startTime: string | Date; options: ({ duration: number } | null)[] }[] }>(renter, "query", "bookings.slots", {
          courtId,
          date,
        });
        const slot = slots.find((s) => s.options.some((o) => o?.duration === 60));
        if (!slot) continue;
        await trpcCall(renter, "mutation", "bookings.create", { courtId, startTime: new Date(slot.startTime), duration: 60 });
        requested = true;
      }
      expect(requested).toBe(true);
      await renter.close();
      const { count } = await trpcCall<{ count: number }>(owner, "query", "bookings.waitingRequestCount");
      expect(count).toBeGreaterThan(0);

      for (const locale of ["de", "en"] as const) {
        const context = locale === "de" ? owner : await englishContext();
        if (locale === "en") await signIn(context, OWNER);
        const page = await context.newPage();
        await page.goto("/games/berlin");
        const menuName = locale === "de" ? "Menü öffnen" : "Open menu";
        await page.getByRole("button", { name: menuName }).locator(`[data-count-badge="${count}"]`).waitFor();
        await page.getByRole("button", { name: menuName }).click();
        const menu = page.getByRole("dialog", { name: locale === "de" ? "Menü" : "Menu" });
        const entryName =
          locale === "de"
            ? `Meine Buchungen ${count === 1 ? "1 offene Anfrage" : `${count} offene Anfragen`}`
            : `My bookings ${count === 1 ? "1 open request" : `${count} open requests`}`;
        const entry = menu.getByRole("link", { name: entryName });
        await entry.waitFor();
        await shot(page, `t23-menu-requests-${locale}`);
        await entry.click();
        await page.waitForURL(/\/court-bookings$/);
        await page.getByText(locale === "de" ? "Anfragen an Deine eigenen Plätze beantwortest Du unter Vermietungen." : "You answer requests for your own courts under Rentals.", { exact: false }).waitFor();
        const waiting =
          locale === "de"
            ? count === 1
              ? "1 Anfrage wartet auf Deine Antwort"
              : `${count} Anfragen warten auf Deine Antwort`
            : count === 1
              ? "1 request is waiting for your answer"
              : `Requests waiting for your answer: ${count}`;
        const rentals = page.getByRole("link", { name: new RegExp(waiting) });
        await rentals.waitFor();
        await shot(page, `t23-bookings-rentals-link-${locale}`);
        await rentals.click();
        await page.waitForURL(/\/court-bookings\/rent$/);
        await page.getByText(locale === "de" ? "Angefragt" : "Requested").first().waitFor();
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});

describe("English (issue 23 item 19)", () => {
  test(
    "dates in British style and 'Join' on a game",
    async () => {
      const start = daysAhead(4, 17);
      const gameId = await createBerlinGame(h, "orga@kickrunde.de", start, { description: "Dates in English", minPlayers: 6, maxPlayers: 12 });
      const context = await englishContext();
      const page = await context.newPage();
      await page.goto(`/game/${gameId}`);
      const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", day: "numeric", month: "long" }).format(start);
      await page.getByText(dayMonth, { exact: false }).first().waitFor();
      // no US month-first dates anywhere on the page
      const us = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", month: "short", day: "numeric" }).format(start);
      expect(await page.locator("main").innerText()).not.toContain(us);
      await page.getByRole("button", { name: /^Join/i }).first().waitFor();
      expect((await page.locator("main").innerText()).toUpperCase()).not.toContain("PLAY ALONG");
      await shot(page, "t23-game-en");
      await page.goto("/games/berlin");
      const card = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", weekday: "short", day: "2-digit", month: "2-digit" }).format(start);
      await page.getByText(card).first().waitFor();
      await shot(page, "t23-feed-en");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("offline (issue 23 item 20)", () => {
  test(
    "with the network down, a screen whose code was never loaded still opens from the service worker's cache; the Courts tab and the chat say so at once with a retry; a reload opens the app",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/games/berlin");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      // the worker took over and has every file of the build's list (not just some: the screens' chunks are
      // fetched side by side, and the one the test needs may come last)
      // (polled with evaluate through eventually, which awaits the check: waitForFunction takes an async check's promise as true)
      const workerReady = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!navigator.serviceWorker.controller || !registration?.active || registration.installing || registration.waiting) return false;
          const worker = await (await fetch("/sw.js")).text();
          const list = /__KR_PRECACHE__ = (\{.*\});/.exec(worker);
          if (!list) return false;
          const { version, files } = JSON.parse(list[1]!) as { version: string; files: string[] };
          const cached = new Set((await (await caches.open(`kr-app-${version}`)).keys()).map((r) => new URL(r.url).pathname));
          return files.every((f) => cached.has(f));
        });
      await eventually(workerReady, { what: "the service worker in control with every file of the build", timeoutMs: 60_000 });
      const loadedBefore = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));

      await context.setOffline(true);
      // the Courts tab: its code comes from the cache, its data cannot: the error with a retry at once (no
      // skeleton waiting for the network to come back: the error shows within the usual wait for anything shown)
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Plätze" }).click();
      await page.getByText("Fußballplätze konnten nicht geladen werden.").waitFor();
      await page.getByText("Keine Verbindung zum Server.", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Erneut versuchen" }).waitFor();
      expect(page.url()).toContain("/courts/berlin");
      const courtsChunk = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
      expect(courtsChunk.filter((p) => p.startsWith("/assets/") && !loadedBefore.includes(p)).length).toBeGreaterThan(0);
      await shot(page, "t23-offline-courts");

      // the chat tab: the reason and a retry
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: /^Chat/ }).click();
      await page.getByRole("alert").filter({ hasText: "Keine Verbindung zum Server." }).first().waitFor();
      const retry = page.getByRole("button", { name: "Erneut versuchen" }).first();
      await retry.waitFor();
      // still signed in: the tab bar keeps the profile, never "Anmelden"
      const tabs = page.getByRole("navigation", { name: "Hauptnavigation" });
      await tabs.getByRole("link", { name: "Profil" }).waitFor();
      expect(await tabs.getByRole("link", { name: "Anmelden" }).count()).toBe(0);
      await shot(page, "t23-offline-chat");
      // back online, the list comes back by itself (queries refetch on reconnect), no tap needed: the retry
      // button may be gone before a tap could land, so the test waits for the fact, not for the button
      await context.setOffline(false);
      await page.getByRole("alert").filter({ hasText: "Keine Verbindung zum Server." }).waitFor({ state: "detached" });
      expect(await retry.count()).toBe(0);

      // a reload while offline opens the app from the kept shell, not the browser's error page
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("button", { name: "Menü öffnen" }).waitFor();
      expect(page.url()).not.toContain("chrome-error");
      // the account cannot load, the session's stored copy stands in
      await tabs.getByRole("link", { name: "Profil" }).waitFor();
      expect(await tabs.getByRole("link", { name: "Anmelden" }).count()).toBe(0);
      // and no guest banner beside the profile tab: one status
      expect(await page.getByText("Melde Dich an, um bei Kickrunden mitzuspielen.").count()).toBe(0);
      await shot(page, "t23-offline-reload");
      await context.setOffline(false);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a server error on a game is not called a connection problem",
    async () => {
      const start = daysAhead(5, 16);
      const gameId = await createBerlinGame(h, "admin@kickrunde.de", start, { minPlayers: 6, maxPlayers: 12 });
      for (const locale of ["de", "en"] as const) {
        const context = locale === "de" ? await h.newContext() : await englishContext();
        const page = await context.newPage();
        await withoutBootData(page);
        await page.route(
          (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("games.byId"),
          (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
        );
        await page.goto(`/game/${gameId}`);
        await page.getByRole("heading", { name: locale === "de" ? "Kickrunde konnte nicht geladen werden" : /could not be loaded/ }).waitFor();
        const text = await page.locator("main").innerText();
        expect(text).not.toMatch(locale === "de" ? /Internetverbindung/ : /internet connection/i);
        await page.getByText(locale === "de" ? "Der Server ist gerade nicht erreichbar." : "The server cannot be reached right now.", { exact: false }).waitFor();
        await shot(page, `t23-game-500-${locale}`);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});

describe("region search (issue 23 item 21)", () => {
  test(
    "a typo finds the city alone, English names find German cities",
    async () => {
      for (const locale of ["de", "en"] as const) {
        const context = locale === "de" ? await h.newContext() : await englishContext();
        const page = await context.newPage();
        await page.goto("/games");
        const search = page.getByLabel(locale === "de" ? "Stadt suchen" : "Search for a city");
        await search.fill("berln");
        await page.getByRole("link", { name: "Berlin" }).waitFor();
        const tiles = page.locator("main ul li a[href^='/games/']");
        const hrefs = () => tiles.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
        expect(await hrefs()).toEqual(["/games/berlin"]);
        await shot(page, `t23-region-berln-${locale}`);
        for (const [query, city, slug] of [
          ["Cologne", "Köln", "koeln"],
          ["Munich", "München", "muenchen"],
          ["Nuremberg", "Nürnberg", "nuernberg"],
        ] as const) {
          await search.fill(query);
          await page.getByRole("link", { name: city }).waitFor();
          expect((await hrefs())[0]).toBe(`/games/${slug}`);
        }
        await shot(page, `t23-region-nuremberg-${locale}`);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
