import { describe, expect } from "bun:test";
import postgres from "postgres";
import type { Page } from "playwright-core";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { E2E_TIMEOUT, shot, signIn, trpcCall, searchCourt, useHarness, test } from "./harness";

const h = useHarness();

const TITLE = "Wochenkick E2E";

/**
 * The server runs on the real clock (nothing made for tests may answer in production), so the test moves
 * the session into the past in its own database instead: the template's latest week and its games lie a
 * week earlier afterwards, as if a week had passed.
 */
async function moveSessionAWeekBack(templateId: number): Promise<void> {
  const sql = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql`update game_templates set latest_start_time = latest_start_time - interval '7 days' where id = ${templateId}`;
    await sql`update games set start_time = start_time - interval '7 days', end_time = end_time - interval '7 days' where game_template_id = ${templateId}`;
  } finally {
    await sql.end();
  }
}

/**
 * Makes `email` a regular of the session of `pastGameId` (a game that already started): a place in it and
 * in a copy of it one week earlier (two games in the last four weeks).
 */
async function makeRegular(pastGameId: number, email: string): Promise<void> {
  const sql = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      const [user] = await tx`select id from users where email = ${email}`;
      await tx`create temp table g_copy on commit drop as select * from games where id = ${pastGameId}`;
      await tx`update g_copy set id = nextval(pg_get_serial_sequence('games', 'id')), start_time = start_time - interval '7 days', end_time = end_time - interval '7 days'`;
      const [copy] = await tx`insert into games select * from g_copy returning id`;
      for (const gameId of [pastGameId, copy!.id as number]) {
        await tx`create temp table p_copy on commit drop as select * from participations where game_id = ${pastGameId} and cancelled_at is null and user_id is not null limit 1`;
        await tx`update p_copy set id = nextval(pg_get_serial_sequence('participations', 'id')), game_id = ${gameId}, user_id = ${user!.id}`;
        await tx`insert into participations select * from p_copy`;
        await tx`drop table p_copy`;
      }
    });
  } finally {
    await sql.end();
  }
}

/** "Dienstag, 1. Dezember" of a Berlin day, as the detail page writes dates. */
function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", weekday: "long", day: "numeric", month: "long" }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

function confirmation(page: Page) {
  return page.getByTestId("weekly-confirmation");
}

describe("weekly sessions", () => {
  test(
    "an organiser creates a weekly session, skips a week, confirms the next and finds its game in the feed; a newcomer waits for the regulars",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");

      // Create: the game form with the "Wöchentlich" switch (isRecurringGame), three days ahead at 22:30.
      const today = berlinDay(new Date());
      const firstDay = addBerlinDays(today, 3);
      await page.goto("/create/game");
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();
      await page.getByLabel("Anderes Datum").fill(firstDay);
      await page.getByLabel("Stunde").selectOption("22");
      await page.getByLabel("Minute").selectOption("30");
      const weekly = page.getByRole("switch", { name: "Wöchentlich" });
      expect(await weekly.getAttribute("aria-checked")).toBe("false");
      await weekly.click();
      expect(await weekly.getAttribute("aria-checked")).toBe("true");
      await page.getByText("Jede Woche zur selben Zeit; Du bestätigst jede Woche, ob sie stattfindet").waitFor();
      await weekly.scrollIntoViewIfNeeded();
      await shot(page, "weekly-create-switch");
      await page.getByRole("button", { name: "Platz auswählen" }).click();
      await searchCourt(page, "Friedrichshain");
      await page.getByRole("list").getByRole("button", { name: /Volkspark Friedrichshain/ }).click();
      await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByRole("textbox", { name: "Titel (optional)" }).fill(TITLE);
      await page.getByRole("button", { name: "Kickrunde erstellen", exact: true }).click();
      await page.waitForURL(/\/game\/\d+\?created$/);
      const firstGameId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("dialog", { name: "Deine Kickrunde ist online!" }).getByRole("button", { name: "Später teilen" }).click();

      // The game page leads its organiser to the session; the burger menu now has the entry.
      const sessionLink = page.getByRole("link", { name: /Wöchentliche Kickrunde/ });
      await sessionLink.waitFor();
      await shot(page, "weekly-game-organiser");
      const templateId = Number((await sessionLink.getAttribute("href"))!.split("/").pop());
      expect(templateId).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Wöchentliche Kickrunden" }).click();

      // The list: the session under "Aktiv", its weekday and time, and its first game as the state line.
      await page.waitForURL(/\/weekly-sessions$/);
      const card = page.getByTestId("weekly-card").filter({ hasText: TITLE });
      await card.waitFor();
      expect(await page.getByRole("region", { name: /Aktiv/ }).getByTestId("weekly-card").count()).toBe(1);
      expect(await card.textContent()).toContain("22:30 Uhr");
      expect(await card.textContent()).toContain("Nächste Kickrunde:");
      await shot(page, "weekly-list");

      // The detail: the first game is next week's game.
      await card.click();
      await page.waitForURL(new RegExp(`/weekly-sessions/${templateId}$`));
      await confirmation(page).getByText("Nächste Kickrunde steht").waitFor();
      expect(await confirmation(page).getByRole("link", { name: "Zur Kickrunde" }).getAttribute("href")).toBe(`/game/${firstGameId}`);
      await shot(page, "weekly-detail-scheduled", { full: true });

      if (!h.databaseUrl) {
        console.warn("weekly-sessions: skipping the confirmation cycle, it needs DATABASE_URL (PostgreSQL) to move the session a week back");
        await context.close();
        return;
      }

      // A week later (moved in the database): the first game lies behind, the confirmation is open.
      await moveSessionAWeekBack(templateId);
      await page.reload();
      await confirmation(page).getByText("Findet die Kickrunde statt?").waitFor();
      expect(await confirmation(page).textContent()).toContain(longDay(firstDay));
      expect(await confirmation(page).getByLabel("Schon dabei").inputValue()).toBe("1");
      await shot(page, "weekly-detail-open", { full: true });

      // "Findet nicht statt", confirmed: the week is skipped, the hint moves to the day after it.
      await confirmation(page).getByRole("button", { name: "Findet nicht statt" }).click();
      const skip = page.getByRole("dialog", { name: "Diese Woche fällt aus?" });
      await skip.getByRole("button", { name: "Findet nicht statt" }).click();
      await page.getByText(`Die Kickrunde am ${longDay(firstDay)} findet nicht statt.`).waitFor();
      await confirmation(page).getByText(`Bestätigung ab ${longDay(addBerlinDays(firstDay, 1))}, 22:30 Uhr`).waitFor();
      expect(await confirmation(page).textContent()).toContain(longDay(addBerlinDays(firstDay, 7)));
      await shot(page, "weekly-detail-waiting");

      // Deactivate and activate again.
      const active = page.getByRole("switch", { name: "Wöchentliche Kickrunde aktiv" });
      await active.click();
      await confirmation(page).getByText("Deaktiviert", { exact: true }).waitFor();
      expect(await active.getAttribute("aria-checked")).toBe("false");
      await shot(page, "weekly-detail-deactivated");
      await page.goto("/weekly-sessions");
      await page.getByRole("region", { name: /Deaktiviert/ }).getByTestId("weekly-card").filter({ hasText: TITLE }).waitFor();
      await page.getByTestId("weekly-card").filter({ hasText: TITLE }).click();
      await confirmation(page).getByRole("button", { name: "Aktivieren" }).click();
      await confirmation(page).getByText(/Bestätigung ab/).waitFor();
      expect(await page.getByRole("switch", { name: "Wöchentliche Kickrunde aktiv" }).getAttribute("aria-checked")).toBe("true");

      // Another week later: "Findet statt" creates next week's game.
      await moveSessionAWeekBack(templateId);
      await page.reload();
      await confirmation(page).getByRole("button", { name: "Findet statt" }).click();
      await page.getByText(`Die Kickrunde am ${longDay(firstDay)} findet statt.`, { exact: false }).waitFor();
      const toGame = confirmation(page).getByRole("link", { name: "Zur Kickrunde" });
      await toGame.waitFor();
      const newGameId = Number((await toGame.getAttribute("href"))!.split("/").pop());
      expect(newGameId).not.toBe(firstGameId);
      await shot(page, "weekly-detail-confirmed", { full: true });

      // The organiser finds it in the feed.
      await page.goto("/games/berlin?tab=mine&filter=organising");
      await page.locator(`a[href="/game/${newGameId}"]`).first().waitFor();
      expect(await page.locator(`a[href="/game/${newGameId}"]`).first().textContent()).toContain("22:30");

      // Edit details: the form without start time, court, player count; saving goes back to the detail.
      await page.goto(`/weekly-sessions/${templateId}/edit-details`);
      await page.getByRole("heading", { name: "Details ändern", level: 1 }).waitFor();
      expect(await page.getByLabel("Stunde").count()).toBe(0);
      expect(await page.getByLabel("Schon dabei").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Platz auswählen" }).count()).toBe(0);
      await page.getByRole("textbox", { name: "Beschreibung (optional)" }).fill("Bitte pünktlich sein, wir starten direkt.");
      await shot(page, "weekly-edit-details", { full: true });
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(new RegExp(`/weekly-sessions/${templateId}$`));
      await page.getByText("Deine Änderungen sind gespeichert.").waitFor();
      const template = await trpcCall<{ description: string }>(page, "query", "weekly.get", { id: templateId });
      expect(template.description).toBe("Bitte pünktlich sein, wir starten direkt.");

      // The game's court, with the session's coming games along (the weekly checkbox of /game/{id}/edit-court).
      await page.goto(`/game/${newGameId}/edit-court`);
      await page.getByRole("heading", { name: "Platz ändern", level: 1 }).waitFor();
      await page.getByRole("list").getByRole("button", { name: /Tempelhofer Feld Bolzplatz/ }).click();
      const future = page.getByRole("checkbox", { name: "Auch für alle zukünftigen Spiele dieser wöchentlichen Kickrunde" });
      await future.check();
      await shot(page, "weekly-game-edit-court");
      await page.getByRole("button", { name: "Platz speichern" }).click();
      await page.waitForURL(new RegExp(`/game/${newGameId}$`));
      const moved = await trpcCall<{ court: { name: string } | null }>(page, "query", "weekly.get", { id: templateId });
      expect(moved.court?.name).toContain("Tempelhofer Feld");

      // The session's own court page moves it back.
      await page.goto(`/weekly-sessions/${templateId}`);
      await page.getByRole("link", { name: /Platz ändern/ }).click();
      await page.getByRole("heading", { name: "Platz ändern", level: 1 }).waitFor();
      await page.getByRole("list").getByRole("button", { name: /Volkspark Friedrichshain/ }).click();
      await page.getByRole("button", { name: "Platz speichern" }).waitFor();
      await shot(page, "weekly-edit-court");
      await page.getByRole("button", { name: "Platz speichern" }).click();
      await page.waitForURL(new RegExp(`/weekly-sessions/${templateId}$`));
      await page.getByText("Aktuell: Volkspark Friedrichshain", { exact: false }).waitFor();
      await context.close();

      // The share link leads anybody to the next game.
      const guest = await h.newContext();
      const guestPage = await guest.newPage();
      await guestPage.goto(`/weekly-sessions/${templateId}/latest`);
      await guestPage.waitForURL(new RegExp(`/game/${newGameId}$`));
      await guest.close();

      // The session has no regulars yet (one past game): its head start holds nobody back (issue 23 item 13).
      const newcomer = await h.newContext();
      await newcomer.grantPermissions(["notifications"], { origin: h.baseUrl });
      const other = await newcomer.newPage();
      await signIn(newcomer, "mehmet@kickrunde.de");
      await other.goto(`/game/${newGameId}`);
      await other.getByRole("button", { name: "MITSPIELEN" }).waitFor();
      expect(await other.getByTestId("regulars-head-start").count()).toBe(0);
      expect(await other.getByTestId("play-along-head-start").count()).toBe(0);
      expect(await other.getByRole("link", { name: /Wöchentliche Kickrunde/ }).count()).toBe(0);
      await shot(other, "weekly-game-no-regulars");

      // Lena played the session's last two weeks: now she is a regular, and the head start holds the newcomer back.
      await makeRegular(firstGameId, "spieler@kickrunde.de");
      const lena = await h.newContext();
      await signIn(lena, "spieler@kickrunde.de");
      expect((await trpcCall<{ viewer: { isRegular: boolean } }>(lena, "query", "games.byId", { gameId: newGameId })).viewer.isRegular).toBe(true);
      await other.reload();
      const notice = other.getByTestId("regulars-head-start");
      await notice.waitFor();
      expect(await notice.textContent()).toContain("können nur die Stammspieler dieser wöchentlichen Kickrunde beitreten");
      // the button says who may join until when, before any tap
      const heldBack = other.getByTestId("play-along-head-start");
      await heldBack.getByRole("button", { name: /^Nur Stammspieler bis .+, \d{2}:\d{2} Uhr$/ }).waitFor();
      expect(await heldBack.getByRole("button").isDisabled()).toBe(true);
      await heldBack.getByText("Danach kann jeder mitspielen.").waitFor();
      expect(await other.getByRole("button", { name: "MITSPIELEN" }).count()).toBe(0);
      await shot(other, "weekly-game-head-start");
      // the same in English
      const english = await h.newContext({ locale: "en-GB" });
      await signIn(english, "mehmet@kickrunde.de");
      const en = await english.newPage();
      await en.goto(`/game/${newGameId}`);
      await en.getByTestId("play-along-head-start").getByRole("button", { name: /^Regulars only until / }).waitFor();
      await shot(en, "weekly-game-head-start-en");
      await english.close();
      // the regular may join already, and is told so
      const lenaPage = await lena.newPage();
      await lenaPage.goto(`/game/${newGameId}`);
      await lenaPage.getByTestId("play-along-head-start").getByText(/^Vorsprung für Stammspieler: Du kannst schon jetzt mitspielen/).waitFor();
      await lenaPage.getByRole("button", { name: "MITSPIELEN" }).waitFor();
      await shot(lenaPage, "weekly-game-head-start-regular");
      await lena.close();
      await newcomer.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the share link of an unknown session and an empty list",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/weekly-sessions/999999/latest");
      await page.getByText("Wöchentliche Kickrunde konnte nicht gefunden werden.").waitFor();
      await page.getByRole("link", { name: "Zu den Kickrunden" }).waitFor();
      await shot(page, "weekly-latest-not-found");

      // A user without sessions: the empty list with the way to create one, and no menu entry.
      await signIn(context, "spieler@kickrunde.de");
      await page.goto("/weekly-sessions");
      await page.getByText("Du hast noch keine wöchentliche Kickrunde.").waitFor();
      expect(await page.getByRole("link", { name: "Kickrunde erstellen" }).getAttribute("href")).toBe("/create/game");
      await shot(page, "weekly-list-empty");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Kickrunde erstellen" }).waitFor();
      expect(await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Wöchentliche Kickrunden" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
