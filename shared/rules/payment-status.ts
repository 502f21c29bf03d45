import type { PaymentStatus } from "../constants";

/**
 * Who drives a payment transition:
 * - provider:  the payment provider's webhook (what already happened at the provider)
 * - job:       a scheduled job (reservation expiry, capture at the start, releasing holds)
 * - organiser: the game's creator or a member of its organisation, through the app
 * - player:    the participation's owner
 * - admin:     an administrator, through the app
 */
export const PAYMENT_ACTORS = ["provider", "job", "organiser", "player", "admin"] as const;
export type PaymentActor = (typeof PAYMENT_ACTORS)[number];

/**
 * What must hold besides the actor, each with the problem it answers when it does not:
 * - joining:        the player (re)joins the game; the join use case makes the reservation, so a
 *                   reservation is never set as a status on its own (NOT_JOINING)
 * - active:         the participation is not cancelled (PARTICIPATION_CANCELLED)
 * - cancelled:      the participation is cancelled; a cancelled game counts (PARTICIPATION_NOT_CANCELLED)
 * - notPlaying:     cancelled as above, or on the waiting list: a queued player holds no place to pay for
 *                   (the organiser moved them there; they pay again when they move up) (PARTICIPATION_NOT_CANCELLED)
 * - beforeStart:    the game has not started (GAME_ALREADY_STARTED)
 * A managed-payment game is needed by every transition (PAYMENT_NOT_MANAGED).
 */
export type PaymentCondition = "joining" | "active" | "cancelled" | "notPlaying" | "beforeStart";

export type PaymentTransition = {
  from: PaymentStatus;
  to: PaymentStatus;
  actors: readonly PaymentActor[];
  when: readonly PaymentCondition[];
};

const RESERVATION = { actors: ["player"], when: ["joining", "active", "beforeStart"] } as const;
/** The provider's record of what already happened, and the jobs acting on the provider's behalf. */
const CARD = ["provider", "job"] as const;

/**
 * The payment status of a participation as a state machine (spec 000 section 4 "Payment status").
 * Payment status only moves in managed-payment games. Staying in the same status is not a
 * transition; a pair that is not listed is never allowed.
 *
 *   None     -> Open            joining a managed game makes a reservation to pay
 *   Expired  -> Open            "Reservierung abgelaufen" retry (the service reactivates the revoked
 *                               participation first)
 *   Released -> Open            rejoining after a release
 *   Approved -> Open            rejoining while the earlier hold is being released, or kept for a late
 *   Captured -> Open            cancellation: the new reservation supersedes that payment, which its job
 *                               gives back (a player who comes back replaces their own late cancellation)
 *   Open     -> Approved        the provider confirmed the card (captured later)
 *   Open     -> Captured        the provider confirmed with instant capture
 *   Approved -> Captured        the money is collected: the provider confirms the capture that the
 *                               collect-money panel or the capture-at-start job asked for; also for a
 *                               cancelled participation, whose money is kept unless replaced
 *   Open     -> Expired         the reservation deadline passed (the job, or the provider dropping
 *                               the payment); any time
 *   Approved -> Released        the authorisation is given back; by a job only for a cancelled
 *                               participation or one moved to the waiting list, any time
 *   Captured -> Released        the money is refunded in full (a cancellation, a removal, a deleted
 *                               account, a cancelled game: shared/rules/settlement.ts); by a job only
 *                               for a cancelled participation or game or one on the waiting list, any time
 *   Open     -> PaidExternally  the organiser (or an admin) allows cash, before or after the start;
 *                               not for a cancelled participation (nothing is owed)
 *
 * Decisions (server/domains/participation/README.md):
 * - Only the provider and the jobs move the card states (Open -> Approved / Captured / Expired,
 *   Approved -> Captured / Released). An organiser or admin asks for a capture or release; the
 *   status records the provider's answer. People set only PaidExternally (cash); a player sets
 *   nothing directly, his reservation comes with joining.
 * - Release goes to Released, not None. The spec says "released (set to None)", but the status list
 *   has Released and keeping it tells "authorised, then given back" apart from "never paid".
 * - None -> PaidExternally is not allowed: cash always goes through Open, so every PaidExternally
 *   has the reservation, request and decline record of its Open. A game switched to managed
 *   payment moves its players None -> Open first.
 * - Provider-driven moves are never refused for their conditions (timing, cancellation, waiting list):
 *   they record what already happened at the provider, and the service reacts afterwards (e.g. releases
 *   an Approved payment of a cancelled participation). So a refund made outside the app (Stripe's
 *   dashboard) or a hold that lapsed moves an active participation to Released too, and the organiser is
 *   told (issue 23: the participation follows the money).
 * - PaidExternally is final. A captured payment is given back in full (Released) whenever the place ends
 *   in a way that owes nothing (shared/rules/settlement.ts); a partial refund leaves Captured (the
 *   amounts are on the payment: a lowered price refunds the difference).
 */
export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  { from: "None", to: "Open", ...RESERVATION },
  { from: "Expired", to: "Open", ...RESERVATION },
  { from: "Released", to: "Open", ...RESERVATION },
  { from: "Approved", to: "Open", ...RESERVATION },
  { from: "Captured", to: "Open", ...RESERVATION },
  { from: "Open", to: "Approved", actors: ["provider"], when: [] },
  { from: "Open", to: "Captured", actors: ["provider"], when: [] },
  { from: "Approved", to: "Captured", actors: CARD, when: [] },
  { from: "Open", to: "Expired", actors: CARD, when: [] },
  { from: "Approved", to: "Released", actors: CARD, when: ["notPlaying"] },
  { from: "Captured", to: "Released", actors: CARD, when: ["notPlaying"] },
  { from: "Open", to: "PaidExternally", actors: ["organiser", "admin"], when: ["active"] },
];

export type PaymentTransitionContext = {
  actor: PaymentActor;
  gameStarted: boolean;
  participationCancelled: boolean;
  /** On the waiting list (left out: false). */
  participationQueued?: boolean;
  isManagedPayment: boolean;
  /** The join use case making the reservation; false (or left out) everywhere else. */
  joining?: boolean;
};

export type PaymentTransitionProblem =
  | "INVALID_PAYMENT_TRANSITION"
  | "PAYMENT_ACTOR_NOT_ALLOWED"
  | "PAYMENT_NOT_MANAGED"
  | "NOT_JOINING"
  | "PARTICIPATION_CANCELLED"
  | "PARTICIPATION_NOT_CANCELLED"
  | "GAME_ALREADY_STARTED";

export function findPaymentTransition(from: PaymentStatus, to: PaymentStatus): PaymentTransition | undefined {
  return PAYMENT_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/**
 * Why `actor` may not move from -> to now, or null. Checked in this order: the pair itself
 * (INVALID_PAYMENT_TRANSITION), the actor (PAYMENT_ACTOR_NOT_ALLOWED), the game (PAYMENT_NOT_MANAGED),
 * then the pair's conditions in the order the table lists them (never for the provider).
 */
export function transitionProblem(from: PaymentStatus, to: PaymentStatus, o: PaymentTransitionContext): PaymentTransitionProblem | null {
  const t = findPaymentTransition(from, to);
  if (!t) return "INVALID_PAYMENT_TRANSITION";
  if (!t.actors.includes(o.actor)) return "PAYMENT_ACTOR_NOT_ALLOWED";
  if (!o.isManagedPayment) return "PAYMENT_NOT_MANAGED";
  // the provider's word records what already happened: its conditions bind only the jobs and people
  if (o.actor === "provider") return null;
  for (const c of t.when) {
    if (c === "joining" && !o.joining) return "NOT_JOINING";
    if (c === "active" && o.participationCancelled) return "PARTICIPATION_CANCELLED";
    if (c === "cancelled" && !o.participationCancelled) return "PARTICIPATION_NOT_CANCELLED";
    if (c === "notPlaying" && !o.participationCancelled && !o.participationQueued) return "PARTICIPATION_NOT_CANCELLED";
    if (c === "beforeStart" && o.gameStarted) return "GAME_ALREADY_STARTED";
  }
  return null;
}
