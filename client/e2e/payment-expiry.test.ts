import { describe, expect } from "bun:test";
import { daysAhead, E2E_TIMEOUT, eventually, shot, signIn, useHarness, test } from "./harness";
import { createManagedGame, joinAndOpenCheckout, viewerParticipation } from "./payment-helpers";

// A reservation waits 20 seconds for its payment here (the server's minimum), so expiry happens within the test.
const h = useHarness({ env: { PAYMENT_RESERVATION_SECONDS: "20" } });

describe("an unpaid reservation expires", () => {
  test(
    "player 1 does not pay: the reservation expires, the next in the waiting list is asked to pay, and a retry joins anew",
    async () => {
      // The organiser plays himself; one place is left, so the second joiner waits.
      const gameId = await createManagedGame(h, daysAhead(2, 17), { minPlayers: 2, maxPlayers: 2, playerCount: 1, playsHimself: true });

      const first = await h.newContext();
      const firstPage = await first.newPage();
      await signIn(first, "spieler@kickrunde.de");
      const checkout = await joinAndOpenCheckout(firstPage, gameId);
      expect(await checkout.getByRole("timer").textContent()).toMatch(/^00:(1\d|20)$/);
      await checkout.getByRole("button", { name: "Später bezahlen" }).click();
      await firstPage.getByTestId("payment-pending").waitFor();

      const second = await h.newContext();
      await second.grantPermissions(["notifications"], { origin: h.baseUrl });
      const secondPage = await second.newPage();
      await signIn(second, "mehmet@kickrunde.de");
      await secondPage.goto(`/game/${gameId}`);
      await secondPage.getByRole("button", { name: "Auf die Warteliste" }).click();
      await secondPage.getByRole("dialog", { name: "Auf die Warteliste" }).getByRole("button", { name: "Auf die Warteliste" }).click();
      await secondPage.getByRole("dialog", { name: "Du stehst auf der Warteliste" }).getByRole("button", { name: "Alles klar" }).click();
      expect(await viewerParticipation(second, gameId)).toMatchObject({ queue: true, paymentStatus: "None" });

      // Player 1's countdown runs out on screen: "Reservierung abgelaufen", word for word, with a retry.
      const expired = firstPage.getByTestId("reservation-expired");
      await expired.getByText("Reservierung abgelaufen", { exact: true }).waitFor({ timeout: 30_000 });
      await expired.getByRole("button", { name: "Erneut versuchen" }).waitFor();
      // said once: no "Du bist dabei" above it (issue 23 item 12)
      expect(await firstPage.getByText("Du bist dabei", { exact: true }).count()).toBe(0);
      expect(await firstPage.getByText("Reservierung abgelaufen", { exact: true }).count()).toBe(1);
      // the server gives the place up just after the deadline; the page follows without a reload:
      // Lena leaves the player list (with her TP) and the count
      const players = firstPage.getByRole("table").first();
      await players.getByRole("row").filter({ hasText: "Lena" }).waitFor({ state: "detached", timeout: 20_000 });
      expect(await players.getByTestId("payment-code").filter({ hasText: "TP" }).count()).toBe(0);
      await expired.scrollIntoViewIfNeeded();
      await shot(firstPage, "expiry-expired-box");

      // Player 2 moved up and is asked to pay, with a new 20-second reservation: the expiry job moved them
      // (waited for through the API), and their page shows it after a reload.
      await eventually(async () => (await viewerParticipation<{ queue: boolean }>(second, gameId))?.queue === false, { what: "player 2 moved up", timeoutMs: 30_000 });
      await secondPage.reload();
      await secondPage.getByRole("heading", { name: "Deine Teilnahme" }).waitFor();
      const pending = secondPage.getByTestId("payment-pending");
      await pending.getByText("Zahlung ausstehend").waitFor();
      expect(await viewerParticipation(second, gameId)).toMatchObject({ queue: false, paymentStatus: "Open" });
      await pending.scrollIntoViewIfNeeded();
      await shot(secondPage, "expiry-next-asked-to-pay");
      await pending.getByRole("button", { name: "Jetzt bezahlen" }).click();
      const nextCheckout = secondPage.getByRole("dialog", { name: "Platz bezahlen" });
      await nextCheckout.getByText("5,00\u00a0€").waitFor();
      expect(await nextCheckout.getByRole("button", { name: "Jetzt bezahlen" }).isEnabled()).toBe(true);

      // Player 1 was revoked; after a reload the page still says what happened, and the retry now
      // finds the game full again.
      expect(await viewerParticipation(first, gameId)).toBeNull();
      await firstPage.reload();
      const after = firstPage.getByTestId("reservation-expired");
      await after.getByText("Reservierung abgelaufen", { exact: true }).waitFor();
      await after.getByRole("button", { name: "Erneut versuchen" }).click();
      await after.getByRole("alert").waitFor();
      await shot(firstPage, "expiry-retry-full");

      // Player 2 does not pay either; the place is free again, and player 1's retry joins anew with a
      // new reservation and a new payment.
      const retried = firstPage.getByRole("dialog", { name: "Platz bezahlen" });
      await eventually(async () => (await viewerParticipation(second, gameId)) === null, { what: "player 2's reservation expired", timeoutMs: 40_000 });
      await after.getByRole("button", { name: "Erneut versuchen" }).click();
      await retried.getByRole("timer").waitFor();
      expect(await retried.getByRole("timer").textContent()).toMatch(/^00:(1\d|20)$/);
      expect(await viewerParticipation(first, gameId)).toMatchObject({ queue: false, paymentStatus: "Open" });
      expect(await viewerParticipation(second, gameId)).toBeNull();
      await shot(firstPage, "expiry-retry-checkout");
      await first.close();
      await second.close();
    },
    E2E_TIMEOUT,
  );
});
