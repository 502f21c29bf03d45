import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import { courts, games, organizations, regions, tournamentParticipations, tournaments, users } from "../../db/schema";
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

/** Whether the ids name rows (references the input gives; reads may look at other domains' tables). */
export async function regionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return Boolean(row);
}

export async function gameExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.id, id)).limit(1);
  return Boolean(row);
}
