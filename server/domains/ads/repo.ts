import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { AdKind } from "@shared/constants";
import type { DbOrTx } from "../../db/client";
import { advertisementStats, advertisements, regions, tournaments } from "../../db/schema";

/** What create and update write. */
export type AdValues = Pick<
  typeof advertisements.$inferInsert,
  "kind" | "size" | "position" | "title" | "linkUrl" | "regionId" | "tournamentId" | "activeFrom" | "activeUntil"
>;

/** Shown: the period holds at `now` (either end may be open) and an image exists (issue 26). */
export function activeAt(now: Date): SQL {
  return and(
    isNotNull(advertisements.imageUrl),
    or(isNull(advertisements.activeFrom), lte(advertisements.activeFrom, now)),
    or(isNull(advertisements.activeUntil), gt(advertisements.activeUntil, now)),
  )!;
}

const adColumns = {
  id: advertisements.id,
  kind: advertisements.kind,
  title: advertisements.title,
  imageUrl: advertisements.imageUrl,
  size: advertisements.size,
  position: advertisements.position,
  linkUrl: advertisements.linkUrl,
  regionId: advertisements.regionId,
  regionSlug: regions.slug,
  regionName: regions.name,
};

export type AdRow = Awaited<ReturnType<typeof findAds>>[number];

/** Ads by a condition, with their region; in the order they were created (the feed's order within a position). */
export function findAds(db: DbOrTx, where: SQL | undefined) {
  return db.select(adColumns).from(advertisements).leftJoin(regions, eq(regions.id, advertisements.regionId)).where(where).orderBy(asc(advertisements.id));
}

export async function findAd(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...adColumns,
      tournamentId: advertisements.tournamentId,
      activeFrom: advertisements.activeFrom,
      activeUntil: advertisements.activeUntil,
    })
    .from(advertisements)
    .leftJoin(regions, eq(regions.id, advertisements.regionId))
    .where(eq(advertisements.id, id))
    .limit(1);
  return row ?? null;
}

/** The active ads of a kind for one region: the region's own and the all-region ones. */
export function activeAdsOfRegion(db: DbOrTx, kind: AdKind, regionId: number | null, now: Date) {
  const region = regionId === null ? undefined : or(isNull(advertisements.regionId), eq(advertisements.regionId, regionId));
  return findAds(db, and(eq(advertisements.kind, kind), activeAt(now), region));
}

/** The active tournament ads that may show on a tournament's page: its own, its region's (for every tournament) and all-region ones. */
export function activeTournamentAdCandidates(db: DbOrTx, tournamentId: number, regionId: number, now: Date) {
  return db
    .select({ ...adColumns, tournamentId: advertisements.tournamentId })
    .from(advertisements)
    .leftJoin(regions, eq(regions.id, advertisements.regionId))
    .where(
      and(
        eq(advertisements.kind, "TOURNAMENT"),
        activeAt(now),
        or(
          eq(advertisements.tournamentId, tournamentId),
          and(isNull(advertisements.tournamentId), or(isNull(advertisements.regionId), eq(advertisements.regionId, regionId))),
        ),
      ),
    )
    .orderBy(asc(advertisements.id));
}

/** The tournament's region (a read of the tournaments table, as a page would join it). */
export async function tournamentRegionId(db: DbOrTx, tournamentId: number): Promise<number | undefined> {
  const [row] = await db.select({ regionId: tournaments.regionId }).from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  return row ? row.regionId : undefined;
}

export async function tournamentExists(db: DbOrTx, tournamentId: number): Promise<boolean> {
  return (await tournamentRegionId(db, tournamentId)) !== undefined;
}

export async function regionExists(db: DbOrTx, regionId: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId)).limit(1);
  return row !== undefined;
}

/** Every ad for the admin list, newest first, with its counters in all and since `since` (a Berlin day). */
export function listAdsWithStats(db: DbOrTx, since: string) {
  const stats = db
    .select({
      adId: advertisementStats.advertisementId,
      impressions: sql<number>`coalesce(sum(${advertisementStats.impressions}), 0)::int`.as("impressions"),
      clicks: sql<number>`coalesce(sum(${advertisementStats.clicks}), 0)::int`.as("clicks"),
      recentImpressions: sql<number>`coalesce(sum(${advertisementStats.impressions}) filter (where ${advertisementStats.day} >= ${since}), 0)::int`.as(
        "recent_impressions",
      ),
      recentClicks: sql<number>`coalesce(sum(${advertisementStats.clicks}) filter (where ${advertisementStats.day} >= ${since}), 0)::int`.as("recent_clicks"),
    })
    .from(advertisementStats)
    .groupBy(advertisementStats.advertisementId)
    .as("stats");
  return db
    .select({
      ...adColumns,
      tournamentId: advertisements.tournamentId,
      tournamentName: tournaments.name,
      activeFrom: advertisements.activeFrom,
      activeUntil: advertisements.activeUntil,
      createdAt: advertisements.createdAt,
      impressions: sql<number>`coalesce(${stats.impressions}, 0)`,
      clicks: sql<number>`coalesce(${stats.clicks}, 0)`,
      recentImpressions: sql<number>`coalesce(${stats.recentImpressions}, 0)`,
      recentClicks: sql<number>`coalesce(${stats.recentClicks}, 0)`,
    })
    .from(advertisements)
    .leftJoin(regions, eq(regions.id, advertisements.regionId))
    .leftJoin(tournaments, eq(tournaments.id, advertisements.tournamentId))
    .leftJoin(stats, eq(stats.adId, advertisements.id))
    .orderBy(desc(advertisements.id));
}

export async function insertAd(db: DbOrTx, values: AdValues & { createdById: number }, now: Date): Promise<number> {
  const [row] = await db
    .insert(advertisements)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: advertisements.id });
  return row!.id;
}

/** False when no such ad. */
export async function updateAd(db: DbOrTx, id: number, values: AdValues, now: Date): Promise<boolean> {
  const rows = await db
    .update(advertisements)
    .set({ ...values, updatedAt: now })
    .where(eq(advertisements.id, id))
    .returning({ id: advertisements.id });
  return rows.length > 0;
}

/** The deleted ad's image URL (null: it had none; undefined: no such ad). Its counters go with it (cascade). */
export async function deleteAd(db: DbOrTx, id: number): Promise<string | null | undefined> {
  const [row] = await db.delete(advertisements).where(eq(advertisements.id, id)).returning({ imageUrl: advertisements.imageUrl });
  return row ? row.imageUrl : undefined;
}

/** Sets the image URL under a row lock and returns the one it replaces (undefined: the ad is gone). */
export async function replaceImageUrl(db: DbOrTx, id: number, url: string, now: Date): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: advertisements.imageUrl }).from(advertisements).where(eq(advertisements.id, id)).for("update");
    if (!row) return undefined;
    await tx.update(advertisements).set({ imageUrl: url, updatedAt: now }).where(eq(advertisements.id, id));
    return row.url;
  });
}

/**
 * Adds one to a counter of the ad's Berlin day in one statement (insert or add), only for an ad that
 * `where` allows; false when it counted nothing. Nothing about the viewer is stored.
 */
export async function count(db: DbOrTx, id: number, day: string, counter: "impressions" | "clicks", where: SQL | undefined): Promise<boolean> {
  const impressions = counter === "impressions" ? 1 : 0;
  const clicks = counter === "clicks" ? 1 : 0;
  const column = counter === "impressions" ? advertisementStats.impressions : advertisementStats.clicks;
  const rows = await db
    .insert(advertisementStats)
    .select(
      db
        .select({
          advertisementId: advertisements.id,
          day: sql<string>`${day}::date`.as("day"),
          impressions: sql<number>`${impressions}::int`.as("impressions"),
          clicks: sql<number>`${clicks}::int`.as("clicks"),
        })
        .from(advertisements)
        .where(and(eq(advertisements.id, id), where)),
    )
    .onConflictDoUpdate({
      target: [advertisementStats.advertisementId, advertisementStats.day],
      set: { [counter]: sql`${column} + 1` },
    })
    .returning({ id: advertisementStats.advertisementId });
  return rows.length > 0;
}

/** The stored link of an ad (never a URL from the request); null when no such ad. */
export async function findLink(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ linkUrl: advertisements.linkUrl }).from(advertisements).where(eq(advertisements.id, id)).limit(1);
  return row?.linkUrl ?? null;
}
