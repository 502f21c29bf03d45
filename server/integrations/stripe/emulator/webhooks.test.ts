import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { constructWebhookEvent, createStripeClient } from "../client";
import { startStripeEmulator, type StripeEmulator } from "./index";
import { signWebhookPayload } from "./webhooks";

// Webhook delivery: Stripe's signature scheme (checked with the SDK's own constructEventAsync),
// asynchronous delivery with retries, and the switches tests use to deliver events themselves.

type Received = { payload: string; signature: string; contentType: string | null };

/** A webhook endpoint that records what arrives and answers with `status()`. */
function startReceiver() {
  const received: Received[] = [];
  let status: () => number = () => 200;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      received.push({ payload: await req.text(), signature: req.headers.get("stripe-signature") ?? "", contentType: req.headers.get("content-type") });
      return new Response(null, { status: status() });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/api/stripe/webhook`,
    received,
    answer(fn: () => number) {
      status = fn;
    },
    close: () => server.stop(true),
  };
}

let emulator: StripeEmulator;
let stripe: Stripe;
let receiver: ReturnType<typeof startReceiver>;
const givenUp: string[] = [];

beforeAll(async () => {
  receiver = startReceiver();
  emulator = await startStripeEmulator({ webhookUrl: receiver.url, retryDelaysMs: [20, 40], onDeliveryFailed: (d) => givenUp.push(d.eventId) });
  stripe = createStripeClient(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: "http" });
});
afterAll(async () => {
  await emulator.close();
  receiver.close();
});
afterEach(() => {
  receiver.answer(() => 200);
  emulator.setWebhookUrl(receiver.url);
  emulator.resumeDeliveries({ deliverHeld: false });
});

describe("signatures", () => {
  test("the SDK's constructEventAsync accepts every delivered event and refuses a tampered one", async () => {
    const start = receiver.received.length;
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: "eur", allowed_payment_method_types: ["card"] });
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await emulator.waitForDeliveries();
    const got = receiver.received.slice(start);
    expect(got.length).toBe(3);
    const types: string[] = [];
    for (const r of got) {
      expect(r.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.contentType).toStartWith("application/json");
      const event = await stripe.webhooks.constructEventAsync(r.payload, r.signature, emulator.webhookSecret);
      types.push(event.type);
      if (event.type.startsWith("payment_intent.")) expect((event.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    }
    expect(types.sort()).toEqual(["charge.succeeded", "payment_intent.created", "payment_intent.succeeded"]);

    const first = got[0]!;
    const tampered = first.payload.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(first.payload);
    await expect(stripe.webhooks.constructEventAsync(tampered, first.signature, emulator.webhookSecret)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(stripe.webhooks.constructEventAsync(first.payload, first.signature, "whsec_not_the_secret")).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  test("the header is exactly the SDK's own test header; an old timestamp fails Stripe's 5-minute tolerance", async () => {
    const payload = JSON.stringify({ id: "evt_test", object: "event" });
    const t = Math.floor(Date.now() / 1000);
    const sdkHeader = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: emulator.webhookSecret, timestamp: t });
    expect(signWebhookPayload(payload, emulator.webhookSecret, t)).toBe(sdkHeader);

    const event = emulator.events.at(-1)!;
    const old = emulator.signedRequest(event, t - 301);
    await expect(stripe.webhooks.constructEventAsync(old.payload, old.signature, emulator.webhookSecret)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const fresh = emulator.signedRequest(event);
    expect((await stripe.webhooks.constructEventAsync(fresh.payload, fresh.signature, emulator.webhookSecret)).id).toBe(event.id);
  });

  test("constructWebhookEvent tries each endpoint secret (platform and Connect endpoints)", async () => {
    const event = emulator.events.at(-1)!;
    const { payload, signature } = emulator.signedRequest(event);
    const payments = { stripe, webhookSecrets: ["whsec_platform_other", emulator.webhookSecret] };
    expect((await constructWebhookEvent(payments, payload, signature)).id).toBe(event.id);
    await expect(constructWebhookEvent({ stripe, webhookSecrets: ["whsec_a", "whsec_b"] }, payload, signature)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

describe("delivery", () => {
  test("asynchronous: the API answers before the webhook arrives", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch() {
        await gate;
        return new Response("ok");
      },
    });
    emulator.setWebhookUrl(`http://127.0.0.1:${slow.port}/hook`);
    const before = emulator.deliveries.length;
    await stripe.paymentIntents.create({ amount: 600, currency: "eur" });
    expect(emulator.deliveries.length).toBe(before);
    release();
    await emulator.waitForDeliveries();
    expect(emulator.deliveries.slice(before).map((d) => d.status)).toEqual([200]);
    slow.stop(true);
  });

  test("retried with pauses on non-2xx until it succeeds; each attempt signed anew", async () => {
    let calls = 0;
    receiver.answer(() => (++calls <= 2 ? 500 : 200));
    const start = receiver.received.length;
    const before = emulator.deliveries.length;
    await stripe.paymentIntents.create({ amount: 700, currency: "eur" });
    await emulator.waitForDeliveries();
    const attempts = emulator.deliveries.slice(before);
    expect(attempts.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(new Set(receiver.received.slice(start).map((r) => r.payload)).size).toBe(1);
    for (const r of receiver.received.slice(start)) {
      expect((await stripe.webhooks.constructEventAsync(r.payload, r.signature, emulator.webhookSecret)).type).toBe("payment_intent.created");
    }
  });

  test("given up after the last retry (reported), also when the endpoint cannot be reached", async () => {
    receiver.answer(() => 400);
    const before = emulator.deliveries.length;
    await stripe.paymentIntents.create({ amount: 701, currency: "eur" });
    await emulator.waitForDeliveries();
    const event = emulator.events.at(-1)!;
    expect(emulator.deliveries.slice(before).map((d) => d.status)).toEqual([400, 400, 400]);
    expect(givenUp).toContain(event.id);

    emulator.setWebhookUrl("http://127.0.0.1:9/unreachable");
    const mid = emulator.deliveries.length;
    await stripe.paymentIntents.create({ amount: 702, currency: "eur" });
    await emulator.waitForDeliveries();
    const failed = emulator.deliveries.slice(mid);
    expect(failed).toHaveLength(3);
    expect(failed.every((d) => d.status === null && d.error !== null)).toBe(true);
  });

  test("without a webhook URL events are only recorded (pending_webhooks 0)", async () => {
    emulator.setWebhookUrl(null);
    const before = emulator.deliveries.length;
    await stripe.paymentIntents.create({ amount: 703, currency: "eur" });
    await emulator.waitForDeliveries();
    expect(emulator.deliveries.length).toBe(before);
    expect(emulator.events.at(-1)!.pending_webhooks).toBe(0);
  });
});

describe("test switches", () => {
  test("paused: events are held; the test delivers them itself in any order, twice, or resumes", async () => {
    emulator.pauseDeliveries();
    const start = receiver.received.length;
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: "eur", allowed_payment_method_types: ["card"] });
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await emulator.waitForDeliveries();
    expect(receiver.received.length).toBe(start);
    const held = [...emulator.heldEvents];
    expect(held.map((e) => e.type)).toEqual(["payment_intent.created", "charge.succeeded", "payment_intent.succeeded"]);

    for (const e of [...held].reverse()) expect((await emulator.deliver(e)).status).toBe(200);
    expect((await emulator.deliver(held[0]!)).ok).toBe(true);
    const got = receiver.received.slice(start);
    expect(got).toHaveLength(4);
    const ids = await Promise.all(got.map(async (r) => (await stripe.webhooks.constructEventAsync(r.payload, r.signature, emulator.webhookSecret)).id));
    expect(ids).toEqual([held[2]!.id, held[1]!.id, held[0]!.id, held[0]!.id]);

    emulator.resumeDeliveries();
    await emulator.waitForDeliveries();
    expect(receiver.received.length).toBe(start + 7);
    expect(emulator.heldEvents).toHaveLength(0);
  });

  test("resume without delivering the held events drops them", async () => {
    emulator.pauseDeliveries();
    const start = receiver.received.length;
    await stripe.paymentIntents.create({ amount: 1000, currency: "eur" });
    emulator.resumeDeliveries({ deliverHeld: false });
    await emulator.waitForDeliveries();
    expect(receiver.received.length).toBe(start);
    await stripe.paymentIntents.create({ amount: 1001, currency: "eur" });
    await emulator.waitForDeliveries();
    expect(receiver.received.length).toBe(start + 1);
  });
});
