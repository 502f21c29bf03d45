import { and, asc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { courts, regions } from "../../db/schema";

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

export async function findCourt(db: DbOrTx, id: number) {
  const rows = await db.select(courtColumns).from(courts).where(eq(courts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Courts by region and/or name; the name match ignores case (ILIKE, wildcards escaped). */
export async function searchCourts(db: DbOrTx, opts: { regionSlug?: string; name?: string; limit: number }) {
  const where: SQL[] = [];
  if (opts.regionSlug) where.push(eq(regions.slug, opts.regionSlug));
  if (opts.name) where.push(ilike(courts.name, `%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return db
    .select(courtColumns)
    .from(courts)
    .leftJoin(regions, eq(regions.id, courts.regionId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(courts.name))
    .limit(opts.limit);
}
