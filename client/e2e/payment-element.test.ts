import { describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { daysAhead, E2E_TIMEOUT, eventually, shot, signIn, useHarness, test } from "./harness";
import { createManagedGame, demoManagedGameId, joinAndOpenCheckout } from "./payment-helpers";

const h = useHarness();

/**
 * The Payment Element path of the checkout modal (issue 13, real Stripe: a publishable key and no
 * hosted page). The harness runs the Stripe emulator, so the join answer is rewritten on its way to
 * the page (publishableKey "pk_test_e2e", checkoutUrl null) and js.stripe.com is blocked: the modal
 * loads its payment-element chunk only then, cannot load Stripe.js and says so, with a retry and,
 * where the game allows cash requests, the hint to pay in cash.
 */

/** Rewrites every payment in tRPC answers to what a real Stripe account gives, and blocks Stripe.js. */
async function asRealStripeOffline(page: Page): Promise<{ stripeRequests: () => number }> {
  let stripeRequests = 0;
  await page.route("https://js.stripe.com/**", (route) => {
    stripeRequests += 1;
    return route.abort("blockedbyclient");
  });
  await page.route(/\/trpc\//, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return route.fulfill({ response, body: text });
    }
    const rewrite = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(rewrite);
      if (value === null || typeof value !== "object") return;
      const record = value as Record<string, unknown>;
      if ("clientSecret" in record && "publishableKey" in record && "checkoutUrl" in record) {
        record.publishableKey = "pk_test_e2e";
        record.checkoutUrl = null;
      }
      Object.values(record).forEach(rewrite);
    };
    rewrite(body);
    return route.fulfill({ response, body: JSON.stringify(body) });
  });
  return { stripeRequests: () => stripeRequests };
}

/** Every script the page asks for, to see when the payment-element chunk loads. */
function scriptLog(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

const isPaymentElementChunk = (url: string) => /\/assets\/payment-element[-.][^/]*\.js$/.test(url);

describe("the Payment Element checkout (real Stripe)", () => {
  test(
    "Stripe.js cannot load: the modal says so, offers a retry, and the chunk loads only when the modal needs it",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");
      const gameId = await demoManagedGameId(context);

      const stripe = await asRealStripeOffline(page);
      const scripts = scriptLog(page);
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter(isPaymentElementChunk)).toEqual([]);
      expect(stripe.stripeRequests()).toBe(0);

      const checkout = await joinAndOpenCheckout(page, gameId);
      await checkout.getByText("Die Zahlung kann gerade nicht geladen werden.").waitFor();
      expect(scripts.filter(isPaymentElementChunk).length).toBe(1);
      expect(stripe.stripeRequests()).toBeGreaterThan(0);
      // The emulator's hosted-page button and the old "unavailable" notice are not shown.
      expect(await checkout.getByRole("button", { name: "Jetzt bezahlen" }).count()).toBe(0);
      expect(await checkout.getByText("Online-Zahlung ist in dieser Version").count()).toBe(0);
      // The demo game takes no cash requests: no cash hint.
      expect(await checkout.getByText(/Bar bezahlen/).count()).toBe(0);
      await shot(page, "payment-element-load-failed");

      // Retry: Stripe.js is asked for again and still fails, without a crash.
      const before = stripe.stripeRequests();
      await checkout.getByRole("button", { name: "Erneut laden" }).click();
      await eventually(() => expect(stripe.stripeRequests()).toBeGreaterThan(before), { what: "Stripe.js asked for again" });
      await checkout.getByText("Die Zahlung kann gerade nicht geladen werden.").waitFor();

      // "Später bezahlen" closes the modal; the place stays reserved.
      await checkout.getByRole("button", { name: "Später bezahlen" }).click();
      await checkout.waitFor({ state: "detached" });
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "in a game that takes cash requests, the notice points to paying in cash",
    async () => {
      // early in the morning: no demo game is then, so the player is free whatever day the run starts on (Berlin or UTC)
      const gameId = await createManagedGame(h, daysAhead(2, 5), { externalPaymentRequestsAllowed: true, minPlayers: 2, maxPlayers: 12 });
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");
      await asRealStripeOffline(page);
      const checkout = await joinAndOpenCheckout(page, gameId);
      await checkout.getByText("Die Zahlung kann gerade nicht geladen werden.").waitFor();
      await checkout.getByText(/tipp bei Deiner Teilnahme auf „Bar bezahlen“/).waitFor();
      await shot(page, "payment-element-load-failed-cash");
      await checkout.getByRole("button", { name: "Schließen" }).last().click();
      await checkout.waitFor({ state: "detached" });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
