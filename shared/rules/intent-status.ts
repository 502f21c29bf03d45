import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "../constants";

/**
 * Our mirror of a Stripe PaymentIntent's status (the `payments` row), and which observations may move
 * it. An observation is either a webhook event (its object's status at the event's `created` second)
 * or a read (the intent as Stripe returns it now: the answer to our capture/cancel/refund, or the
 * reconciliation job).
 *
 * Stripe's own graph (https://docs.stripe.com/payments/paymentintents/lifecycle):
 *
 *   requires_payment_method ⇄ requires_confirmation ⇄ requires_action ⇄ processing   (rank 0, may cycle:
 *            │                                                          a decline or a failed 3-D Secure
 *            ├──────────────→ requires_capture (rank 1, manual capture)  goes back to requires_payment_method)
 *            │                        │
 *            └──────────────→ succeeded / canceled (rank 2, final) ←─────┘
 *
 * Moves up the ranks are always real (Stripe never goes back from requires_capture or a final status),
 * so they are applied whatever order webhooks arrive in; moves down are stale news and refused; a final
 * status never moves (a late `succeeded` after `canceled`, or `amount_capturable_updated` after
 * `succeeded`, changes nothing). Within rank 0 only time tells: the newer event wins, an older one is
 * stale, and two events of the same second with different statuses cannot be ordered (Stripe's
 * `created` has whole seconds): then the intent is read from Stripe ("ambiguous"), which is always
 * the present. A read applies within rank 0 whatever the time.
 *
 * Refunds do not change an intent's status at Stripe (it stays `succeeded`): they are the amounts
 * `amountRefundedCents` of `amountReceivedCents`, which only grow (refundStateOf names them).
 */

export const FINAL_INTENT_STATUSES = ["succeeded", "canceled"] as const satisfies readonly PaymentIntentStatus[];

export function isFinalIntentStatus(status: PaymentIntentStatus): boolean {
  return (FINAL_INTENT_STATUSES as readonly string[]).includes(status);
}

export function isIntentStatus(value: unknown): value is PaymentIntentStatus {
  return typeof value === "string" && (PAYMENT_INTENT_STATUSES as readonly string[]).includes(value);
}

/** How far along an intent is (see the graph above). */
export const INTENT_STATUS_RANK: Readonly<Record<PaymentIntentStatus, 0 | 1 | 2>> = {
  requires_payment_method: 0,
  requires_confirmation: 0,
  requires_action: 0,
  processing: 0,
  requires_capture: 1,
  succeeded: 2,
  canceled: 2,
};

const EARLY = ["requires_payment_method", "requires_confirmation", "requires_action", "processing"] as const;

/**
 * Which event may report which status: the object of a `payment_intent.*` event must have one of these,
 * otherwise the event is not what it claims and is recorded without effect. Types not listed (e.g.
 * `payment_intent.partially_funded`) move nothing.
 */
export const INTENT_EVENT_STATUSES: Readonly<Record<string, readonly PaymentIntentStatus[]>> = {
  "payment_intent.created": EARLY,
  "payment_intent.requires_action": ["requires_action"],
  "payment_intent.processing": ["processing"],
  "payment_intent.payment_failed": ["requires_payment_method"],
  "payment_intent.amount_capturable_updated": ["requires_capture"],
  "payment_intent.succeeded": ["succeeded"],
  "payment_intent.canceled": ["canceled"],
};

/** True when an event of `type` may carry an intent in `status`. */
export function eventMayReport(type: string, status: PaymentIntentStatus): boolean {
  return INTENT_EVENT_STATUSES[type]?.includes(status) ?? false;
}

/** The mirror as the row holds it. */
export type IntentMirror = { status: PaymentIntentStatus; lastEventCreated: number | null };
/** What an event or a read says: `eventCreated` is the event's `created` (Unix seconds), null for a read. */
export type IntentObservation = { status: PaymentIntentStatus; eventCreated: number | null };

/**
 * - apply:     set the observed status
 * - same:      the status is already this one
 * - final:     the mirror is final and the observation says otherwise: refused
 * - backward:  a lower rank than the mirror (stale news): refused
 * - stale:     rank 0, an event older than the newest applied one: refused
 * - ambiguous: rank 0, an event of the same second as the newest applied one with another status: read the intent
 */
export type IntentMove = "apply" | "same" | "final" | "backward" | "stale" | "ambiguous";

export function intentMove(mirror: IntentMirror, seen: IntentObservation): IntentMove {
  if (seen.status === mirror.status) return "same";
  if (isFinalIntentStatus(mirror.status)) return "final";
  const from = INTENT_STATUS_RANK[mirror.status];
  const to = INTENT_STATUS_RANK[seen.status];
  if (to > from) return "apply";
  if (to < from) return "backward";
  // Same rank and another status: only rank 0 has several, and there time decides.
  if (seen.eventCreated === null || mirror.lastEventCreated === null) return "apply";
  if (seen.eventCreated > mirror.lastEventCreated) return "apply";
  if (seen.eventCreated < mirror.lastEventCreated) return "stale";
  return "ambiguous";
}

/** What we ask Stripe to do with an intent. */
export type IntentAction = "capture" | "cancel" | "refund";

export type IntentActionProblem = "PAYMENT_STATE_CONFLICT" | "PAYMENT_ALREADY_REFUNDED";

/**
 * Refuses, without asking Stripe, what the mirror shows can never succeed: capturing or cancelling a
 * final intent, refunding a cancelled one or one whose received amount is refunded in full. Anything
 * else goes to Stripe, which decides on its current state (the mirror may lag a webhook behind: a
 * capture of an intent still mirrored as requires_payment_method may be right).
 */
export function intentActionProblem(
  action: IntentAction,
  mirror: { status: PaymentIntentStatus; amountReceivedCents: number; amountRefundedCents: number },
): IntentActionProblem | null {
  if (action === "refund") {
    if (mirror.status === "canceled") return "PAYMENT_STATE_CONFLICT";
    if (mirror.status === "succeeded" && mirror.amountReceivedCents > 0 && mirror.amountRefundedCents >= mirror.amountReceivedCents) return "PAYMENT_ALREADY_REFUNDED";
    return null;
  }
  return isFinalIntentStatus(mirror.status) ? "PAYMENT_STATE_CONFLICT" : null;
}

export type RefundState = "none" | "partial" | "full";

/** Whether a succeeded payment was refunded, in part or in full. */
export function refundStateOf(amounts: { amountReceivedCents: number; amountRefundedCents: number }): RefundState {
  if (amounts.amountRefundedCents <= 0) return "none";
  return amounts.amountRefundedCents >= amounts.amountReceivedCents ? "full" : "partial";
}

/**
 * What a charge's refunds gave back of the captured money. Stripe counts the uncaptured rest of a
 * partially captured charge as refunded too (`amount_refunded` includes `amount - amount_captured`),
 * and an authorisation released by a cancel as refunded in full; neither is money refunded.
 */
export function refundedOfCaptured(charge: { amount: number; amount_captured: number; amount_refunded: number; captured: boolean }): number {
  if (!charge.captured) return 0;
  const released = charge.amount - charge.amount_captured;
  return Math.min(charge.amount_captured, Math.max(0, charge.amount_refunded - released));
}
