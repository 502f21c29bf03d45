import type { PaymentStatus } from "../constants";

/**
 * The payment status of a participation as a state machine (spec 000 section 4 "Payment status").
 * Payment status only moves in managed-payment games; every transition below needs
 * isManagedPayment. Staying in the same status is not a transition.
 *
 *   None           -> Open            joining (or rejoining) a managed game: a reservation to pay;
 *                                     not for a cancelled participation, not once the game started
 *   Open           -> Approved        the provider confirmed the card (captured later)
 *   Open           -> Captured        the provider confirmed with instant capture
 *   Approved       -> Captured        the money is collected (collect-money panel); also for a
 *                                     cancelled participation, whose money is kept unless replaced
 *   Open           -> PaidExternally  the organiser allows cash, before or after the start; not for a
 *                                     cancelled participation (nothing is owed)
 *   Open           -> Expired         the reservation deadline passed (the job; any time)
 *   Approved       -> Released        the authorisation is given back; only for a cancelled
 *                                     participation (a cancelled game counts: pass
 *                                     participationCancelled = true), any time
 *   Expired        -> Open            "Reservierung abgelaufen" retry; like None -> Open (the
 *                                     service reactivates a revoked participation first)
 *   Released       -> Open            rejoining after a release; like None -> Open
 *
 * Decisions (README Decisions):
 * - Release goes to Released, not None. The spec says "released (set to None)", but the status list
 *   has Released and keeping it tells "authorised, then given back" apart from "never paid". A
 *   client that sends paymentStatus None for an Approved, cancelled participation is asking for a
 *   release: the service stores Released.
 * - None -> PaidExternally is not allowed: cash always goes through Open, so every PaidExternally
 *   has the reservation, request and decline record of its Open. A game switched to managed
 *   payment moves its players None -> Open first.
 * - Provider-driven moves (Open -> Approved / Captured, Approved -> Captured, Open -> Expired) are
 *   never refused for timing or cancellation: they record what already happened at the provider,
 *   and the service reacts afterwards (e.g. releases an Approved payment of a cancelled participation).
 * - Captured and PaidExternally are final (refunds are not in the spec).
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  None: ["Open"],
  Open: ["Approved", "Captured", "PaidExternally", "Expired"],
  Approved: ["Captured", "Released"],
  Captured: [],
  Released: ["Open"],
  PaidExternally: [],
  Expired: ["Open"],
};

export type PaymentTransitionContext = { gameStarted: boolean; participationCancelled: boolean; isManagedPayment: boolean };

export type PaymentTransitionProblem =
  | "INVALID_PAYMENT_TRANSITION"
  | "PAYMENT_NOT_MANAGED"
  | "GAME_ALREADY_STARTED"
  | "PARTICIPATION_CANCELLED"
  | "PARTICIPATION_NOT_CANCELLED";

/**
 * Why from -> to is not allowed now, or null. Checked in this order: the pair itself
 * (INVALID_PAYMENT_TRANSITION), the game (PAYMENT_NOT_MANAGED), then the pair's own conditions -
 * for a new reservation cancellation before start (PARTICIPATION_CANCELLED, then GAME_ALREADY_STARTED).
 */
export function assertTransition(from: PaymentStatus, to: PaymentStatus, o: PaymentTransitionContext): PaymentTransitionProblem | null {
  if (!PAYMENT_TRANSITIONS[from].includes(to)) return "INVALID_PAYMENT_TRANSITION";
  if (!o.isManagedPayment) return "PAYMENT_NOT_MANAGED";
  if (to === "Open") {
    if (o.participationCancelled) return "PARTICIPATION_CANCELLED";
    if (o.gameStarted) return "GAME_ALREADY_STARTED";
  }
  if (to === "PaidExternally" && o.participationCancelled) return "PARTICIPATION_CANCELLED";
  if (to === "Released" && !o.participationCancelled) return "PARTICIPATION_NOT_CANCELLED";
  return null;
}

export function canTransitionPayment(from: PaymentStatus, to: PaymentStatus, o: PaymentTransitionContext): boolean {
  return assertTransition(from, to, o) === null;
}
