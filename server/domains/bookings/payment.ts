import type { Deps } from "../../context";
import type { BookingPaymentReleaseJob } from "../../jobs/definitions";
import type { PaymentReaction } from "../payments/events";
import { findPayment, giveBackPayment } from "../payments/service";
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

export async function handleBookingPaymentRelease(deps: Deps, job: BookingPaymentReleaseJob): Promise<void> {
  const payment = await findPayment(deps, job.paymentId);
  if (!payment || payment.purpose !== "court_booking" || payment.subjectId !== job.bookingId) return;
  const b = await repo.findBooking(deps.db, job.bookingId);
  // the booking's own, booked payment stays where it is
  if (b && b.status === "BO" && b.paymentId === payment.id) return;
  await giveBackPayment(deps, payment.id, { bookingId: job.bookingId });
}
