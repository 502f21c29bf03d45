import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { courts, participations } from "../../db/schema";
import { checkIns } from "../../db/schema/check-ins";
import { courtColumns } from "../courts/sql";

/** Queries of check-ins at the pitch (check-in.ts); `check_ins` is written here only. */

export type CheckInRow = typeof checkIns.$inferSelect;

/** The court's position (read-only fragment of courts/sql.ts), or null for a game without a court. */
export async function courtPosition(db: DbOrTx, courtId: number | null): Promise<{ latitude: number; longitude: number } | null> {
  if (courtId === null) return null;
  const [row] = await db
    .select({ latitude: courtColumns.latitude, longitude: courtColumns.longitude })
    .from(courts)
    .where(eq(courts.id, courtId))
    .limit(1);
  return row ?? null;
}

/** A guest's participation in the game, found by the hash of its token. */
export async function findGuestParticipation(db: DbOrTx, gameId: number, guestTokenHash: string) {
  const [row] = await db
    .select()
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.guestTokenHash, guestTokenHash)))
    .limit(1);
  return row ?? null;
}

export async function findCheckIn(db: DbOrTx, participationId: number): Promise<CheckInRow | null> {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.participationId, participationId)).limit(1);
  return row ?? null;
}

/** Inserts the check-in unless the participation has one (idempotent: the first time stays); returns the one that holds. */
export async function insertCheckIn(db: DbOrTx, values: typeof checkIns.$inferInsert): Promise<CheckInRow> {
  const [inserted] = await db.insert(checkIns).values(values).onConflictDoNothing({ target: checkIns.participationId }).returning();
  return inserted ?? (await findCheckIn(db, values.participationId))!;
}

export async function deleteCheckIn(db: DbOrTx, participationId: number): Promise<void> {
  await db.delete(checkIns).where(eq(checkIns.participationId, participationId));
}

/** The game's active participations (not cancelled, not queued) in list order, each with its check-in or nulls. */
export async function activeWithCheckIns(db: DbOrTx, gameId: number) {
  return db
    .select({
      participationId: participations.id,
      playerCount: participations.playerCount,
      checkedInAt: checkIns.checkedInAt,
      method: checkIns.method,
    })
    .from(participations)
    .leftJoin(checkIns, eq(checkIns.participationId, participations.id))
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, false), isNull(participations.cancelledAt)))
    .orderBy(asc(participations.createdAt), asc(participations.id));
}

/** The ids of the game's checked-in participations (any state: the caller intersects with its own list). */
export async function checkedInIds(db: DbOrTx, gameId: number): Promise<Set<number>> {
  const rows = await db.select({ participationId: checkIns.participationId }).from(checkIns).where(eq(checkIns.gameId, gameId));
  return new Set(rows.map((r) => r.participationId));
}
