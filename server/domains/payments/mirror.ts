import type Stripe from "stripe";
import { PAYMENT_BUSINESS_TYPES } from "@shared/constants";
import { intentMove, isIntentStatus, refundedOfCaptured, type IntentMove } from "@shared/rules/intent-status";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { UserRow } from "../users/service";
import type { PaymentChange } from "./events";
import * as repo from "./repo";
import type { PaymentMirrorChanges, PaymentRow } from "./repo";

/**
 * Moving a payment's mirror: the one place where Stripe's word about an intent or its charge reaches
 * the `payments` row, for webhooks (webhooks.ts), Stripe's answers to our own calls (service.ts) and
 * the reconciliation job (reconcile.ts). The status moves only as shared/rules/intent-status.ts allows;
 * the amounts only grow (captured and refunded money never shrink at Stripe, except a failed refund,
 * which is left to support). Every real change is reported once to `Deps.paymentReactions`.
 */

type MirrorDeps = Pick<Deps, "paymentReactions" | "logger">;
export type MirrorCause = PaymentChange["cause"];

export type MirrorResult =
  /** the status or an amount changed (reactions ran) */
  | { outcome: "changed"; payment: PaymentRow; move: IntentMove | null }
  /** nothing new (a stale, backward or late event, or the same state again) */
  | { outcome: "unchanged"; payment: PaymentRow; move: IntentMove | null }
  /** two events of one second disagree: the caller reads the intent from Stripe and applies that */
  | { outcome: "ambiguous"; payment: PaymentRow };

const clampToAmount = (row: PaymentRow, cents: number) => Math.max(0, Math.min(row.amountCents, Math.trunc(cents)));

/**
 * Applies what an event (`eventCreated` its `created`) or a read (`eventCreated` null) says about the
 * row's intent. The row must be locked by the caller (repo.lockPaymentByIntentId). A read with its
 * `latest_charge` expanded also brings the refunded amount.
 */
export async function applyIntent(
  deps: MirrorDeps,
  tx: Tx,
  row: PaymentRow,
  intent: Stripe.PaymentIntent,
  seen: { eventCreated: number | null; cause: MirrorCause },
  now: Date,
): Promise<MirrorResult> {
  if (!isIntentStatus(intent.status)) {
    // A status Stripe added after this code was written: leave the mirror for a human to look at.
    deps.logger.warn("payment intent with an unknown status", { paymentId: row.id, status: intent.status });
    return { outcome: "unchanged", payment: row, move: null };
  }
  const move = intentMove(row, { status: intent.status, eventCreated: seen.eventCreated });
  if (move === "ambiguous") return { outcome: "ambiguous", payment: row };
  const changes: PaymentMirrorChanges = {};
  if (move === "apply") changes.status = intent.status;
  if (move === "apply" || move === "same") {
    if (intent.status === "succeeded") {
      const received = clampToAmount(row, intent.amount_received);
      if (received > row.amountReceivedCents) changes.amountReceivedCents = received;
    }
    if (seen.eventCreated !== null && (row.lastEventCreated === null || seen.eventCreated > row.lastEventCreated)) changes.lastEventCreated = seen.eventCreated;
  }
  const charge = typeof intent.latest_charge === "object" && intent.latest_charge !== null ? intent.latest_charge : null;
  if (charge) Object.assign(changes, chargeAmounts(row, charge, changes));
  return write(deps, tx, row, changes, seen.cause, now, move);
}

/** Applies a charge's captured and refunded amounts (`charge.refunded`; both are cumulative, so order does not matter). */
export async function applyCharge(deps: MirrorDeps, tx: Tx, row: PaymentRow, charge: Stripe.Charge, cause: MirrorCause, now: Date): Promise<MirrorResult> {
  return write(deps, tx, row, chargeAmounts(row, charge, {}), cause, now, null);
}

function chargeAmounts(row: PaymentRow, charge: Stripe.Charge, pending: PaymentMirrorChanges): PaymentMirrorChanges {
  const out: PaymentMirrorChanges = {};
  if (charge.captured) {
    const received = clampToAmount(row, charge.amount_captured);
    if (received > (pending.amountReceivedCents ?? row.amountReceivedCents)) out.amountReceivedCents = received;
  }
  const refunded = clampToAmount(row, refundedOfCaptured(charge));
  if (refunded > row.amountRefundedCents) out.amountRefundedCents = refunded;
  return out;
}

async function write(
  deps: MirrorDeps,
  tx: Tx,
  row: PaymentRow,
  changes: PaymentMirrorChanges,
  cause: MirrorCause,
  now: Date,
  move: IntentMove | null,
): Promise<MirrorResult> {
  const reading = cause.kind === "read";
  if (reading) changes.reconciledAt = now;
  if (Object.keys(changes).length === 0) return { outcome: "unchanged", payment: row, move };
  const payment = await repo.updatePaymentMirror(tx, row.id, changes, now);
  const changed =
    payment.status !== row.status || payment.amountReceivedCents !== row.amountReceivedCents || payment.amountRefundedCents !== row.amountRefundedCents;
  if (!changed) return { outcome: "unchanged", payment, move };
  const change: PaymentChange = {
    payment,
    before: { status: row.status, amountReceivedCents: row.amountReceivedCents, amountRefundedCents: row.amountRefundedCents },
    cause,
  };
  for (const react of deps.paymentReactions) await react(tx, change);
  return { outcome: "changed", payment, move };
}

/**
 * Whether a connected account's state differs from what its user shows (the fields
 * connected-accounts.ts applyAccountState copies): then applying it changes the user.
 */
export function accountDiffersFromUser(user: UserRow, account: Stripe.Account): boolean {
  const businessType = (PAYMENT_BUSINESS_TYPES as readonly (string | null | undefined)[]).includes(account.business_type) ? account.business_type : null;
  return (
    user.paymentOnboardingCompleted !== (account.details_submitted === true) ||
    user.paymentChargesEnabled !== (account.charges_enabled === true) ||
    user.paymentPayoutsEnabled !== (account.payouts_enabled === true) ||
    user.paymentBusinessType !== businessType
  );
}
