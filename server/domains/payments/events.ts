import type { Tx } from "../../db/client";
import type { PaymentRow } from "./repo";

/**
 * What changed on a payment's mirror: its intent's status, the amount received or the amount refunded.
 * `cause` says what told us: a webhook event (its id and type) or a read of the intent from Stripe
 * (Stripe's answer to our own capture, cancel or refund, or the reconciliation job).
 */
export type PaymentChange = {
  /** the row after the change */
  payment: PaymentRow;
  before: Pick<PaymentRow, "status" | "amountReceivedCents" | "amountRefundedCents">;
  cause: { kind: "event"; eventId: string; type: string } | { kind: "read" };
  /**
   * A payment attempt failed (a `payment_intent.payment_failed` event, reported once per event even
   * when the mirror did not change: a declined card leaves the intent waiting for another method).
   * `message` is the provider's text for the payer, if any.
   */
  failure?: { message: string | null };
};

/**
 * Something a higher domain does when a payment changes, inside the same transaction (a failing
 * reaction rolls the change back, and the webhook is answered 503 so Stripe delivers it again). The
 * participation's payment status (issue 13), court bookings and tournaments react here; they are
 * wired in server/domains/reactions.ts and reach the payments domain through `Deps.paymentReactions`,
 * so payments never imports them. Each change is reported exactly once: a redelivered event or a read
 * that finds nothing new reports nothing.
 */
export type PaymentReaction = (tx: Tx, change: PaymentChange) => Promise<void>;
