import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { TCourtListItem } from "@shared/schemas/courts";
import type { DbOrTx, Tx } from "../../db/client";
import { courtAvailabilities, courtDiscounts, courts, regions, subCourts, users } from "../../db/schema";
import { courtColumns, listColumns, withinDistance } from "./sql";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Courts within `distanceKm` of a point, nearest first; `name` narrows by name or alternative name. */
export async function findCourtsNear(
  db: DbOrTx,
  opts: { latitude: number; longitude: number; distanceKm: number; limit: number; name?: string },
): Promise<TCourtListItem[]> {
  const { where, distance } = withinDistance(courts.latitude, courts.longitude, opts, opts.distanceKm);
  const rows = await db
    .select({ ...listColumns, distanceKm: distance })
    .from(courts)
    .where(opts.name ? and(where, nameMatches(opts.name)) : where)
    .orderBy(asc(distance), asc(courts.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, distanceKm: Number(r.distanceKm) }));
}

function nameMatches(name: string): SQL {
  const pattern = `%${escapeLike(name)}%`;
  // alternative names: any element matches (unnest keeps it one parameter)
  return or(
    ilike(courts.name, pattern),
    sql`exists (select 1 from unnest(${courts.alternativeNames}) as alt(n) where alt.n ilike ${pattern})`,
  ) as SQL;
}

/** Courts whose name or an alternative name contains `name` (case ignored, wildcards escaped), optionally in one region. */
export async function findCourtsByName(db: DbOrTx, opts: { name: string; regionSlug?: string; limit: number }): Promise<TCourtListItem[]> {
  const where: SQL[] = [nameMatches(opts.name)];
  if (opts.regionSlug) where.push(eq(regions.slug, opts.regionSlug));
  const rows = await db
    .select(listColumns)
    .from(courts)
    .leftJoin(regions, eq(regions.id, courts.regionId))
    .where(and(...where))
    .orderBy(asc(courts.name), asc(courts.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, distanceKm: null }));
}

export async function findCourtsOwnedBy(db: DbOrTx, userId: number, limit: number): Promise<TCourtListItem[]> {
  const rows = await db.select(listColumns).from(courts).where(eq(courts.ownerId, userId)).orderBy(asc(courts.name), asc(courts.id)).limit(limit);
  return rows.map((r) => ({ ...r, distanceKm: null }));
}

export async function findCourt(db: DbOrTx, id: number) {
  const rows = await db.select(courtColumns).from(courts).where(eq(courts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Everything of the court page: the row, owner, region, discount, availabilities, sub-courts. */
export async function findCourtDetail(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      court: courts,
      owner: { id: users.id, firstName: users.firstName },
      region: { id: regions.id, slug: regions.slug, name: regions.name },
    })
    .from(courts)
    .leftJoin(users, eq(users.id, courts.ownerId))
    .leftJoin(regions, eq(regions.id, courts.regionId))
    .where(eq(courts.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const [discounts, availabilities, subs] = await Promise.all([
    db.select().from(courtDiscounts).where(eq(courtDiscounts.courtId, id)).limit(1),
    db
      .select()
      .from(courtAvailabilities)
      .where(eq(courtAvailabilities.courtId, id))
      .orderBy(asc(courtAvailabilities.weekday), asc(courtAvailabilities.startTime), asc(courtAvailabilities.id)),
    db.select({ id: subCourts.id, name: subCourts.name }).from(subCourts).where(eq(subCourts.courtId, id)).orderBy(asc(subCourts.id)),
  ]);
  return { ...row, discount: discounts[0] ?? null, availabilities, subCourts: subs };
}

/** Courts by region and/or name; the name match ignores case (ILIKE, wildcards escaped). */
export async function searchCourts(db: DbOrTx, opts: { regionSlug?: string; name?: string; limit: number }) {
  const where: SQL[] = [];
  if (opts.regionSlug) where.push(eq(regions.slug, opts.regionSlug));
  if (opts.name) where.push(ilike(courts.name, `%${escapeLike(opts.name)}%`));
  return db
    .select(courtColumns)
    .from(courts)
    .leftJoin(regions, eq(regions.id, courts.regionId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(courts.name))
    .limit(opts.limit);
}

/** Sets the court's image URL under a row lock and returns the one it replaces (undefined: no such court). */
export async function replaceCourtImageUrl(db: DbOrTx, id: number, url: string, now: Date): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: courts.imageUrl }).from(courts).where(eq(courts.id, id)).for("update");
    if (!row) return undefined;
    await tx.update(courts).set({ imageUrl: url, updatedAt: now }).where(eq(courts.id, id));
    return row.url;
  });
}

/** The court's link to its owner's Google calendar (the calendar domain decides it; the row is ours). */
export async function setCalendarLink(tx: Tx, courtId: number, link: { calendarName: string | null; calendarIdGoogle: string | null }, now: Date): Promise<void> {
  await tx.update(courts).set({ ...link, updatedAt: now }).where(eq(courts.id, courtId));
}

/** A court's sub-courts, oldest first. */
export async function subCourtsOf(db: DbOrTx, courtId: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: subCourts.id, name: subCourts.name }).from(subCourts).where(eq(subCourts.courtId, courtId)).orderBy(asc(subCourts.id));
}

export async function insertSubCourt(tx: Tx, values: { courtId: number; name: string; createdAt: Date }): Promise<{ id: number; name: string }> {
  const [row] = await tx.insert(subCourts).values(values).returning({ id: subCourts.id, name: subCourts.name });
  return row!;
}
