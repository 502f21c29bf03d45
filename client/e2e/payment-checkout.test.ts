import { describe, expect } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { E2E_TIMEOUT, eventually, shot, signIn, useHarness, test } from "./harness";
import { demoManagedGameId, joinAndOpenCheckout, payOnEmulator, viewerParticipation } from "./payment-helpers";

const h = useHarness();

/**
 * Paying for a place in a managed-payment game (issue 13, spec 000 sections 2, 4, 8) against the local
 * Stripe emulator's hosted checkout page: join → checkout modal → the emulator's page → back to
 * /game/{id}?payment-return → confirmed (polled) → success dialog; a declined payment and its retry;
 * the admin's dry run and capture.
 */

let gameId = 0;
/** the demo game's price for one player */
const PRICE = "6,00\u00a0€";

async function paymentStatus(context: BrowserContext): Promise<string | undefined> {
  return (await viewerParticipation(context, gameId))?.paymentStatus;
}

describe("paying for a managed-payment game", () => {
  test(
    "a player joins, pays on the checkout page, comes back and sees the payment confirmed",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");
      gameId = await demoManagedGameId(context);

      const checkout = await joinAndOpenCheckout(page, gameId);
      await checkout.getByText(PRICE).waitFor();
      const timer = checkout.getByRole("timer", { name: "Verbleibende Zeit der Reservierung" });
      // 15 minutes, counting down in seconds
      expect(await timer.textContent()).toMatch(/^1[45]:\d\d$/);
      const first = await timer.textContent();
      // it ticks every second (2 s allow for a busy machine)
      await eventually(async () => expect(await timer.textContent()).not.toBe(first), { what: "the countdown ticking", timeoutMs: 5_000 });
      await shot(page, "checkout-modal");
      expect(await paymentStatus(context)).toBe("Open");

      // "Später bezahlen": the participation box keeps the countdown and the pay button.
      await checkout.getByRole("button", { name: "Später bezahlen" }).click();
      const pending = page.getByTestId("payment-pending");
      await pending.getByText("Zahlung ausstehend").waitFor();
      expect(await pending.getByRole("timer").textContent()).toMatch(/^1[45]:\d\d$/);
      await pending.scrollIntoViewIfNeeded();
      await shot(page, "checkout-pending-box");

      await pending.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await page.getByRole("dialog", { name: "Platz bezahlen" }).getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payOnEmulator(page, gameId, "Erfolgreich bezahlen", { amount: PRICE, shotName: "checkout-emulator-page" });

      const success = page.getByRole("dialog", { name: "Bezahlt – Du bist dabei!" });
      await success.waitFor();
      // The provider's parameters are gone from the address, without a history entry.
      expect(new URL(page.url()).search).toBe("");
      await shot(page, "checkout-success");
      await success.getByRole("button", { name: "Alles klar" }).click();
      await page.getByTestId("payment-paid").getByText("Bezahlt").waitFor();
      expect(await page.getByTestId("payment-pending").count()).toBe(0);
      // one status shown once: no toast still saying the confirmation is awaited beside "Bezahlt"
      expect(await page.getByText("wir warten noch auf die Bestätigung", { exact: false }).count()).toBe(0);
      await page.getByTestId("payment-paid").scrollIntoViewIfNeeded();
      await shot(page, "checkout-paid-box");
      expect(await paymentStatus(context)).toBe("Approved");
      // A place paid by card keeps its player count (the server refuses a change): no steps, and why, before any tap.
      const locked = page.getByTestId("paid-count-locked");
      await locked.getByText("Dein Platz ist bezahlt, deshalb bleibt die Spielerzahl.", { exact: false }).waitFor();
      expect(await page.getByRole("button", { name: "Spieler erhöhen" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Spieler verringern" }).isDisabled()).toBe(true);
      await locked.scrollIntoViewIfNeeded();
      await shot(page, "checkout-paid-count-locked");

      // The return address was replaced, not added: one step back is the provider's page again.
      await page.goBack();
      expect(new URL(page.url()).pathname).toStartWith("/checkout/");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a declined payment shows the payment-failed modal; its retry opens the checkout again and succeeds",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "mehmet@kickrunde.de");

      const checkout = await joinAndOpenCheckout(page, gameId);
      await checkout.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payOnEmulator(page, gameId, "Zahlung ablehnen lassen", { amount: PRICE });

      const failed = page.getByRole("dialog", { name: "Zahlung fehlgeschlagen" });
      await failed.waitFor();
      expect(new URL(page.url()).search).toBe("");
      await shot(page, "checkout-failed");
      expect(await paymentStatus(context)).toBe("Open");

      await failed.getByRole("button", { name: "Erneut versuchen" }).click();
      const again = page.getByRole("dialog", { name: "Platz bezahlen" });
      await again.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payOnEmulator(page, gameId, "Erfolgreich bezahlen", { amount: PRICE });
      await page.getByRole("dialog", { name: "Bezahlt – Du bist dabei!" }).waitFor();
      expect(await paymentStatus(context)).toBe("Approved");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin's collect-money panel: a dry run lists the held payments, then the capture takes them",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "admin@kickrunde.de");
      await page.goto(`/game/${gameId}`);
      const panel = page.getByRole("region", { name: "Geld einziehen" });
      await panel.waitFor();
      const capture = panel.getByRole("button", { name: "Jetzt einziehen" });
      expect(await capture.isDisabled()).toBe(true);

      await panel.getByRole("button", { name: "Probelauf" }).click();
      const result = panel.getByTestId("collect-result");
      await result.getByText("Probelauf: würde eingezogen").waitFor();
      const rows = result.getByRole("listitem");
      expect(await rows.count()).toBe(2);
      for (const name of ["Lena", "Mehmet"]) await rows.filter({ hasText: new RegExp(name, "i") }).getByText("vorgemerkt").waitFor();
      await result.getByText("Summe 12,00\u00a0€").waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shot(page, "collect-dry-run");
      // The dry run took nothing.
      const player = await h.newContext();
      await signIn(player, "spieler@kickrunde.de");
      expect(await paymentStatus(player)).toBe("Approved");

      await capture.click();
      await result.getByText("Ergebnis").waitFor();
      expect(await result.getByText("eingezogen", { exact: true }).count()).toBe(2);
      await shot(page, "collect-captured");
      // The capture answers at once; the mirror follows the provider's word.
      await eventually(async () => (await paymentStatus(player)) === "Captured", { what: "captured" });

      // Nothing is held any more.
      await panel.getByRole("button", { name: "Probelauf" }).click();
      await result.getByText("Keine vorgemerkten Zahlungen.").waitFor();
      await player.close();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
