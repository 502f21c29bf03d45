import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { gameTeams, participations, skillRatings, users, type StoredTeams } from "../../db/schema";

/**
 * Queries of balanced teams (service.ts); `game_teams` and `skill_ratings` are written here only. The game's
 * players are read from `participations` (read-only: participation/repo owns that table).
 */

export type GameTeamsRow = typeof gameTeams.$inferSelect;

export async function findTeams(db: DbOrTx, gameId: number): Promise<GameTeamsRow | null> {
  const [row] = await db.select().from(gameTeams).where(eq(gameTeams.gameId, gameId)).limit(1);
  return row ?? null;
}

/** Inserts or replaces the game's row with the next version (the caller holds the game's lock and checked the version). */
export async function saveTeams(
  db: DbOrTx,
  gameId: number,
  values: { seed?: number; teams?: StoredTeams | null; playersMayBuild?: boolean; publishedAt?: Date; updatedById: number },
): Promise<GameTeamsRow> {
  const [row] = await db
    .insert(gameTeams)
    .values({ gameId, ...values })
    .onConflictDoUpdate({ target: gameTeams.gameId, set: { ...values, version: sql`${gameTeams.version} + 1` } })
    .returning();
  return row!;
}

export type ActivePlayer = {
  participationId: number;
  userId: number | null;
  firstName: string;
  playerCount: number;
  playsHimself: boolean;
  bringsBibs: boolean;
};

/** The game's active participations (not on the waiting list, not cancelled), in the order they joined. */
export async function activeParticipations(db: DbOrTx, gameId: number): Promise<ActivePlayer[]> {
  return db
    .select({
      participationId: participations.id,
      userId: participations.userId,
      firstName: sql<string>`coalesce(${users.firstName}, ${participations.firstName}, '')`,
      playerCount: participations.playerCount,
      playsHimself: participations.playsHimself,
      bringsBibs: participations.bringsBibs,
    })
    .from(participations)
    .leftJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, false), isNull(participations.cancelledAt)))
    .orderBy(asc(participations.createdAt), asc(participations.id));
}

/** Every skill rating of these players, for their estimates. */
export async function ratingsOf(db: DbOrTx, userIds: readonly number[]): Promise<{ userId: number; rating: number; at: Date }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: skillRatings.ratedUserId, rating: skillRatings.rating, at: skillRatings.createdAt })
    .from(skillRatings)
    .where(inArray(skillRatings.ratedUserId, [...userIds]));
}

/** The ratings this rater gave in this game, by rated player. */
export async function ratingsBy(db: DbOrTx, raterId: number, gameId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: skillRatings.ratedUserId, rating: skillRatings.rating })
    .from(skillRatings)
    .where(and(eq(skillRatings.raterId, raterId), eq(skillRatings.gameId, gameId)));
  return new Map(rows.map((r) => [r.userId, r.rating]));
}

/** One rating per rater, game and player: a second one replaces the first (and its date). */
export async function upsertRating(db: DbOrTx, values: { ratedUserId: number; raterId: number; gameId: number; rating: number; createdAt: Date }) {
  await db
    .insert(skillRatings)
    .values(values)
    .onConflictDoUpdate({
      target: [skillRatings.raterId, skillRatings.gameId, skillRatings.ratedUserId],
      set: { rating: values.rating, createdAt: values.createdAt },
    });
}
