import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias as aliasedTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  auditLog,
  courts,
  gameReports,
  games,
  groups,
  marketingMessageRegions,
  marketingMessages,
  organizations,
  paymentWebhookFailures,
  regions,
  sessions,
  userGroups,
  users,
} from "../../db/schema";

/**
 * The admin domain's own table is `audit_log` (written here only, by audit.ts). Everything else here only
 * READS other domains' tables for the console's lists and counts (README "Reads may join across tables");
 * every write goes through the owning domain's service.
 */

export async function insertAudit(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

const userRef = <T extends { id: unknown; firstName: unknown; lastName: unknown; email: unknown }>(t: T): Pick<T, "id" | "firstName" | "lastName" | "email"> => ({ id: t.id, firstName: t.firstName, lastName: t.lastName, email: t.email });
type UserRefRow = { id: number | null; firstName: string | null; lastName: string | null; email: string | null };
export function refOrNull(r: UserRefRow | null) {
  return r === null || r.id === null ? null : { id: r.id, firstName: r.firstName!, lastName: r.lastName, email: r.email! };
}

// ---- audit log

export async function auditPage(db: DbOrTx, q: { offset: number; limit: number; subjectType?: string | null; subjectId?: number | null }) {
  const conds: SQL[] = [];
  if (q.subjectType) conds.push(eq(auditLog.subjectType, q.subjectType));
  if (q.subjectId) conds.push(eq(auditLog.subjectId, q.subjectId));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: userRef(users) })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: refOrNull(actor),
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt,
    })),
    total: total?.n ?? 0,
  };
}

// ---- regions

export async function regionsForConsole(db: DbOrTx, id?: number) {
  const head = aliasedTable(users, "head");
  const userCount = db.$with("user_count").as(db.select({ regionId: users.regionId, n: count().as("n") }).from(users).where(isNull(users.deletedAt)).groupBy(users.regionId));
  const rows = await db
    .with(userCount)
    .select({ region: regions, head: userRef(head), userCount: userCount.n })
    .from(regions)
    .leftJoin(head, eq(head.id, regions.headId))
    .leftJoin(userCount, eq(userCount.regionId, regions.id))
    .where(id === undefined ? undefined : eq(regions.id, id))
    .orderBy(asc(regions.name), asc(regions.id));
  return rows.map(({ region, head: h, userCount: n }) => ({
    id: region.id,
    name: region.name,
    slug: region.slug,
    imgUrl: region.imgUrl,
    latitude: region.latitude,
    longitude: region.longitude,
    perimeter: region.perimeter,
    mapZoomLevel: region.mapZoomLevel,
    featured: region.featured,
    whatsappGroupUrl: region.whatsappGroupUrl,
    whatsappChannelUrl: region.whatsappChannelUrl,
    telegramGroupUrl: region.telegramGroupUrl,
    telegramChannelUrl: region.telegramChannelUrl,
    head: refOrNull(h),
    userCount: Number(n ?? 0),
    createdAt: region.createdAt,
  }));
}

export async function userExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return rows.length > 0;
}

export async function existingRegionIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, [...ids]));
  return rows.map((r) => r.id);
}

// ---- organisations

export async function organizationsForConsole(db: DbOrTx, id?: number) {
  const members = db.$with("members").as(
    db.select({ organizationId: users.organizationId, n: count().as("n") }).from(users).where(isNull(users.deletedAt)).groupBy(users.organizationId),
  );
  const rows = await db
    .with(members)
    .select({ org: organizations, n: members.n })
    .from(organizations)
    .leftJoin(members, eq(members.organizationId, organizations.id))
    .where(id === undefined ? undefined : eq(organizations.id, id))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map(({ org, n }) => ({
    id: org.id,
    name: org.name,
    imageUrl: org.imageUrl,
    gameApplicationFeePercentage: Number(org.gameApplicationFeePercentage),
    memberCount: Number(n ?? 0),
    createdAt: org.createdAt,
  }));
}

export async function organizationMembers(db: DbOrTx, organizationId: number) {
  return db
    .select(userRef(users))
    .from(users)
    .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.id))
    .limit(500);
}

// ---- users

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchUsers(db: DbOrTx, q: { query: string; offset: number; limit: number; id?: number }) {
  const conds: SQL[] = [];
  if (q.id !== undefined) conds.push(eq(users.id, q.id));
  const term = q.query.trim();
  if (term) {
    const p = likePattern(term);
    const byName = or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p), ilike(sql`${users.firstName} || ' ' || coalesce(${users.lastName}, '')`, p))!;
    conds.push(/^\d{1,9}$/.test(term) ? or(byName, eq(users.id, Number(term)))! : byName);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: users,
        organization: { id: organizations.id, name: organizations.name },
        region: { id: regions.id, name: regions.name },
        groups: sql<string[]>`coalesce((select array_agg(${groups.name} order by ${groups.name}) from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId} where ${userGroups.userId} = ${users.id}), '{}')`,
      })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(regions, eq(regions.id, users.regionId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(({ user, organization, region, groups: g }) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isAdmin: user.isAdmin,
      isCourtOwner: user.isCourtOwner,
      groups: g ?? [],
      organization: organization?.id != null ? { id: organization.id, name: organization.name } : null,
      region: region?.id != null ? { id: region.id, name: region.name } : null,
      emailVerified: user.emailVerifiedAt !== null,
      blockedAt: user.blockedAt,
      deleted: user.deletedAt !== null,
      createdAt: user.createdAt,
      profileImageUrl: user.profileImageUrl,
    })),
    total: total?.n ?? 0,
  };
}

export async function activeSessionCount(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return row?.n ?? 0;
}

// ---- news

export async function newsPage(db: DbOrTx, q: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: marketingMessages,
        createdBy: userRef(users),
        regions: sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', ${regions.id}, 'name', ${regions.name}) order by ${regions.name}) from ${marketingMessageRegions} join ${regions} on ${regions.id} = ${marketingMessageRegions.regionId} where ${marketingMessageRegions.messageId} = ${marketingMessages.id}), '[]'::json)`,
      })
      .from(marketingMessages)
      .leftJoin(users, eq(users.id, marketingMessages.createdById))
      .orderBy(desc(marketingMessages.createdAt), desc(marketingMessages.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(marketingMessages),
  ]);
  return {
    items: rows.map(({ message, createdBy, regions: r }) => ({
      id: message.id,
      textDe: message.textDe,
      textEn: message.textEn,
      regions: typeof r === "string" ? (JSON.parse(r) as { id: number; name: string }[]) : (r ?? []),
      createdBy: refOrNull(createdBy),
      createdAt: message.createdAt,
    })),
    total: total?.n ?? 0,
  };
}

// ---- game reports

export async function gameReportsPage(db: DbOrTx, q: { offset: number; limit: number; statuses?: readonly ("OPEN" | "ANSWERED" | "CLOSED")[]; id?: number }) {
  const reporter = aliasedTable(users, "reporter");
  const organizer = aliasedTable(users, "organizer");
  const handler = aliasedTable(users, "handler");
  const where = q.id !== undefined ? eq(gameReports.id, q.id) : inArray(gameReports.status, [...(q.statuses ?? ["OPEN", "ANSWERED"])]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: {
          id: gameReports.id,
          status: gameReports.status,
          reason: gameReports.reason,
          additionalInformation: gameReports.additionalInformation,
          createdAt: gameReports.createdAt,
          answer: gameReports.answer,
          answeredAt: gameReports.answeredAt,
          closedAt: gameReports.closedAt,
        },
        reporter: userRef(reporter),
        organizer: userRef(organizer),
        handler: userRef(handler),
        game: { id: games.id, title: games.title, startTime: games.startTime, cancelledAt: games.cancelledAt },
        courtName: courts.name,
      })
      .from(gameReports)
      .innerJoin(reporter, eq(reporter.id, gameReports.userId))
      .innerJoin(games, eq(games.id, gameReports.gameId))
      .leftJoin(organizer, eq(organizer.id, games.creatorId))
      .leftJoin(handler, eq(handler.id, gameReports.handledById))
      .leftJoin(courts, eq(courts.id, games.courtId))
      .where(where)
      // the queue: OPEN before ANSWERED before CLOSED, oldest first
      .orderBy(sql`case ${gameReports.status} when 'OPEN' then 0 when 'ANSWERED' then 1 else 2 end`, asc(gameReports.createdAt), asc(gameReports.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(gameReports).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.report.id,
      status: r.report.status,
      reason: r.report.reason as never,
      additionalInformation: r.report.additionalInformation,
      createdAt: r.report.createdAt,
      reporter: refOrNull(r.reporter)!,
      game: { id: r.game.id, title: r.game.title, courtName: r.courtName, startsAt: r.game.startTime, cancelled: r.game.cancelledAt !== null, organizer: refOrNull(r.organizer) },
      answer: r.report.answer,
      answeredAt: r.report.answeredAt,
      closedAt: r.report.closedAt,
      handledBy: refOrNull(r.handler),
    })),
    total: total?.n ?? 0,
  };
}

// ---- payments needing attention

export async function webhookFailuresPage(db: DbOrTx, q: { offset: number; limit: number; includeResolved: boolean; id?: number }) {
  const where = q.id !== undefined ? eq(paymentWebhookFailures.id, q.id) : q.includeResolved ? undefined : isNull(paymentWebhookFailures.resolvedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ failure: paymentWebhookFailures, resolvedBy: userRef(users) })
      .from(paymentWebhookFailures)
      .leftJoin(users, eq(users.id, paymentWebhookFailures.resolvedById))
      .where(where)
      .orderBy(sql`${paymentWebhookFailures.resolvedAt} is not null`, desc(paymentWebhookFailures.lastFailedAt), desc(paymentWebhookFailures.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(paymentWebhookFailures).where(where),
  ]);
  return {
    items: rows.map(({ failure: f, resolvedBy }) => ({
      id: f.id,
      stripeEventId: f.stripeEventId,
      type: f.type,
      objectId: f.objectId,
      error: f.error,
      attempts: f.attempts,
      firstFailedAt: f.firstFailedAt,
      lastFailedAt: f.lastFailedAt,
      resolvedAt: f.resolvedAt,
      resolvedBy: refOrNull(resolvedBy),
    })),
    total: total?.n ?? 0,
  };
}

// ---- the console's home

export async function overviewCounts(db: DbOrTx) {
  const n = (q: Promise<{ n: number }[]>) => q.then((r) => r[0]?.n ?? 0);
  const [openGameReports, openWebhookFailures, allUsers, blockedUsers, regionCount, organizationCount, news] = await Promise.all([
    n(db.select({ n: count() }).from(gameReports).where(eq(gameReports.status, "OPEN"))),
    n(db.select({ n: count() }).from(paymentWebhookFailures).where(isNull(paymentWebhookFailures.resolvedAt))),
    n(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
    n(db.select({ n: count() }).from(users).where(and(isNull(users.deletedAt), sql`${users.blockedAt} is not null`))),
    n(db.select({ n: count() }).from(regions)),
    n(db.select({ n: count() }).from(organizations)),
    n(db.select({ n: count() }).from(marketingMessages)),
  ]);
  return { openGameReports, openWebhookFailures, users: allUsers, blockedUsers, regions: regionCount, organizations: organizationCount, news };
}
