import type { z } from "zod";
import {
  TOURNAMENT,
  tournamentShapeIssues,
  tournamentStartProblem,
  type TTournament,
  type TTournamentListItem,
  type TTournamentParticipation,
  type ZCreateTournamentInput,
  type ZUpcomingTournamentsInput,
  type ZUpdateTournamentInput,
} from "@shared/schemas/tournaments";
import type { Ctx, Viewer } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { findRegionIdBySlug } from "../regions/service";
import { requireActor } from "../users/service";
import * as repo from "./repo";
import type { TournamentChanges, TournamentRow } from "./repo";
import { settleCancelledTournament } from "./team-actions";
import { tournamentDestination } from "./team-payment";
import { fillPlaces } from "./teams";

/**
 * Tournaments (spec 001 sections 2.10, 3, 6; issue 25; server/domains/tournaments/README.md): admins and organisation
 * members create them; the organiser (their creator) and admins edit, publish and cancel them. A draft (not published)
 * is seen only by them; everybody sees a published one, a cancelled one as cancelled.
 */

/** The organiser or an admin: edits, publishes, cancels, and (issue 25's next part) sees the teams and writes the channel. */
export const canManageTournament = (viewer: Pick<Viewer, "userId" | "isAdmin"> | null, t: { organizerId: number }) =>
  viewer !== null && (viewer.isAdmin || viewer.userId === t.organizerId);

/** Who may create one: admins and members of an organisation (spec 001 section 2.10, issue 25). */
const canCreateTournament = (actor: { isAdmin: boolean; organizationId: number | null }) => actor.isAdmin || actor.organizationId !== null;

function listItem<R extends repo.TournamentListRow>(row: R) {
  const { teamAmount, maxTeams, business } = row;
  return { ...row, full: teamAmount >= maxTeams, vatPercentIncluded: business ? TOURNAMENT.vatPercent : null };
}

function toListItem(row: repo.TournamentListRow): TTournamentListItem {
  return listItem(row);
}

function toPage(ctx: Ctx, row: repo.TournamentPageRow): TTournament {
  const { organizerId, ...rest } = listItem(row);
  return { ...rest, viewer: { canManage: canManageTournament(ctx.viewer, { organizerId }) } };
}

/** The page row for `ctx`'s viewer: a draft exists only for its managers, so anybody else gets TOURNAMENT_NOT_FOUND. */
async function visiblePage(ctx: Ctx, id: number): Promise<repo.TournamentPageRow> {
  const row = await repo.tournamentPage(ctx.deps.db, id);
  if (!row || (row.publishedAt === null && !canManageTournament(ctx.viewer, row))) throw new AppError("TOURNAMENT_NOT_FOUND");
  return row;
}

/** tournament(id): the page. */
export async function tournament(ctx: Ctx, id: number): Promise<TTournament> {
  return toPage(ctx, await visiblePage(ctx, id));
}

/** upcomingTournaments: the region's published tournaments not cancelled and not yet over, by start. */
export async function upcomingTournaments(ctx: Ctx, input: z.output<typeof ZUpcomingTournamentsInput>): Promise<TTournamentListItem[]> {
  let regionId = input.regionId;
  if (regionId === undefined) regionId = await findRegionIdBySlug(ctx, input.regionSlug!);
  else if (!(await repo.regionExists(ctx.deps.db, regionId))) throw new AppError("REGION_NOT_FOUND");
  const rows = await repo.upcomingTournaments(ctx.deps.db, regionId, ctx.deps.clock.now());
  return rows.map(toListItem);
}

/** The teams, for the organiser and admins; nobody else sees them (an empty list, as the old API answered). */
export async function tournamentParticipations(ctx: Ctx, t: { id: number; organizerId: number }): Promise<TTournamentParticipation[]> {
  if (!canManageTournament(ctx.viewer, t)) return [];
  const rows = await repo.participationsOf(ctx.deps.db, t.id);
  return rows.map(({ userId, updatedAt: _updatedAt, ...p }) => ({ ...p, user: userId === null ? null : { id: userId } }));
}

function refuseShape(v: Parameters<typeof tournamentShapeIssues>[0]) {
  const issues = tournamentShapeIssues(v);
  if (issues.length > 0) throw new AppError("VALIDATION", { fields: issues });
}

function refuseStart(start: Date, now: Date) {
  const problem = tournamentStartProblem(start, now);
  if (problem) throw new AppError(problem);
}

async function requireSinglePlayerGame(ctx: Ctx, id: number | null) {
  if (id !== null && !(await repo.gameExists(ctx.deps.db, id)))
    throw new AppError("VALIDATION", { fields: [{ path: "singlePlayerGameId", code: "single_player_game_not_found" }] });
}

async function requireRegion(ctx: Ctx, id: number) {
  if (!(await repo.regionExists(ctx.deps.db, id))) throw new AppError("REGION_NOT_FOUND", { fields: [{ path: "regionId", code: "region_not_found" }] });
}

/** createTournament: admins and organisation members; the creator organises it, for their organisation. A draft until published. */
export async function createTournament(ctx: Ctx, input: z.output<typeof ZCreateTournamentInput>): Promise<TTournament> {
  const actor = await requireActor(ctx);
  if (!canCreateTournament(actor)) throw new AppError("FORBIDDEN");
  const now = ctx.deps.clock.now();
  refuseStart(input.startTime, now);
  const court = input.courtId === null ? null : await requireCourt(ctx, input.courtId);
  if (input.regionId !== null) await requireRegion(ctx, input.regionId);
  const regionId = input.regionId ?? court?.regionId ?? actor.regionId;
  if (regionId === null) throw new AppError("VALIDATION", { fields: [{ path: "regionId", code: "region_required" }] });
  await requireSinglePlayerGame(ctx, input.singlePlayerGameId);
  const { regionId: _chosen, ...fields } = input;
  const id = await repo.insertTournament(ctx.deps.db, {
    ...fields,
    regionId,
    organizerId: actor.id,
    organizationId: actor.organizationId,
    createdAt: now,
    updatedAt: now,
  });
  return tournament(ctx, id);
}

/**
 * Locks the tournament for a manager's change: TOURNAMENT_NOT_FOUND when it does not exist or is a draft the
 * viewer may not see, FORBIDDEN for a published one somebody else organises, then TOURNAMENT_CANCELLED and
 * TOURNAMENT_OVER (nothing changes once it is cancelled or ended).
 */
async function lockManaged(ctx: Ctx, tx: Tx, id: number, now: Date): Promise<TournamentRow> {
  const row = await repo.lockTournament(tx, id);
  if (!row) throw new AppError("TOURNAMENT_NOT_FOUND");
  if (!canManageTournament(ctx.viewer, row)) throw new AppError(row.publishedAt === null ? "TOURNAMENT_NOT_FOUND" : "FORBIDDEN");
  if (row.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
  if (row.endTime.getTime() <= now.getTime()) throw new AppError("TOURNAMENT_OVER");
  return row;
}

/** updateTournament: the organiser or an admin changes the given fields; the coupled rules hold for the result. */
export async function updateTournament(ctx: Ctx, input: z.output<typeof ZUpdateTournamentInput>): Promise<TTournament> {
  await requireActor(ctx);
  const now = ctx.deps.clock.now();
  const { tournamentId, ...given } = input;
  const changes = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as TournamentChanges;
  await ctx.deps.db.transaction(async (tx) => {
    const row = await lockManaged(ctx, tx, tournamentId, now);
    const merged = { ...row, ...changes } as TournamentRow;
    refuseShape(merged);
    if (changes.startTime && changes.startTime.getTime() !== row.startTime.getTime()) refuseStart(changes.startTime, now);
    if (changes.maxTeams !== undefined && changes.maxTeams < (await repo.teamAmount(tx, row.id)))
      throw new AppError("MAX_TEAMS_BELOW_TEAMS");
    // a published tournament that becomes priced must be payable, as when publishing
    if (row.publishedAt !== null && merged.participationPriceCents > 0 && row.participationPriceCents === 0) await tournamentDestination(tx, row);
    if (changes.courtId != null && changes.courtId !== row.courtId) {
      const court = await requireCourt(ctx, changes.courtId);
      // a new court moves the listing to its region, unless the edit names one
      if (changes.regionId === undefined && court.regionId !== null) changes.regionId = court.regionId;
    }
    if (changes.regionId === null) delete changes.regionId;
    else if (changes.regionId !== undefined && changes.regionId !== row.regionId) await requireRegion(ctx, changes.regionId);
    if (changes.singlePlayerGameId !== undefined && changes.singlePlayerGameId !== row.singlePlayerGameId)
      await requireSinglePlayerGame(ctx, changes.singlePlayerGameId);
    await repo.updateTournamentRow(tx, row.id, { ...changes, updatedAt: now });
    // more places: the waiting list moves up (README "Waiting list and promotion")
    if (changes.maxTeams !== undefined && changes.maxTeams > row.maxTeams) await fillPlaces(ctx.deps, tx, { ...row, maxTeams: changes.maxTeams }, now);
  });
  return tournament(ctx, tournamentId);
}

/** publishTournament: lists it in its region; publishing a published one changes nothing. */
export async function publishTournament(ctx: Ctx, id: number): Promise<TTournament> {
  await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const row = await lockManaged(ctx, tx, id, now);
    if (row.publishedAt !== null) return;
    // a priced tournament must be payable (README "Who pays whom"): TOURNAMENT_PAYMENTS_NOT_READY otherwise
    if (row.participationPriceCents > 0) await tournamentDestination(tx, row);
    await repo.updateTournamentRow(tx, id, { publishedAt: now, updatedAt: now });
  });
  return tournament(ctx, id);
}

/**
 * cancelTournament: marks it cancelled (the page shows it so; it leaves the lists); the same transaction settles every
 * registered team (Paid ones refunded in full and marked Refunded, open intents cancelled, cash untouched) and tells
 * each by push and mail (README "Cancelling a tournament").
 */
export async function cancelTournament(ctx: Ctx, id: number): Promise<TTournament> {
  const viewer = (await requireActor(ctx)).id;
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const row = await lockManaged(ctx, tx, id, now);
    await repo.updateTournamentRow(tx, id, { cancelledAt: now, cancelledById: viewer, updatedAt: now });
    await settleCancelledTournament(ctx.deps, tx, { ...row, cancelledAt: now }, now);
  });
  return tournament(ctx, id);
}

/**
 * For the demo seed (server/db/seed-demo.ts): a published tournament of the given organiser, unless they already
 * organise one of that name (the seed may run again). Answers its id.
 */
export async function ensureDemoTournament(tx: Tx, values: repo.NewTournament): Promise<number> {
  const existing = await repo.findTournamentByName(tx, values.organizerId, values.name);
  return existing ?? repo.insertTournament(tx, values);
}

/**
 * For the demo seed: registered teams of a demo tournament, each unless a team of its name is registered already (the
 * seed may run again). No payment rows: a paid demo team is paid in cash (PaidExternally).
 */
export async function ensureDemoTeams(tx: Tx, tournamentId: number, teams: Omit<repo.NewTeam, "tournamentId">[]): Promise<void> {
  for (const team of teams) {
    if (!(await repo.teamNameTaken(tx, tournamentId, team.teamName))) await repo.insertTeam(tx, { ...team, tournamentId });
  }
}

/**
 * A user's tournaments between `from` and `to` (none: all future), organised or with a team of theirs, for their own
 * calendar subscription (issue 29, domains/calendar-feed); drafts only reach their organiser's own calendar.
 */
export function calendarTournamentsOf(db: DbOrTx, userId: number, window: { from: Date; to: Date | null }): Promise<repo.CalendarTournamentRow[]> {
  return repo.calendarTournamentsOf(db, userId, window);
}
