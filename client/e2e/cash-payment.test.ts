import { describe, expect, test } from "bun:test";
import { daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness } from "./harness";
import { createManagedGame, viewerParticipation } from "./payment-helpers";

const h = useHarness();

/**
 * Cash in a managed-payment game (issue 13 "Cash"; spec 000 sections 4-7): the player on Open asks to
 * pay in cash with a message ("Bar bezahlen"), the organiser declines in the player actions modal (code
 * DE on the player list and the attendance list), then allows (PA); the player sees the paid state.
 */

type CashParticipation = { paymentStatus: string; requestedExternalPaymentAt: Date | null; declinedExternalPaymentAt: Date | null };

describe("cash payment", () => {
  test(
    "requested with a message, declined (DE), then allowed (PA): the player sees each state",
    async () => {
      const gameId = await createManagedGame(h, daysAhead(2, 17), { externalPaymentRequestsAllowed: true, minPlayers: 2, maxPlayers: 12 });

      // Mehmet joins (Open) from a device that takes notifications, as the request needs them.
      const player = await h.newContext();
      await signIn(player, "mehmet@kickrunde.de");
      await trpcCall(player, "mutation", "participation.join", { gameId, deviceToken: "e2e-cash-device" });
      const page = await player.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByTestId("payment-pending").waitFor();
      await page.getByRole("button", { name: "Bar bezahlen" }).click();
      await page.getByLabel("Nachricht an den Organisator").fill("Ich bringe das Geld passend mit.");
      await page.getByRole("button", { name: "Barzahlung anfragen" }).scrollIntoViewIfNeeded();
      await shot(page, "cash-request-form");
      await page.getByRole("button", { name: "Barzahlung anfragen" }).click();
      const requested = page.getByTestId("cash-requested");
      await requested.getByText("Barzahlung angefragt").waitFor();
      await requested.scrollIntoViewIfNeeded();
      await shot(page, "cash-requested");
      // the request holds the place: no countdown while the organiser decides
      expect(await page.getByRole("timer").count()).toBe(0);
      await page.getByText("Dein Platz bleibt reserviert, bis der Organisator über Deine Barzahlung entschieden hat.").waitFor();
      expect((await viewerParticipation<CashParticipation>(player, gameId))?.requestedExternalPaymentAt).toBeInstanceOf(Date);

      // The organiser sees RE with the message and declines.
      const organiser = await h.newContext();
      await signIn(organiser, "orga@kickrunde.de");
      const orga = await organiser.newPage();
      await orga.goto(`/game/${gameId}`);
      const row = orga.getByRole("row").filter({ hasText: "Mehmet" });
      expect(await row.getByTestId("payment-code").textContent()).toBe("RE");
      await row.getByRole("button", { name: "Aktionen für Mehmet" }).click();
      const modal = orga.getByRole("dialog", { name: "Mehmet" });
      await modal.getByText("„Ich bringe das Geld passend mit.“").waitFor();
      await shot(orga, "cash-organiser-modal");
      await modal.getByRole("button", { name: "Ablehnen" }).click();
      await modal.waitFor({ state: "hidden" });
      await row.getByTestId("payment-code").getByText("DE", { exact: true }).waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot(orga, "cash-declined-player-list");

      // the attendance list shows the code too
      await orga.goto(`/game/${gameId}/attendance-list`);
      const attendanceRow = orga.getByRole("listitem").filter({ hasText: "Mehmet" });
      expect(await attendanceRow.getByTestId("payment-code").textContent()).toBe("DE");
      await shot(orga, "cash-attendance-de");

      // The player sees the decline.
      await page.reload();
      const declined = page.getByTestId("cash-declined");
      await declined.getByText("Barzahlung abgelehnt").waitFor();
      // declined: the reservation runs again, with its countdown
      await page.getByTestId("payment-pending").getByRole("timer").waitFor();
      await declined.scrollIntoViewIfNeeded();
      await shot(page, "cash-declined");

      // The organiser allows after all.
      await orga.goto(`/game/${gameId}`);
      await row.getByRole("button", { name: "Aktionen für Mehmet" }).click();
      await modal.getByRole("button", { name: "Barzahlung erlauben" }).click();
      await modal.waitFor({ state: "hidden" });
      await row.getByTestId("payment-code").getByText("PA", { exact: true }).waitFor();
      await shot(orga, "cash-allowed-player-list");
      await orga.goto(`/game/${gameId}/attendance-list`);
      expect(await orga.getByRole("listitem").filter({ hasText: "Mehmet" }).getByTestId("payment-code").textContent()).toBe("PA");

      // The player's place is paid.
      await page.reload();
      const paid = page.getByTestId("payment-paid");
      await paid.waitFor();
      expect(await page.getByTestId("cash-declined").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Bar bezahlen" }).count()).toBe(0);
      await paid.scrollIntoViewIfNeeded();
      await shot(page, "cash-paid");
      expect((await viewerParticipation<CashParticipation>(player, gameId))?.paymentStatus).toBe("PaidExternally");
    },
    E2E_TIMEOUT,
  );
});
