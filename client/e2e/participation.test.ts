import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

/** The game the organiser creates for this file: 4 places, orga plays himself. */
let gameId = 0;

/** A context that has allowed notifications (the join flow asks for them). */
async function notifyingContext(): Promise<BrowserContext> {
  const context = await h.newContext();
  await context.grantPermissions(["notifications"], { origin: h.baseUrl });
  return context;
}

function playerList(page: Page) {
  return page.getByRole("table", { name: "Spieler", exact: true });
}

function waitingList(page: Page) {
  return page.getByRole("table", { name: "Warteliste", exact: true });
}

describe("joining", () => {
  test(
    "a guest joins with a first name and sees themself in the list",
    async () => {
      // The organiser's game: in three days at 10:00 UTC, 2 to 4 players, orga plays.
      gameId = await createBerlinGame(h, "orga@kickrunde.de", daysAhead(3, 10), {
        description: "Testrunde zum Mitspielen",
        teams: 2,
        gameMode: 2,
        minPlayers: 2,
        maxPlayers: 4,
        playerCount: 1,
        playsHimself: true,
      });

      const context = await notifyingContext();
      const page = await context.newPage();
      await page.goto(`/game/${gameId}`);
      const playAlong = page.getByRole("button", { name: "MITSPIELEN" });
      await playAlong.waitFor();
      await shot(page, "join-game-button");

      await playAlong.click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      await dialog.getByLabel("Dein Vorname").waitFor();
      // Guests may bring one more (spec 000 section 5).
      await dialog.getByRole("radio", { name: "Ich + 1" }).waitFor();
      expect(await dialog.getByRole("radio", { name: "Ich + 2" }).count()).toBe(0);
      await shot(page, "join-guest-form");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await dialog.getByText("Bitte gib einen Namen ein.").waitFor();
      await dialog.getByLabel("Dein Vorname").fill("Tarek");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();

      const success = page.getByRole("dialog", { name: "Du bist dabei!" });
      await success.getByText(/Du spielst als Gast mit/).waitFor();
      await success.getByRole("link", { name: "Registrieren" }).waitFor();
      await shot(page, "join-guest-success");
      await success.getByRole("button", { name: "Alles klar" }).click();

      await playerList(page).getByRole("link", { name: "Tarek" }).waitFor();
      await page.getByText("als Gast „Tarek“").waitFor();
      expect(await playAlong.count()).toBe(0);
      const stored = await page.evaluate(() => localStorage.getItem("kickrunde.anonymousParticipations"));
      expect(JSON.parse(stored ?? "[]")).toHaveLength(1);
      await page.getByRole("heading", { name: "Deine Teilnahme" }).scrollIntoViewIfNeeded();
      await shot(page, "join-guest-box");

      // The guest profile: name, "Gast" badge, ratings.
      await playerList(page).getByRole("link", { name: "Tarek" }).click();
      await page.waitForURL(/\/guest\/\d+$/);
      await page.getByRole("heading", { name: "Tarek", level: 1 }).waitFor();
      await page.getByText("Gast", { exact: true }).waitFor();
      await page.getByText(/^Dabei seit/).waitFor();
      await shot(page, "join-guest-profile");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a signed-in player joins with one extra",
    async () => {
      const context = await notifyingContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      await dialog.getByRole("radio", { name: "Ich + 2" }).waitFor();
      await dialog.getByRole("radio", { name: "Ich + 1" }).click();
      await dialog.getByRole("switch", { name: "Ich bringe einen Ball mit" }).click();
      await shot(page, "join-player-form");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      const success = page.getByRole("dialog", { name: "Du bist dabei!" });
      await success.waitFor();
      expect(await success.getByText(/Du spielst als Gast mit/).count()).toBe(0);
      await success.getByRole("button", { name: "Alles klar" }).click();

      const row = playerList(page).getByRole("row").filter({ hasText: "Lena" }).or(playerList(page).getByRole("row").filter({ hasText: "+1" }));
      await row.first().waitFor();
      await page.getByText("Du bist dabei").first().waitFor();
      await page.getByRole("heading", { name: "Deine Teilnahme" }).scrollIntoViewIfNeeded();
      await shot(page, "join-player-box");
      // The game is now full (orga 1 + Tarek 1 + 2).
      expect(await page.getByRole("button", { name: "MITSPIELEN" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the game is full: the next joiner lands on the waiting list",
    async () => {
      const context = await notifyingContext();
      const page = await context.newPage();
      await signIn(context, "admin@kickrunde.de");
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "Auf die Warteliste" }).click();
      const dialog = page.getByRole("dialog", { name: "Auf die Warteliste" });
      await dialog.getByText(/Die Kickrunde ist voll/).waitFor();
      await shot(page, "join-queue-form");
      await dialog.getByRole("button", { name: "Auf die Warteliste" }).click();
      const success = page.getByRole("dialog", { name: "Du stehst auf der Warteliste" });
      await success.waitFor();
      await shot(page, "join-queue-success");
      await success.getByRole("button", { name: "Alles klar" }).click();
      await waitingList(page).getByRole("row").first().waitFor();
      await page.getByText("Du stehst auf der Warteliste (Platz 1)").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the organiser removes a player and the first in the queue moves up",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");
      await page.goto(`/game/${gameId}`);
      await waitingList(page).waitFor();
      await page.getByRole("button", { name: "Aktionen für Tarek" }).click();
      const dialog = page.getByRole("dialog", { name: "Tarek" });
      await dialog.getByRole("button", { name: "Auf die Warteliste setzen" }).waitFor();
      await dialog.getByRole("radio", { name: "Anderer Grund" }).click();
      await dialog.getByRole("button", { name: "Entfernen" }).click();
      await dialog.getByText("Bitte schreib den Spielern eine Nachricht.").waitFor();
      await dialog.getByLabel(/Nachricht an den Spieler/).fill("Sorry, wir haben schon genug Leute.");
      await shot(page, "join-remove-player");
      await dialog.getByRole("button", { name: "Entfernen" }).click();
      await dialog.waitFor({ state: "hidden" });

      // Tarek is out; the admin from the waiting list moved up and the waiting list is gone.
      await playerList(page).getByRole("link", { name: "Tarek" }).waitFor({ state: "detached" });
      await waitingList(page).waitFor({ state: "detached" });
      const rows = await playerList(page).getByRole("row").count();
      expect(rows).toBe(4); // header + orga + spieler + admin
      await shot(page, "join-organiser-list", { full: true });
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin rates attendance",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "admin@kickrunde.de");
      await page.goto(`/game/${gameId}/attendance-list`);
      await page.getByRole("heading", { name: "Anwesenheitsliste", level: 1 }).waitFor();
      await page.getByRole("heading", { name: /^Absagen \(1\)/ }).waitFor();
      // "Came" is preselected for everyone but the organiser and the rater: nobody rates their own attendance.
      expect(await page.getByRole("radio", { name: "Da", checked: true }).count()).toBe(1);
      await page.getByText("Organisator – wird nicht bewertet").waitFor();
      await page.getByText("Du – bewertest dich nicht selbst").waitFor();
      await page.getByRole("radio", { name: "Zu spät" }).first().click();
      await shot(page, "join-attendance", { full: true });
      await page.getByRole("button", { name: "Bewertung speichern" }).click();
      await page.getByText("Danke! Die Bewertung ist gespeichert.").waitFor();
      const game = await trpcCall<{ receivedOrganizerReliabilityFeedback: boolean; participations: { organizerReliabilityFeedback: string | null }[] }>(
        page,
        "query",
        "games.byId",
        { gameId },
      );
      expect(game.receivedOrganizerReliabilityFeedback).toBe(true);
      expect(game.participations.map((p) => p.organizerReliabilityFeedback).sort()).toEqual(["CAME_LATE", null, null]);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
