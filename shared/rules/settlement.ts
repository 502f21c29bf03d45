import type { PaymentStatus } from "../constants";

/**
 * What happens to a participation's money when its place ends, as one table (issue 23 item 1; spec 000
 * section 4 "Refund on cancellation"): payment status × way of ending × time window → outcome. The
 * server settles every ended participation through this table (participation/late-cancellation.ts), and
 * the table test walks every cell against the Stripe emulator.
 *
 * Ways of ending:
 * - playerCancels:      the player (or guest) cancels their own place
 * - organiserRemoves:   the organiser (or an admin) removes the player
 * - reservationExpires: the reservation's deadline passed without a payment
 * - gameCancelled:      the organiser's or the automatic cancellation of the game
 * - accountDeleted:     the player deleted their account (a deleted account owes nothing)
 * - movedToWaitingList: the organiser moved the player to the waiting list (they pay again when they move up)
 *
 * Time windows (only the player's own cancellation depends on it; shared/rules/participation.ts
 * `cancellationTerms`): free = 48 hours or more before the start, before a granted free-cancellation
 * time (paymentCanCancelUntil), or from the waiting list; late = less than 48 hours before the start.
 *
 * Outcomes:
 * - nothing:            no money is with us (None, Expired, Released) or it is cash (PaidExternally,
 *                       the organiser's business)
 * - keep:               the place does not end this way: the payment stands (a paid place has no
 *                       reservation to expire)
 * - release:            an unpaid intent is cancelled (Open → Expired), a held card released (Approved → Released)
 * - refund:             a captured payment is refunded in full with the platform's fee (Captured → Released)
 * - keepUnlessReplaced: the hold or the captured money stays while the game needs replacements
 *                       (`replacementsNeeded`); released or refunded as soon as paying replacements come,
 *                       a hold captured at the start otherwise
 */
export const ENDING_WAYS = ["playerCancels", "organiserRemoves", "reservationExpires", "gameCancelled", "accountDeleted", "movedToWaitingList"] as const;
export type EndingWay = (typeof ENDING_WAYS)[number];
export const SETTLEMENT_WINDOWS = ["free", "late"] as const;
export type SettlementWindow = (typeof SETTLEMENT_WINDOWS)[number];
export type Settlement = "nothing" | "keep" | "release" | "refund" | "keepUnlessReplaced";

export function settlementOf(status: PaymentStatus, way: EndingWay, window: SettlementWindow): Settlement {
  switch (status) {
    case "None":
    case "Expired":
    case "Released":
    case "PaidExternally":
      return "nothing";
    case "Open":
      // nothing was paid yet: the intent goes, whatever ended the place
      return "release";
    case "Approved":
    case "Captured": {
      const giveBack = status === "Approved" ? "release" : "refund";
      if (way === "reservationExpires") return "keep";
      if (way === "playerCancels" && window === "late") return "keepUnlessReplaced";
      return giveBack;
    }
  }
}

/** Whether a payment status holds money that a settlement may give back or keep (a hold or a capture). */
export function holdsMoneyStatus(status: PaymentStatus): boolean {
  return status === "Approved" || status === "Captured";
}
