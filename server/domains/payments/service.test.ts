import { beforeAll, describe, expect, test } from "bun:test";
import { ERROR_CODES } from "@shared/errors";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { idempotencyKey } from "../../integrations/stripe/client";
import { AppError } from "../../lib/errors";
import { testDeps } from "../../testing/test-db";
import type { PaymentChange } from "./events";
import { emulatorOf, eventsSince, organiserWithAccount, paymentInput } from "../../testing/payment-fixtures";
import { cancelPayment, capturePayment, findPayment, paymentClientSecret, refundPayment, startPayment, type StartPaymentInput } from "./service";

let deps: Deps;
let organiser: { userId: number; accountId: string };
beforeAll(async () => {
  deps = await testDeps();
  organiser = await organiserWithAccount(deps);
});

const input = (over: Partial<StartPaymentInput> = {}): StartPaymentInput => paymentInput(organiser.accountId, { purpose: "participation", ...over });

/** The AppError code a call fails with (and that the message is ours, not Stripe's). */
async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    expect(e.message).toBe(ERROR_CODES[e.code]);
    return e.code;
  }
  throw new Error("expected a failure");
}

/** A payment the customer has authorised (manual) or paid (automatic) on the emulator's checkout. */
async function paid(over: Partial<StartPaymentInput> = {}) {
  const started = await startPayment(deps, null, input(over));
  emulatorOf(deps).confirm(started.intentId, "success");
  return started;
}

const intentAt = (id: string) => deps.payments!.stripe.paymentIntents.retrieve(id);

describe("startPayment", () => {
  test("creates a destination charge with the fee, EUR, card/PayPal/Klarna and the capture method, and its row", async () => {
    const i = input({ amountCents: 2350, applicationFeeCents: 180, captureMethod: "manual", payerUserId: organiser.userId });
    const started = await startPayment(deps, null, i);
    expect(started.intentId).toStartWith("pi_");
    expect(started.clientSecret).toStartWith(`${started.intentId}_secret_`);
    expect(started.status).toBe("requires_payment_method");
    const pi = await intentAt(started.intentId);
    expect(pi).toMatchObject({
      amount: 2350,
      currency: "eur",
      capture_method: "manual",
      application_fee_amount: 180,
      transfer_data: { destination: organiser.accountId },
      allowed_payment_method_types: ["card", "paypal", "klarna"],
      metadata: { kickrunde_purpose: "participation", kickrunde_subject_id: String(i.subjectId), kickrunde_attempt: "1" },
    });
    expect(await findPayment(deps, started.paymentId)).toMatchObject({
      stripePaymentIntentId: started.intentId,
      purpose: "participation",
      subjectId: i.subjectId,
      attempt: 1,
      payerUserId: organiser.userId,
      destinationAccountId: organiser.accountId,
      amountCents: 2350,
      applicationFeeCents: 180,
      currency: "eur",
      captureMethod: "manual",
      status: "requires_payment_method",
      amountReceivedCents: 0,
      amountRefundedCents: 0,
    });
  });

  test("automatic capture with PayPal and Klarna too (what the emulator accepts for both capture methods)", async () => {
    for (const captureMethod of ["automatic", "manual"] as const) {
      for (const type of ["paypal", "klarna", "card"]) {
        const started = await startPayment(deps, null, input({ captureMethod }));
        const pi = emulatorOf(deps).confirm(started.intentId, "success", { paymentMethodType: type });
        expect({ captureMethod, type, status: pi.status }).toEqual({ captureMethod, type, status: captureMethod === "manual" ? "requires_capture" : "succeeded" });
      }
    }
  });

  test("the same attempt again is the same intent and row (deterministic idempotency key); a new attempt is a new intent", async () => {
    const i = input();
    const events = eventsSince(emulatorOf(deps));
    const first = await startPayment(deps, null, i);
    const again = await startPayment(deps, null, i);
    expect(again).toEqual(first);
    expect(events().filter((e) => e.type === "payment_intent.created")).toHaveLength(1);
    const second = await startPayment(deps, null, { ...i, attempt: 2 });
    expect(second.intentId).not.toBe(first.intentId);
    expect(second.paymentId).not.toBe(first.paymentId);
  });

  test("in the caller's transaction: rolled back, no row; the retry gets the same intent and its row", async () => {
    const i = input();
    let intentId = "";
    await expect(
      deps.db.transaction(async (tx: Tx) => {
        intentId = (await startPayment(deps, tx, i)).intentId;
        throw new Error("the join failed after the payment was started");
      }),
    ).rejects.toThrow("the join failed");
    const retry = await deps.db.transaction((tx) => startPayment(deps, tx, i));
    expect(retry.intentId).toBe(intentId);
    expect((await findPayment(deps, retry.paymentId))?.stripePaymentIntentId).toBe(intentId);
  });

  test("refusals come as our codes, never Stripe's words", async () => {
    const onboarding = await organiserWithAccount(deps, { complete: false });
    expect(await failure(startPayment(deps, null, input({ destinationAccountId: onboarding.accountId })))).toBe("PAYMENT_ACCOUNT_NOT_READY");
    expect(await failure(startPayment(deps, null, input({ destinationAccountId: "acct_doesnotexist" })))).toBe("PAYMENT_ACCOUNT_NOT_READY");
    expect(await failure(startPayment(deps, null, input({ amountCents: 30, applicationFeeCents: 0 })))).toBe("PAYMENT_AMOUNT_INVALID");
    expect(await failure(startPayment(deps, null, input({ amountCents: 500, applicationFeeCents: 501 })))).toBe("VALIDATION");
    expect(await failure(startPayment(deps, null, input({ amountCents: 10.5 })))).toBe("VALIDATION");
    expect(await failure(startPayment({ ...deps, payments: null }, null, input()))).toBe("PAYMENTS_UNAVAILABLE");
    // The same attempt with another amount is another request under the same key: our fault, refused by Stripe.
    const i = input();
    await startPayment(deps, null, i);
    expect(await failure(startPayment(deps, null, { ...i, amountCents: 1200 }))).toBe("PAYMENT_PROVIDER_ERROR");
  });

  test("the client secret can be read again", async () => {
    const started = await startPayment(deps, null, input());
    expect(await paymentClientSecret(deps, started.paymentId)).toBe(started.clientSecret);
  });
});

describe("capture, cancel, refund", () => {
  test("capturing a held card: the answer moves the mirror, once; a second capture is refused without asking Stripe", async () => {
    const changes: PaymentChange[] = [];
    const watching: Deps = { ...deps, paymentReactions: [async (_tx, c) => void changes.push(c)] };
    const started = await paid();
    const events = eventsSince(emulatorOf(deps));
    const row = await capturePayment(watching, started.paymentId);
    expect(row).toMatchObject({ status: "succeeded", amountReceivedCents: 1000, amountRefundedCents: 0 });
    expect(changes.map((c) => [c.before.status, c.payment.status, c.cause.kind])).toEqual([["requires_payment_method", "succeeded", "read"]]);
    expect(await failure(capturePayment(watching, started.paymentId))).toBe("PAYMENT_STATE_CONFLICT");
    expect(events().filter((e) => e.type === "charge.captured")).toHaveLength(1);
    expect(changes).toHaveLength(1);
  });

  test("a capture repeated after a crash (Stripe captured, the answer was lost) replays the first by its key", async () => {
    const started = await paid();
    const events = eventsSince(emulatorOf(deps));
    // what a first capturePayment sent before the process died
    await deps.payments!.stripe.paymentIntents.capture(started.intentId, { expand: ["latest_charge"] }, { idempotencyKey: idempotencyKey("capture", started.paymentId) });
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_payment_method");
    expect(await capturePayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 1000 });
    expect(events().filter((e) => e.type === "payment_intent.succeeded")).toHaveLength(1);
  });

  test("a partial capture keeps that much; the rest is released, not refunded", async () => {
    const started = await paid();
    const row = await capturePayment(deps, started.paymentId, { amountCents: 600 });
    expect(row).toMatchObject({ status: "succeeded", amountReceivedCents: 600, amountRefundedCents: 0 });
    expect(await failure(capturePayment(deps, (await paid()).paymentId, { amountCents: 1001 }))).toBe("PAYMENT_AMOUNT_INVALID");
  });

  test("capturing what the customer has not authorised: Stripe refuses (409)", async () => {
    const started = await startPayment(deps, null, input());
    expect(await failure(capturePayment(deps, started.paymentId))).toBe("PAYMENT_STATE_CONFLICT");
  });

  test("cancelling an unpaid intent and releasing a held card; a cancelled one cannot be cancelled, captured or refunded", async () => {
    const unpaid = await startPayment(deps, null, input());
    expect((await cancelPayment(deps, unpaid.paymentId, { reason: "abandoned" })).status).toBe("canceled");
    expect((await intentAt(unpaid.intentId)).cancellation_reason).toBe("abandoned");
    const held = await paid();
    expect(await cancelPayment(deps, held.paymentId)).toMatchObject({ status: "canceled", amountReceivedCents: 0, amountRefundedCents: 0 });
    for (const call of [() => cancelPayment(deps, held.paymentId), () => capturePayment(deps, held.paymentId), () => refundPayment(deps, held.paymentId)]) {
      expect(await failure(call())).toBe("PAYMENT_STATE_CONFLICT");
    }
    const automatic = await paid({ captureMethod: "automatic" });
    expect(await failure(cancelPayment(deps, automatic.paymentId))).toBe("PAYMENT_STATE_CONFLICT");
  });

  test("refunds: a named partial refund happens once however often it is asked for; the rest in full; then nothing is left", async () => {
    const started = await paid({ captureMethod: "automatic", amountCents: 1500 });
    const events = eventsSince(emulatorOf(deps));
    expect(await refundPayment(deps, started.paymentId, { amountCents: 400, reference: "cancel-1" })).toMatchObject({ amountRefundedCents: 400 });
    // the mirror shows the refund; the same request again replays it at Stripe
    expect(await refundPayment(deps, started.paymentId, { amountCents: 400, reference: "cancel-1" })).toMatchObject({ amountRefundedCents: 400 });
    expect(await refundPayment(deps, started.paymentId, { amountCents: 400, reference: "cancel-2" })).toMatchObject({ amountRefundedCents: 800 });
    expect(await failure(refundPayment(deps, started.paymentId, { amountCents: 800, reference: "too-much" }))).toBe("REFUND_EXCEEDS_PAYMENT");
    expect(await refundPayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 1500, amountRefundedCents: 1500 });
    expect(await failure(refundPayment(deps, started.paymentId))).toBe("PAYMENT_ALREADY_REFUNDED");
    expect(events().filter((e) => e.type === "refund.created").map((e) => (e.data.object as { amount: number }).amount)).toEqual([400, 400, 700]);
  });

  test("a payment that does not exist", async () => {
    expect(await failure(capturePayment(deps, 2_000_000_000))).toBe("PAYMENT_NOT_FOUND");
  });
});
