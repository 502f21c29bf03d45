import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { createStripeClient } from "../client";
import { startStripeEmulator, type StripeEmulator } from "./index";

// The official SDK against the emulator, endpoint by endpoint: answers, state machine, Stripe's
// error classes and codes, idempotency.

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  stripe = createStripeClient(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: "http" });
});
afterAll(() => emulator.close());

/** The error a call throws (fails the test when it does not throw). */
async function failure(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await p;
  } catch (e) {
    return e as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

const eventsAfter = (n: number) => emulator.events.slice(n).map((e) => e.type);

async function onboardedAccount(): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({
    type: "express",
    country: "DE",
    email: "orga@example.com",
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  return emulator.completeOnboarding(account.id);
}

const piParams = (destination: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}): Stripe.PaymentIntentCreateParams => ({
  amount: 1250,
  currency: "eur",
  capture_method: "manual",
  application_fee_amount: 114,
  transfer_data: { destination },
  allowed_payment_method_types: ["card", "paypal", "klarna"],
  metadata: { participationId: "17" },
  ...extra,
});

describe("authentication", () => {
  test("a wrong secret key is refused with StripeAuthenticationError, a missing one with 401", async () => {
    const wrong = createStripeClient("sk_test_wrong_key_123456", { host: emulator.host, port: emulator.port, protocol: "http" });
    const e = await failure(wrong.accounts.list());
    expect(e).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(e.message).toContain("Invalid API Key provided: sk_test_");
    expect(e.message).not.toContain("wrong_key_123456");
    const res = await fetch(`${emulator.url}/v1/accounts`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  test("an unknown URL is a Stripe-shaped 404", async () => {
    const res = await fetch(`${emulator.url}/v1/customers`, { headers: { authorization: `Bearer ${emulator.secretKey}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("Unrecognized request URL (GET: /v1/customers)");
  });
});

describe("accounts", () => {
  test("create, retrieve, list with pagination", async () => {
    const a = await stripe.accounts.create({
      type: "express",
      country: "DE",
      email: "orga@example.com",
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { userId: "2" },
    });
    expect(a.id).toMatch(/^acct_/);
    expect(a).toMatchObject({
      object: "account",
      type: "express",
      country: "DE",
      email: "orga@example.com",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      business_type: null,
      capabilities: { card_payments: "inactive", transfers: "inactive" },
      metadata: { userId: "2" },
      default_currency: "eur",
    });
    expect(a.requirements?.currently_due).toContain("business_type");
    expect((await stripe.accounts.retrieve(a.id)).email).toBe("orga@example.com");

    const b = await stripe.accounts.create({ type: "express" });
    const c = await stripe.accounts.create({ type: "express" });
    const first = await stripe.accounts.list({ limit: 2 });
    expect(first.object).toBe("list");
    expect(first.data.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first.has_more).toBe(true);
    const next = await stripe.accounts.list({ limit: 2, starting_after: b.id });
    expect(next.data[0]!.id).toBe(a.id);
  });

  test("update merges metadata (empty value deletes a key) and emits account.updated with previous_attributes", async () => {
    const a = await stripe.accounts.create({ type: "express", metadata: { userId: "3", keep: "x" } });
    const before = emulator.events.length;
    const u = await stripe.accounts.update(a.id, { metadata: { userId: "", region: "berlin" }, email: "new@example.com" });
    expect(u.metadata).toEqual({ keep: "x", region: "berlin" });
    expect(u.email).toBe("new@example.com");
    const [event] = emulator.events.slice(before) as Stripe.AccountUpdatedEvent[];
    expect(event!.type).toBe("account.updated");
    expect(event!.account).toBe(a.id);
    expect(event!.data.previous_attributes).toEqual({ email: null, metadata: { userId: "3", keep: "x" } });
  });

  test("onboarding (test control) enables charges and payouts; incomplete leaves requirements due", async () => {
    const a = await stripe.accounts.create({ type: "express", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
    const before = emulator.events.length;
    const done = emulator.completeOnboarding(a.id, { businessType: "company" });
    expect(done).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, business_type: "company" });
    expect(done.capabilities).toEqual({ card_payments: "active", transfers: "active" });
    expect(done.requirements?.currently_due).toEqual([]);
    const event = emulator.events[before] as Stripe.AccountUpdatedEvent;
    expect(event.type).toBe("account.updated");
    expect(event.data.object.charges_enabled).toBe(true);
    expect(event.data.previous_attributes).toMatchObject({ charges_enabled: false, details_submitted: false, business_type: null });

    const b = await stripe.accounts.create({ type: "express" });
    const half = emulator.completeOnboarding(b.id, { outcome: "incomplete" });
    expect(half).toMatchObject({ details_submitted: true, charges_enabled: false, payouts_enabled: false, business_type: "individual" });
    expect(half.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect(half.requirements?.disabled_reason).toBe("requirements.past_due");
    expect((await stripe.accounts.retrieve(b.id)).charges_enabled).toBe(false);
  });

  test("delete; a deleted or unknown account is a permission error (account_invalid), as Stripe answers", async () => {
    const a = await stripe.accounts.create({ type: "express" });
    const d = await stripe.accounts.del(a.id);
    expect(d).toMatchObject({ id: a.id, object: "account", deleted: true });
    const e = await failure(stripe.accounts.retrieve(a.id));
    expect(e).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(e.code).toBe("account_invalid");
  });

  test("unknown and malformed parameters are refused with Stripe's codes", async () => {
    const e = await failure(stripe.accounts.create({ type: "express", nickname: "x" } as Stripe.AccountCreateParams));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e.code).toBe("parameter_unknown");
    expect(e.param).toBe("nickname");
    const bad = await failure(stripe.accounts.create({ type: "weird" as "express" }));
    expect(bad.param).toBe("type");
  });
});

describe("account links", () => {
  test("a link to the hosted onboarding page, valid for a few minutes", async () => {
    const a = await stripe.accounts.create({ type: "express" });
    const link = await stripe.accountLinks.create({ account: a.id, type: "account_onboarding", refresh_url: "http://app.test/refresh", return_url: "http://app.test/done" });
    expect(link.object).toBe("account_link");
    expect(link.url.startsWith(`${emulator.url}/connect/onboarding/`)).toBe(true);
    expect(link.expires_at - link.created).toBe(300);
  });

  test("missing return_url, unknown account", async () => {
    const a = await stripe.accounts.create({ type: "express" });
    const missing = await failure(stripe.accountLinks.create({ account: a.id, type: "account_onboarding", refresh_url: "http://app.test/r" }));
    expect(missing.code).toBe("parameter_missing");
    expect(missing.param).toBe("return_url");
    const unknown = await failure(
      stripe.accountLinks.create({ account: "acct_nope", type: "account_onboarding", refresh_url: "http://app.test/r", return_url: "http://app.test/d" }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.code).toBe("resource_missing");
  });
});

describe("payment intents", () => {
  test("create with destination, fee, metadata and payment method types; retrieve; events", async () => {
    const account = await onboardedAccount();
    const before = emulator.events.length;
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    expect(pi).toMatchObject({
      object: "payment_intent",
      amount: 1250,
      currency: "eur",
      capture_method: "manual",
      application_fee_amount: 114,
      transfer_data: { destination: account.id },
      allowed_payment_method_types: ["card", "paypal", "klarna"],
      payment_method_types: ["card", "paypal", "klarna"],
      metadata: { participationId: "17" },
      status: "requires_payment_method",
      amount_capturable: 0,
      amount_received: 0,
      latest_charge: null,
    });
    expect(pi.client_secret).toStartWith(`${pi.id}_secret_`);
    expect(eventsAfter(before)).toEqual(["payment_intent.created"]);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_payment_method");
    const e = await failure(stripe.paymentIntents.retrieve("pi_missing"));
    expect(e.statusCode).toBe(404);
    expect(e.code).toBe("resource_missing");
  });

  test("without allowed_payment_method_types: automatic payment methods (card, klarna, paypal); default capture automatic_async", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 500, currency: "eur" });
    expect(pi.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: "always" });
    expect(pi.payment_method_types).toEqual(["card", "klarna", "paypal"]);
    expect(pi.capture_method).toBe("automatic_async");
  });

  test("refused: destination that cannot receive transfers, fee without destination, too small an amount, unknown method type", async () => {
    const fresh = await stripe.accounts.create({ type: "express" });
    const noCapability = await failure(stripe.paymentIntents.create(piParams(fresh.id)));
    expect(noCapability.code).toBe("insufficient_capabilities_for_transfer");
    expect(noCapability.param).toBe("transfer_data[destination]");
    const noSuchDestination = await failure(stripe.paymentIntents.create(piParams("acct_nobody")));
    expect(noSuchDestination.code).toBe("resource_missing");
    const fee = await failure(stripe.paymentIntents.create({ amount: 1000, currency: "eur", application_fee_amount: 50 }));
    expect(fee.param).toBe("application_fee_amount");
    const small = await failure(stripe.paymentIntents.create({ amount: 49, currency: "eur" }));
    expect(small.code).toBe("amount_too_small");
    const type = await failure(stripe.paymentIntents.create({ amount: 500, currency: "eur", allowed_payment_method_types: ["bitcoin"] }));
    expect(type.param).toBe("allowed_payment_method_types");
    // API version 2026-10-28 knows only allowed_payment_method_types; the old parameter is refused, as Stripe does.
    const legacy = await failure(stripe.rawRequest("POST", "/v1/payment_intents", { amount: 500, currency: "eur", payment_method_types: ["card"] }));
    expect(legacy.code).toBe("parameter_unknown");
    expect(legacy.message).toContain("allowed_payment_method_types");
    const missing = await failure(stripe.paymentIntents.create({ currency: "eur" } as Stripe.PaymentIntentCreateParams));
    expect(missing.code).toBe("parameter_missing");
    expect(missing.param).toBe("amount");
  });

  test("manual capture: confirm → requires_capture → partial capture → succeeded; a second capture is unexpected state", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    const before = emulator.events.length;
    const confirmed = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(confirmed.status).toBe("requires_capture");
    expect(confirmed.amount_capturable).toBe(1250);
    expect(confirmed.payment_method).toMatch(/^pm_/);
    expect(eventsAfter(before)).toEqual(["charge.succeeded", "payment_intent.amount_capturable_updated"]);

    const withCharge = await stripe.paymentIntents.retrieve(pi.id, { expand: ["latest_charge"] });
    const charge = withCharge.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: "charge", captured: false, amount: 1250, status: "succeeded", transfer_data: { destination: account.id } });

    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 1000 });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 1000, amount_capturable: 0 });
    expect(eventsAfter(before).slice(2)).toEqual(["charge.captured", "payment_intent.succeeded"]);

    const again = await failure(stripe.paymentIntents.capture(pi.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.code).toBe("payment_intent_unexpected_state");
    const cancel = await failure(stripe.paymentIntents.cancel(pi.id));
    expect(cancel.code).toBe("payment_intent_unexpected_state");
    const confirmAgain = await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" }));
    expect(confirmAgain.code).toBe("payment_intent_unexpected_state");
  });

  test("capture only from requires_capture and at most amount_capturable", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    expect((await failure(stripe.paymentIntents.capture(pi.id))).code).toBe("payment_intent_unexpected_state");
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const tooMuch = await failure(stripe.paymentIntents.capture(pi.id, { amount_to_capture: 2000 }));
    expect(tooMuch.param).toBe("amount_to_capture");
  });

  test("automatic capture: confirm → succeeded", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id, { capture_method: "automatic" }));
    const before = emulator.events.length;
    const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 1250 });
    expect(eventsAfter(before)).toEqual(["charge.succeeded", "payment_intent.succeeded"]);
  });

  test("decline: StripeCardError, the intent back at requires_payment_method with last_payment_error", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 800, currency: "eur", allowed_payment_method_types: ["card"] });
    const before = emulator.events.length;
    const e = (await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclinedInsufficientFunds" }))) as Stripe.errors.StripeCardError;
    expect(e).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(e.code).toBe("card_declined");
    expect(e.decline_code).toBe("insufficient_funds");
    expect(e.payment_intent?.id).toBe(pi.id);
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "insufficient_funds" });
    expect(eventsAfter(before)).toEqual(["charge.failed", "payment_intent.payment_failed"]);
    // a new attempt may succeed
    expect((await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" })).status).toBe("succeeded");
  });

  test("authentication: requires_action with a redirect, then authorised (test control) or failed", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    const before = emulator.events.length;
    const action = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_authenticationRequired", return_url: "http://app.test/back" });
    expect(action.status).toBe("requires_action");
    expect(action.next_action?.type).toBe("redirect_to_url");
    expect(action.next_action?.redirect_to_url?.return_url).toBe("http://app.test/back");
    expect(action.next_action?.redirect_to_url?.url).toStartWith(`${emulator.url}/checkout/${pi.id}/authenticate?`);
    expect(eventsAfter(before)).toEqual(["payment_intent.requires_action"]);
    expect(emulator.authenticate(pi.id, "authorise").status).toBe("requires_capture");

    const other = await stripe.paymentIntents.create(piParams(account.id));
    await stripe.paymentIntents.confirm(other.id, { payment_method: "pm_card_threeDSecure2Required" });
    const failed = emulator.authenticate(other.id, "fail");
    expect(failed.status).toBe("requires_payment_method");
    expect(failed.last_payment_error?.code).toBe("payment_intent_authentication_failure");
    expect(emulator.events.at(-1)!.type).toBe("payment_intent.payment_failed");
  });

  test("confirm without a payment method, with an unknown one, with a type the intent does not allow", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 800, currency: "eur", allowed_payment_method_types: ["paypal"] });
    expect((await failure(stripe.paymentIntents.confirm(pi.id))).code).toBe("payment_intent_unexpected_state");
    expect((await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_unknown" }))).code).toBe("resource_missing");
    expect((await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" }))).code).toBe("payment_intent_incompatible_payment_method");
  });

  test("cancel from requires_payment_method and requires_capture; not from succeeded or canceled", async () => {
    const account = await onboardedAccount();
    const open = await stripe.paymentIntents.create(piParams(account.id));
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: "requested_by_customer" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "requested_by_customer" });
    expect(canceled.canceled_at).toBeNumber();
    expect((await failure(stripe.paymentIntents.cancel(open.id))).code).toBe("payment_intent_unexpected_state");

    const held = await stripe.paymentIntents.create(piParams(account.id));
    await stripe.paymentIntents.confirm(held.id, { payment_method: "pm_card_visa" });
    const before = emulator.events.length;
    const released = await stripe.paymentIntents.cancel(held.id);
    expect(released).toMatchObject({ status: "canceled", amount_capturable: 0 });
    expect(eventsAfter(before)).toEqual(["payment_intent.canceled"]);
    const charge = await stripe.charges.retrieve(String(released.latest_charge));
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 1250 });
  });

  test("an authorisation expires (test control): canceled, reason automatic, charge.expired", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const before = emulator.events.length;
    expect(emulator.expireAuthorisation(pi.id)).toMatchObject({ status: "canceled", cancellation_reason: "automatic" });
    expect(eventsAfter(before)).toEqual(["charge.expired", "payment_intent.canceled"]);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("canceled");
  });

  test("update: amount and metadata before confirmation; only metadata once authorised", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    const updated = await stripe.paymentIntents.update(pi.id, { amount: 1500, application_fee_amount: 120, metadata: { participationId: "", extra: "1" } });
    expect(updated).toMatchObject({ amount: 1500, application_fee_amount: 120, metadata: { extra: "1" } });
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const refused = await failure(stripe.paymentIntents.update(pi.id, { amount: 2000 }));
    expect(refused.code).toBe("payment_intent_unexpected_state");
    expect((await stripe.paymentIntents.update(pi.id, { metadata: { note: "ok" } })).metadata).toEqual({ extra: "1", note: "ok" });
  });
});

describe("refunds", () => {
  test("partial and full refunds of a succeeded intent; never more than was captured", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id, { capture_method: "automatic" }));
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const before = emulator.events.length;
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 250, reason: "requested_by_customer", metadata: { why: "cancelled" } });
    expect(part).toMatchObject({ object: "refund", amount: 250, status: "succeeded", payment_intent: pi.id, currency: "eur", reason: "requested_by_customer" });
    expect(eventsAfter(before)).toEqual(["refund.created", "charge.refunded"]);
    const chargeEvent = emulator.events.at(-1) as Stripe.ChargeRefundedEvent;
    expect(chargeEvent.data.object).toMatchObject({ amount_refunded: 250, refunded: false, payment_intent: pi.id });

    const tooMuch = await failure(stripe.refunds.create({ payment_intent: pi.id, amount: 1001 }));
    expect(tooMuch.code).toBe("amount_too_large");
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(1000);
    expect((emulator.events.at(-1) as Stripe.ChargeRefundedEvent).data.object.refunded).toBe(true);
    expect((await failure(stripe.refunds.create({ payment_intent: pi.id }))).code).toBe("charge_already_refunded");
    expect((await stripe.refunds.retrieve(part.id)).metadata).toEqual({ why: "cancelled" });
    expect((await failure(stripe.refunds.retrieve("re_missing"))).code).toBe("resource_missing");
  });

  test("a refund only on a succeeded intent: not on an authorisation (cancel that instead)", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect((await failure(stripe.refunds.create({ payment_intent: pi.id }))).code).toBe("payment_intent_unexpected_state");
    expect((await failure(stripe.refunds.create({}))).type).toBe("StripeInvalidRequestError");
  });

  test("after a partial capture only the captured amount can be refunded", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 600 });
    expect((await failure(stripe.refunds.create({ payment_intent: pi.id, amount: 601 }))).code).toBe("amount_too_large");
    expect((await stripe.refunds.create({ payment_intent: pi.id })).amount).toBe(600);
  });
});

describe("events", () => {
  test("retrieve and list (filtered by type)", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: "eur" });
    const created = emulator.events.findLast((e) => e.type === "payment_intent.created")!;
    const fetched = await stripe.events.retrieve(created.id);
    expect(fetched).toMatchObject({ id: created.id, type: "payment_intent.created", object: "event", livemode: false, api_version: Stripe.API_VERSION });
    expect((fetched.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    expect(fetched.request?.id).toMatch(/^req_/);
    const list = await stripe.events.list({ type: "payment_intent.created", limit: 3 });
    expect(list.data.every((e) => e.type === "payment_intent.created")).toBe(true);
    expect(list.data[0]!.id).toBe(created.id);
    expect((await failure(stripe.events.retrieve("evt_missing"))).statusCode).toBe(404);
  });
});

describe("idempotency", () => {
  test("same key and parameters: the same answer, replayed, and the effect happens once", async () => {
    const account = await onboardedAccount();
    const before = emulator.events.length;
    const key = `test-${crypto.randomUUID()}`;
    const a = await stripe.paymentIntents.create(piParams(account.id), { idempotencyKey: key });
    const b = await stripe.paymentIntents.create(piParams(account.id), { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(eventsAfter(before)).toEqual(["payment_intent.created"]);

    const raw = await fetch(`${emulator.url}/v1/payment_intents/${a.id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.secretKey}`, "idempotency-key": `${key}-cancel`, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const replay = await fetch(`${emulator.url}/v1/payment_intents/${a.id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.secretKey}`, "idempotency-key": `${key}-cancel`, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(raw.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(await raw.text());
  });

  test("same key with other parameters: StripeIdempotencyError", async () => {
    const key = `test-${crypto.randomUUID()}`;
    await stripe.paymentIntents.create({ amount: 900, currency: "eur" }, { idempotencyKey: key });
    const e = await failure(stripe.paymentIntents.create({ amount: 901, currency: "eur" }, { idempotencyKey: key }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(e.statusCode).toBe(400);
    expect(e.message).toContain("Keys for idempotent requests can only be used with the same parameters");
  });

  test("a refused state change is replayed; failed validation is not saved (the retry runs)", async () => {
    const account = await onboardedAccount();
    const pi = await stripe.paymentIntents.create(piParams(account.id));
    const key = `test-${crypto.randomUUID()}`;
    expect((await failure(stripe.paymentIntents.capture(pi.id, {}, { idempotencyKey: key }))).code).toBe("payment_intent_unexpected_state");
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    // Stripe replays the saved failure for the same key, even though a capture would now work...
    expect((await failure(stripe.paymentIntents.capture(pi.id, {}, { idempotencyKey: key }))).code).toBe("payment_intent_unexpected_state");
    // ...so a new attempt needs a new key (the version belongs in the key).
    expect((await stripe.paymentIntents.capture(pi.id, {}, { idempotencyKey: `${key}-2` })).status).toBe("succeeded");

    // Had the invalid request been saved, the corrected one would be an idempotency error.
    const vkey = `test-${crypto.randomUUID()}`;
    expect((await failure(stripe.accounts.create({ type: "weird" as "express" }, { idempotencyKey: vkey }))).param).toBe("type");
    expect((await stripe.accounts.create({ type: "express" }, { idempotencyKey: vkey })).type).toBe("express");
  });

  test("a card decline is saved: the same key gives the same decline without a second charge", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 800, currency: "eur", allowed_payment_method_types: ["card"] });
    const key = `test-${crypto.randomUUID()}`;
    const before = emulator.events.length;
    const first = await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclined" }, { idempotencyKey: key }));
    const second = await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclined" }, { idempotencyKey: key }));
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(eventsAfter(before).filter((t) => t === "charge.failed")).toHaveLength(1);
  });
});
