import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { boundingBox, EARTH_RADIUS_KM } from "@shared/rules/geo";
import type { TCourtListItem } from "@shared/schemas/courts";
import type { DbOrTx } from "../../db/client";
import { courtAvailabilities, courtDiscounts, courts, regions, subCourts, users } from "../../db/schema";

/** The court reference other domains embed (games): TCourtRef of shared/schemas/games.ts. */
export const courtColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  imageUrl: courts.imageUrl,
  latitude: courts.latitude,
  longitude: courts.longitude,
  turf: courts.turf,
  indoor: courts.indoor,
  public: courts.public,
  regionId: courts.regionId,
};

/** TCourtListItem without distanceKm (places-repo.ts selects the same). */
export const listColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  latitude: courts.latitude,
  longitude: courts.longitude,
  imageUrl: courts.imageUrl,
  turf: courts.turf,
  indoor: courts.indoor,
  public: courts.public,
  rentable: courts.rentable,
  floodLight: courts.floodLight,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The distance search's WHERE (README, Decisions, "Distance search"): a bounding box on the indexed
 * latitude and longitude (courts_latitude_idx, courts_longitude_idx narrow the rows), then the exact
 * haversine distance for the rows inside it. `lat`/`lng` are the columns or expressions of the point.
 */
export function withinDistance(lat: SQL | typeof courts.latitude, lng: SQL | typeof courts.longitude, center: { latitude: number; longitude: number }, distanceKm: number) {
  const box = boundingBox(center, distanceKm);
  const distance = haversineSql(lat, lng, center);
  const lngRanges = box.lngRanges.map(([a, b]) => sql`${lng} between ${a} and ${b}`);
  const where = and(
    sql`${lat} between ${box.minLat} and ${box.maxLat}`,
    lngRanges.length === 1 ? lngRanges[0] : or(...lngRanges),
    sql`${distance} <= ${distanceKm}`,
  ) as SQL;
  return { where, distance };
}

/** Great-circle distance in km in SQL; the same formula as shared/rules/geo.ts haversineKm, clamped so asin never sees > 1. */
export function haversineSql(lat: SQL | typeof courts.latitude, lng: SQL | typeof courts.longitude, center: { latitude: number; longitude: number }) {
  const la = sql`${center.latitude}::double precision`;
  const lo = sql`${center.longitude}::double precision`;
  return sql<number>`(${2 * EARTH_RADIUS_KM}::double precision * asin(least(1::double precision, sqrt(
    power(sin(radians((${lat} - ${la}) / 2)), 2) +
    cos(radians(${la})) * cos(radians(${lat})) * power(sin(radians((${lng} - ${lo}) / 2)), 2)
  ))))`;
}

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
