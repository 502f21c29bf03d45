import { describe } from "bun:test";
import { changeLine, type NoticeChange } from "@shared/rules/game-change-notice";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

/**
 * Issue 23 item 16: when the organiser changes what players care about, the game chat gets a system
 * line saying what changed, in each reader's language; a change of nothing that matters (allowing cash
 * requests) writes none.
 */
describe("the game chat tells what changed", () => {
  test(
    "a moved start and a higher maximum: one line in German and in English; allowing cash requests adds none",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      // early in the morning, when no demo game holds a court or the organiser
      const start = daysAhead(5, 5);
      const later = new Date(start.getTime() + 15 * 60_000);
      const gameId = await createBerlinGame(h, orga, start, { title: "Frühkick" });
      await trpcCall(orga, "mutation", "games.update", { gameId, externalPaymentRequestsAllowed: true });
      await trpcCall(orga, "mutation", "games.update", { gameId, startTime: later, maxPlayers: 14 });

      const changes: NoticeChange[] = [
        { field: "startTime", from: start.toISOString(), to: later.toISOString() },
        { field: "maxPlayers", from: 12, to: 14 },
      ];
      for (const [locale, prefix] of [
        ["de-DE", "Spiel geändert: "],
        ["en-GB", "Game changed: "],
      ] as const) {
        const context = await h.newContext({ locale });
        const language = locale === "de-DE" ? "de" : "en";
        await context.addInitScript((l) => localStorage.setItem("kickrunde.locale", l), language);
        const page = await context.newPage();
        await page.goto(`/game/${gameId}/chat`);
        const line = `${prefix}${changes.map((c) => changeLine(c, language)).join("; ")}`;
        await page.getByText(line, { exact: true }).waitFor();
        // exactly one change line: the cash switch wrote none
        const lines = await page.getByText(prefix).count();
        if (lines !== 1) throw new Error(`expected one change line, found ${lines}`);
        await shot(page, `chat-change-line-${language}`);
        await context.close();
      }
      await orga.close();
    },
    E2E_TIMEOUT,
  );
});
