import { and, count, eq, gte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { courtLocationDrafts, courts } from "../../db/schema";
import type { TCourtListItem } from "@shared/schemas/courts";
import { haversineSql, listColumns } from "./sql";

/** Writes of court creation (places.ts): the viewer's location draft and the new court. */

export type LocationDraft = typeof courtLocationDrafts.$inferSelect;
export type NewLocationDraft = Omit<LocationDraft, "createdAt">;

/** One draft per user: saving a place again replaces the previous one. */
export async function upsertLocationDraft(db: DbOrTx, draft: NewLocationDraft, now: Date): Promise<void> {
  const { userId, ...rest } = draft;
  await db
    .insert(courtLocationDrafts)
    .values({ ...draft, createdAt: now })
    .onConflictDoUpdate({ target: courtLocationDrafts.userId, set: { ...rest, createdAt: now } });
}

/** The user's draft, locked until the transaction ends (two createCourt calls of one user take turns). */
export async function lockLocationDraft(tx: DbOrTx, userId: number): Promise<LocationDraft | null> {
  const rows = await tx.select().from(courtLocationDrafts).where(eq(courtLocationDrafts.userId, userId)).for("update").limit(1);
  return rows[0] ?? null;
}

export async function deleteLocationDraft(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(courtLocationDrafts).where(eq(courtLocationDrafts.userId, userId));
}

/** The court made from an OpenStreetMap object, if one was. */
export async function findCourtIdByOsmId(db: DbOrTx, osmId: string): Promise<number | null> {
  const rows = await db.select({ id: courts.id }).from(courts).where(eq(courts.osmId, osmId)).limit(1);
  return rows[0]?.id ?? null;
}

export async function countCourtsCreatedSince(tx: DbOrTx, userId: number, since: Date): Promise<number> {
  const rows = await tx
    .select({ n: count() })
    .from(courts)
    .where(and(eq(courts.createdById, userId), gte(courts.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** Inserts a court; null when its osmId already became a court (the unique index courts_osm_id_idx). */
export async function insertCourt(tx: DbOrTx, values: typeof courts.$inferInsert): Promise<number | null> {
  const rows = await tx.insert(courts).values(values).onConflictDoNothing({ target: courts.osmId }).returning({ id: courts.id });
  return rows[0]?.id ?? null;
}

/** One court as a list item, with its distance from `center` (the court an OSM object already became). */
export async function findCourtListItem(db: DbOrTx, id: number, center: { latitude: number; longitude: number }): Promise<TCourtListItem | null> {
  const distance = haversineSql(courts.latitude, courts.longitude, center);
  const rows = await db
    .select({ ...listColumns, distanceKm: distance })
    .from(courts)
    .where(eq(courts.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0], distanceKm: Number(rows[0].distanceKm) } : null;
}
