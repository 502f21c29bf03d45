import type Stripe from "stripe";
import { createApp } from "../../app";
import type { Deps } from "../../context";
import { idempotencyKey } from "../../integrations/stripe/client";
import type { StripeEmulator } from "../../integrations/stripe/emulator";
import { createUser } from "../../testing/factories";
import { setPaymentAccount } from "../users/service";
import type { StartPaymentInput } from "./service";

/**
 * Test support for the payments domain (imported only by its tests): connected accounts on the run's
 * Stripe emulator, and the app's webhook endpoint, in-process or on a port the emulator can reach.
 */

export function emulatorOf(deps: Deps): StripeEmulator {
  if (!deps.payments?.emulator) throw new Error("the tests run against the local Stripe emulator");
  return deps.payments.emulator;
}

let accounts = 0;

/** A user whose connected account can take charges (or, with `complete: false`, is still in onboarding). */
export async function organiserWithAccount(deps: Deps, opts: { complete?: boolean } = {}): Promise<{ userId: number; accountId: string }> {
  const user = await createUser(deps);
  const account = await deps.payments!.stripe.accounts.create(
    { type: "express", country: "DE", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
    { idempotencyKey: idempotencyKey("test-account", user.id, ++accounts, Date.now()) },
  );
  await setPaymentAccount(deps.db, user.id, { stripeAccountId: account.id }, deps.clock.now());
  if (opts.complete ?? true) emulatorOf(deps).completeOnboarding(account.id);
  return { userId: user.id, accountId: account.id };
}

/**
 * Gives an existing user (an organiser) a connected account on the emulator that can take charges,
 * and the user row says so at once (as `account.updated` would), so games of theirs can take payments.
 */
export async function connectAccount(deps: Deps, userId: number): Promise<string> {
  const account = await deps.payments!.stripe.accounts.create(
    { type: "express", country: "DE", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
    { idempotencyKey: idempotencyKey("test-account", userId, ++accounts, Date.now()) },
  );
  await setPaymentAccount(
    deps.db,
    userId,
    { stripeAccountId: account.id, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true },
    deps.clock.now(),
  );
  emulatorOf(deps).completeOnboarding(account.id);
  return account.id;
}

let subjects = 0;

/** A payment to `destinationAccountId` of 10 € with a 0.99 € fee, on a subject id no other test uses. */
export function paymentInput(destinationAccountId: string, over: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    purpose: "participation",
    subjectId: 900_000 + ++subjects + Math.floor(Math.random() * 1000) * 1000,
    payerUserId: null,
    destinationAccountId,
    amountCents: 1000,
    applicationFeeCents: 99,
    captureMethod: "manual",
    attempt: 1,
    ...over,
  };
}

/** POSTs a webhook request to the app in-process (createApp's fetch), as Stripe would. */
export function webhookPoster(deps: Deps) {
  const app = createApp(deps, null);
  const env = { server: { requestIP: () => ({ address: "10.9.9.9", family: "IPv4", port: 0 }) } };
  return async (payload: string, signature: string | null, init: { method?: string } = {}) => {
    const headers = new Headers({ "content-type": "application/json; charset=utf-8" });
    if (signature !== null) headers.set("stripe-signature", signature);
    const res = await app.fetch(new Request(`${deps.config.publicUrl}/api/stripe/webhook`, { method: init.method ?? "POST", headers, body: init.method === "GET" ? null : payload }), env as never);
    return { status: res.status, body: (await res.json()) as { received?: true; outcome?: string; error?: { code: string; message: string } } };
  };
}

/** Delivers one emulator event, signed now (or at `timestamp`), to the app in-process. */
export function eventDeliverer(deps: Deps) {
  const post = webhookPoster(deps);
  const emulator = emulatorOf(deps);
  return (event: Stripe.Event, timestamp?: number) => {
    const { payload, signature } = emulator.signedRequest(event, timestamp);
    return post(payload, signature);
  };
}

/**
 * The app on a local port with the emulator's webhooks pointed at it (automatic, asynchronous delivery
 * with retries, like Stripe's). `close()` points them back to nowhere.
 */
export function serveWebhooks(deps: Deps) {
  const app = createApp(deps, null);
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  const emulator = emulatorOf(deps);
  emulator.setWebhookUrl(`http://127.0.0.1:${server.port}/api/stripe/webhook`);
  return {
    async close() {
      await emulator.waitForDeliveries().catch(() => undefined);
      emulator.setWebhookUrl(null);
      await server.stop(true);
    },
  };
}

/**
 * Marks the emulator's event log now; the returned function lists the events created since, oldest
 * first (the emulator keeps its newest 5,000, so indexes shift; ids do not).
 */
export function eventsSince(emulator: StripeEmulator): () => Stripe.Event[] {
  const before = new Set(emulator.events.map((e) => e.id));
  return () => emulator.events.filter((e) => !before.has(e.id));
}
