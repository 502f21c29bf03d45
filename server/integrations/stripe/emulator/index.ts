import type Stripe from "stripe";
import { completeOnboarding, ensureAccount, type BusinessType } from "./accounts";
import { createApi } from "./api";
import { authenticate, confirmWithOutcome, type AuthenticationResult, type ConfirmOutcome } from "./confirmation";
import type { PageLocale } from "./page-html";
import { checkoutUrl, createPages } from "./pages";
import { expireAuthorisation } from "./payment-intents";
import { EmulatorStore, randomId, readStateFile, stateWriter, type EmulatorKeys } from "./store";
import { createWebhookSender, signWebhookPayload, webhookPayload, type WebhookDelivery } from "./webhooks";

/**
 * A local stand-in for the part of Stripe's API Kickrunde uses, for tests and the offline default
 * (`npm start`, `bun dev`): an HTTP server on 127.0.0.1 that the official `stripe` SDK talks to
 * through its `host`/`port`/`protocol` options. It speaks Stripe's wire format and checks keys and
 * idempotency (api.ts), serves the hosted onboarding and checkout pages (pages.ts), and delivers
 * every event signed with Stripe's scheme to one webhook URL (webhooks.ts). One module per resource
 * beside it: accounts.ts, payment-intents.ts, confirmation.ts, charges.ts, events.ts, over the state
 * in store.ts and the parameter parsing and Stripe-style errors in validation.ts.
 *
 * Test controls are methods of the returned object, never HTTP routes. With `stateFile` the state
 * (keys included) survives restarts, so the offline default keeps its connected accounts.
 */
export type StripeEmulatorOptions = {
  /** generated (`sk_test_emulator_…`) or taken from the state file when not given */
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
  hostname?: string;
  port?: number;
  /** a JSON file the state is kept in across restarts (offline default); none: memory only */
  stateFile?: string;
  now?: () => number;
  /** pauses before each retry of a failed webhook delivery; Stripe retries for days, the emulator a few times */
  retryDelaysMs?: readonly number[];
  deliveryTimeoutMs?: number;
  /** told when a webhook delivery was given up after its last retry */
  onDeliveryFailed?: (delivery: WebhookDelivery) => void;
};

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;

export async function startStripeEmulator(options: StripeEmulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const persisted = readStateFile(options.stateFile);
  const keys: EmulatorKeys = {
    secretKey: options.secretKey ?? persisted?.keys.secretKey ?? randomId("sk_test_emulator_", 24),
    publishableKey: options.publishableKey ?? persisted?.keys.publishableKey ?? randomId("pk_test_emulator_", 24),
    webhookSecret: options.webhookSecret ?? persisted?.keys.webhookSecret ?? randomId("whsec_", 32),
  };
  const sender = createWebhookSender({
    secret: () => keys.webhookSecret,
    now,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    onGiveUp: options.onDeliveryFailed,
  });
  sender.setUrl(options.webhookUrl ?? null);
  const store = new EmulatorStore({
    now,
    origin: () => origin,
    pendingWebhooks: () => (sender.url ? 1 : 0),
    onEvent: (e) => sender.enqueue(e),
  });
  if (persisted) store.restore(persisted);

  const { changed, flush } = stateWriter(options.stateFile, () => ({ ...store.snapshot(), keys }));
  const api = createApi({ store, secretKey: keys.secretKey, changed });
  const pages = createPages({ store, changed });

  const server = Bun.serve({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/v1/")) return api(req, url);
      return (await pages(req, url)) ?? new Response("Not found", { status: 404 });
    },
  });
  const origin = `http://${server.hostname}:${server.port}`;

  /** Runs a test control: its state change is saved like an API request's. */
  const control = <T>(fn: () => T): T => {
    const result = fn();
    changed();
    return structuredClone(result);
  };

  return {
    /** the emulator's address; the SDK's host/port/protocol come from it */
    url: origin,
    host: server.hostname!,
    port: server.port!,
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    /** every event created, oldest first (also the ones not delivered) */
    events: store.events as readonly Stripe.Event[],
    /** every webhook delivery attempt, with its answer */
    deliveries: sender.deliveries,
    get webhookUrl() {
      return sender.url;
    },
    /** Where events are POSTed; null: events are only recorded. */
    setWebhookUrl(url: string | null) {
      sender.setUrl(url);
    },
    /** Holds back new events (recorded in `events` and `heldEvents`) so a test can deliver them itself, in any order. */
    pauseDeliveries() {
      sender.pause();
    },
    /** Resumes automatic delivery; the held events are sent now, or dropped with `{ deliverHeld: false }`. */
    resumeDeliveries(opts: { deliverHeld?: boolean } = {}) {
      sender.resume(opts);
    },
    get heldEvents(): readonly Stripe.Event[] {
      return sender.held;
    },
    /** Resolves when no delivery is in flight or waiting for a retry. */
    waitForDeliveries(timeoutMs = 10_000): Promise<void> {
      return sender.idle(timeoutMs);
    },
    /** One signed delivery of an event right now (no retries), to the webhook URL or `url`. */
    deliver(event: Stripe.Event, url?: string): Promise<WebhookDelivery> {
      return sender.deliverNow(event, url ?? sender.url);
    },
    /** The exact body and Stripe-Signature header the emulator would send for an event. */
    signedRequest(event: Stripe.Event, timestampSeconds = Math.floor(now() / 1000)): { payload: string; signature: string } {
      const payload = webhookPayload(event);
      return { payload, signature: signWebhookPayload(payload, keys.webhookSecret, timestampSeconds) };
    },
    /** A hosted checkout link for a payment intent: what the client opens instead of Stripe.js when running on the emulator. */
    checkoutUrl(intent: { id: string; client_secret: string | null }, returnUrl: string, locale?: PageLocale): string {
      return checkoutUrl(origin, intent, returnUrl, locale);
    },

    // ---- test controls (no HTTP route reaches them)
    /** An Express account under a fixed id (created once, no event): for the demo data's accounts. */
    ensureAccount(accountId: string, email: string | null): Stripe.Account {
      return control(() => ensureAccount(store, accountId, email));
    },
    /** As if the account holder finished (or abandoned) the hosted onboarding; emits account.updated. */
    completeOnboarding(accountId: string, opts: { businessType?: BusinessType; outcome?: "complete" | "incomplete" } = {}): Stripe.Account {
      return control(() => completeOnboarding(store, accountId, opts));
    },
    /** As if the customer confirmed on the checkout page with this outcome. */
    confirm(paymentIntentId: string, outcome: ConfirmOutcome, opts: { paymentMethodType?: string } = {}): Stripe.PaymentIntent {
      return control(() => confirmWithOutcome(store, paymentIntentId, outcome, opts).intent);
    },
    /** The 3-D Secure / wallet step of an intent in requires_action. */
    authenticate(paymentIntentId: string, result: AuthenticationResult): Stripe.PaymentIntent {
      return control(() => authenticate(store, paymentIntentId, result));
    },
    /** An uncaptured authorisation runs out: the intent becomes canceled (reason automatic), with charge.expired. */
    expireAuthorisation(paymentIntentId: string): Stripe.PaymentIntent {
      return control(() => expireAuthorisation(store, paymentIntentId));
    },

    /** The platform's fee given back so far on an intent's charge by refunds with `refund_application_fee`, in cents. */
    applicationFeeRefundedCents(paymentIntentId: string): number {
      const charge = store.intents.get(paymentIntentId)?.latest_charge;
      return typeof charge === "string" ? (store.applicationFeeRefunded.get(charge) ?? 0) : 0;
    },

    async close() {
      sender.close();
      await server.stop(true);
      flush();
    },
  };
}

export type { AuthenticationResult, BusinessType, ConfirmOutcome, WebhookDelivery };
