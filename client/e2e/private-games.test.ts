import { describe, expect } from "bun:test";
import type { TGame } from "@shared/schemas/games";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

/**
 * Issue 23, item 11: a private game is reached through its share link (/game/{id}?key=…); its id alone
 * shows an outsider nothing but the not-found screen. The organiser's share modal gives the link with
 * the key and says who can see the game; with the link an outsider sees the game and joins.
 */
describe("private games", () => {
  test(
    "an outsider by id sees nothing; the organiser shares the link with its key; with it the outsider sees the game and joins",
    async () => {
      // early in the morning: no demo game holds the player then
      const gameId = await createBerlinGame(h, "orga@kickrunde.de", daysAhead(3, 5), { gameType: "PRIVATE", description: "Geheime Testrunde" });

      // The organiser: the share modal's link carries the key, with the hint who can see the game.
      const organiser = await h.newContext();
      await signIn(organiser, "orga@kickrunde.de");
      const game = await trpcCall<TGame>(organiser, "query", "games.byId", { gameId });
      expect(game.shareKey).toMatch(/^[0-9a-f]{32}$/);
      const orgaPage = await organiser.newPage();
      await orgaPage.goto(`/game/${gameId}`);
      await orgaPage.getByRole("button", { name: "Teilen" }).first().click();
      const modal = orgaPage.getByRole("dialog", { name: "Kickrunde teilen" });
      await modal.getByText("Privates Spiel: Nur wer diesen Link hat").waitFor();
      const link = await modal.getByLabel("Link zur Kickrunde").inputValue();
      expect(link).toBe(`${h.baseUrl}/game/${gameId}?key=${game.shareKey}`);
      await shot(orgaPage, "private-game-share-de");
      await organiser.close();

      // An outsider by id: the not-found screen, nothing of the game.
      const outsider = await h.newContext();
      await signIn(outsider, "spieler@kickrunde.de");
      const page = await outsider.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByText("Kickrunde konnte nicht gefunden werden.").waitFor();
      expect(await page.getByText("Geheime Testrunde").count()).toBe(0);
      expect(await page.locator('meta[property="og:title"]').count()).toBe(0);
      await shot(page, "private-game-by-id-de");

      // With the link: the game, and joining works.
      await page.goto(link);
      await page.getByText("Geheime Testrunde").first().waitFor();
      await shot(page, "private-game-by-link-de");
      await page.getByRole("button", { name: "MITSPIELEN" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.getByRole("dialog", { name: "Du bist dabei!" }).waitFor().catch(async (error) => {
        await shot(page, "private-game-join-failed");
        throw error;
      });
      await shot(page, "private-game-joined-de");
      // a player now: the bare id opens it too
      await page.goto(`/game/${gameId}`);
      await page.getByText("Geheime Testrunde").first().waitFor();
      await outsider.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "in English: the bare id shows the not-found screen; the link shows the game",
    async () => {
      // another organiser: one game per 30 seconds each (spec 000 section 8)
      const gameId = await createBerlinGame(h, "mehmet@kickrunde.de", daysAhead(4, 5), { gameType: "PRIVATE", description: "Secret test game" });
      const organiser = await h.newContext();
      await signIn(organiser, "mehmet@kickrunde.de");
      const { shareKey } = await trpcCall<TGame>(organiser, "query", "games.byId", { gameId });
      await organiser.close();

      const guest = await h.newContext({ locale: "en-GB" });
      const page = await guest.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByText("Game could not be found.").waitFor();
      expect(await page.getByText("Secret test game").count()).toBe(0);
      await shot(page, "private-game-by-id-en");
      await page.goto(`/game/${gameId}?key=${shareKey}`);
      await page.getByText("Secret test game").first().waitFor();
      await shot(page, "private-game-by-link-en");
      // whoever holds the link may pass it on: the share modal gives it with its key
      await page.getByRole("button", { name: "Share" }).first().click();
      const modal = page.getByRole("dialog", { name: "Share this game" });
      await modal.getByText("Private game: only people with this link").waitFor();
      expect(await modal.locator("#share-link").inputValue()).toBe(`${h.baseUrl}/game/${gameId}?key=${shareKey}`);
      await shot(page, "private-game-share-en");
      await guest.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a private weekly session's link carries the session's key: without it an outsider finds nothing, with it the next game opens and the outsider joins (de, en)",
    async () => {
      // another organiser again (one game per 30 seconds each), early in the morning
      const gameId = await createBerlinGame(h, "emma@kickrunde.de", daysAhead(6, 5), { gameType: "PRIVATE", isRecurringGame: true, description: "Geheime Wochenrunde" });
      const organiser = await h.newContext();
      await signIn(organiser, "emma@kickrunde.de");
      const template = (await trpcCall<TGameTemplate[]>(organiser, "query", "weekly.mine")).find((t) => t.latestGameId === gameId)!;
      expect(template.shareKey).toMatch(/^[0-9a-f]{32}$/);
      const { shareKey: gameKey } = await trpcCall<TGame>(organiser, "query", "games.byId", { gameId });
      expect(template.shareKey).not.toBe(gameKey);
      const link = `${h.baseUrl}/weekly-sessions/${template.id}/latest?key=${template.shareKey}`;

      // The organiser's session page shares the link with its key and says who sees the games.
      const orgaPage = await organiser.newPage();
      await orgaPage.goto(`/weekly-sessions/${template.id}`);
      const share = orgaPage.getByTestId("weekly-share");
      await share.getByText("Privat: nur wer den Link hat, sieht die Kickrunden.").waitFor();
      expect(await share.getByLabel("Link teilen").inputValue()).toBe(link);
      await share.scrollIntoViewIfNeeded();
      await shot(orgaPage, "private-weekly-share-de");
      await organiser.close();

      // An outsider without the key: the session is not found.
      const outsider = await h.newContext();
      await signIn(outsider, "sophie@kickrunde.de");
      const page = await outsider.newPage();
      await page.goto(`/weekly-sessions/${template.id}/latest`);
      await page.getByText("Wöchentliche Kickrunde konnte nicht gefunden werden.").waitFor();
      await shot(page, "private-weekly-latest-without-key-de");

      // With the link: on to the game with the game's own key, which the browser keeps; joining works.
      await page.goto(link);
      await page.waitForURL(`${h.baseUrl}/game/${gameId}?key=${gameKey}`);
      await page.getByText("Geheime Wochenrunde").first().waitFor();
      await shot(page, "private-weekly-latest-game-de");
      await page.getByRole("button", { name: "MITSPIELEN" }).first().click();
      await page.getByRole("dialog", { name: "Mitspielen" }).getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.getByRole("dialog", { name: "Du bist dabei!" }).waitFor();
      await shot(page, "private-weekly-joined-de");
      await outsider.close();

      // In English: the organiser's share card, and another outsider following the link lands on the game.
      const organiserEn = await h.newContext({ locale: "en-GB" });
      await signIn(organiserEn, "emma@kickrunde.de");
      const orgaPageEn = await organiserEn.newPage();
      await orgaPageEn.goto(`/weekly-sessions/${template.id}`);
      const shareEn = orgaPageEn.getByTestId("weekly-share");
      await shareEn.getByText("Private: only people with the link see the games.").waitFor();
      await shareEn.scrollIntoViewIfNeeded();
      await shot(orgaPageEn, "private-weekly-share-en");
      await organiserEn.close();
      const outsiderEn = await h.newContext({ locale: "en-GB" });
      await signIn(outsiderEn, "noah@kickrunde.de");
      const pageEn = await outsiderEn.newPage();
      await pageEn.goto(`/weekly-sessions/${template.id}/latest`);
      await pageEn.getByText("Weekly session could not be found.").waitFor();
      await shot(pageEn, "private-weekly-latest-without-key-en");
      await pageEn.goto(link);
      await pageEn.waitForURL(`${h.baseUrl}/game/${gameId}?key=${gameKey}`);
      await pageEn.getByText("Geheime Wochenrunde").first().waitFor();
      await shot(pageEn, "private-weekly-latest-game-en");
      // the game's key stayed with the browser: the bare id opens the game now
      await pageEn.goto(`/game/${gameId}`);
      await pageEn.getByText("Geheime Wochenrunde").first().waitFor();
      await outsiderEn.close();
    },
    E2E_TIMEOUT,
  );
});
