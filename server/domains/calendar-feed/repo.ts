import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { calendarFeeds } from "../../db/schema";

/** The only module that reads and writes `calendar_feeds` (README "Layout": one owner per table). */
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export async function findByUser(db: DbOrTx, userId: number): Promise<CalendarFeedRow | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row ?? null;
}

export async function findByToken(db: DbOrTx, token: string): Promise<CalendarFeedRow | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  return row ?? null;
}

/** Creates the user's feed or gives it a new token (the old one is gone in the same statement). */
export async function upsert(db: DbOrTx, userId: number, token: string, now: Date): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: now, lastFetchedAt: null })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: now, lastFetchedAt: null } })
    .returning();
  return row!;
}

/** Whether the user had a feed. */
export async function remove(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/** Notes a fetch, unless one was noted after `notBefore` (a calendar app polling every few minutes writes rarely). */
export async function touch(db: DbOrTx, token: string, now: Date, notBefore: Date): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(and(eq(calendarFeeds.token, token), or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, notBefore))));
}
