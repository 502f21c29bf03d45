import { describe, expect } from "bun:test";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

/**
 * Changing a managed-payment game (issue 13 "Changes to a managed game", spec 000 section 5): a warned
 * change is confirmed in a dialog that says what changes and that players may cancel free for 24
 * hours; switching a game with players to managed payment shows the hint that their money must still
 * be collected, confirmed with "Verstanden".
 */

type GameView = { id: number; title: string | null; startTime: Date; isManagedPayment: boolean; priceCents: number };

describe("changes to a managed-payment game", () => {
  test(
    "the organiser moves the demo managed game: the warning names the start time and the 24 hours, then it is saved",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      const feed = await trpcCall<{ games: GameView[] }>(orga, "query", "games.feed", { regionSlug: "berlin", filter: "organising" });
      const demo = feed.games.find((g) => g.title === "Kunstrasen-Kick mit Online-Zahlung");
      expect(demo?.isManagedPayment).toBe(true);
      const gameId = demo!.id;
      // A player joins (and is asked to pay): the change now affects someone.
      const player = await h.newContext();
      await signIn(player, "spieler@kickrunde.de");
      await trpcCall(player, "mutation", "participation.join", { gameId });

      const page = await orga.newPage();
      await page.goto(`/game/${gameId}/edit-details`);
      await page.getByRole("heading", { name: "Details ändern", level: 1 }).waitFor();
      const hour = page.getByLabel("Stunde");
      const before = Number(await hour.inputValue());
      await hour.selectOption(String(before === 21 ? 20 : before + 1));
      await page.getByRole("button", { name: "Änderungen speichern" }).click();

      const dialog = page.getByRole("dialog", { name: "Diese Änderung betrifft zahlende Spieler" });
      await dialog.waitFor();
      await dialog.getByText("die Startzeit").waitFor();
      await dialog.getByText("Betroffene Spieler können danach 24 Stunden lang kostenlos absagen.").waitFor();
      await shot(page, "managed-change-warning");
      // Cancelling the dialog saves nothing.
      await dialog.getByRole("button", { name: "Abbrechen" }).click();
      await dialog.waitFor({ state: "hidden" });
      const unchanged = await trpcCall<GameView>(orga, "query", "games.byId", { gameId });
      expect(unchanged.startTime.getTime()).toBe(new Date(demo!.startTime).getTime());

      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await dialog.getByRole("button", { name: "Änderung speichern" }).click();
      await page.waitForURL(new RegExp(`/game/${gameId}$`));
      await page.getByText("Deine Änderungen sind gespeichert.").waitFor();
      const saved = await trpcCall<GameView>(orga, "query", "games.byId", { gameId });
      expect(saved.startTime.getTime()).not.toBe(new Date(demo!.startTime).getTime());
      await orga.close();
      await player.close();
    },
    E2E_TIMEOUT,
  );

  test(
    'switching a game with players to managed payment shows the hint, confirmed with "Verstanden"',
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      // A 5 € game paid in cash; the price itself cannot be raised once a player is in (spec 000 section 8).
      const gameId = await createBerlinGame(h, orga, daysAhead(2, 17), { description: "Runde, die auf Online-Zahlung umstellt", priceCents: 500 });
      const player = await h.newContext();
      await signIn(player, "spieler@kickrunde.de");
      await trpcCall(player, "mutation", "participation.join", { gameId });

      const page = await orga.newPage();
      await page.goto(`/game/${gameId}/edit-details`);
      await page.getByRole("heading", { name: "Details ändern", level: 1 }).waitFor();
      await page.getByRole("switch", { name: "Online-Zahlung über Kickrunde" }).click();
      await page.getByRole("button", { name: "Änderungen speichern" }).click();

      const dialog = page.getByRole("dialog", { name: "Online-Zahlung einschalten" });
      await dialog.getByText("Ihr Geld musst Du weiterhin selbst einsammeln", { exact: false }).waitFor();
      await shot(page, "managed-change-switch-hint");
      await dialog.getByRole("button", { name: "Verstanden", exact: true }).click();
      await page.waitForURL(new RegExp(`/game/${gameId}$`));
      const saved = await trpcCall<GameView>(orga, "query", "games.byId", { gameId });
      expect(saved).toMatchObject({ isManagedPayment: true, priceCents: 500 });
      await orga.close();
      await player.close();
    },
    E2E_TIMEOUT,
  );
});
