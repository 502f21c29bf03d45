import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import { courts, games, organizations, regions, tournamentParticipations, tournamentPlans, tournaments, users } from "../../db/schema";
import { courtColumns } from "../courts/sql";

/** The queries of the tournaments domain: the only code that reads and writes `tournaments` and `tournament_participations`. */

export type TournamentRow = typeof tournaments.$inferSelect;
export type NewTournament = typeof tournaments.$inferInsert;
export type TournamentChanges = Partial<Omit<NewTournament, "id" | "organizerId" | "createdAt">>;
export type TournamentParticipationRow = typeof tournamentParticipations.$inferSelect;

/**
 * Teams that hold a place: registered, not cancelled, not refunded and not on the waiting list (spec 001 section 2.10:
 * the tournament is full when this reaches maxTeams). For a tournament id, or the row of the statement's `tournaments`
 * (named with its table, since drizzle leaves a lone table's columns unqualified and `id` would then be the team's).
 */
export function teamAmountSql(tournamentId: number | SQL = sql`${tournaments}.${sql.identifier("id")}`) {
  return sql<number>`(select count(*)::int from ${tournamentParticipations} tp
    where tp.tournament_id = ${tournamentId} and tp.cancelled_at is null and not tp.queue and tp.payment_status <> 'Refunded')`;
}

const singlePlayerGames = alias(games, "single_player_game");

const listColumns = {
  id: tournaments.id,
  name: tournaments.name,
  startTime: tournaments.startTime,
  endTime: tournaments.endTime,
  locationName: tournaments.locationName,
  // drizzle returns null for a left-joined object whose columns are all null
  court: courtColumns,
  region: { id: regions.id, slug: regions.slug, name: regions.name },
  gameMode: tournaments.gameMode,
  maxTeams: tournaments.maxTeams,
  maxPlayers: tournaments.maxPlayers,
  teamAmount: teamAmountSql(),
  participationPriceCents: tournaments.participationPriceCents,
  pricePerPlayer: tournaments.pricePerPlayer,
  business: tournaments.business,
  organizer: { id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl },
  publishedAt: tournaments.publishedAt,
  cancelledAt: tournaments.cancelledAt,
};

export async function insertTournament(tx: DbOrTx, values: NewTournament): Promise<number> {
  const [row] = await tx.insert(tournaments).values(values).returning({ id: tournaments.id });
  return row!.id;
}

export async function updateTournamentRow(tx: Tx, id: number, changes: TournamentChanges): Promise<void> {
  await tx.update(tournaments).set(changes).where(eq(tournaments.id, id));
}

/** The row, locked for the rest of the transaction (edits, publishing, cancelling and, later, registrations queue up behind it). */
export async function lockTournament(tx: Tx, id: number): Promise<TournamentRow | null> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function findTournament(db: DbOrTx, id: number): Promise<TournamentRow | null> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id)).limit(1);
  return row ?? null;
}

export async function findTournamentByName(db: DbOrTx, organizerId: number, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.organizerId, organizerId), eq(tournaments.name, name)))
    .limit(1);
  return row?.id ?? null;
}

export async function teamAmount(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: teamAmountSql(id) }).from(tournaments).where(eq(tournaments.id, id));
  return row?.n ?? 0;
}

/** The page: the row with its court, region, organiser, organisation, single-player game and team count, in one statement. */
export async function tournamentPage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      description: tournaments.description,
      descriptionEn: tournaments.descriptionEn,
      rules: tournaments.rules,
      rulesEn: tournaments.rulesEn,
      cancellationPolicy: tournaments.cancellationPolicy,
      cancellationPolicyEn: tournaments.cancellationPolicyEn,
      termsOfParticipation: tournaments.termsOfParticipation,
      termsOfParticipationEn: tournaments.termsOfParticipationEn,
      signupUrl: tournaments.signupUrl,
      planUrl: tournaments.planUrl,
      hasPlan: sql<boolean>`exists (select 1 from ${tournamentPlans} where ${tournamentPlans.tournamentId} = ${tournaments.id})`.mapWith(Boolean),
      whatsappGroupUrl: tournaments.whatsappGroupUrl,
      singlePlayerGame: { id: singlePlayerGames.id, startTime: singlePlayerGames.startTime },
      organization: { id: organizations.id, name: organizations.name, imageUrl: organizations.imageUrl },
      createdAt: tournaments.createdAt,
      updatedAt: tournaments.updatedAt,
      organizerId: tournaments.organizerId,
    })
    .from(tournaments)
    .innerJoin(regions, eq(regions.id, tournaments.regionId))
    .innerJoin(users, eq(users.id, tournaments.organizerId))
    .leftJoin(courts, eq(courts.id, tournaments.courtId))
    .leftJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .leftJoin(singlePlayerGames, eq(singlePlayerGames.id, tournaments.singlePlayerGameId))
    .where(eq(tournaments.id, id))
    .limit(1);
  return row ?? null;
}
export type TournamentPageRow = NonNullable<Awaited<ReturnType<typeof tournamentPage>>>;

/** How many upcoming tournaments a region lists at most (a season's worth; more would be a listing of its own). */
export const UPCOMING_LIMIT = 100;

/** A region's published tournaments that are not cancelled and not over, by start. */
export function upcomingTournaments(db: DbOrTx, regionId: number, now: Date) {
  return db
    .select(listColumns)
    .from(tournaments)
    .innerJoin(regions, eq(regions.id, tournaments.regionId))
    .innerJoin(users, eq(users.id, tournaments.organizerId))
    .leftJoin(courts, eq(courts.id, tournaments.courtId))
    .where(and(eq(tournaments.regionId, regionId), isNotNull(tournaments.publishedAt), isNull(tournaments.cancelledAt), gt(tournaments.endTime, now)))
    .orderBy(asc(tournaments.startTime), asc(tournaments.id))
    .limit(UPCOMING_LIMIT);
}
export type TournamentListRow = Awaited<ReturnType<typeof upcomingTournaments>>[number];

/** Every team of a tournament: places first, then the waiting list, each in order of registration; cancelled ones last. */
export function participationsOf(db: DbOrTx, tournamentId: number): Promise<TournamentParticipationRow[]> {
  return db
    .select()
    .from(tournamentParticipations)
    .where(eq(tournamentParticipations.tournamentId, tournamentId))
    .orderBy(sql`${tournamentParticipations.cancelledAt} is not null`, asc(tournamentParticipations.queue), asc(tournamentParticipations.createdAt), asc(tournamentParticipations.id));
}

/* ---------- teams (registration, payment, waiting list, cancellations: registration.ts, team-payment.ts, teams.ts) ---------- */

export type NewTeam = typeof tournamentParticipations.$inferInsert;
export type TeamChanges = Partial<Omit<NewTeam, "id" | "tournamentId" | "createdAt">>;

export async function insertTeam(tx: Tx, values: NewTeam): Promise<TournamentParticipationRow> {
  const [row] = await tx.insert(tournamentParticipations).values(values).returning();
  return row!;
}

/** A team by id; `lock` takes its row for the rest of the transaction. */
export async function findTeam(db: DbOrTx, id: number, lock = false): Promise<TournamentParticipationRow | null> {
  const q = db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function updateTeam(tx: Tx, id: number, changes: TeamChanges): Promise<TournamentParticipationRow> {
  const [row] = await tx.update(tournamentParticipations).set(changes).where(eq(tournamentParticipations.id, id)).returning();
  return row!;
}

/** Whether an active (not cancelled) team of the tournament has this name, ignoring case (the partial unique index's rule). */
export async function teamNameTaken(db: DbOrTx, tournamentId: number, teamName: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: tournamentParticipations.id })
    .from(tournamentParticipations)
    .where(
      and(
        eq(tournamentParticipations.tournamentId, tournamentId),
        isNull(tournamentParticipations.cancelledAt),
        sql`lower(${tournamentParticipations.teamName}) = lower(${teamName})`,
        exceptId === undefined ? undefined : sql`${tournamentParticipations.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The teams a user registered for a tournament (active first, each in order of registration). */
export function teamsOfUser(db: DbOrTx, tournamentId: number, userId: number): Promise<TournamentParticipationRow[]> {
  return db
    .select()
    .from(tournamentParticipations)
    .where(and(eq(tournamentParticipations.tournamentId, tournamentId), eq(tournamentParticipations.userId, userId)))
    .orderBy(sql`${tournamentParticipations.cancelledAt} is not null`, asc(tournamentParticipations.createdAt), asc(tournamentParticipations.id));
}

/** The first team of the waiting list (registration order), locked. */
export async function firstWaitingTeam(tx: Tx, tournamentId: number): Promise<TournamentParticipationRow | null> {
  const [row] = await tx
    .select()
    .from(tournamentParticipations)
    .where(and(eq(tournamentParticipations.tournamentId, tournamentId), eq(tournamentParticipations.queue, true), isNull(tournamentParticipations.cancelledAt)))
    .orderBy(asc(tournamentParticipations.createdAt), asc(tournamentParticipations.id))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** A user's active teams in tournaments that have not started (account deletion cancels them). */
export function activeTeamsOfUserBefore(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({ id: tournamentParticipations.id, tournamentId: tournamentParticipations.tournamentId })
    .from(tournamentParticipations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentParticipations.tournamentId))
    .where(and(eq(tournamentParticipations.userId, userId), isNull(tournamentParticipations.cancelledAt), gt(tournaments.startTime, now)))
    .orderBy(asc(tournamentParticipations.id));
}

/** The fee percentage of the tournament's organisation (its games' percentage), null without one. */
export async function organizationFeePercentage(db: DbOrTx, organizationId: number | null): Promise<number | null> {
  if (organizationId === null) return null;
  const [row] = await db.select({ p: organizations.gameApplicationFeePercentage }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.p ?? null;
}

/** Whose account a team belongs to, for the organiser's overview (null: deleted). */
export async function personRefs(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; firstName: string; profileImageUrl: string | null }>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.filter((r) => r.deletedAt === null).map(({ deletedAt: _d, ...r }) => [r.id, r]));
}

/** Whether the ids name rows (references the input gives; reads may look at other domains' tables). */
export async function regionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return Boolean(row);
}

export async function gameExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.id, id)).limit(1);
  return Boolean(row);
}

/** Every team a user registered, of any tournament (the account's teams, spec 001 section 3), the latest tournament first. */
export function teamsRegisteredBy(db: DbOrTx, userId: number) {
  return db
    .select({
      id: tournamentParticipations.id,
      teamName: tournamentParticipations.teamName,
      tournamentId: tournaments.id,
      tournamentName: tournaments.name,
      startTime: tournaments.startTime,
      paymentStatus: tournamentParticipations.paymentStatus,
      queue: tournamentParticipations.queue,
      cancelledAt: tournamentParticipations.cancelledAt,
    })
    .from(tournamentParticipations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentParticipations.tournamentId))
    .where(eq(tournamentParticipations.userId, userId))
    .orderBy(sql`${tournaments.startTime} desc`, asc(tournamentParticipations.id));
}

/** Whether a phone number is on file for the user: the only one kept is a team registration's (spec 001 section 3, hasPhoneNumber). */
export async function userHasPhoneNumber(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tournamentParticipations.id })
    .from(tournamentParticipations)
    .where(and(eq(tournamentParticipations.userId, userId), sql`${tournamentParticipations.phoneNumber} <> ''`))
    .limit(1);
  return rows.length > 0;
}

/**
 * A user's tournaments in [from, to) for their own calendar (issue 29, domains/calendar-feed): the ones they organise and
 * the ones they registered a team for (not cancelled; `teamWaiting` when every such team is on the waiting list).
 * Cancelled tournaments stay in.
 */
export function calendarTournamentsOf(db: DbOrTx, userId: number, window: { from: Date; to: Date | null }) {
  const teamOf = (queue: boolean) =>
    sql<boolean>`exists (select 1 from ${tournamentParticipations} tp where tp.tournament_id = ${tournaments.id} and tp.user_id = ${userId} and tp.cancelled_at is null and tp.queue = ${queue})`;
  const where: SQL[] = [gt(tournaments.endTime, window.from), sql`(${tournaments.organizerId} = ${userId} or ${teamOf(false)} or ${teamOf(true)})`];
  if (window.to) where.push(lt(tournaments.startTime, window.to));
  return db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      startTime: tournaments.startTime,
      endTime: tournaments.endTime,
      cancelledAt: tournaments.cancelledAt,
      publishedAt: tournaments.publishedAt,
      updatedAt: tournaments.updatedAt,
      teamsUpdatedAt: sql<Date | null>`(select max(tp.updated_at) from ${tournamentParticipations} tp where tp.tournament_id = ${tournaments.id} and tp.user_id = ${userId})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
      organiser: sql<boolean>`${tournaments.organizerId} = ${userId}`,
      team: teamOf(false),
      teamWaiting: teamOf(true),
      locationName: tournaments.locationName,
      court: { name: courts.name, address: courts.address },
      regionName: regions.name,
    })
    .from(tournaments)
    .innerJoin(regions, eq(regions.id, tournaments.regionId))
    .leftJoin(courts, eq(courts.id, tournaments.courtId))
    .where(and(...where))
    .orderBy(asc(tournaments.startTime), asc(tournaments.id));
}
export type CalendarTournamentRow = Awaited<ReturnType<typeof calendarTournamentsOf>>[number];
