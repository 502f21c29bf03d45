import { describe, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { criticalPath } from "../../scripts/bench/critical-js";
import { E2E_TIMEOUT, ROOT, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * The court owner's booking calendar ('Buchungsansicht', /court-bookings-calendar) and the public
 * availability calendar (/court-availability-calendar/{id}) of issue 15 (spec 001 sections 2.2, 2.8, 5, 9),
 * with the demo owner platz@kickrunde.de and her "Soccerhalle Kreuzberg" (Court 1 to 3, Tuesdays open
 * 16:00 to 23:00). The tests run in order: the series made in the first is the one the others use.
 */
const h = useHarness();

const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? join(ROOT, "client/dist");
const OWNER = "platz@kickrunde.de";
const COURT_NAME = "Soccerhalle Kreuzberg";
const TITLE = "Firmenkick Müller";
const SLOT_TAKEN = "Der gewählte Platz scheint bereits belegt zu sein...";

/** The Tuesday of next week (Berlin): far enough ahead, and its series' three weeks stay in the public calendar's six. */
const today = berlinDay(new Date());
const tuesday = addBerlinDays(today, 7 + ((2 - weekdayOfDay(today) + 7) % 7));
const weeks = [tuesday, addBerlinDays(tuesday, 7), addBerlinDays(tuesday, 14)];

type OwnerCalendar = {
  courts: { id: number; name: string; subCourts: { id: number; name: string }[] }[];
  entries: { key: string; kind: string; id: number; seriesId: number | null; title: string; startTime: Date; subCourtId: number | null }[];
};

async function ownerCalendar(context: BrowserContext | Page): Promise<OwnerCalendar> {
  const from = berlinDateTimeToInstant(tuesday, "00:00");
  return trpcCall<OwnerCalendar>(context, "query", "bookings.calendar", { from, to: new Date(from.getTime() + 21 * 24 * 3600_000) });
}

const calendarBox = (page: Page) => page.locator('[data-calendar-ready="true"]');
const entry = (page: Page, text: string) => page.locator(".sx__time-grid-event").filter({ hasText: text });

async function openOwnerCalendarOn(page: Page, day: string) {
  await page.goto(`/court-bookings-calendar?date=${day}`);
  await calendarBox(page).waitFor();
}

describe("booking calendars (issue 15)", () => {
  let courtId = 0;

  test(
    "the owner opens the Buchungsansicht from the menu, creates a weekly series in the form, sees it and deletes one booking with the keyboard",
    async () => {
      const context = await h.newContext();
      await signIn(context, OWNER);
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Buchungsansicht" }).click();
      await page.getByRole("heading", { name: "Buchungsansicht", level: 1 }).waitFor();
      await calendarBox(page).waitFor();
      expect(page.url()).toContain("/court-bookings-calendar");

      // 390 px: the day view, from 08:00 in 30-minute steps of 60 px, scrolled to 12:00 (4 hours = 8 steps = 480 px)
      expect(await calendarBox(page).getAttribute("data-calendar-view")).toBe("day");
      expect(await page.locator(".sx__time-grid-day").count()).toBe(1);
      await page.waitForFunction(() => (document.querySelector(".sx__view-container")?.scrollTop ?? 0) > 400);
      expect(await page.locator(".sx__time-grid-day").evaluate((el) => el.getBoundingClientRect().height)).toBe(32 * 60);
      // each sub-court its own toggle chip
      const chips = page.getByRole("group", { name: "Felder" }).getByRole("button");
      expect(await chips.allInnerTexts()).toEqual(["Court 1", "Court 2", "Court 3"]);
      await shot(page, "owner-calendar");

      // the manual booking form: title, sub-court, start, 60 minutes, weekly with 2 more weeks (the default)
      await page.getByRole("button", { name: "Manuelle Buchung" }).click();
      const form = page.getByRole("dialog", { name: "Manuelle Buchung anlegen" });
      await form.waitFor();
      await form.getByLabel("Titel").fill(TITLE);
      await form.getByRole("radio", { name: "Court 1" }).click();
      await form.getByLabel("Datum").fill(tuesday);
      await form.getByLabel("Beginn").selectOption("19:00");
      await form.getByText("60 Min.", { exact: true }).click();
      await form.getByRole("switch", { name: "Wöchentlich wiederholen" }).click();
      expect(await form.locator("output").innerText()).toBe("2");
      await form.getByText("3 Termine, der letzte am").waitFor();
      await shot(page, "owner-form");
      await form.getByRole("button", { name: "Buchung speichern" }).click();
      await page.getByText("Serie mit 3 Buchungen gespeichert.").waitFor();
      await form.waitFor({ state: "hidden" });

      // the calendar jumps to the first day and shows the booking there
      await page.waitForURL((url) => url.searchParams.get("date") === tuesday);
      await entry(page, TITLE).waitFor();
      expect(await entry(page, TITLE).innerText()).toContain("19:00");
      const data = await ownerCalendar(page);
      courtId = data.courts.find((c) => c.name === COURT_NAME)!.id;
      const series = data.entries.filter((e) => e.title === TITLE);
      expect(series.map((e) => berlinDay(e.startTime))).toEqual(weeks);
      expect(series.every((e) => e.kind === "series")).toBe(true);
      await shot(page, "owner-calendar-series");

      // at 390 px one sub-court at a time (issue 23 item 17): Court 2 chosen hides Court 1's bookings, Court 1 shows them again
      const court1 = page.getByRole("group", { name: "Felder" }).getByRole("button", { name: "Court 1" });
      const court2 = page.getByRole("group", { name: "Felder" }).getByRole("button", { name: "Court 2" });
      expect(await court1.getAttribute("aria-pressed")).toBe("true");
      await court2.click();
      expect(await court1.getAttribute("aria-pressed")).toBe("false");
      expect(await court2.getAttribute("aria-pressed")).toBe("true");
      await entry(page, TITLE).waitFor({ state: "detached" });
      await court1.click();
      await entry(page, TITLE).waitFor();

      // the second week: select the booking, Delete asks "this one or the whole series", Enter takes the first answer
      await openOwnerCalendarOn(page, weeks[1]!);
      await entry(page, TITLE).click();
      const bar = page.getByRole("region", { name: TITLE });
      await bar.getByRole("button", { name: "Löschen" }).waitFor();
      await shot(page, "owner-selected");
      await page.keyboard.press("Delete");
      const confirm = page.getByRole("dialog", { name: "Serienbuchung löschen?" });
      await confirm.waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent?.includes("Nur diese Buchung"));
      await shot(page, "owner-delete-confirm");
      await page.keyboard.press("Enter");
      await page.getByText("Gelöscht.").waitFor();
      await entry(page, TITLE).waitFor({ state: "detached" });

      // the other two stay
      const after = (await ownerCalendar(page)).entries.filter((e) => e.title === TITLE);
      expect(after.map((e) => berlinDay(e.startTime))).toEqual([weeks[0]!, weeks[2]!]);
      for (const day of [weeks[0]!, weeks[2]!]) {
        await openOwnerCalendarOn(page, day);
        await entry(page, TITLE).waitFor();
      }

      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a manual booking on a taken sub-court is refused in the form, with the translated message and nothing lost",
    async () => {
      const context = await h.newContext();
      await signIn(context, OWNER);
      const page = await context.newPage();
      await openOwnerCalendarOn(page, weeks[0]!);
      await page.getByRole("button", { name: "Manuelle Buchung" }).click();
      const form = page.getByRole("dialog", { name: "Manuelle Buchung anlegen" });
      await form.getByLabel("Titel").fill("Doppelt gebucht");
      await form.getByRole("radio", { name: "Court 1" }).click();
      await form.getByLabel("Datum").fill(weeks[0]!);
      await form.getByLabel("Beginn").selectOption("19:30");
      await form.getByRole("button", { name: "Buchung speichern" }).click();
      const alert = form.getByRole("alert");
      await alert.waitFor();
      expect(await alert.innerText()).toContain(SLOT_TAKEN);
      expect(await form.getByLabel("Titel").inputValue()).toBe("Doppelt gebucht");
      await shot(page, "owner-form-conflict");
      // a free time on the same form saves
      await form.getByLabel("Beginn").selectOption("21:00");
      await form.getByRole("button", { name: "Buchung speichern" }).click();
      await page.getByText("Buchung gespeichert.").waitFor();
      await entry(page, "Doppelt gebucht").waitFor();

      // a single manual booking: selected, Backspace, the confirmation's first button deletes it (deleteManual)
      await entry(page, "Doppelt gebucht").click();
      await page.getByRole("region", { name: "Doppelt gebucht" }).waitFor();
      await page.keyboard.press("Backspace");
      const confirm = page.getByRole("dialog", { name: "Buchung löschen?" });
      await confirm.waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Löschen");
      await page.keyboard.press("Enter");
      await entry(page, "Doppelt gebucht").waitFor({ state: "detached" });
      expect((await ownerCalendar(page)).entries.filter((e) => e.title === "Doppelt gebucht")).toEqual([]);
      // Escape on the confirmation keeps the booking
      await entry(page, TITLE).click();
      await page.keyboard.press("Delete");
      await page.getByRole("dialog", { name: "Serienbuchung löschen?" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Serienbuchung löschen?" }).waitFor({ state: "hidden" });
      expect(await entry(page, TITLE).count()).toBe(1);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the public availability calendar shows 'Ausgebucht' where every sub-court is taken, the day view at 390 px and the week view at 1024 px",
    async () => {
      expect(courtId).toBeGreaterThan(0);
      // the same series on the two other sub-courts, so every sub-court is taken in weeks 1 and 3
      const owner = await h.newContext();
      await signIn(owner, OWNER);
      const { courts } = await ownerCalendar(owner);
      const court = courts.find((c) => c.id === courtId)!;
      const start = berlinDateTimeToInstant(weeks[0]!, "19:00");
      for (const sub of court.subCourts.filter((s) => s.name !== "Court 1")) {
        await trpcCall(owner, "mutation", "bookings.createSeries", {
          courtId,
          subCourtId: sub.id,
          title: `Liga ${sub.name}`,
          startTime: start,
          endTime: new Date(start.getTime() + 3600_000),
          recurrences: 2,
        });
      }
      await owner.close();

      const context = await h.newContext();
      const page = await context.newPage();
      // the court page of a rentable court links to it
      await page.goto(`/court/${courtId}`);
      await page.getByRole("link", { name: "Verfügbarkeit ansehen" }).click();
      await page.getByRole("heading", { name: COURT_NAME, level: 1 }).waitFor();
      await calendarBox(page).waitFor();
      expect(await calendarBox(page).getAttribute("data-calendar-view")).toBe("day");
      expect(await page.locator(".sx__time-grid-day").count()).toBe(1);
      // 10:00 to 22:00
      const hours = await page.locator(".sx__week-grid__hour-text").allTextContents();
      expect([hours[0], hours.at(-1), hours.length]).toEqual(["10:00", "21:30", 24]);
      expect(await page.getByRole("link", { name: "Kickrunden entdecken" }).getAttribute("href")).toBe("/");
      expect(await page.getByRole("link", { name: "Zum Platz" }).getAttribute("href")).toBe(`/court/${courtId}`);

      await page.goto(`/court-availability-calendar/${courtId}?date=${weeks[0]}`);
      await entry(page, "Ausgebucht").waitFor();
      expect(await entry(page, "Ausgebucht").innerText()).toContain("19:00");
      await calendarBox(page).evaluate((el) => el.scrollIntoView({ block: "end" }));
      // a Tuesday is closed until 16:00: shaded
      expect(await page.locator(".sx__time-grid-background-event").count()).toBeGreaterThan(0);
      await shot(page, "availability-day");

      // the week of the deleted booking: Court 1 is free, so nothing is 'Ausgebucht'
      await page.goto(`/court-availability-calendar/${courtId}?date=${weeks[1]}`);
      await calendarBox(page).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await entry(page, "Ausgebucht").count()).toBe(0);
      await page.goto(`/court-availability-calendar/${courtId}?date=${weeks[2]}`);
      await entry(page, "Ausgebucht").waitFor();

      // a wide screen gets the week view
      await page.setViewportSize({ width: 1024, height: 900 });
      await page.goto(`/court-availability-calendar/${courtId}?date=${weeks[0]}`);
      await calendarBox(page).waitFor();
      expect(await calendarBox(page).getAttribute("data-calendar-view")).toBe("week");
      expect(await page.locator(".sx__time-grid-day").count()).toBe(7);
      await entry(page, "Ausgebucht").waitFor();
      await shot(page, "availability-week-1024");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a signed-in user who owns no court sees the owner-only state and no menu entry",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/court-bookings-calendar");
      await page.getByRole("heading", { name: "Nur für Platzbesitzer" }).waitFor();
      expect(await page.locator(".sx__calendar").count()).toBe(0);
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      const menu = page.getByRole("dialog", { name: "Menü" });
      await menu
        .getByRole("link", { name: "Kickrunde erstellen" })
        .or(menu.getByRole("button", { name: "Abmelden" }))
        .first()
        .waitFor();
      expect(await menu.getByRole("link", { name: "Buchungsansicht" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "schedule-x is not in the entry chunk nor its preloads, and the feed does not load it",
    async () => {
      const critical = criticalPath(CLIENT_DIST);
      expect(critical.js.length).toBeGreaterThan(0);
      for (const file of critical.js) {
        const code = readFileSync(join(CLIENT_DIST, file.path), "utf8");
        expect(code).not.toContain("sx__calendar");
        expect(code).not.toContain("Schedule-X");
      }
      const context = await h.newContext();
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (req) => {
        if (/\.m?js$/.test(new URL(req.url()).pathname)) scripts.push(new URL(req.url()).pathname);
      });
      await page.goto("/games/berlin");
      await page.waitForLoadState("networkidle");
      expect(scripts.filter((s) => s.includes("booking-calendar-impl"))).toEqual([]);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
