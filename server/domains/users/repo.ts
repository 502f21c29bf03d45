import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { groups, organizations, regions, userGroups, users } from "../../db/schema";

const regionRef = {
  id: regions.id,
  slug: regions.slug,
  name: regions.name,
  latitude: regions.latitude,
  longitude: regions.longitude,
};

/** A user with region, organisation, groups and headed regions: two queries, no N+1. */
export async function findUserWithRelations(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      user: users,
      region: regionRef,
      organization: {
        id: organizations.id,
        name: organizations.name,
        imageUrl: organizations.imageUrl,
        gameApplicationFeePercentage: organizations.gameApplicationFeePercentage,
      },
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const [groupRows, headedRegions] = await Promise.all([
    db
      .select({ id: groups.id, name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, userId))
      .orderBy(groups.name),
    db.select(regionRef).from(regions).where(eq(regions.headId, userId)).orderBy(regions.name),
  ]);
  return { ...row, groups: groupRows, headedRegions };
}

export async function updateLanguage(db: DbOrTx, userId: number, language: "de" | "en", now: Date): Promise<void> {
  await db.update(users).set({ applicationLanguage: language, updatedAt: now }).where(eq(users.id, userId));
}

export async function groupIdsByName(db: DbOrTx, names: string[]) {
  return db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.name, names));
}

/** The few fields permission checks need, in one query. */
export async function findActor(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      isAdmin: users.isAdmin,
      organizationId: users.organizationId,
      emailVerifiedAt: users.emailVerifiedAt,
      regionId: users.regionId,
      groupName: groups.name,
    })
    .from(users)
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .leftJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    firstName: first.firstName,
    isAdmin: first.isAdmin,
    organizationId: first.organizationId,
    emailVerified: first.emailVerifiedAt !== null,
    regionId: first.regionId,
    groupNames: rows.flatMap((r) => (r.groupName ? [r.groupName] : [])),
  };
}

export async function setRatings(db: DbOrTx, userId: number, ratings: { reliabilityRating: number | null; punctualityRating: number | null }) {
  await db.update(users).set(ratings).where(eq(users.id, userId));
}
