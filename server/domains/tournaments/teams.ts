import type { TMyTeam } from "@shared/schemas/tournament-teams";
import type { Ctx, Deps, Viewer } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { MailTemplate, TeamMailName } from "../../integrations/mail/templates";
import type { PushTextKey } from "../../integrations/push/texts";
import { AppError } from "../../lib/errors";
import { notifyUsers } from "../notifications/notify-users";
import { enqueueMail } from "../notifications/outbox";
import { invoiceUrlsFor, type InvoiceUrls } from "./invoices";
import * as repo from "./repo";
import type { TournamentParticipationRow, TournamentRow } from "./repo";

/**
 * What every team use case shares (server/domains/tournaments/README.md "Registration and accounts", "Waiting list
 * and promotion"): who may act on a team, how a team is shown to the person who registered it, moving up from the
 * waiting list, and the notices to a team (push to its account's devices, mail to the address it registered with).
 */

export type Team = TournamentParticipationRow;

/** The organiser or an admin. */
export const managesTournament = (viewer: Pick<Viewer, "userId" | "isAdmin"> | null, t: { organizerId: number }) =>
  viewer !== null && (viewer.isAdmin || viewer.userId === t.organizerId);

/** A business team must give its invoice data before it can pay (spec 001 sections 2.10, 5); other teams have nothing to give. */
export function dataComplete(team: Team, t: Pick<TournamentRow, "business">): boolean {
  if (!t.business) return true;
  return Boolean(team.invoiceCompanyName && team.invoiceLine1 && team.invoicePostalCode && team.invoiceTown && team.invoiceCountry);
}

/** A team holds a place: not cancelled, not refunded, not waiting (repo.teamAmountSql counts the same). */
export const holdsPlace = (team: Team) => team.cancelledAt === null && !team.queue && team.paymentStatus !== "Refunded";

/** Why the team cannot pay now, as an error code, or null (pay refuses with it; ZMyTeam.canPay is its absence). */
export function payProblem(team: Team, t: TournamentRow, now: Date) {
  if (team.cancelledAt !== null) return "TEAM_CANCELLED" as const;
  if (t.cancelledAt !== null) return "TOURNAMENT_CANCELLED" as const;
  if (t.endTime.getTime() <= now.getTime()) return "TOURNAMENT_OVER" as const;
  if (team.paymentStatus !== "Open" || team.amountCents <= 0) return "TEAM_NOTHING_TO_PAY" as const;
  if (team.queue) return "TEAM_ON_WAITING_LIST" as const;
  if (!dataComplete(team, t)) return "TEAM_DATA_INCOMPLETE" as const;
  return null;
}

/**
 * Whether `viewer` may cancel the team now: its own registrant before the start, the organiser or an admin until
 * the end (README "Cancellations and refunds"); nobody once cancelled or once the tournament is cancelled.
 */
export function cancelProblem(viewer: Pick<Viewer, "userId" | "isAdmin"> | null, team: Team, t: TournamentRow, now: Date) {
  if (team.cancelledAt !== null) return "TEAM_CANCELLED" as const;
  if (t.cancelledAt !== null) return "TOURNAMENT_CANCELLED" as const;
  if (managesTournament(viewer, t)) return t.endTime.getTime() <= now.getTime() ? ("TOURNAMENT_OVER" as const) : null;
  return t.startTime.getTime() <= now.getTime() ? ("TOURNAMENT_STARTED" as const) : null;
}

/** 1-based places on the waiting list of the active waiting teams, in registration order (repo.participationsOf's order). */
export function waitingPositions(all: Team[]): Map<number, number> {
  const waiting = all.filter((p) => p.queue && p.cancelledAt === null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  return new Map(waiting.map((p, i) => [p.id, i + 1]));
}

/** A team as ZMyTeam: the registrant's (or a manager's) view. */
export function toMyTeam(viewer: Ctx["viewer"], team: Team, t: TournamentRow, now: Date, position: number | null, invoice: InvoiceUrls | null): TMyTeam {
  return {
    id: team.id,
    tournamentId: team.tournamentId,
    teamName: team.teamName,
    paymentStatus: team.paymentStatus,
    playerCount: team.playerCount,
    amountCents: team.amountCents,
    firstName: team.firstName,
    lastName: team.lastName,
    email: team.email,
    phoneNumber: team.phoneNumber,
    invoiceCompanyName: team.invoiceCompanyName,
    invoiceLine1: team.invoiceLine1,
    invoiceLine2: team.invoiceLine2,
    invoicePostalCode: team.invoicePostalCode,
    invoiceTown: team.invoiceTown,
    invoiceCountry: team.invoiceCountry,
    invoiceEmail: team.invoiceEmail,
    invoiceHint: team.invoiceHint,
    queue: team.queue && team.cancelledAt === null,
    waitingPosition: position,
    dataComplete: dataComplete(team, t),
    canPay: payProblem(team, t, now) === null,
    canCancel: cancelProblem(viewer, team, t, now) === null,
    paidAt: team.paidAt,
    cancelledAt: team.cancelledAt,
    invoiceUrl: invoice?.invoiceUrl ?? null,
    cancellationInvoiceUrl: invoice?.cancellationInvoiceUrl ?? null,
    createdAt: team.createdAt,
  };
}

/** One team as ZMyTeam, read fresh (its waiting position and invoice need the others). */
export async function presentTeam(ctx: Ctx, teamId: number): Promise<TMyTeam> {
  const team = await repo.findTeam(ctx.deps.db, teamId);
  const t = team && (await repo.findTournament(ctx.deps.db, team.tournamentId));
  if (!team || !t) throw new AppError("TOURNAMENT_TEAM_NOT_FOUND");
  const positions = team.queue ? waitingPositions(await repo.participationsOf(ctx.deps.db, t.id)) : new Map<number, number>();
  const urls = await invoiceUrlsFor(ctx.deps.db, [team.id]);
  return toMyTeam(ctx.viewer, team, t, ctx.deps.clock.now(), positions.get(team.id) ?? null, urls.get(team.id) ?? null);
}

/**
 * The team and its tournament, for its registrant (`owner`) or also the organiser and admins (`owner-or-manager`):
 * anybody else gets TOURNAMENT_TEAM_NOT_FOUND (a team's existence is nobody else's business). `lock` takes the
 * tournament's row first, then the team's (the order every team change uses, so they never deadlock).
 */
export async function requireTeam(
  ctx: Ctx,
  db: DbOrTx,
  teamId: number,
  who: "owner" | "owner-or-manager",
  lock: boolean,
): Promise<{ team: Team; t: TournamentRow; manager: boolean }> {
  const viewer = ctx.viewer;
  if (!viewer) throw new AppError("UNAUTHENTICATED");
  const peek = await repo.findTeam(db, teamId);
  if (!peek) throw new AppError("TOURNAMENT_TEAM_NOT_FOUND");
  const t = lock ? await repo.lockTournament(db as Tx, peek.tournamentId) : await repo.findTournament(db, peek.tournamentId);
  const team = lock ? await repo.findTeam(db, teamId, true) : peek;
  if (!t || !team) throw new AppError("TOURNAMENT_TEAM_NOT_FOUND");
  const owner = team.userId !== null && team.userId === viewer.userId;
  const manager = managesTournament(viewer, t);
  if (!owner && !(who === "owner-or-manager" && manager)) throw new AppError("TOURNAMENT_TEAM_NOT_FOUND");
  return { team, t, manager };
}

/* ---------- waiting list ---------- */

/**
 * Moves waiting teams up while the tournament has free places (after a cancellation, an outside refund or a larger
 * maxTeams), in registration order; each is told by push and mail that a place is free and to pay. The caller holds
 * the tournament's lock. Nothing moves in a cancelled or ended tournament.
 */
export async function fillPlaces(deps: Deps, tx: Tx, t: TournamentRow, now: Date): Promise<number[]> {
  const promoted: number[] = [];
  if (t.cancelledAt !== null || t.endTime.getTime() <= now.getTime()) return promoted;
  while ((await repo.teamAmount(tx, t.id)) < t.maxTeams) {
    const next = await repo.firstWaitingTeam(tx, t.id);
    if (!next) break;
    const team = await repo.updateTeam(tx, next.id, { queue: false, promotedAt: now, updatedAt: now });
    await tellTeam(deps, tx, team, t, team.amountCents > 0 ? "tournament-moved-up-pay" : "tournament-moved-up");
    promoted.push(team.id);
  }
  return promoted;
}

/* ---------- notices ---------- */

const PUSH_OF: Record<TeamMailName, PushTextKey> = {
  "tournament-moved-up": "tournamentMovedUp",
  "tournament-moved-up-pay": "tournamentMovedUpPay",
  "tournament-team-cancelled": "tournamentTeamCancelled",
  "tournament-cancelled": "tournamentCancelled",
  "tournament-refunded-outside": "tournamentRefundedOutside",
};

/** Where a team's notices lead: the tournament's page (the registration block shows the team). */
export const tournamentLink = (deps: Pick<Deps, "config">, tournamentId: number) => `${deps.config.publicUrl}/tournament/${tournamentId}`;

/**
 * Tells a team something: a push to its account's devices and a mail to the address it registered with, in the
 * language it registered in (that address is the team's contact, whether or not the account confirmed it).
 */
export async function tellTeam(deps: Deps, tx: Tx, team: Team, t: Pick<TournamentRow, "id" | "name">, name: TeamMailName, amountCents?: number) {
  const link = tournamentLink(deps, t.id);
  if (team.userId !== null) {
    await notifyUsers(deps, tx, {
      push: { to: { userIds: [team.userId] }, key: PUSH_OF[name], params: () => ({ game: t.name, name: team.teamName, amountCents }), url: `/tournament/${t.id}`, tag: `tournament-${t.id}-team-${team.id}` },
    });
  }
  const template: MailTemplate = { name, data: { firstName: team.firstName, tournament: t.name, team: team.teamName, link, amountCents } };
  await enqueueMail(deps, { to: team.email, language: team.language, template }, tx);
}

/** Tells the organiser about a team (an outside refund): push and mail to their account. */
export async function tellOrganiser(deps: Deps, tx: Tx, t: Pick<TournamentRow, "id" | "name" | "organizerId">, team: Team, name: TeamMailName, amountCents?: number) {
  const link = `${deps.config.publicUrl}/tournament/${t.id}/teams`;
  await notifyUsers(deps, tx, {
    push: { to: { userIds: [t.organizerId] }, key: PUSH_OF[name], params: () => ({ game: t.name, name: team.teamName, amountCents }), url: `/tournament/${t.id}/teams`, tag: `tournament-${t.id}-team-${team.id}` },
    mail: { userIds: [t.organizerId], audience: "always", template: (to) => ({ name, data: { firstName: to.firstName, tournament: t.name, team: team.teamName, link, amountCents } }) },
  });
}
