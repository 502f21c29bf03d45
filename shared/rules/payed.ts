import type { PaymentStatus } from "../constants";

/** Statuses in which a participation counts as paid. */
const PAID: readonly PaymentStatus[] = ["Approved", "Captured", "PaidExternally"];

/**
 * The old API's `payed`, which the organiser sends with updateParticipation (spec 000 section 7), is
 * "the number paid" of a participation (spec 000 section 3). Our payment status knows only "paid in
 * full", so the number is read onto it (server/domains/participation/README.md "`payed` is the number paid"):
 * - all of the participation's players paid (payed >= playerCount, at least 1): the organiser took
 *   the money himself, so the target is PaidExternally; a participation already paid stays as it is;
 * - fewer (including 0): not paid in full, so nothing changes while it is unpaid, and undoing a
 *   payment is refused (Approved is the provider's, Captured and PaidExternally are final).
 * Returns the status to move to (still subject to transitionProblem in payment-status.ts, where moving
 * Open -> PaidExternally is the organiser's or an admin's transition), or "REFUSED".
 */
export function paymentStatusForPayed(current: PaymentStatus, payed: number, playerCount: number): PaymentStatus | "REFUSED" {
  const paidInFull = payed >= Math.max(playerCount, 1);
  if (PAID.includes(current)) return paidInFull ? current : "REFUSED";
  return paidInFull ? "PaidExternally" : current;
}
