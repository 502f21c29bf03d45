import type { TournamentPaymentStatus } from "../schemas/tournaments";

/**
 * What happens to a tournament team's money when its registration ends, as one table (issue 25; spec 001 sections
 * 2.10, 4; server/domains/tournaments/README.md "Cancellations and refunds"): payment status × way of ending →
 * outcome, and the status the team has afterwards. The server settles every ending through it (tournaments/
 * team-actions.ts `settleTeam`); the service test walks every cell against the Stripe emulator.
 *
 * Ways of ending:
 * - teamCancels:          the team's registrant cancels it (before the start)
 * - organiserCancelsTeam: the organiser or an admin cancels the team (until the end)
 * - tournamentCancelled:  the organiser or an admin cancels the tournament
 * - accountDeleted:       the registrant deletes their account (teams of tournaments that have not started)
 *
 * Outcomes:
 * - release: an unpaid intent (if any) is cancelled, so its checkout page can no longer take money
 * - refund:  the online payment is refunded in full, with the platform's fee (Paid → Refunded)
 * - nothing: no online money is with us: cash (PaidExternally) is the organiser's business, Refunded is back already
 *
 * Every way of ending settles alike: the app does not keep an entry fee (an organiser's own cancellation terms are
 * theirs to apply outside the app, as with cash).
 */
export const TEAM_ENDINGS = ["teamCancels", "organiserCancelsTeam", "tournamentCancelled", "accountDeleted"] as const;
export type TeamEnding = (typeof TEAM_ENDINGS)[number];
export type TeamSettlement = "release" | "refund" | "nothing";

export function teamSettlementOf(status: TournamentPaymentStatus, _ending: TeamEnding): TeamSettlement {
  switch (status) {
    case "Open":
      return "release";
    case "Paid":
      return "refund";
    case "PaidExternally":
    case "Refunded":
      return "nothing";
  }
}

/** The payment status after the settlement: refunded money makes the team Refunded, everything else stays. */
export function statusAfterSettlement(status: TournamentPaymentStatus, ending: TeamEnding): TournamentPaymentStatus {
  return teamSettlementOf(status, ending) === "refund" ? "Refunded" : status;
}
