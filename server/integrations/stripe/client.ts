import Stripe from "stripe";
import type { StripeConfig } from "../../config";
import type { Logger } from "../../lib/logger";
import { startStripeEmulator, type StripeEmulator } from "./emulator";

/**
 * The payments integration: the official `stripe` SDK, pointed at Stripe (keys from configuration)
 * or at the local emulator (emulator/index.ts) through the SDK's own host/port/protocol options. The code
 * that uses it is the same either way; only `emulator` tells which one is behind it.
 *
 * Rules for every caller:
 * - Every POST to Stripe passes a deterministic idempotency key made with `idempotencyKey(...)`
 *   (`stripe.paymentIntents.capture(id, params, { idempotencyKey: idempotencyKey("capture", participationId, version) })`),
 *   so a retried job or a request repeated after a crash can never charge, capture or refund twice.
 *   The same key with other parameters is refused by Stripe (StripeIdempotencyError): put everything
 *   that changes the request (amount, version) into the key.
 * - Webhooks are verified with `constructWebhookEvent` (Stripe's signature scheme and tolerance).
 */
export type Payments = {
  stripe: Stripe;
  /**
   * Signing secrets of the webhook endpoints that point at /api/stripe/webhook. In production there
   * are usually two: the endpoint for the platform's own events (payment intents, charges, refunds)
   * and the Connect endpoint for connected accounts' events (account.updated); each has its own secret.
   */
  webhookSecrets: readonly string[];
  /** for Stripe.js in the browser; null on the emulator (Stripe.js cannot load offline: `checkout` gives its hosted page) */
  publishableKey: string | null;
  /** the in-process emulator (offline default and tests), null against Stripe */
  emulator: StripeEmulator | null;
  /** How the customer confirms this intent in the browser; null when there is no way (Stripe without a publishable key). */
  checkout(intent: { id: string; clientSecret: string }, returnUrl: string): Checkout | null;
  close(): Promise<void>;
};

/**
 * How a browser confirms a payment intent: Stripe.js (the Payment Element) with the publishable key,
 * or, on the local emulator, where Stripe.js cannot load, its hosted checkout page, which sends the
 * customer back to the return URL with Stripe's parameters (`payment_intent`, `redirect_status`) as
 * Stripe.js does. Decided here, so the domain passes it on without knowing an emulator exists.
 */
export type Checkout = { kind: "stripe-js"; clientSecret: string; publishableKey: string } | { kind: "hosted"; url: string };

/** Deterministic keys stay well below Stripe's 255-character limit and never contain personal data. */
const KEY_PART = /^[A-Za-z0-9_.-]+$/;

/**
 * A deterministic idempotency key: `kickrunde:<purpose>:<part>:<part>…`, e.g.
 * `idempotencyKey("capture", participationId, attempt)` → `kickrunde:capture:412:1`. Parts are ids
 * and versions (letters, digits, `_ . -`), never e-mail addresses or names.
 */
export function idempotencyKey(purpose: string, ...parts: (string | number)[]): string {
  for (const p of [purpose, ...parts]) {
    const s = String(p);
    if (!KEY_PART.test(s)) throw new Error(`idempotency key part ${JSON.stringify(s)} must be letters, digits, _ . or -`);
  }
  const key = ["kickrunde", purpose, ...parts.map(String)].join(":");
  if (key.length > 255) throw new Error("idempotency key longer than Stripe's 255 characters");
  return key;
}

/** The SDK instance for a secret key, optionally pointed at another API address (the emulator). */
export function createStripeClient(secretKey: string, apiBase: { host: string; port: number; protocol: "http" | "https" } | null): Stripe {
  return new Stripe(secretKey, {
    ...(apiBase ? { host: apiBase.host, port: apiBase.port, protocol: apiBase.protocol } : {}),
    // The SDK retries network errors and 409/5xx answers, with its own idempotency key unless we pass ours.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Kickrunde" },
  });
}

/**
 * Payments as the configuration says: null when off (production without keys); against Stripe with
 * its keys; or, outside production without keys, an emulator started in-process whose events go to
 * `webhookUrl` (the app's own /api/stripe/webhook). `stateFile` keeps the emulator's accounts and
 * payments across restarts of the offline default.
 */
export async function createPayments(
  cfg: StripeConfig,
  opts: { webhookUrl: string | null; stateFile?: string; logger?: Logger },
): Promise<Payments | null> {
  if (cfg.mode === "off") return null;
  if (cfg.mode === "stripe") {
    const { publishableKey } = cfg;
    return {
      stripe: createStripeClient(cfg.secretKey, cfg.apiBase),
      webhookSecrets: cfg.webhookSecrets,
      publishableKey,
      emulator: null,
      checkout: (intent) => (publishableKey === null ? null : { kind: "stripe-js", clientSecret: intent.clientSecret, publishableKey }),
      close: async () => {},
    };
  }
  const emulator = await startStripeEmulator({
    webhookUrl: opts.webhookUrl,
    stateFile: opts.stateFile,
    onDeliveryFailed: (d) => opts.logger?.warn("stripe emulator: webhook delivery given up", { event: d.eventId, type: d.type, status: d.status, error: d.error }),
  });
  return {
    stripe: createStripeClient(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: "http" }),
    webhookSecrets: [emulator.webhookSecret],
    publishableKey: null,
    emulator,
    checkout: (intent, returnUrl) => ({ kind: "hosted", url: emulator.checkoutUrl({ id: intent.id, client_secret: intent.clientSecret }, returnUrl) }),
    close: () => emulator.close(),
  };
}

/**
 * Verifies a webhook request (raw body and Stripe-Signature header) against each endpoint secret
 * with the SDK's own check (`constructEventAsync`: HMAC and a 5-minute tolerance) and returns the
 * event; throws the SDK's StripeSignatureVerificationError when no secret matches.
 */
export async function constructWebhookEvent(payments: Pick<Payments, "stripe" | "webhookSecrets">, payload: string, signature: string): Promise<Stripe.Event> {
  let first: unknown;
  for (const secret of payments.webhookSecrets) {
    try {
      return await payments.stripe.webhooks.constructEventAsync(payload, signature, secret);
    } catch (e) {
      first ??= e;
    }
  }
  throw first ?? new Error("no webhook secret configured");
}
