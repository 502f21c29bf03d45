import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { gameSubscriptions, guestProfiles, participations } from "../../db/schema";

export type ParticipationRow = typeof participations.$inferSelect;

export async function findById(db: DbOrTx, id: number, forUpdate = false): Promise<ParticipationRow | null> {
  const q = db.select().from(participations).where(eq(participations.id, id)).limit(1);
  const rows = forUpdate ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function findByUser(db: DbOrTx, gameId: number, userId: number): Promise<ParticipationRow | null> {
  const rows = await db
    .select()
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function guestNameTaken(db: DbOrTx, gameId: number, firstName: string): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.gameId, gameId),
        isNull(participations.userId),
        isNull(participations.cancelledAt),
        eq(sql`lower(${participations.firstName})`, firstName.toLowerCase()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Active players (sum of player counts of active, non-queued participations). */
export async function activePlayers(db: DbOrTx, gameId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${participations.playerCount}), 0)::int` })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, false), isNull(participations.cancelledAt)));
  return Number(row?.n ?? 0);
}

/** The waiting list in its order: first come, first served. */
export async function waitingList(db: DbOrTx, gameId: number) {
  return db
    .select({ id: participations.id, playerCount: participations.playerCount, queuedAt: participations.queuedAt, userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, true), isNull(participations.cancelledAt)))
    .orderBy(asc(participations.queuedAt), asc(participations.id));
}

export async function insert(db: DbOrTx, values: typeof participations.$inferInsert): Promise<ParticipationRow> {
  const [row] = await db.insert(participations).values(values).returning();
  return row!;
}

export async function update(db: DbOrTx, id: number, values: Partial<typeof participations.$inferInsert>): Promise<ParticipationRow> {
  const [row] = await db.update(participations).set(values).where(eq(participations.id, id)).returning();
  return row!;
}

export async function insertGuestProfile(db: DbOrTx, firstName: string, now: Date) {
  const [row] = await db.insert(guestProfiles).values({ firstName, createdAt: now }).returning();
  return row!;
}

export async function findGuestProfile(db: DbOrTx, id: number) {
  const rows = await db.select().from(guestProfiles).where(eq(guestProfiles.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function subscribe(db: DbOrTx, values: typeof gameSubscriptions.$inferInsert) {
  await db.insert(gameSubscriptions).values(values).onConflictDoNothing();
}

export async function isSubscribed(db: DbOrTx, gameId: number, deviceToken: string) {
  const rows = await db
    .select({ id: gameSubscriptions.id })
    .from(gameSubscriptions)
    .where(and(eq(gameSubscriptions.gameId, gameId), eq(gameSubscriptions.deviceToken, deviceToken)))
    .limit(1);
  return rows.length > 0;
}

export async function linkGuestProfile(db: DbOrTx, guestProfileId: number, userId: number) {
  await db.update(guestProfiles).set({ userId }).where(eq(guestProfiles.id, guestProfileId));
}
