import { and, asc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { regions, users } from "../../db/schema";

const columns = {
  id: regions.id,
  name: regions.name,
  slug: regions.slug,
  imgUrl: regions.imgUrl,
  latitude: regions.latitude,
  longitude: regions.longitude,
  perimeter: regions.perimeter,
  featured: regions.featured,
  mapZoomLevel: regions.mapZoomLevel,
  whatsappGroupUrl: regions.whatsappGroupUrl,
  telegramGroupUrl: regions.telegramGroupUrl,
  whatsappChannelUrl: regions.whatsappChannelUrl,
  telegramChannelUrl: regions.telegramChannelUrl,
  headId: users.id,
  headFirstName: users.firstName,
};

function toRegion<T extends { headId: number | null; headFirstName: string | null }>({ headId, headFirstName, ...rest }: T) {
  return { ...rest, head: headId !== null && headFirstName !== null ? { id: headId, firstName: headFirstName } : null };
}

export async function listRegions(db: DbOrTx) {
  const rows = await db.select(columns).from(regions).leftJoin(users, eq(users.id, regions.headId)).orderBy(asc(regions.name));
  return rows.map(toRegion);
}

export async function findRegionBySlug(db: DbOrTx, slug: string) {
  const rows = await db
    .select(columns)
    .from(regions)
    .leftJoin(users, eq(users.id, regions.headId))
    .where(eq(regions.slug, slug))
    .limit(1);
  return rows[0] ? toRegion(rows[0]) : null;
}

export async function findRegionIdBySlug(db: DbOrTx, slug: string): Promise<number | null> {
  const rows = await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug)).limit(1);
  return rows[0]?.id ?? null;
}

// ---- written by the staff console (issue 26; domains/admin calls regions/service) ----

export type RegionRow = typeof regions.$inferSelect;
export type RegionValues = Omit<typeof regions.$inferInsert, "id" | "createdAt">;

/** The region's row, locked until the transaction ends; null when there is none. */
export async function lockRegion(db: DbOrTx, id: number): Promise<RegionRow | null> {
  const rows = await db.select().from(regions).where(eq(regions.id, id)).for("update");
  return rows[0] ?? null;
}

/** Whether another region (than `exceptId`) has the slug. */
export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .where(exceptId === undefined ? eq(regions.slug, slug) : and(eq(regions.slug, slug), ne(regions.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a region; null when the slug was taken meanwhile (the unique index decides a race). */
export async function insertRegion(db: DbOrTx, values: RegionValues): Promise<RegionRow | null> {
  const rows = await db.insert(regions).values(values).onConflictDoNothing({ target: regions.slug }).returning();
  return rows[0] ?? null;
}

export async function updateRegion(db: DbOrTx, id: number, changes: Partial<RegionValues>): Promise<RegionRow | null> {
  const rows = await db.update(regions).set(changes).where(eq(regions.id, id)).returning();
  return rows[0] ?? null;
}
