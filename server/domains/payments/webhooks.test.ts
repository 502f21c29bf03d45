import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Deps } from "../../context";
import { paymentWebhookEvents, users } from "../../db/schema";
import { signWebhookPayload } from "../../integrations/stripe/emulator/webhooks";
import { testDeps } from "../../testing/test-db";
import type { PaymentChange } from "./events";
import { emulatorOf, eventDeliverer, eventsSince, organiserWithAccount, paymentInput, serveWebhooks, webhookPoster } from "../../testing/payment-fixtures";
import { findPayment, startPayment, type StartPaymentInput } from "./service";

let deps: Deps;
let organiser: { userId: number; accountId: string };
let deliver: ReturnType<typeof eventDeliverer>;
let post: ReturnType<typeof webhookPoster>;
beforeAll(async () => {
  deps = await testDeps();
  organiser = await organiserWithAccount(deps);
  deliver = eventDeliverer(deps);
  post = webhookPoster(deps);
});

const input = (over: Partial<StartPaymentInput> = {}): StartPaymentInput => paymentInput(organiser.accountId, { purpose: "court_booking", ...over });

/** An emulator event rewritten (another id, type, time or object): signed like the emulator signs, so it passes verification. */
function variant<T extends Stripe.Event>(event: T, change: (e: T) => void): T {
  const copy = structuredClone(event);
  copy.id = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
  change(copy);
  return copy;
}

const recorded = async (eventId: string) => (await deps.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.stripeEventId, eventId))).length;
const typed = (events: Stripe.Event[], type: string) => events.filter((e) => e.type === type);
const only = (events: Stripe.Event[], type: string) => {
  const found = typed(events, type);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe("the endpoint: signatures and answers", () => {
  test("a signed event is applied once: 200 applied, then 200 duplicate, one row in payment_webhook_events", async () => {
    const started = await startPayment(deps, null, input());
    const events = eventsSince(emulatorOf(deps));
    emulatorOf(deps).confirm(started.intentId, "success");
    const capturable = only(events(), "payment_intent.amount_capturable_updated");
    expect(await deliver(capturable)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await deliver(capturable)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await recorded(capturable.id)).toBe(1);
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_capture");
  });

  test("tampered, foreign, expired or missing signatures and tampered payloads are refused with 400 and a short JSON error", async () => {
    const started = await startPayment(deps, null, input());
    const emulator = emulatorOf(deps);
    const events = eventsSince(emulator);
    emulator.confirm(started.intentId, "success");
    const event = only(events(), "payment_intent.amount_capturable_updated");
    const { payload, signature } = emulator.signedRequest(event);
    const now = Math.floor(Date.now() / 1000);
    const refused = { status: 400, body: { error: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Invalid webhook signature" } } };
    const cases: [string, string, string | null][] = [
      ["payload changed", payload.replace('"amount": 1000', '"amount": 1'), signature],
      ["status changed", payload.replace('"status": "requires_capture"', '"status": "succeeded"'), signature],
      ["signature changed", payload, signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === "0" ? "1" : "0"}`)],
      ["signed with another secret", payload, signWebhookPayload(payload, "whsec_someone_else", now)],
      ["signed 301 seconds ago (Stripe's tolerance is 300)", payload, signWebhookPayload(payload, emulator.webhookSecret, now - 301)],
      ["no signature header", payload, null],
      ["an empty signature header", payload, ""],
      ["a header that is no signature", payload, "t=abc,v1=zz"],
      ["the timestamp of the header changed", payload, signature.replace(/^t=\d+/, `t=${now - 1}`)],
    ];
    for (const [name, body, sig] of cases) expect({ name, ...(await post(body, sig)) }).toEqual({ name, ...refused });
    expect(await recorded(event.id)).toBe(0);
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_payment_method");
    // within the tolerance the same delivery is good
    expect((await post(payload, signWebhookPayload(payload, emulator.webhookSecret, now - 290))).status).toBe(200);
  });

  test("a signed payload that is no event: 400; an event type we do not act on: recorded, 200 ignored", async () => {
    const emulator = emulatorOf(deps);
    const now = Math.floor(Date.now() / 1000);
    const notJson = "not json at all";
    expect(await post(notJson, signWebhookPayload(notJson, emulator.webhookSecret, now))).toMatchObject({ status: 400, body: { error: { code: "WEBHOOK_SIGNATURE_INVALID" } } });
    const noEvent = JSON.stringify({ hello: "world" });
    expect(await post(noEvent, signWebhookPayload(noEvent, emulator.webhookSecret, now))).toMatchObject({ status: 400, body: { error: { code: "WEBHOOK_EVENT_INVALID" } } });
    const balance = {
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "balance.available",
      created: now,
      data: { object: { object: "balance", available: [] } },
    } as unknown as Stripe.Event;
    expect(await deliver(balance)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    expect(await recorded(balance.id)).toBe(1);
    expect(await deliver(balance)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
  });

  test("events about intents and accounts that are not ours are recorded and ignored", async () => {
    const stripe = deps.payments!.stripe;
    const events = eventsSince(emulatorOf(deps));
    const foreign = await stripe.paymentIntents.create({ amount: 700, currency: "eur", allowed_payment_method_types: ["card"], capture_method: "automatic" });
    const stranger = await stripe.accounts.create({ type: "express" });
    emulatorOf(deps).completeOnboarding(stranger.id);
    for (const e of events()) expect({ type: e.type, answer: await deliver(e) }).toEqual({ type: e.type, answer: { status: 200, body: { received: true, outcome: "ignored" } } });
    expect(events().length).toBeGreaterThanOrEqual(2);
    expect(foreign.id).toStartWith("pi_");
  });

  test("off (no payments configured): the endpoint does not exist; other methods and a body over 512 KB are refused", async () => {
    const offPost = webhookPoster({ ...deps, payments: null });
    expect((await offPost("{}", "t=1,v1=00")).status).toBe(404);
    expect(await post("", "t=1,v1=00", { method: "GET" })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    const big = JSON.stringify({ pad: "x".repeat(600 * 1024) });
    expect((await post(big, "t=1,v1=00")).status).toBe(413);
  });
});

describe("order independence", () => {
  test("a late succeeded after canceled changes nothing; amount_capturable_updated after succeeded changes nothing", async () => {
    const cancelled = await startPayment(deps, null, input());
    const captured = await startPayment(deps, null, input());
    const events = eventsSince(emulatorOf(deps));
    const stripe = deps.payments!.stripe;
    await stripe.paymentIntents.cancel(cancelled.intentId);
    emulatorOf(deps).confirm(captured.intentId, "success");
    await stripe.paymentIntents.capture(captured.intentId);
    const all = events();
    const canceled = only(all, "payment_intent.canceled");
    expect(await deliver(canceled)).toMatchObject({ body: { outcome: "applied" } });
    // A succeeded for the cancelled intent, one second newer: Stripe never sends it; if it came, it would change nothing.
    const late = variant(canceled, (e) => {
      e.type = "payment_intent.succeeded";
      e.created += 1;
      Object.assign(e.data.object, { status: "succeeded", amount_received: 1000 });
    });
    expect(await deliver(late)).toMatchObject({ status: 200, body: { outcome: "unchanged" } });
    expect(await findPayment(deps, cancelled.paymentId)).toMatchObject({ status: "canceled", amountReceivedCents: 0 });

    const succeeded = typed(all, "payment_intent.succeeded").find((e) => (e.data.object as Stripe.PaymentIntent).id === captured.intentId)!;
    const capturable = typed(all, "payment_intent.amount_capturable_updated").find((e) => (e.data.object as Stripe.PaymentIntent).id === captured.intentId)!;
    const created = typed(all, "payment_intent.created").find((e) => (e.data.object as Stripe.PaymentIntent).id === captured.intentId);
    expect(await deliver(succeeded)).toMatchObject({ body: { outcome: "applied" } });
    expect(await deliver(capturable)).toMatchObject({ body: { outcome: "unchanged" } });
    if (created) expect(await deliver(created)).toMatchObject({ body: { outcome: "unchanged" } });
    expect(await findPayment(deps, captured.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 1000 });
  });

  test("within the early statuses the newer event wins; one second that cannot be ordered is settled by reading the intent", async () => {
    const changes: PaymentChange[] = [];
    const watching: Deps = { ...deps, paymentReactions: [async (_tx, c) => void changes.push(c)] };
    const deliverWatched = eventDeliverer(watching);
    const started = await startPayment(deps, null, input());
    const emulator = emulatorOf(deps);
    const events = eventsSince(emulator);
    emulator.confirm(started.intentId, "authentication"); // requires_action
    emulator.authenticate(started.intentId, "fail"); // back to requires_payment_method (payment_failed)
    const action = only(events(), "payment_intent.requires_action");
    const failed = only(events(), "payment_intent.payment_failed");
    const t = 2_000_000_000;
    // newer wins: failed at t+1 then the older requires_action at t is stale
    const newer = variant(failed, (e) => void (e.created = t + 1));
    const older = variant(action, (e) => void (e.created = t));
    expect(await deliverWatched(newer)).toMatchObject({ body: { outcome: "unchanged" } }); // requires_payment_method already
    expect(await deliverWatched(older)).toMatchObject({ body: { outcome: "unchanged" } }); // stale
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "requires_payment_method", lastEventCreated: t + 1 });
    // the same second: requires_action at t+2 applies, then payment_failed at t+2 cannot be ordered: Stripe is asked (requires_payment_method)
    expect(await deliverWatched(variant(action, (e) => void (e.created = t + 2)))).toMatchObject({ body: { outcome: "applied" } });
    expect(await deliverWatched(variant(failed, (e) => void (e.created = t + 2)))).toMatchObject({ body: { outcome: "applied" } });
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "requires_payment_method", lastEventCreated: t + 2 });
    expect(changes.filter((c) => !c.failure).map((c) => [c.before.status, c.payment.status, c.cause.kind])).toEqual([
      ["requires_payment_method", "requires_action", "event"],
      ["requires_action", "requires_payment_method", "read"],
    ]);
    // each payment_failed event is also reported once as a failure (the payer is told), stale or not
    expect(changes.filter((c) => c.failure).map((c) => c.payment.status)).toEqual(["requires_payment_method", "requires_payment_method"]);
  });

  test("refunds count by the charge's cumulative amount: duplicates and reordering never add up twice", async () => {
    const started = await startPayment(deps, null, input({ captureMethod: "automatic", amountCents: 2000 }));
    const emulator = emulatorOf(deps);
    const events = eventsSince(emulator);
    emulator.confirm(started.intentId, "success");
    const stripe = deps.payments!.stripe;
    await stripe.refunds.create({ payment_intent: started.intentId, amount: 500 });
    await stripe.refunds.create({ payment_intent: started.intentId, amount: 700 });
    const refunds = typed(events(), "charge.refunded");
    expect(refunds).toHaveLength(2);
    for (const e of [refunds[1]!, refunds[0]!, refunds[1]!, refunds[0]!]) await deliver(e);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ amountRefundedCents: 1200, amountReceivedCents: 2000 });
    for (const e of events().filter((x) => x.type.startsWith("payment_intent."))) await deliver(e);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountRefundedCents: 1200, amountReceivedCents: 2000 });
  });

  test("account.updated: the newest state wins whatever the order; the same second is settled by reading the account", async () => {
    const { userId, accountId } = await organiserWithAccount(deps, { complete: false });
    const emulator = emulatorOf(deps);
    const events = eventsSince(emulator);
    emulator.completeOnboarding(accountId, { outcome: "incomplete", businessType: "company" });
    emulator.completeOnboarding(accountId, { outcome: "complete", businessType: "company" });
    const [incomplete, complete] = typed(events(), "account.updated") as [Stripe.AccountUpdatedEvent, Stripe.AccountUpdatedEvent];
    const flags = async () =>
      (
        await deps.db
          .select({ done: users.paymentOnboardingCompleted, charges: users.paymentChargesEnabled, payouts: users.paymentPayoutsEnabled, type: users.paymentBusinessType })
          .from(users)
          .where(eq(users.id, userId))
      )[0];
    const t = 2_000_000_000;
    expect(await deliver(variant(complete, (e) => void (e.created = t + 1)))).toMatchObject({ body: { outcome: "applied" } });
    expect(await deliver(variant(incomplete, (e) => void (e.created = t)))).toMatchObject({ body: { outcome: "unchanged" } });
    expect(await flags()).toEqual({ done: true, charges: true, payouts: true, type: "company" });
    // the same second, disagreeing: the account is read (complete)
    expect(await deliver(variant(incomplete, (e) => void (e.created = t + 1)))).toMatchObject({ body: { outcome: "unchanged" } });
    expect(await flags()).toEqual({ done: true, charges: true, payouts: true, type: "company" });
    // an account event of a user still in onboarding, in order
    const other = await organiserWithAccount(deps, { complete: false });
    const more = eventsSince(emulator);
    emulator.completeOnboarding(other.accountId, { outcome: "incomplete" });
    expect(await deliver(only(more(), "account.updated"))).toMatchObject({ body: { outcome: "applied" } });
    const [row] = await deps.db.select({ done: users.paymentOnboardingCompleted, charges: users.paymentChargesEnabled }).from(users).where(eq(users.id, other.userId));
    expect(row).toEqual({ done: true, charges: false });
  });
});

describe("delivered by the emulator over HTTP, as Stripe does", () => {
  let served: ReturnType<typeof serveWebhooks>;
  beforeAll(() => {
    served = serveWebhooks(deps);
  });
  afterAll(() => served.close());

  test("a payment's whole life arrives asynchronously, every delivery answered 200, the mirror ends where Stripe ends", async () => {
    const emulator = emulatorOf(deps);
    const started = await startPayment(deps, null, input({ amountCents: 3000 }));
    emulator.confirm(started.intentId, "success");
    const stripe = deps.payments!.stripe;
    await stripe.paymentIntents.capture(started.intentId);
    await stripe.refunds.create({ payment_intent: started.intentId, amount: 1000 });
    await emulator.waitForDeliveries();
    const mine = emulator.deliveries.filter((d) => emulator.events.some((e) => e.id === d.eventId && JSON.stringify(e.data.object).includes(started.intentId)));
    expect(mine.length).toBeGreaterThanOrEqual(6);
    expect(mine.every((d) => d.status === 200)).toBe(true);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 3000, amountRefundedCents: 1000 });
  });
});
