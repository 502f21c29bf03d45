import { describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { parseConfig } from "../../config";
import { createPayments, idempotencyKey } from "./client";
import { startStripeEmulator } from "./emulator";

describe("idempotencyKey", () => {
  test("deterministic, namespaced, from ids and versions", () => {
    expect(idempotencyKey("capture", 412, 1)).toBe("kickrunde:capture:412:1");
    expect(idempotencyKey("capture", 412, 1)).toBe(idempotencyKey("capture", "412", "1"));
    expect(idempotencyKey("account-link", "acct_123", "2026-11-23")).toBe("kickrunde:account-link:acct_123:2026-11-23");
  });

  test("refuses parts that are not ids (no e-mail addresses, no separators, nothing empty) and over-long keys", () => {
    expect(() => idempotencyKey("refund", "anna@example.com")).toThrow();
    expect(() => idempotencyKey("refund", "a:b")).toThrow();
    expect(() => idempotencyKey("refund", "")).toThrow();
    expect(() => idempotencyKey("", 1)).toThrow();
    expect(() => idempotencyKey("refund", "x".repeat(250))).toThrow(/255/);
  });
});

describe("createPayments", () => {
  test("off in production without keys", async () => {
    expect(await createPayments(parseConfig({ NODE_ENV: "production" }).stripe, { webhookUrl: null })).toBeNull();
  });

  test("outside production without keys: an in-process emulator with generated test keys, the SDK pointed at it", async () => {
    const payments = (await createPayments(parseConfig({ NODE_ENV: "test" }).stripe, { webhookUrl: null }))!;
    try {
      expect(payments.emulator).not.toBeNull();
      expect(payments.publishableKey).toBeNull();
      expect(payments.emulator!.secretKey).toStartWith("sk_test_");
      expect(payments.webhookSecrets).toEqual([payments.emulator!.webhookSecret]);
      expect(payments.webhookSecrets[0]).toStartWith("whsec_");
      const account = await payments.stripe.accounts.create({ type: "express" }, { idempotencyKey: idempotencyKey("account", 1) });
      expect(payments.emulator!.events).toHaveLength(0);
      expect((await payments.stripe.accounts.retrieve(account.id)).id).toBe(account.id);
    } finally {
      await payments.close();
    }
  });

  test("with keys and STRIPE_API_BASE: the same SDK code talks to that address (here an emulator started apart)", async () => {
    const remote = await startStripeEmulator({ secretKey: "sk_test_remote123" });
    try {
      const cfg = parseConfig({
        STRIPE_SECRET_KEY: "sk_test_remote123",
        STRIPE_PUBLISHABLE_KEY: "pk_test_remote123",
        STRIPE_WEBHOOK_SECRET: "whsec_remote",
        STRIPE_API_BASE: remote.url,
      }).stripe;
      const payments = (await createPayments(cfg, { webhookUrl: null }))!;
      expect(payments.emulator).toBeNull();
      expect(payments.publishableKey).toBe("pk_test_remote123");
      expect(payments.webhookSecrets).toEqual(["whsec_remote"]);
      const pi = await payments.stripe.paymentIntents.create({ amount: 500, currency: "eur" });
      expect(remote.events.map((e) => e.type)).toEqual(["payment_intent.created"]);
      expect((remote.events[0]!.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    } finally {
      await remote.close();
    }
  });

  test("checkout: Stripe.js with the publishable key, the emulator's hosted page without one, nothing against Stripe without one", async () => {
    const intent = { id: "pi_123", clientSecret: "pi_123_secret_abc" };
    const returnUrl = "http://127.0.0.1:3000/game/7?paid=1";
    const keys = { STRIPE_SECRET_KEY: "sk_test_x1", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const withKey = (await createPayments(parseConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: "pk_test_x1" }).stripe, { webhookUrl: null }))!;
    expect(withKey.checkout(intent, returnUrl)).toEqual({ kind: "stripe-js", clientSecret: "pi_123_secret_abc", publishableKey: "pk_test_x1" });
    const withoutKey = (await createPayments(parseConfig(keys).stripe, { webhookUrl: null }))!;
    expect(withoutKey.checkout(intent, returnUrl)).toBeNull();
    const emulated = (await createPayments(parseConfig({ NODE_ENV: "test" }).stripe, { webhookUrl: null }))!;
    try {
      const checkout = emulated.checkout(intent, returnUrl);
      expect(checkout).toEqual({ kind: "hosted", url: `${emulated.emulator!.url}/checkout/pi_123?${new URLSearchParams({ client_secret: intent.clientSecret, return_url: returnUrl })}` });
    } finally {
      await emulated.close();
    }
  });

  test("against api.stripe.com by default (no host override)", async () => {
    const payments = (await createPayments(parseConfig({ STRIPE_SECRET_KEY: "sk_test_x1", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe, { webhookUrl: null }))!;
    expect(payments.emulator).toBeNull();
    expect(payments.stripe._api.host).toBe("api.stripe.com");
    expect(payments.stripe._api.protocol).toBe("https");
  });
});
