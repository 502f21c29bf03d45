import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { groups, organizations, regions, userGroups, users } from "../../db/schema";

/**
 * The only module that writes the `users` table (README, "Each table has one owning repo"): other
 * domains go through the users service. Joins that read users from other repos are fine.
 */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** The columns a use case may change on an existing user (ids and creation time never change). */
export type UserChanges = Partial<Omit<NewUserRow, "id" | "createdAt">>;

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
  let query = actorQueries.get(db);
  if (!query) actorQueries.set(db, (query = actorQuery(db)));
  const rows = await query.execute({ userId });
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

function actorQuery(db: DbOrTx) {
  return db
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
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("users_find_actor");
}

/**
 * Built once per database (or transaction): most signed-in requests read their actor, and building this SQL each
 * time cost about what running it does (as the session lookup, domains/auth/sessions.ts).
 */
const actorQueries = new WeakMap<DbOrTx, ReturnType<typeof actorQuery>>();

export async function setRatings(db: DbOrTx, userId: number, ratings: { reliabilityRating: number | null; punctualityRating: number | null }) {
  await db.update(users).set(ratings).where(eq(users.id, userId));
}

export async function findUser(db: DbOrTx, userId: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** Case-insensitive, like the unique index; `activeOnly` skips deleted accounts. */
export async function findUserByEmail(db: DbOrTx, email: string, { activeOnly = false } = {}): Promise<UserRow | null> {
  const sameEmail = eq(sql`lower(${users.email})`, email.toLowerCase());
  const rows = await db
    .select()
    .from(users)
    .where(activeOnly ? and(sameEmail, isNull(users.deletedAt)) : sameEmail)
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a user with a lower-case e-mail; null when the e-mail (or a given id) was taken meanwhile. */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<number | null> {
  const rows = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function updateUser(db: DbOrTx, userId: number, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Locks the user's row until the transaction ends; false when there is no such user. */
export async function lockUser(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length > 0;
}

/**
 * Sets the user's picture URL and returns the one it replaces (undefined: no such user). The row
 * lock orders two uploads of one user, so each sees the other's file as "previous".
 */
export async function replaceProfileImageUrl(db: DbOrTx, userId: number, url: string | null, now: Date): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)).for("update");
    if (!row) return undefined;
    await tx.update(users).set({ profileImageUrl: url, updatedAt: now }).where(eq(users.id, userId));
    return row.url;
  });
}

/** The payment account's columns (spec 001 section 3), as the onboarding and the provider's webhooks set them. */
export type PaymentAccountChanges = Partial<
  Pick<NewUserRow, "stripeAccountId" | "paymentOnboardingCompleted" | "paymentChargesEnabled" | "paymentPayoutsEnabled" | "paymentBusinessType" | "stripeMonthlyFeePaidMonth">
>;

export async function setPaymentAccount(db: DbOrTx, userId: number, changes: PaymentAccountChanges, now: Date): Promise<boolean> {
  const rows = await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserByStripeAccountId(db: DbOrTx, stripeAccountId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.stripeAccountId, stripeAccountId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Marks `month` ('YYYY-MM-01') as the month whose provider fee is paid, unless it already is: true
 * when this call marked it. One UPDATE, so of two concurrent payouts exactly one deducts the fee.
 */
export async function claimMonthlyFee(db: DbOrTx, userId: number, month: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ stripeMonthlyFeePaidMonth: month, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.stripeMonthlyFeePaidMonth} is distinct from ${month}::date`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Users with a connected account whose onboarding is not complete (details, charges or payouts missing), longest unchanged first. */
export async function findIncompletePaymentAccounts(db: DbOrTx, limit: number): Promise<{ userId: number; stripeAccountId: string }[]> {
  const rows = await db
    .select({ userId: users.id, stripeAccountId: users.stripeAccountId })
    .from(users)
    .where(
      sql`${users.stripeAccountId} is not null and not (${users.paymentOnboardingCompleted} and ${users.paymentChargesEnabled} and ${users.paymentPayoutsEnabled})`,
    )
    .orderBy(users.updatedAt, users.id)
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, stripeAccountId: r.stripeAccountId! }));
}

/** The facts of the rate-app hint's rule (rate-app-hint.ts): the account's age, the last hint, games played that have begun. */
export async function rateAppHintFacts(db: DbOrTx, userId: number, now: Date): Promise<{ createdAt: Date; rateAppHintShownAt: Date | null; attendedGames: number } | null> {
  const rows = await db
    .select({
      createdAt: users.createdAt,
      rateAppHintShownAt: users.rateAppHintShownAt,
      // A read across tables (README "How domains depend on each other"): the user's own places, played, in games that began.
      attendedGames: sql<number>`(select count(distinct p.game_id) from participations p join games g on g.id = p.game_id
        where p.user_id = ${userId} and p.cancelled_at is null and p.queue = false and p.plays_himself
          and g.cancelled_at is null and g.start_time <= ${now.toISOString()}::timestamptz)::int`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return rows[0] ?? null;
}

/** Records that the rate-app hint was shown to the user (answered either way). */
export async function markRateAppHintShown(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ rateAppHintShownAt: now }).where(eq(users.id, userId));
}
