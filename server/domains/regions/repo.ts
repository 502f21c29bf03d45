import { asc, eq } from "drizzle-orm";
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
