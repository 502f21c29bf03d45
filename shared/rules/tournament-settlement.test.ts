import { describe, expect, test } from "bun:test";
import { TOURNAMENT_PAYMENT_STATUSES, type TournamentPaymentStatus } from "../schemas/tournaments";
import { statusAfterSettlement, TEAM_ENDINGS, teamSettlementOf, type TeamEnding, type TeamSettlement } from "./tournament-settlement";

/** Every cell, written out: payment status × way of ending → outcome and the status afterwards. */
const TABLE: Record<TournamentPaymentStatus, Record<TeamEnding, [TeamSettlement, TournamentPaymentStatus]>> = {
  Open: {
    teamCancels: ["release", "Open"],
    organiserCancelsTeam: ["release", "Open"],
    tournamentCancelled: ["release", "Open"],
    accountDeleted: ["release", "Open"],
  },
  Paid: {
    teamCancels: ["refund", "Refunded"],
    organiserCancelsTeam: ["refund", "Refunded"],
    tournamentCancelled: ["refund", "Refunded"],
    accountDeleted: ["refund", "Refunded"],
  },
  PaidExternally: {
    teamCancels: ["nothing", "PaidExternally"],
    organiserCancelsTeam: ["nothing", "PaidExternally"],
    tournamentCancelled: ["nothing", "PaidExternally"],
    accountDeleted: ["nothing", "PaidExternally"],
  },
  Refunded: {
    teamCancels: ["nothing", "Refunded"],
    organiserCancelsTeam: ["nothing", "Refunded"],
    tournamentCancelled: ["nothing", "Refunded"],
    accountDeleted: ["nothing", "Refunded"],
  },
};

describe("a tournament team's money when its registration ends", () => {
  const cells = TOURNAMENT_PAYMENT_STATUSES.flatMap((status) => TEAM_ENDINGS.map((ending) => [status, ending] as const));
  test("the table names every status and every ending", () => {
    expect(cells).toHaveLength(16);
    expect(Object.keys(TABLE).sort()).toEqual([...TOURNAMENT_PAYMENT_STATUSES].sort());
  });
  test.each(cells)("%s, %s", (status, ending) => {
    const [outcome, after] = TABLE[status][ending];
    expect(teamSettlementOf(status, ending)).toBe(outcome);
    expect(statusAfterSettlement(status, ending)).toBe(after);
  });
});
