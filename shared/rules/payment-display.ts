import type { PaymentStatus } from "../constants";

/** The display codes of a participation's payment (spec 000 section 4 "Display codes"). */
export const PAYMENT_DISPLAY_CODES = ["BO", "CA", "DE", "PA", "RE", "TP", "WD"] as const;
export type PaymentDisplayCode = (typeof PAYMENT_DISPLAY_CODES)[number];

export type CashRequestFacts = { requestedExternalPaymentAt: Date | null; declinedExternalPaymentAt: Date | null };

/**
 * A cash request waits for the organiser: requested, and not declined since (a request after a decline
 * is a new request; domains/participation/cash.ts keeps the decline's time on record).
 */
export function cashRequestPending(p: CashRequestFacts): boolean {
  const { requestedExternalPaymentAt: requested, declinedExternalPaymentAt: declined } = p;
  return requested !== null && (declined === null || requested > declined);
}

/** The last cash request was declined (and no newer one was made). */
export function cashRequestDeclined(p: CashRequestFacts): boolean {
  const { requestedExternalPaymentAt: requested, declinedExternalPaymentAt: declined } = p;
  return declined !== null && (requested === null || declined >= requested);
}

/**
 * The display code of a participation in a managed-payment game, checked in this order:
 * - WD withdrawn:  the place was given up for want of payment (Expired: the reservation ran out, which
 *                  also cancels the participation)
 * - CA cancelled:  any other cancelled participation (by the player, removed, or the account deleted),
 *                  whatever happened to its money (a released hold, money kept within 48 hours)
 * - WD withdrawn:  an active participation whose money went back (Released: the game was cancelled)
 * - BO booked:     the card is held or charged (Approved, Captured)
 * - PA paid:       paid in cash, allowed by the organiser (PaidExternally)
 * - DE declined:   Open, and the last cash request was declined
 * - RE requested:  Open, with a cash request waiting for the organiser
 * - TP to pay:     Open, nothing requested
 * - null:          no payment (None: a game without managed payment, the waiting list, the organiser's own place)
 */
export function paymentDisplayCode(p: CashRequestFacts & { paymentStatus: PaymentStatus; cancelled: boolean }): PaymentDisplayCode | null {
  if (p.paymentStatus === "Expired") return "WD";
  if (p.cancelled) return "CA";
  switch (p.paymentStatus) {
    case "None":
      return null;
    case "Released":
      return "WD";
    case "Approved":
    case "Captured":
      return "BO";
    case "PaidExternally":
      return "PA";
    case "Open":
      return cashRequestDeclined(p) ? "DE" : cashRequestPending(p) ? "RE" : "TP";
  }
}
