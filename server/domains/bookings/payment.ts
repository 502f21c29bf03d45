import type { Deps } from "../../context";
import type { BookingPaymentReleaseJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import type { PaymentReaction } from "../payments/events";
import { cancelPayment, findPayment, refreshPayment, refundPayment, type PaymentRow } from "../payments/service";
import * as repo from "./repo";

/**
 * A court booking's money (server/domains/bookings/README.md "Court bookings"): the payment's word books it, and money
 * nobody owes any more is given back.
 *
 * - `bookingPaymentReaction` (wired in domains/reactions.ts, inside the mirror's transaction): the
 *   booking's current payment succeeded while it waits for payment (TP) → booked (BO), event PAID.
 *   A payment that succeeded for a booking that is no longer waiting (cancelled or lapsed meanwhile,
 *   or a superseded attempt) is given back by the release job, sent at once.
 * - `handleBookingPaymentRelease` (job `court-booking-payment-release`): an unpaid intent is
 *   cancelled (so its checkout page can no longer take money), a succeeded one refunded in full with
 *   the fee; both once per payment (the payments module's idempotency keys).
 */
export function bookingPaymentReaction(deps: Deps): PaymentReaction {
  return async (tx, change) => {
    const { payment } = change;
    if (payment.purpose !== "court_booking" || payment.status !== "succeeded" || change.before.status === "succeeded") return;
    const b = await repo.findBooking(tx, payment.subjectId, true);
    if (!b) return;
    if (b.status === "TP" && b.paymentId === payment.id) {
      const now = deps.clock.now();
      await repo.updateBooking(tx, b.id, { status: "BO", paidAt: now, updatedAt: now });
      await repo.recordBookingEvent(tx, { bookingId: b.id, type: "PAID", actorId: b.renterId, payload: {}, createdAt: now });
      return;
    }
    if (b.status !== "BO" || b.paymentId !== payment.id) await deps.jobs.send("court-booking-payment-release", { bookingId: b.id, paymentId: payment.id }, {}, tx);
  };
}

const holdsMoney = (p: PaymentRow) => p.status === "succeeded" && p.amountRefundedCents < p.amountReceivedCents;
const unpaid = (p: PaymentRow) => p.status !== "succeeded" && p.status !== "canceled";

export async function handleBookingPaymentRelease(deps: Deps, job: BookingPaymentReleaseJob): Promise<void> {
  let payment = await findPayment(deps, job.paymentId);
  if (!payment || payment.purpose !== "court_booking" || payment.subjectId !== job.bookingId) return;
  const b = await repo.findBooking(deps.db, job.bookingId);
  // the booking's own, booked payment stays where it is
  if (b && b.status === "BO" && b.paymentId === payment.id) return;
  try {
    payment = await refreshPayment(deps, payment.id);
    if (unpaid(payment)) payment = await cancelPayment(deps, payment.id, { reason: "requested_by_customer" });
    if (holdsMoney(payment)) await refundPayment(deps, payment.id, {}, { refundApplicationFee: true });
  } catch (error) {
    // Stripe does not know the intent (another account's keys, a reset emulator): retrying cannot help
    if (error instanceof AppError && error.code === "PAYMENT_NOT_FOUND") {
      deps.logger.warn("court booking payment not found at the provider", { ...job });
      return;
    }
    // it succeeded between the read and the cancel: the next run refunds it
    if (error instanceof AppError && error.code === "PAYMENT_STATE_CONFLICT") {
      const again = await refreshPayment(deps, job.paymentId);
      if (holdsMoney(again)) await refundPayment(deps, again.id, {}, { refundApplicationFee: true });
      return;
    }
    throw error;
  }
}
