import type Stripe from "stripe";
import { z } from "zod";
import { CAPTURE_METHODS, PAYMENT_CURRENCY, PAYMENT_PURPOSES, type PaymentIntentStatus } from "@shared/constants";
import { intentActionProblem, type IntentAction } from "@shared/rules/intent-status";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { idempotencyKey } from "../../integrations/stripe/client";
import { AppError, fieldIssuesFromZod } from "../../lib/errors";
import { applyIntent, type MirrorResult } from "./mirror";
import { callStripe, requirePayments } from "./provider";
import * as repo from "./repo";
import type { PaymentRow } from "./repo";

/**
 * The payments module the money-taking domains call (game participations in issue 13, court bookings,
 * tournaments): it creates a PaymentIntent at Stripe for a subject of theirs and captures, cancels or
 * refunds it. Charges are destination charges on the platform: `transfer_data.destination` receives
 * the amount less `application_fee_amount` (shared/rules/fees.ts). Amounts are integer cents in EUR.
 *
 * Every POST carries a deterministic idempotency key (integrations/stripe/client.ts), made of what
 * identifies the request on our side, so a retried job or a request repeated after a crash can never
 * create, capture or refund twice:
 *   create  kickrunde:payment:<purpose>:<subjectId>:<attempt>
 *   capture kickrunde:capture:<paymentId>[:<amount>]
 *   cancel  kickrunde:cancel:<paymentId>
 *   refund  kickrunde:refund:<paymentId>:full | kickrunde:refund:<paymentId>:<reference>:<amount>
 *
 * The `payments` row's status is a mirror: moved by webhooks, by Stripe's answers to these calls and
 * by the reconciliation job, all through mirror.ts and the transition table (shared/rules/intent-status.ts).
 */

export type { PaymentRow };

/**
 * Payment methods offered on every intent. Stripe supports separate authorisation and capture
 * (`capture_method: manual`) for cards, PayPal and Klarna (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method),
 * so the list is the same for both capture methods; the local emulator accepts all three either way.
 * With SDK 23 (API 2026-10-28) the parameter is `allowed_payment_method_types`.
 */
export const PAYMENT_METHOD_TYPES = ["card", "paypal", "klarna"] as const;

const cents = z.number().int().safe();
const ZStartPayment = z
  .object({
    purpose: z.enum(PAYMENT_PURPOSES),
    subjectId: z.number().int().positive(),
    /** who pays; null for a payer without an account (a tournament participation by e-mail) */
    payerUserId: z.number().int().positive().nullable(),
    /**
     * the connected account (`acct_…`) that receives the amount less the fee; null: the platform keeps it all (no
     * transfer, fee 0: an admin's tournament without a connected account; README "The platform as recipient")
     */
    destinationAccountId: z.string().regex(/^acct_[A-Za-z0-9_]+$/).nullable(),
    amountCents: cents.positive(),
    applicationFeeCents: cents.nonnegative(),
    /** manual: the card is held and captured later (capturePayment) or released (cancelPayment) */
    captureMethod: z.enum(CAPTURE_METHODS),
    /** 1 for the subject's first payment; a new attempt (after a failed or cancelled one) gets a new intent */
    attempt: z.number().int().positive(),
    /** shown in Stripe's dashboard and on the customer's receipt; no personal data */
    description: z.string().max(200).optional(),
    /**
     * the card statement's dynamic part after the account's prefix (shared/rules/payment-description.ts):
     * Stripe allows Latin letters, digits and a few signs, at least one letter, and 22 characters with the prefix
     */
    statementDescriptorSuffix: z
      .string()
      .max(10)
      .regex(/^(?=.*[A-Za-z])[A-Za-z0-9 .,:/&+-]+$/)
      .optional(),
  })
  .refine((v) => v.applicationFeeCents <= v.amountCents, { message: "fee_above_amount", path: ["applicationFeeCents"] })
  .refine((v) => v.destinationAccountId !== null || v.applicationFeeCents === 0, { message: "fee_without_destination", path: ["applicationFeeCents"] });
export type StartPaymentInput = z.input<typeof ZStartPayment>;

export type StartedPayment = { paymentId: number; intentId: string; clientSecret: string; status: PaymentIntentStatus };

/**
 * Creates the PaymentIntent for a subject's attempt (or finds the one a previous call created: same key)
 * and its `payments` row, in `tx` when given (the caller's transaction, e.g. the join that reserves a
 * place) or in its own. The client confirms the intent with `clientSecret` (Stripe.js or a hosted
 * page: `checkoutOf`). One attempt is one request: repeating it with other amounts is refused by Stripe
 * (the key's parameters differ, PAYMENT_PROVIDER_ERROR), so a changed price is a new attempt. Stripe's
 * idempotency keys expire after 24 hours: a retry after that finds the row of the attempt and cancels
 * the second intent instead of keeping it.
 */
export async function startPayment(deps: Deps, tx: Tx | null, input: StartPaymentInput): Promise<StartedPayment> {
  const parsed = ZStartPayment.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", { fields: fieldIssuesFromZod(parsed.error.issues) });
  const p = parsed.data;
  const { stripe } = requirePayments(deps);
  const intent = await callStripe(deps, "create", () =>
    stripe.paymentIntents.create(
      {
        amount: p.amountCents,
        currency: PAYMENT_CURRENCY,
        capture_method: p.captureMethod,
        ...(p.destinationAccountId === null ? {} : { application_fee_amount: p.applicationFeeCents, transfer_data: { destination: p.destinationAccountId } }),
        allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
        metadata: { kickrunde_purpose: p.purpose, kickrunde_subject_id: String(p.subjectId), kickrunde_attempt: String(p.attempt) },
        ...(p.description ? { description: p.description } : {}),
        ...(p.statementDescriptorSuffix ? { statement_descriptor_suffix: p.statementDescriptorSuffix } : {}),
      },
      { idempotencyKey: idempotencyKey("payment", p.purpose, p.subjectId, p.attempt) },
    ),
  );
  const insert = (t: Tx) =>
    repo.insertPayment(t, {
      stripePaymentIntentId: intent.id,
      purpose: p.purpose,
      subjectId: p.subjectId,
      attempt: p.attempt,
      payerUserId: p.payerUserId,
      destinationAccountId: p.destinationAccountId,
      amountCents: p.amountCents,
      applicationFeeCents: p.applicationFeeCents,
      currency: PAYMENT_CURRENCY,
      captureMethod: p.captureMethod,
      // the status as created; from now on only the mirror moves it
      status: "requires_payment_method",
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    });
  const row = tx ? await insert(tx) : await deps.db.transaction(insert);
  if (row.stripePaymentIntentId === intent.id) return started(row, intent);
  // A second intent for an attempt that has one (its key had expired): keep the first, cancel the second.
  await callStripe(deps, "cancel", () => stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "duplicate" }, { idempotencyKey: idempotencyKey("cancel-duplicate", intent.id) }));
  deps.logger.warn("duplicate payment intent cancelled", { paymentId: row.id, kept: row.stripePaymentIntentId, cancelled: intent.id });
  const kept = await callStripe(deps, "retrieve", () => stripe.paymentIntents.retrieve(row.stripePaymentIntentId));
  return started(row, kept);
}

function started(row: PaymentRow, intent: Stripe.PaymentIntent): StartedPayment {
  if (!intent.client_secret) throw new AppError("PAYMENT_PROVIDER_ERROR");
  return { paymentId: row.id, intentId: intent.id, clientSecret: intent.client_secret, status: row.status };
}

export async function findPayment(deps: Pick<Deps, "db">, paymentId: number): Promise<PaymentRow | null> {
  return repo.findPayment(deps.db, paymentId);
}

export async function requirePayment(deps: Pick<Deps, "db">, paymentId: number): Promise<PaymentRow> {
  const row = await repo.findPayment(deps.db, paymentId);
  if (!row) throw new AppError("PAYMENT_NOT_FOUND");
  return row;
}

/** Refuses (409) what the mirror shows can never succeed; Stripe decides the rest (intent-status.ts). */
function checkAction(action: IntentAction, row: PaymentRow) {
  const problem = intentActionProblem(action, row);
  if (problem) throw new AppError(problem, { details: { paymentId: row.id, status: row.status } });
}

/** Applies Stripe's answer to our call like a read, in its own transaction, and returns the row after it. */
async function applyAnswer(deps: Deps, row: PaymentRow, intent: Stripe.PaymentIntent): Promise<PaymentRow> {
  return deps.db.transaction(async (tx) => {
    const locked = (await repo.lockPaymentByIntentId(tx, row.stripePaymentIntentId)) ?? row;
    const result: MirrorResult = await applyIntent(deps, tx, locked, intent, { eventCreated: null, cause: { kind: "read" } }, deps.clock.now());
    return result.payment;
  });
}

/**
 * Captures a held card (manual capture): all of it, or `amountCents` of it (Stripe releases the rest),
 * then with `applicationFeeCents` as the platform's fee of what is taken (a lowered price).
 * Once per payment: the key names the payment (and the amount), so a repeated capture replays the first.
 */
export async function capturePayment(deps: Deps, paymentId: number, opts: { amountCents?: number; applicationFeeCents?: number } = {}): Promise<PaymentRow> {
  const row = await requirePayment(deps, paymentId);
  checkAction("capture", row);
  if (opts.amountCents !== undefined && (!Number.isSafeInteger(opts.amountCents) || opts.amountCents < 1 || opts.amountCents > row.amountCents)) {
    throw new AppError("PAYMENT_AMOUNT_INVALID");
  }
  const fee = opts.amountCents !== undefined ? opts.applicationFeeCents : undefined;
  if (fee !== undefined && (!Number.isSafeInteger(fee) || fee < 0 || fee > opts.amountCents!)) throw new AppError("PAYMENT_AMOUNT_INVALID");
  const { stripe } = requirePayments(deps);
  const keyParts: (string | number)[] = opts.amountCents === undefined ? [row.id] : [row.id, opts.amountCents];
  const intent = await callStripe(deps, "capture", () =>
    stripe.paymentIntents.capture(
      row.stripePaymentIntentId,
      {
        ...(opts.amountCents !== undefined ? { amount_to_capture: opts.amountCents } : {}),
        ...(fee !== undefined ? { application_fee_amount: fee } : {}),
        expand: ["latest_charge"],
      },
      { idempotencyKey: idempotencyKey("capture", ...keyParts) },
    ),
  );
  return applyAnswer(deps, row, intent);
}

/**
 * Lowers what an unpaid intent asks for (a lowered price): Stripe keeps the intent and its client
 * secret, so a checkout page already open shows the new amount. Only before the customer paid or
 * authorised (PAYMENT_STATE_CONFLICT otherwise: capture or refund the difference instead). Once per
 * payment and amount (the key names both).
 */
export async function updatePaymentAmount(deps: Deps, paymentId: number, amounts: { amountCents: number; applicationFeeCents: number }): Promise<PaymentRow> {
  const row = await requirePayment(deps, paymentId);
  const { amountCents, applicationFeeCents } = amounts;
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || !Number.isSafeInteger(applicationFeeCents) || applicationFeeCents < 0 || applicationFeeCents > amountCents) {
    throw new AppError("PAYMENT_AMOUNT_INVALID");
  }
  if (row.status !== "requires_payment_method" && row.status !== "requires_confirmation" && row.status !== "requires_action") {
    throw new AppError("PAYMENT_STATE_CONFLICT", { details: { paymentId: row.id, status: row.status } });
  }
  const { stripe } = requirePayments(deps);
  await callStripe(deps, "update", () =>
    stripe.paymentIntents.update(
      row.stripePaymentIntentId,
      { amount: amountCents, application_fee_amount: applicationFeeCents },
      { idempotencyKey: idempotencyKey("update-amount", row.id, amountCents) },
    ),
  );
  return deps.db.transaction((tx) => repo.updatePaymentAmount(tx, row.id, { amountCents, applicationFeeCents }, deps.clock.now()));
}

/** Stripe's `cancellation_reason`s we may give. */
export const INTENT_CANCELLATION_REASONS = ["requested_by_customer", "abandoned", "duplicate", "fraudulent"] as const;

/**
 * Cancels an intent that is not final: an unpaid one, or a held card (the authorisation is released).
 * Once per payment (the key names the payment).
 */
export async function cancelPayment(
  deps: Deps,
  paymentId: number,
  opts: { reason?: (typeof INTENT_CANCELLATION_REASONS)[number] } = {},
): Promise<PaymentRow> {
  const row = await requirePayment(deps, paymentId);
  checkAction("cancel", row);
  const { stripe } = requirePayments(deps);
  const intent = await callStripe(deps, "cancel", () =>
    stripe.paymentIntents.cancel(
      row.stripePaymentIntentId,
      { ...(opts.reason ? { cancellation_reason: opts.reason } : {}), expand: ["latest_charge"] },
      { idempotencyKey: idempotencyKey("cancel", row.id) },
    ),
  );
  return applyAnswer(deps, row, intent);
}

/**
 * What to refund: everything still refundable (`{}`; once per payment), or `amountCents` with a
 * `reference` naming this refund among the payment's refunds (e.g. `cancel-412`): the key is made of
 * both, so repeating the same refund replays it while a second, different refund of the same amount
 * needs its own reference.
 */
export type RefundRequest = { amountCents?: undefined; reference?: undefined } | { amountCents: number; reference: string };

/**
 * Refunds a succeeded payment in full or in part. The transfer to the connected account is reversed in
 * proportion (`reverse_transfer`), so the organiser gives back what they received; the platform keeps
 * its application fee unless `refundApplicationFee`.
 */
export async function refundPayment(
  deps: Deps,
  paymentId: number,
  request: RefundRequest = {},
  opts: { refundApplicationFee?: boolean } = {},
): Promise<PaymentRow> {
  const row = await requirePayment(deps, paymentId);
  checkAction("refund", row);
  if (request.amountCents !== undefined && (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1 || request.amountCents > row.amountCents)) {
    throw new AppError("REFUND_EXCEEDS_PAYMENT");
  }
  const { stripe } = requirePayments(deps);
  const key =
    request.amountCents === undefined ? idempotencyKey("refund", row.id, "full") : idempotencyKey("refund", row.id, request.reference, request.amountCents);
  const refund = await callStripe(deps, "refund", () =>
    stripe.refunds.create(
      {
        payment_intent: row.stripePaymentIntentId,
        ...(request.amountCents !== undefined ? { amount: request.amountCents } : {}),
        // a payment the platform kept has no transfer to reverse and no fee (README "The platform as recipient")
        ...(row.destinationAccountId === null ? {} : { reverse_transfer: true, refund_application_fee: opts.refundApplicationFee ?? false }),
        metadata: { kickrunde_payment_id: String(row.id) },
        expand: ["payment_intent", "charge"],
      },
      { idempotencyKey: key },
    ),
  );
  const intent = refund.payment_intent;
  const charge = refund.charge;
  if (typeof intent !== "object" || intent === null || typeof charge !== "object" || charge === null) return requirePayment(deps, paymentId);
  return applyAnswer(deps, row, { ...intent, latest_charge: charge });
}

const holdsMoney = (p: PaymentRow) => p.status === "succeeded" && p.amountRefundedCents < p.amountReceivedCents;
const unpaid = (p: PaymentRow) => p.status !== "succeeded" && p.status !== "canceled";

/**
 * Gives back a payment nobody owes any more (a court booking or tournament team that ended or was superseded): an
 * unpaid intent is cancelled (its checkout page can no longer take money), a succeeded one refunded in full with the
 * platform's fee; both once per payment (the idempotency keys), so a retried job is harmless. It reads the intent
 * first (the customer may have paid meanwhile); an intent that succeeds between that read and the cancel is refunded.
 * An intent Stripe does not know (another account's keys, a reset emulator) is logged with `context` and left alone:
 * retrying cannot help.
 */
export async function giveBackPayment(deps: Deps, paymentId: number, context: Record<string, unknown>): Promise<void> {
  try {
    let payment = await refreshPayment(deps, paymentId);
    if (unpaid(payment)) payment = await cancelPayment(deps, payment.id, { reason: "requested_by_customer" });
    if (holdsMoney(payment)) await refundPayment(deps, payment.id, {}, { refundApplicationFee: true });
  } catch (error) {
    if (error instanceof AppError && error.code === "PAYMENT_NOT_FOUND") {
      deps.logger.warn("payment to give back not found at the provider", { paymentId, ...context });
      return;
    }
    if (error instanceof AppError && error.code === "PAYMENT_STATE_CONFLICT") {
      const again = await refreshPayment(deps, paymentId);
      if (holdsMoney(again)) await refundPayment(deps, again.id, {}, { refundApplicationFee: true });
      return;
    }
    throw error;
  }
}

/** The intent's client secret again (a reloaded payment page), read from Stripe. */
export async function paymentClientSecret(deps: Deps, paymentId: number): Promise<string> {
  const row = await requirePayment(deps, paymentId);
  const { stripe } = requirePayments(deps);
  const intent = await callStripe(deps, "retrieve", () => stripe.paymentIntents.retrieve(row.stripePaymentIntentId));
  if (!intent.client_secret) throw new AppError("PAYMENT_PROVIDER_ERROR");
  return intent.client_secret;
}


/**
 * How a client confirms an intent, as the payments integration decides it (Stripe.js or a hosted
 * checkout page that comes back to `returnUrl`), in the API's shape: `publishableKey` for Stripe.js,
 * `checkoutUrl` for the hosted page, both null when there is no way (Stripe without a publishable
 * key: a configuration the client reports as "payment not possible").
 */
export function checkoutOf(
  deps: Pick<Deps, "payments">,
  intent: { intentId: string; clientSecret: string },
  returnUrl: string,
): { publishableKey: string | null; checkoutUrl: string | null } {
  const checkout = requirePayments(deps).checkout({ id: intent.intentId, clientSecret: intent.clientSecret }, returnUrl);
  return {
    publishableKey: checkout?.kind === "stripe-js" ? checkout.publishableKey : null,
    checkoutUrl: checkout?.kind === "hosted" ? checkout.url : null,
  };
}

/**
 * Reads a payment's intent from Stripe and applies it to the mirror (reactions run for what is new),
 * like the reconciliation job does for one row: a job about to act on a payment (e.g. expire an
 * unpaid reservation) first learns what the customer did meanwhile.
 */
export async function refreshPayment(deps: Deps, paymentId: number): Promise<PaymentRow> {
  const row = await requirePayment(deps, paymentId);
  const { stripe } = requirePayments(deps);
  const intent = await callStripe(deps, "retrieve", () => stripe.paymentIntents.retrieve(row.stripePaymentIntentId, { expand: ["latest_charge"] }));
  return applyAnswer(deps, row, intent);
}
