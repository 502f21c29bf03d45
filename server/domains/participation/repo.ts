import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { coalesced } from "../../db/coalesce";
import { positionalReader } from "../../db/positional-rows";
import { gameReports, games, guestProfiles, participations, users } from "../../db/schema";
import { playersInGameSql } from "./sql";

export type ParticipationRow = typeof participations.$inferSelect;

export async function findById(db: DbOrTx, id: number, forUpdate = false): Promise<ParticipationRow | null> {
  const q = db.select().from(participations).where(eq(participations.id, id)).limit(1);
  const rows = forUpdate ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function findByUser(db: DbOrTx, gameId: number, userId: number): Promise<ParticipationRow | null> {
  const rows = await db
    .select()
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function guestNameTaken(db: DbOrTx, gameId: number, firstName: string): Promise<boolean> {
  return (await findGuestByName(db, gameId, firstName)) !== null;
}

/** Active players of one game (see playersInGameSql). */
export async function activePlayers(db: DbOrTx, gameId: number): Promise<number> {
  const [row] = await db.select({ n: playersInGameSql(gameId) }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

/** Active participations of one game (not cancelled, not queued), whatever their player counts. */
export async function activeParticipationCount(db: DbOrTx, gameId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, false), isNull(participations.cancelledAt)));
  return Number(row?.n ?? 0);
}

/** Players other than the organiser's own participation (for "price cannot be raised"). */
export async function hasOtherParticipants(db: DbOrTx, gameId: number, creatorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.gameId, gameId),
        isNull(participations.cancelledAt),
        or(isNull(participations.userId), ne(participations.userId, creatorId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * What a signed-in join decides on, read in one statement (one snapshot): the game row, the player's
 * participation in it (any state, or null), its active players (playersInGameSql), whether anyone waits,
 * and whether the player takes part (active or queued) in another non-cancelled game overlapping this one
 * (as userBusyBetween). Null when there is no such game. Read without a lock: join.ts answers from it
 * what needs none (every refusal, "full" included); under the lock the batch reads lockedJoinState.
 */
export async function joinSnapshot(db: DbOrTx, gameId: number, userId: number) {
  let query = joinSnapshotQueries.get(db);
  if (!query) joinSnapshotQueries.set(db, (query = joinSnapshotQuery(db)));
  // Every join reads it (a hot game's too): on postgres.js its row is mapped by position, not by drizzle's generic
  // mapping of the game's and the participation's every column (db/positional-rows.ts; 6-12 % more "full" answers a
  // second in scripts/bench/hot-join.ts on 2026-12-01).
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  const prepared = query;
  const read = positionalReader<Row>(prepared) ?? ((values: Record<string, unknown>) => prepared.execute(values));
  const row = (await read({ gameId, userId }))[0];
  if (!row) return null;
  return { game: row.game, existing: row.existing, active: Number(row.active ?? 0), queued: !!row.queued, busy: !!row.busy };
}

function joinSnapshotQuery(db: DbOrTx) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      game: games,
      existing: participations,
      active: playersInGameSql(games.id),
      queued: sql<boolean>`exists(select 1 from ${participations} q where q.game_id = ${games.id} and q.queue and q.cancelled_at is null)`,
      busy: sql<boolean>`exists(
        select 1 from ${participations} b join ${games} bg on bg.id = b.game_id
        where b.user_id = ${userId} and b.cancelled_at is null and bg.cancelled_at is null
          and bg.start_time < ${games.endTime} and bg.end_time > ${games.startTime} and bg.id <> ${games.id})`,
    })
    .from(games)
    .leftJoin(participations, and(eq(participations.gameId, games.id), eq(participations.userId, userId)))
    .where(eq(games.id, sql.placeholder("gameId")))
    .limit(1)
    .prepare("participation_join_snapshot");
}

/** Built once per database: building this SQL each time cost more than running it (as games' feed). */
const joinSnapshotQueries = new WeakMap<DbOrTx, ReturnType<typeof joinSnapshotQuery>>();

/**
 * What the joins of one batch (join-batch.ts) decide on, read under the game lock: the game's active players and
 * whether anyone waits, the participations of the joining accounts (any state), and which of them take part
 * (active or queued) in another non-cancelled game overlapping this one (as userBusyBetween). Three statements
 * sent together.
 */
export async function lockedJoinState(tx: Tx, gameId: number, userIds: number[]) {
  const [[counts], existing, busy] = await Promise.all([
    tx
      .select({
        active: playersInGameSql(gameId),
        queued: sql<boolean>`exists(select 1 from ${participations} q where q.game_id = ${gameId} and q.queue and q.cancelled_at is null)`,
      })
      .from(sql`(select 1) as one`),
    tx.select().from(participations).where(and(eq(participations.gameId, gameId), inArray(participations.userId, userIds))),
    tx
      .selectDistinct({ userId: participations.userId })
      .from(participations)
      .innerJoin(games, eq(games.id, participations.gameId))
      .where(
        and(
          inArray(participations.userId, userIds),
          isNull(participations.cancelledAt),
          isNull(games.cancelledAt),
          ne(games.id, gameId),
          sql`${games.startTime} < (select j.end_time from ${games} j where j.id = ${gameId})`,
          sql`${games.endTime} > (select j.start_time from ${games} j where j.id = ${gameId})`,
        ),
      ),
  ]);
  return {
    active: Number(counts?.active ?? 0),
    queued: !!counts?.queued,
    existing: new Map(existing.map((row) => [row.userId!, row])),
    busy: new Set(busy.map((row) => row.userId!)),
  };
}
export type LockedJoinState = Awaited<ReturnType<typeof lockedJoinState>>;

/** The user takes part (active or queued) in another non-cancelled game overlapping [start, end). */
/**
 * Who played in the games of a weekly session that started in [since, until]: one row per active
 * (not cancelled, not waiting) account participation in a game that was not cancelled.
 */
export async function sessionAttendances(db: DbOrTx, templateId: number, since: Date, until: Date): Promise<{ userId: number; gameStart: Date }[]> {
  const rows = await db
    .select({ userId: participations.userId, gameStart: games.startTime })
    .from(participations)
    .innerJoin(games, eq(games.id, participations.gameId))
    .where(
      and(
        eq(games.gameTemplateId, templateId),
        gt(games.startTime, since),
        lte(games.startTime, until),
        isNull(games.cancelledAt),
        isNull(participations.cancelledAt),
        eq(participations.queue, false),
        isNotNull(participations.userId),
      ),
    );
  return rows.map((r) => ({ userId: r.userId!, gameStart: r.gameStart }));
}

export async function userBusyBetween(db: DbOrTx, userId: number, start: Date, end: Date, excludeGameId?: number) {
  const where = [
    eq(participations.userId, userId),
    isNull(participations.cancelledAt),
    isNull(games.cancelledAt),
    lt(games.startTime, end),
    gt(games.endTime, start),
  ];
  if (excludeGameId) where.push(ne(games.id, excludeGameId));
  const rows = await db
    .select({ id: games.id })
    .from(participations)
    .innerJoin(games, eq(games.id, participations.gameId))
    .where(and(...where))
    .limit(1);
  return rows.length > 0;
}

/** The waiting list in its order: first come, first served. */
export async function waitingList(db: DbOrTx, gameId: number) {
  return db
    .select({ id: participations.id, playerCount: participations.playerCount, queuedAt: participations.queuedAt, userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, true), isNull(participations.cancelledAt)))
    .orderBy(asc(participations.queuedAt), asc(participations.id));
}

/** One participation; the inserts of a join batch's joins go out as one statement (db/coalesce.ts). */
export function insert(db: DbOrTx, values: typeof participations.$inferInsert): Promise<ParticipationRow> {
  return coalesced(db, "participations.insert", values, insertMany);
}

async function insertMany(db: DbOrTx, values: (typeof participations.$inferInsert)[]): Promise<ParticipationRow[]> {
  const rows = await db.insert(participations).values(values).returning();
  // the rows come in the order of the values (db/coalesce.ts); a mismatch fails the statement's writes, not a join
  rows.forEach((row, i) => {
    if (row.userId !== (values[i]!.userId ?? null) || row.gameId !== values[i]!.gameId) throw new Error("participations came back in another order");
  });
  return rows;
}

export async function update(db: DbOrTx, id: number, values: Partial<typeof participations.$inferInsert>): Promise<ParticipationRow> {
  const [row] = await db.update(participations).set(values).where(eq(participations.id, id)).returning();
  return row!;
}

export async function insertGuestProfile(db: DbOrTx, firstName: string, now: Date) {
  const [row] = await db.insert(guestProfiles).values({ firstName, createdAt: now }).returning();
  return row!;
}

export async function findGuestProfile(db: DbOrTx, id: number) {
  const rows = await db.select().from(guestProfiles).where(eq(guestProfiles.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function linkGuestProfile(db: DbOrTx, guestProfileId: number, userId: number) {
  await db.update(guestProfiles).set({ userId }).where(eq(guestProfiles.id, guestProfileId));
}

/** Everything that counts for a player's ratings: feedback given, and short-notice cancellations. */
export async function ratingHistory(db: DbOrTx, who: { userId: number } | { guestProfileId: number }) {
  const owner = "userId" in who ? eq(participations.userId, who.userId) : eq(participations.guestProfileId, who.guestProfileId);
  return db
    .select({
      feedback: participations.organizerReliabilityFeedback,
      shortNoticeCancellation: participations.cancelledShortNotice,
      at: games.startTime,
    })
    .from(participations)
    .innerJoin(games, eq(games.id, participations.gameId))
    .where(and(owner, or(isNotNull(participations.organizerReliabilityFeedback), eq(participations.cancelledShortNotice, true))))
    .orderBy(desc(games.startTime))
    .limit(100);
}

export async function setGuestRatings(db: DbOrTx, guestProfileId: number, ratings: { reliabilityRating: number | null; punctualityRating: number | null }) {
  await db.update(guestProfiles).set(ratings).where(eq(guestProfiles.id, guestProfileId));
}

export async function insertReport(db: DbOrTx, values: typeof gameReports.$inferInsert) {
  const rows = await db.insert(gameReports).values(values).onConflictDoNothing().returning({ id: gameReports.id });
  return rows[0]?.id ?? null;
}

/**
 * A guest's attended games: started (so past or running, never upcoming), newest first, one more
 * than asked to tell whether there are more.
 */
export async function guestAttendedGames(db: DbOrTx, guestProfileId: number, limit: number, now: Date) {
  return db
    .select({ gameId: games.id })
    .from(participations)
    .innerJoin(games, eq(games.id, participations.gameId))
    .where(
      and(
        eq(participations.guestProfileId, guestProfileId),
        isNull(participations.cancelledAt),
        eq(participations.queue, false),
        isNull(games.cancelledAt),
        lte(games.startTime, now),
      ),
    )
    .orderBy(desc(games.startTime))
    .limit(limit + 1);
}

export async function findGuestByName(db: DbOrTx, gameId: number, firstName: string) {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.gameId, gameId),
        isNull(participations.userId),
        isNull(participations.cancelledAt),
        eq(sql`lower(${participations.firstName})`, firstName.toLowerCase()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function upcomingOf(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({ id: participations.id, gameId: participations.gameId })
    .from(participations)
    .innerJoin(games, eq(games.id, participations.gameId))
    .where(and(eq(participations.userId, userId), isNull(participations.cancelledAt), gt(games.startTime, now)));
}

/* ---------- managed payment (payment.ts, payment-lifecycle.ts) ---------- */

/** A game's active participations whose card is held (Approved), in the order they joined, with the name lists show. */
export async function approvedParticipations(db: DbOrTx, gameId: number) {
  const rows = await db
    .select({
      id: participations.id,
      paymentId: participations.paymentId,
      playerCount: participations.playerCount,
      totalPriceCents: participations.totalPriceCents,
      name: sql<string>`coalesce(${participations.firstName}, ${users.firstName}, '')`,
    })
    .from(participations)
    .leftJoin(users, eq(users.id, participations.userId))
    .where(
      and(
        eq(participations.gameId, gameId),
        eq(participations.paymentStatus, "Approved"),
        eq(participations.queue, false),
        isNull(participations.cancelledAt),
        isNotNull(participations.paymentId),
      ),
    )
    .orderBy(asc(participations.id));
  return rows.map((r) => ({ ...r, paymentId: r.paymentId! }));
}

/** Every participation of a game that has (had) a payment, with its current one. */
export async function participationsWithPayments(db: DbOrTx, gameId: number) {
  const rows = await db
    .select({
      id: participations.id,
      paymentId: participations.paymentId,
      paymentStatus: participations.paymentStatus,
      totalPriceCents: participations.totalPriceCents,
      cancelledAt: participations.cancelledAt,
      queue: participations.queue,
      cancellationReplacementsNeeded: participations.cancellationReplacementsNeeded,
    })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), isNotNull(participations.paymentId)))
    .orderBy(asc(participations.id));
  return rows.map((r) => ({ ...r, paymentId: r.paymentId! }));
}

/* ---------- changes to a managed-payment game (games/manage.ts, spec 000 section 5) ---------- */

/** Any participation of the game, cancelled or not, whose payment is under way: Open (paying) or Approved (card held). */
export async function hasPaymentInProgress(db: DbOrTx, gameId: number): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), inArray(participations.paymentStatus, ["Open", "Approved"])))
    .limit(1);
  return rows.length > 0;
}

/**
 * Any participation of the game, cancelled or not, whose payment is open, held or captured (Open,
 * Approved, Captured): money that switching managed payment off would strand (games/manage.ts).
 */
export async function hasMoneyUnderWay(db: DbOrTx, gameId: number): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), inArray(participations.paymentStatus, ["Open", "Approved", "Captured"])))
    .limit(1);
  return rows.length > 0;
}

/** Whether another participation of the game than `exceptId` has its card held (Approved), cancelled or not. */
export async function otherHoldExists(db: DbOrTx, gameId: number, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.paymentStatus, "Approved"), ne(participations.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A lowered price (games/manage.ts): every participation that pays or paid by card (Open, Approved,
 * Captured; active, queued or cancelled with money kept) now owes the new price × its player count.
 * Returns how many rows changed.
 */
export async function lowerTotalPrices(db: DbOrTx, gameId: number, priceCents: number, now: Date): Promise<number> {
  const rows = await db
    .update(participations)
    .set({ totalPriceCents: sql`${priceCents} * ${participations.playerCount}`, updatedAt: now })
    .where(
      and(
        eq(participations.gameId, gameId),
        inArray(participations.paymentStatus, ["Open", "Approved", "Captured"]),
        gt(participations.totalPriceCents, sql`${priceCents} * ${participations.playerCount}`),
      ),
    )
    .returning({ id: participations.id });
  return rows.length;
}

/** Participations of the game whose card is held now (Approved), cancelled or not: their holds must be captured or released. */
export async function heldParticipationIds(db: DbOrTx, gameId: number): Promise<number[]> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.paymentStatus, "Approved")));
  return rows.map((r) => r.id);
}

/** Sets `paymentCanCancelUntil` on the game's active and queued participations in `statuses`; returns their ids. */
export async function grantFreeCancellation(
  db: DbOrTx,
  gameId: number,
  statuses: readonly ParticipationRow["paymentStatus"][],
  until: Date,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(participations)
    .set({ paymentCanCancelUntil: until, updatedAt: now })
    .where(and(eq(participations.gameId, gameId), isNull(participations.cancelledAt), inArray(participations.paymentStatus, [...statuses])))
    .returning({ id: participations.id });
  return rows.map((r) => r.id);
}

// ---- the staff console's report queue (issue 26; participation/reports.ts) ----

export type GameReportRow = typeof gameReports.$inferSelect;

export async function lockReport(db: DbOrTx, id: number): Promise<GameReportRow | null> {
  const rows = await db.select().from(gameReports).where(eq(gameReports.id, id)).for("update");
  return rows[0] ?? null;
}

export async function updateReport(db: DbOrTx, id: number, changes: Partial<Pick<GameReportRow, "status" | "answer" | "answeredAt" | "closedAt" | "handledById">>): Promise<GameReportRow> {
  const rows = await db.update(gameReports).set(changes).where(eq(gameReports.id, id)).returning();
  return rows[0]!;
}
