import { reminderBlockedUntil } from "@shared/rules/tournament-reminder";
import { statusAfterSettlement, teamSettlementOf, type TeamEnding } from "@shared/rules/tournament-settlement";
import type { TMyTeam, TTeamOverviewRow, TTeamsOverview } from "@shared/schemas/tournament-teams";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { invoiceUrlsFor, queueInvoiceCancellation, queueTournamentInvoice } from "./invoices";
import { afterTeamLeft } from "./plan-results";
import * as repo from "./repo";
import type { TournamentRow } from "./repo";
import { supersedePayment } from "./team-payment";
import { cancelProblem, fillPlaces, holdsPlace, managesTournament, presentTeam, requireTeam, tellTeam, toMyTeam, waitingPositions, type Team } from "./teams";

/**
 * Ending registrations and the organiser's side (spec 001 sections 2.10, 4; server/domains/tournaments/README.md
 * "Cancellations and refunds", "Cash", "Waiting list and promotion"): `cancelRegistration`, `markPaid`, `teams`
 * (the overview), and the settlement every ending goes through (shared/rules/tournament-settlement.ts).
 */

/**
 * Settles a team's money as the table says, in the caller's transaction (which holds the tournament's lock): a
 * refund makes it Refunded at once and its job gives the money back; a release cancels an open intent through the
 * same job; cash and refunded teams move nothing. Answers the changes for the team's row. A refunded team's invoice,
 * if it has one, is cancelled by a Stornorechnung (invoices.ts, queued here in the same transaction).
 */
export async function settleTeam(deps: Deps, tx: Tx, team: Team, ending: TeamEnding, now: Date): Promise<repo.TeamChanges> {
  const outcome = teamSettlementOf(team.paymentStatus, ending);
  if (outcome === "nothing") return {};
  await supersedePayment(deps, tx, team);
  if (outcome === "release") return {};
  await queueInvoiceCancellation(deps, tx, team.id);
  return { paymentStatus: statusAfterSettlement(team.paymentStatus, ending), refundedAt: now };
}

/** Cancels one team (not yet cancelled) under the tournament's lock: settled, its place (if any) to the waiting list. */
async function endTeam(deps: Deps, tx: Tx, t: TournamentRow, team: Team, ending: TeamEnding, actorId: number | null, now: Date): Promise<void> {
  const heldPlace = holdsPlace(team);
  const money = await settleTeam(deps, tx, team, ending, now);
  const cancelled = await repo.updateTeam(tx, team.id, { ...money, cancelledAt: now, cancelledById: actorId, updatedAt: now });
  if (ending === "organiserCancelsTeam") await tellTeam(deps, tx, cancelled, t, "tournament-team-cancelled");
  if (heldPlace) await fillPlaces(deps, tx, t, now);
  // its matches not played yet in the tournament's plan are walkovers for the opponents
  await afterTeamLeft(tx, t, now);
}

/**
 * cancelRegistration: the team's registrant before the start, the organiser or an admin until the end. A Paid team's
 * payment is refunded in full with the fee (Refunded), an open intent is cancelled, cash stays the organiser's
 * business; the first waiting team moves up and is told to pay.
 */
export async function cancelRegistration(ctx: Ctx, participationId: number): Promise<TMyTeam> {
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const { team, t, manager } = await requireTeam(ctx, tx, participationId, "owner-or-manager", true);
    const problem = cancelProblem(ctx.viewer, team, t, now);
    if (problem) throw new AppError(problem);
    const own = team.userId === ctx.viewer!.userId;
    await endTeam(ctx.deps, tx, t, team, manager && !own ? "organiserCancelsTeam" : "teamCancels", ctx.viewer!.userId, now);
  });
  return presentTeam(ctx, participationId);
}

/**
 * markPaid: the organiser or an admin records a cash payment (Open → PaidExternally); an open intent is given up.
 * A business team's invoice follows as for a card payment.
 */
export async function markPaid(ctx: Ctx, participationId: number): Promise<TTeamOverviewRow> {
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const { team, t, manager } = await requireTeam(ctx, tx, participationId, "owner-or-manager", true);
    if (!manager) throw new AppError("FORBIDDEN");
    if (team.cancelledAt !== null) throw new AppError("TEAM_CANCELLED");
    if (t.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    if (team.paymentStatus !== "Open") throw new AppError("TEAM_NOTHING_TO_PAY");
    if (team.queue) throw new AppError("TEAM_ON_WAITING_LIST");
    await supersedePayment(ctx.deps, tx, team);
    await repo.updateTeam(tx, team.id, { paymentStatus: "PaidExternally", paidAt: now, updatedAt: now });
    if (t.business) await queueTournamentInvoice(ctx.deps, tx, team.id);
  });
  const overview = await teams(ctx, (await repo.findTeam(ctx.deps.db, participationId))!.tournamentId);
  return overview.teams.find((r) => r.id === participationId)!;
}

/** Whether the organiser may still mark the team paid in cash. */
const canMarkPaid = (team: Team, t: TournamentRow) => team.cancelledAt === null && t.cancelledAt === null && team.paymentStatus === "Open" && !team.queue;

/**
 * teams: the overview for the organiser and admins (spec 001 section 2.10 "Teams screen"; everybody else FORBIDDEN,
 * a draft TOURNAMENT_NOT_FOUND for them): totals and every team with its contact and invoice data, the reminder
 * window (shared/rules/tournament-reminder.ts) and what may be done. Totals are disjoint: cancelled (cancelled or
 * Refunded), paid (Paid or PaidExternally), waiting (on the waiting list), unpaid (Open holding a place).
 */
export async function teams(ctx: Ctx, tournamentId: number): Promise<TTeamsOverview> {
  const t = await repo.findTournament(ctx.deps.db, tournamentId);
  if (!t || (t.publishedAt === null && !managesTournament(ctx.viewer, t))) throw new AppError("TOURNAMENT_NOT_FOUND");
  if (!managesTournament(ctx.viewer, t)) throw new AppError("FORBIDDEN");
  const rows = await repo.participationsOf(ctx.deps.db, t.id);
  const positions = waitingPositions(rows);
  const urls = await invoiceUrlsFor(ctx.deps.db, rows.map((r) => r.id));
  const people = await repo.personRefs(ctx.deps.db, [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))]);
  const now = ctx.deps.clock.now();
  const ended = t.cancelledAt !== null || t.endTime.getTime() <= now.getTime();
  const totals = { registrations: rows.length, paid: 0, unpaid: 0, cancelled: 0, waiting: 0 };
  const overviewRows = rows.map((r): TTeamOverviewRow => {
    if (r.cancelledAt !== null || r.paymentStatus === "Refunded") totals.cancelled++;
    else if (r.paymentStatus === "Paid" || r.paymentStatus === "PaidExternally") totals.paid++;
    else if (r.queue) totals.waiting++;
    else totals.unpaid++;
    const blocked = reminderBlockedUntil(r, now);
    return {
      ...toMyTeam(ctx.viewer, r, t, now, positions.get(r.id) ?? null, urls.get(r.id) ?? null),
      user: r.userId === null ? null : (people.get(r.userId) ?? null),
      paymentReminderSentAt: r.paymentReminderSentAt,
      reminderBlockedUntil: blocked === "never" ? null : blocked,
      canRemind: blocked === null && !ended,
      canMarkPaid: canMarkPaid(r, t),
    };
  });
  return {
    tournament: { id: t.id, name: t.name, business: t.business, pricePerPlayer: t.pricePerPlayer, startTime: t.startTime },
    totals,
    teams: overviewRows,
  };
}

/**
 * The tournament is being cancelled (service.ts cancelTournament, in its transaction and under its lock): every team
 * still registered is settled (Paid ones refunded in full, open intents cancelled) and told by push and mail.
 */
export async function settleCancelledTournament(deps: Deps, tx: Tx, t: TournamentRow, now: Date): Promise<void> {
  for (const team of await repo.participationsOf(tx, t.id)) {
    if (team.cancelledAt !== null) continue;
    const money = await settleTeam(deps, tx, team, "tournamentCancelled", now);
    const updated = Object.keys(money).length > 0 ? await repo.updateTeam(tx, team.id, { ...money, updatedAt: now }) : team;
    await tellTeam(deps, tx, updated, t, "tournament-cancelled");
  }
}

/**
 * An account is being deleted (accounts' deleteAccount, through Deps.accountDeletionHooks, in its transaction): its
 * teams in tournaments that have not started are cancelled and settled; their places go to the waiting lists.
 */
export async function cancelTeamsOfDeletedAccount(deps: Deps, tx: Tx, userId: number, now: Date): Promise<void> {
  for (const { id, tournamentId } of await repo.activeTeamsOfUserBefore(tx, userId, now)) {
    const t = (await repo.lockTournament(tx, tournamentId))!;
    const team = (await repo.findTeam(tx, id, true))!;
    if (team.cancelledAt !== null) continue;
    await endTeam(deps, tx, t, team, "accountDeleted", null, now);
  }
}
