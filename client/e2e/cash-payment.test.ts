import { describe, expect } from "bun:test";
import { daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";
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

      // The organiser sees the request at the top of the game page (issue 23 item 15), with the message
      // and both ways, as RE in the list and in the player's actions too, and declines from the notice.
      const organiser = await h.newContext();
      await signIn(organiser, "orga@kickrunde.de");
      const orga = await organiser.newPage();
      await orga.goto(`/game/${gameId}`);
      const requests = orga.getByRole("region", { name: "Barzahlung angefragt" });
      await requests.getByText("Mehmet möchte bar bezahlen").waitFor();
      await requests.getByText("„Ich bringe das Geld passend mit.“").waitFor();
      expect((await requests.boundingBox())!.y).toBeLessThan((await orga.getByRole("table").first().boundingBox())!.y);
      await shot(orga, "cash-organiser-notice");
      const row = orga.getByRole("row").filter({ hasText: "Mehmet" });
      expect(await row.getByTestId("payment-code").textContent()).toBe("RE");
      await row.getByRole("button", { name: "Aktionen für Mehmet" }).click();
      const modal = orga.getByRole("dialog", { name: "Mehmet" });
      await modal.getByText("„Ich bringe das Geld passend mit.“").waitFor();
      await shot(orga, "cash-organiser-modal");
      await modal.getByRole("button", { name: "Schließen" }).first().click();
      await modal.waitFor({ state: "hidden" });
      await requests.getByRole("button", { name: "Ablehnen" }).click();
      await orga.getByTestId("toast").getByText("Barzahlung von Mehmet abgelehnt.").waitFor();
      await requests.waitFor({ state: "detached" });
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
      // declined: the reservation runs again, with its countdown; "bitte online" stands without a "Bar bezahlen" beside it
      await page.getByTestId("payment-pending").getByRole("timer").waitFor();
      expect(await page.getByRole("button", { name: "Bar bezahlen" }).count()).toBe(0);
      await page.getByTestId("payment-pending").getByRole("button", { name: "Jetzt bezahlen" }).waitFor();
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

      // The player's place is theirs; the money is paid on site: "Barzahlung erlaubt", never "Bar bezahlt".
      await page.reload();
      const allowed = page.getByTestId("cash-allowed");
      await allowed.getByText("Barzahlung erlaubt", { exact: true }).waitFor();
      await allowed.getByText("Dein Platz ist sicher. Bezahle 5,00\u00a0€ vor Ort bar beim Organisator.").waitFor();
      expect(await page.getByText("Bar bezahlt").count()).toBe(0);
      expect(await page.getByTestId("cash-declined").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Bar bezahlen" }).count()).toBe(0);
      await allowed.scrollIntoViewIfNeeded();
      await shot(page, "cash-paid");
      // the same in English
      const english = await h.newContext({ locale: "en-GB" });
      await signIn(english, "mehmet@kickrunde.de");
      const en = await english.newPage();
      await en.goto(`/game/${gameId}`);
      await en.getByTestId("cash-allowed").getByText("Cash payment allowed", { exact: true }).waitFor();
      await shot(en, "cash-paid-en");
      await english.close();
      expect((await viewerParticipation<CashParticipation>(player, gameId))?.paymentStatus).toBe("PaidExternally");
    },
    E2E_TIMEOUT,
  );
});
