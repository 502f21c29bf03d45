import { describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { E2E_TIMEOUT, explained, fillSignInForm, shot, signIn, trpcCall, VIEWPORT, searchCourt, useHarness, test } from "./harness";

const h = useHarness();

/** The game the organiser creates in the first test; later tests cancel it. */
let createdGameId: number | null = null;

type FeedGame = { id: number; title: string | null; startTime: Date; court: { name: string } | null };

/** The seeded Berlin game by orga@kickrunde.de that starts in about 20 minutes. */
async function findSoonGame(page: Page): Promise<number> {
  const feed = await trpcCall<{ games: FeedGame[] }>(page, "query", "games.feed", { regionSlug: "berlin", filter: "organising" });
  for (const game of feed.games) {
    const full = await trpcCall<{ description: string }>(page, "query", "games.byId", { gameId: game.id });
    if (full.description.startsWith("Gleich geht")) return game.id;
  }
  throw new Error("seeded game 'Gleich geht's los' not found");
}

describe("games", () => {
  test(
    "an organiser creates a game; it appears in the right feed group and a second user sees it",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");
      await page.goto("/games/berlin");

      // The burger menu leads to the form (spec 001 section 2.1, create session).
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Kickrunde erstellen" }).click();
      await page.waitForURL(/\/create\/game$/);
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();
      const submit = page.getByRole("button", { name: "Kickrunde erstellen", exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await shot(page, "games-create");

      await page.getByRole("radio", { name: /Morgen/ }).click();
      await page.getByLabel("Stunde").selectOption("21");
      await page.getByLabel("Minute").selectOption("30");
      await page.getByRole("radio", { name: "90 Min." }).click();
      // A morning start gets a hint with a switch to the evening (spec 000 section 5).
      await page.getByLabel("Stunde").selectOption("9");
      await page.getByText("Beginn um 09:30 Uhr am Vormittag – stimmt das?").waitFor();
      await page.getByRole("button", { name: "Auf 21:30 Uhr ändern" }).click();
      expect(await page.getByLabel("Stunde").inputValue()).toBe("21");

      await page.getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByRole("heading", { name: "Platz auswählen", level: 1 }).waitFor();
      await searchCourt(page, "Friedrichshain");
      await shot(page, "games-create-court-picker");
      // A row (or a marker) highlights the court; its card's 'Platz auswählen' confirms (spec 001 section 2.7).
      await page.getByRole("list").getByRole("button", { name: /Volkspark Friedrichshain/ }).click();
      await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByText("Volkspark Friedrichshain Kunstrasen").waitFor();

      // teams x players per team sets the minimum (spec 000 section 5)
      await page.getByRole("button", { name: "Spieler pro Team erhöhen" }).click();
      expect(await page.getByLabel("Mindestens").inputValue()).toBe("12");
      await page.getByLabel("Höchstens").selectOption("14");

      // The price is rounded to 0.50 on leaving the field.
      await page.getByLabel("Preis pro Spieler").fill("3,2");
      await page.getByLabel("Preis pro Spieler").blur();
      expect(await page.getByLabel("Preis pro Spieler").inputValue()).toBe("3,00");
      await page.getByRole("textbox", { name: "Beschreibung (optional)" }).fill("E2E-Abendkick: bitte helle und dunkle Shirts mitbringen.");
      expect(await submit.isDisabled()).toBe(false);
      await shot(page, "games-create-filled", { full: true });

      await submit.click();
      // The new game opens with the moment to share it (?created), for the organiser only.
      await page.waitForURL(/\/game\/\d+\?created$/);
      createdGameId = Number(new URL(page.url()).pathname.split("/").pop());
      const live = page.getByRole("dialog", { name: "Deine Kickrunde ist online!" });
      await live.getByLabel("Link zur Kickrunde").waitFor();
      expect(await live.getByLabel("Link zur Kickrunde").inputValue()).toBe(`${h.baseUrl}/game/${createdGameId}`);
      await shot(page, "games-game-created-share");
      await live.getByRole("button", { name: "Später teilen" }).click();
      await page.waitForURL(/\/game\/\d+$/);
      await page.getByRole("heading", { name: "Volkspark Friedrichshain Kunstrasen", level: 1 }).waitFor();
      await page.getByText("E2E-Abendkick: bitte helle und dunkle Shirts mitbringen.").waitFor();
      await page.getByText(/21:30–23:00 Uhr/).waitFor();
      await page.getByRole("link", { name: "Kickrunde verwalten" }).waitFor();
      await shot(page, "games-game-created", { full: true });

      // The Berlin feed lists it under "Morgen".
      await page.goto("/games/berlin");
      const tomorrow = page.getByRole("region", { name: /^Morgen/ });
      await tomorrow.getByRole("link", { name: /Volkspark Friedrichshain Kunstrasen/ }).filter({ hasText: "21:30" }).waitFor();
      expect(await tomorrow.locator(`a[href="/game/${createdGameId}"]`).count()).toBe(1);
      // not today's (a demo game may start at 21:30 today: the seed places some relative to the hour it runs)
      expect(await page.getByRole("region", { name: /^Heute/ }).locator(`a[href="/game/${createdGameId}"]`).count()).toBe(0);
      await shot(page, "games-feed-organiser");
      await context.close();

      // A second user sees it too, and may not manage it.
      const other = await h.newContext();
      const second = await other.newPage();
      await signIn(other, "spieler@kickrunde.de");
      await second.goto("/games/berlin");
      const card = second.getByRole("region", { name: /^Morgen/ }).getByRole("link", { name: /Volkspark Friedrichshain Kunstrasen/ }).filter({ hasText: "21:30" });
      await card.click();
      await second.waitForURL(new RegExp(`/game/${createdGameId}$`));
      await second.getByText("Organisiert von").waitFor();
      expect(await second.getByRole("link", { name: "Kickrunde verwalten" }).count()).toBe(0);
      await second.goto(`/game/${createdGameId}/manage`);
      await second.getByRole("heading", { name: "Du hast keine Berechtigung dieses Spiel zu editieren." }).waitFor();
      await shot(second, "games-no-permission");
      await other.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the organiser cancels with a reason; the page shows who cancelled and when",
    async () => {
      expect(createdGameId).not.toBeNull();
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");
      await page.goto(`/game/${createdGameId}`);
      await page.getByRole("link", { name: "Kickrunde verwalten" }).click();
      await page.waitForURL(/\/manage$/);
      await page.getByRole("heading", { name: "Kickrunde verwalten", level: 1 }).waitFor();
      await shot(page, "games-manage");

      await page.getByRole("button", { name: /Kickrunde absagen/ }).click();
      const dialog = page.getByRole("dialog", { name: "Kickrunde absagen" });
      await dialog.waitFor();
      // "Other reason" needs a message (spec 000 section 5).
      await dialog.getByRole("radio", { name: "Anderer Grund" }).check();
      await dialog.getByRole("button", { name: "Kickrunde absagen" }).click();
      await dialog.getByText("Bitte schreib den Spielern eine Nachricht.").waitFor();
      await dialog.getByLabel("Nachricht an die Spieler").fill("Der Platz wird kurzfristig gemäht.");
      await shot(page, "games-cancel");
      await dialog.getByRole("button", { name: "Kickrunde absagen" }).click();

      await page.waitForURL(new RegExp(`/game/${createdGameId}$`));
      // The game page, not the manage page it came from.
      const heading = page.getByRole("heading", { name: "Diese Kickrunde wurde abgesagt" });
      await heading.waitFor();
      const banner = page.getByRole("status").filter({ has: heading });
      const text = await banner.innerText();
      expect(text).toMatch(/Abgesagt von \S+ am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\./);
      expect(text).toContain("Anderer Grund");
      expect(text).toContain("Der Platz wird kurzfristig gemäht.");
      await shot(page, "games-game-cancelled");

      // The feed still lists it, marked as cancelled.
      await page.goto("/games/berlin");
      await page
        .getByRole("region", { name: /^Morgen/ })
        .getByRole("link", { name: /Volkspark Friedrichshain Kunstrasen/ })
        .filter({ hasText: "Abgesagt" })
        .waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "editing within 30 minutes of the start is refused with the translated text",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");
      const gameId = await findSoonGame(page);
      const tooLate =
        "Vergangene Kickrunden und Kickrunden, die in weniger als einer halben Stunde beginnen, können nicht mehr geändert werden.";

      await page.goto(`/game/${gameId}/manage`);
      await page.getByText(tooLate).waitFor();
      // Cancelling is blocked within one hour as well.
      await page.getByText("Weniger als eine Stunde vor Beginn kann die Kickrunde nicht mehr abgesagt werden.").waitFor();
      expect(await page.getByRole("link", { name: /Details ändern/ }).count()).toBe(0);
      await shot(page, "games-manage-too-late");

      await page.goto(`/game/${gameId}/edit-details`);
      await page.getByText(tooLate).waitFor();

      // The server refuses as well, with the code the text belongs to.
      await expect(trpcCall(page, "mutation", "games.update", { gameId, description: "Zu spät" })).rejects.toMatchObject({
        app: { code: "GAME_EDIT_TOO_LATE" },
      });
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "game page: share, missing players, reliability, details and court editing, English and other time zones",
    async () => {
      // Guests see the game page and can share it.
      const guest = await h.newContext();
      const page = await guest.newPage();
      await page.goto("/games/berlin");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", exact: true }).waitFor();
      await page.getByRole("region", { name: /^Heute|^Morgen/ }).first().waitFor();
      await shot(page, "games-feed", { full: true });
      await page.getByRole("link", { name: "Meine Kickrunden" }).click();
      await page.getByText("Melde Dich an, um Deine Kickrunden zu sehen.").waitFor();
      // A city without games says so (spec 000 section 8) and invites to create one.
      await page.goto("/games/dortmund");
      await page.getByText("Keine Kickrunden gefunden.").waitFor();
      await page.getByRole("main").getByRole("link", { name: "Kickrunde erstellen" }).first().waitFor();
      await shot(page, "games-feed-empty");
      await page.goto("/games/berlin");

      const hallenkick = page.getByRole("link", { name: /Hallenkick Moabit/ });
      await page.getByRole("link", { name: "Alle Kickrunden" }).click();
      await hallenkick.click();
      await page.getByRole("heading", { name: "Hallenkick Moabit", level: 1 }).waitFor();
      await page.getByText("Hallenschuhe Pflicht", { exact: false }).waitFor();
      await shot(page, "games-game", { full: true });

      await page.getByRole("button", { name: "Teilen" }).click();
      const share = page.getByRole("dialog", { name: "Kickrunde teilen" });
      await share.waitFor();
      expect(await share.getByLabel("Link zur Kickrunde").inputValue()).toMatch(/\/game\/\d+$/);
      await share.getByText(/^Kickrunde am .+ um 20:00 Uhr – Sporthalle Moabit\./).waitFor();
      await shot(page, "games-share");
      await share.getByRole("button", { name: "Schließen" }).click();

      // ?missing-players opens the help dialog (spec 000 section 2).
      await page.goto(`${new URL(page.url()).pathname}?missing-players`);
      const help = page.getByRole("dialog", { name: "So findest Du Mitspieler" });
      await help.waitFor();
      await shot(page, "games-missing-players");
      await help.getByRole("button", { name: "Schließen" }).click();
      await page.waitForURL((url) => !url.search.includes("missing-players"));

      // The court filter of the feed.
      await page.getByRole("link", { name: "Weitere Kickrunden auf diesem Platz" }).click();
      await page.waitForURL(/\/games\/berlin\?courtId=\d+$/);
      await page.getByText("Sporthalle Moabit", { exact: true }).first().waitFor();
      await page.getByRole("link", { name: "Alle Plätze" }).waitFor();
      await shot(page, "games-feed-court");

      await page.goto("/game/999999");
      await page.getByRole("heading", { name: "Kickrunde konnte nicht gefunden werden." }).waitFor();
      await shot(page, "games-not-found");
      await page.goto("/game/1/gibt-es-nicht");
      await page.getByRole("heading", { name: "Seite konnte nicht gefunden werden" }).waitFor();
      await guest.close();

      // The organiser: reliability scores and legend, details and court editing.
      const orga = await h.newContext();
      const own = await orga.newPage();
      await signIn(orga, "orga@kickrunde.de");
      await own.goto("/games/berlin?tab=mine&filter=organising");
      await own.getByRole("link", { name: /Hallenkick Moabit/ }).click();
      await own.getByRole("heading", { name: "Zuverlässigkeit" }).waitFor();
      await shot(own, "games-game-organiser", { full: true });
      await own.getByRole("link", { name: "Kickrunde verwalten" }).click();
      await own.getByRole("link", { name: /Details ändern/ }).click();
      await own.getByRole("heading", { name: "Details ändern", level: 1 }).waitFor();
      const save = own.getByRole("button", { name: "Änderungen speichern" });
      expect(await save.isDisabled()).toBe(true);
      await own.getByLabel("Preis pro Spieler").fill("-2");
      await own.getByLabel("Preis pro Spieler").blur();
      await own.getByText("Der Preis darf nicht negativ sein.").waitFor();
      expect(await save.isDisabled()).toBe(true);
      await own.getByLabel("Preis pro Spieler").fill("5");
      await own.getByRole("radio", { name: "Hoch", exact: true }).waitFor();
      await own.getByRole("radio", { name: "Mittel" }).click();
      expect(await save.isDisabled()).toBe(false);
      await shot(own, "games-edit-details");
      await save.click();
      await own.waitForURL(/\/game\/\d+$/);
      await own.getByText("Mittel", { exact: true }).waitFor();
      // Saving says so on the game page.
      await own.getByText("Deine Änderungen sind gespeichert.").waitFor();
      await shot(own, "games-edit-saved");

      await own.goto(`${new URL(own.url()).pathname}/edit-court`);
      await own.getByRole("heading", { name: "Platz ändern", level: 1 }).waitFor();
      await own.getByRole("list").getByRole("button", { name: /Tempelhofer Feld Bolzplatz/ }).click();
      await shot(own, "games-edit-court");
      await own.getByRole("button", { name: "Platz speichern" }).click();
      await own.waitForURL(/\/game\/\d+$/);
      await own.getByRole("heading", { name: "Hallenkick Moabit", level: 1 }).waitFor();
      await own.getByText("Tempelhofer Damm, 12101 Berlin").first().waitFor();
      await orga.close();

      // English, and a phone in another time zone gets the pitch-time warning.
      const abroad = await h.browser.newContext({
        baseURL: h.baseUrl,
        viewport: VIEWPORT,
        locale: "en-US",
        timezoneId: "America/New_York",
      });
      await abroad.addInitScript(() => localStorage.setItem("kickrunde.locale", "en"));
      const en = await abroad.newPage();
      await explained(en, async () => {
        await en.goto("/games/berlin");
        await en.getByRole("link", { name: /Hallenkick Moabit/ }).click();
        await en.getByRole("heading", { name: "Hallenkick Moabit", level: 1 }).waitFor();
        await en.getByText(/All times are local pitch time \(Germany\)\. Kick-off at 20:00 is 1[45]:00 where you are/).waitFor();
        await en.getByText("Organised by").waitFor();
      });
      await shot(en, "games-game-en-new-york");
      await abroad.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "creating needs a confirmed e-mail; guests are asked to sign in",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/create/game");
      await page.waitForURL(/\/login\?redirect=/);
      await page.getByText("Melde Dich an, um fortzufahren.").waitFor();
      // lukas@ has not confirmed his address yet (demo data).
      await fillSignInForm(page, "lukas@kickrunde.de");
      await page.waitForURL(/\/create\/game$/);
      await page.getByRole("heading", { name: "Bestätige zuerst Deine E-Mail-Adresse" }).waitFor();
      expect(await page.getByRole("button", { name: "Kickrunde erstellen" }).count()).toBe(0);
      await shot(page, "games-create-verify");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
