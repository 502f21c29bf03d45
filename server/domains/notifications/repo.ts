import { and, count, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import type { Language } from "@shared/constants";
import type { DbOrTx } from "../../db/client";
import { coalesced } from "../../db/coalesce";
import {
  courtBookingEvents,
  courtBookings,
  courts,
  directMessages,
  gameComments,
  gameEvents,
  games,
  gameSubscriptions,
  notificationDispatches,
  participations,
  pushDevices,
  regionSubscriptions,
  users,
} from "../../db/schema";

/* ---------- devices ---------- */

/** The device's row, locked until the transaction ends (created first when new, unbound, so there always is one to lock). */
export async function lockDevice(db: DbOrTx, values: typeof pushDevices.$inferInsert) {
  const [row] = await db
    .insert(pushDevices)
    .values({ ...values, userId: null, sessionId: null })
    .onConflictDoUpdate({ target: pushDevices.deviceToken, set: { deviceToken: sql`${pushDevices.deviceToken}` } })
    .returning();
  return row!;
}

export async function updateDevice(db: DbOrTx, deviceToken: string, changes: Partial<typeof pushDevices.$inferInsert>) {
  await db.update(pushDevices).set(changes).where(eq(pushDevices.deviceToken, deviceToken));
}

export async function findDevice(db: DbOrTx, deviceToken: string) {
  const rows = await db.select().from(pushDevices).where(eq(pushDevices.deviceToken, deviceToken)).limit(1);
  return rows[0] ?? null;
}

/** A device follows a game (pushes about it); once per device and game. */
/** The device follows the game (once); a join batch's follows go in as one statement (db/coalesce.ts). */
export function followGame(db: DbOrTx, values: typeof gameSubscriptions.$inferInsert): Promise<void> {
  return coalesced(db, "game_subscriptions.follow", values, followGames);
}

async function followGames(db: DbOrTx, values: (typeof gameSubscriptions.$inferInsert)[]): Promise<void[]> {
  // DO NOTHING also skips a second row of the same statement that repeats the first
  await db.insert(gameSubscriptions).values(values).onConflictDoNothing();
  return values.map(() => undefined);
}

export async function followsGame(db: DbOrTx, gameId: number, deviceToken: string) {
  const rows = await db
    .select({ id: gameSubscriptions.id })
    .from(gameSubscriptions)
    .where(and(eq(gameSubscriptions.gameId, gameId), eq(gameSubscriptions.deviceToken, deviceToken)))
    .limit(1);
  return rows.length > 0;
}

/** A dead device: its row and everything subscribed with its token. */
export async function removeDevice(db: DbOrTx, deviceToken: string) {
  await db.delete(pushDevices).where(eq(pushDevices.deviceToken, deviceToken));
  await db.delete(regionSubscriptions).where(eq(regionSubscriptions.deviceToken, deviceToken));
  await db.delete(gameSubscriptions).where(eq(gameSubscriptions.deviceToken, deviceToken));
}

export type Receiver = { deviceToken: string; language: Language };

/** Devices of these users, each with its user. */
export async function devicesOfUsers(db: DbOrTx, userIds: number[]): Promise<(Receiver & { userId: number | null })[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ deviceToken: pushDevices.deviceToken, language: pushDevices.language, userId: pushDevices.userId })
    .from(pushDevices)
    .where(inArray(pushDevices.userId, userIds));
}

/** Followers of a game: devices subscribed to it, and the devices of its active or queued players. */
export async function followerDevices(db: DbOrTx, gameId: number): Promise<Array<Receiver & { userId: number | null }>> {
  const subscribed = db.select({ token: gameSubscriptions.deviceToken }).from(gameSubscriptions).where(eq(gameSubscriptions.gameId, gameId));
  const players = db
    .select({ userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), isNull(participations.cancelledAt)));
  return db
    .select({ deviceToken: pushDevices.deviceToken, language: pushDevices.language, userId: pushDevices.userId })
    .from(pushDevices)
    .where(or(inArray(pushDevices.deviceToken, subscribed), inArray(pushDevices.userId, players)));
}

/**
 * A guest's participation's device: the push token it was made or last changed from (participations.device_token),
 * when that device is registered and still bound to nobody (a device an account has since claimed hears as that
 * account). Empty for an account's participation or a guest without notifications.
 */
export async function guestParticipationDevices(db: DbOrTx, participationId: number): Promise<Receiver[]> {
  return db
    .select({ deviceToken: pushDevices.deviceToken, language: pushDevices.language })
    .from(participations)
    .innerJoin(pushDevices, eq(pushDevices.deviceToken, participations.deviceToken))
    .where(and(eq(participations.id, participationId), isNull(participations.userId), isNull(pushDevices.userId)));
}

/** Region subscribers, in the language each chose; only tokens of known devices can be reached. */
export async function regionSubscriberDevices(db: DbOrTx, regionId: number): Promise<Array<Receiver & { userId: number | null }>> {
  return db
    .select({ deviceToken: regionSubscriptions.deviceToken, language: regionSubscriptions.messagingLanguage, userId: pushDevices.userId })
    .from(regionSubscriptions)
    .innerJoin(pushDevices, eq(pushDevices.deviceToken, regionSubscriptions.deviceToken))
    .where(eq(regionSubscriptions.regionId, regionId));
}

/* ---------- region subscriptions ---------- */

export async function subscribeToRegion(db: DbOrTx, values: typeof regionSubscriptions.$inferInsert) {
  await db
    .insert(regionSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [regionSubscriptions.regionId, regionSubscriptions.deviceToken],
      set: { messagingLanguage: values.messagingLanguage, userId: values.userId },
    });
}

export async function unsubscribeFromRegion(db: DbOrTx, regionId: number, deviceToken: string) {
  await db.delete(regionSubscriptions).where(and(eq(regionSubscriptions.regionId, regionId), eq(regionSubscriptions.deviceToken, deviceToken)));
}

export async function isSubscribedToRegion(db: DbOrTx, regionId: number, deviceToken: string) {
  const rows = await db
    .select({ id: regionSubscriptions.id })
    .from(regionSubscriptions)
    .where(and(eq(regionSubscriptions.regionId, regionId), eq(regionSubscriptions.deviceToken, deviceToken)))
    .limit(1);
  return rows.length > 0;
}

export async function regionSubscriberCount(db: DbOrTx, regionId: number) {
  const [row] = await db.select({ n: count() }).from(regionSubscriptions).where(eq(regionSubscriptions.regionId, regionId));
  return row?.n ?? 0;
}

/** Subscriptions per region, in one grouped query (the region list). */
export async function regionSubscriberCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ regionId: regionSubscriptions.regionId, n: count() }).from(regionSubscriptions).groupBy(regionSubscriptions.regionId);
  return new Map(rows.map((r) => [r.regionId, r.n]));
}

/* ---------- the dispatcher's sources ---------- */

export type SourceKind = "game_event" | "direct_message" | "game_comment" | "court_booking_event";

/**
 * Claims undispatched source rows: those with an id near the highest dispatched one (a window,
 * so a transaction that committed late is still seen) and no ledger row yet. The ledger insert
 * is the claim: a concurrent dispatcher on another process waits on the same key and then skips it.
 */
export async function claimPending(db: DbOrTx, kind: SourceKind, limit: number): Promise<number[]> {
  const source = { game_event: gameEvents, direct_message: directMessages, game_comment: gameComments, court_booking_event: courtBookingEvents }[kind];
  const [top] = await db
    .select({ max: sql<number | null>`max(${notificationDispatches.sourceId})` })
    .from(notificationDispatches)
    .where(eq(notificationDispatches.kind, kind));
  const from = Math.max(0, (top?.max ?? 0) - 1000);
  const candidates = await db
    .select({ id: source.id })
    .from(source)
    .where(
      and(
        gt(source.id, from),
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationDispatches)
            .where(and(eq(notificationDispatches.kind, kind), eq(notificationDispatches.sourceId, source.id))),
        ),
      ),
    )
    .orderBy(source.id)
    .limit(limit);
  if (candidates.length === 0) return [];
  const claimed = await db
    .insert(notificationDispatches)
    .values(candidates.map((c) => ({ kind, sourceId: c.id })))
    .onConflictDoNothing()
    .returning({ id: notificationDispatches.sourceId });
  return claimed.map((c) => c.id).sort((a, b) => a - b);
}

/**
 * Claims one notice that has no source row of its own (the weekly confirmation reminder): true the first
 * time, false once claimed, also by a concurrent or retried job (the ledger row is written in the caller's
 * transaction with the notice's jobs, like claimPending's).
 */
export async function claimOnce(db: DbOrTx, kind: string, sourceId: number): Promise<boolean> {
  const claimed = await db.insert(notificationDispatches).values({ kind, sourceId }).onConflictDoNothing().returning({ id: notificationDispatches.sourceId });
  return claimed.length > 0;
}

/** The claimed rows of a dispatch batch, read in one statement each (a hot game's joins make hundreds a second). */
export async function gameEventsById(db: DbOrTx, ids: number[]) {
  const rows = ids.length ? await db.select().from(gameEvents).where(inArray(gameEvents.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

export async function commentsById(db: DbOrTx, ids: number[]) {
  const rows = ids.length ? await db.select().from(gameComments).where(inArray(gameComments.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

export async function directMessagesById(db: DbOrTx, ids: number[]) {
  const rows = ids.length ? await db.select().from(directMessages).where(inArray(directMessages.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

export async function gameInfo(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      startTime: games.startTime,
      creatorId: games.creatorId,
      regionId: games.regionId,
      gameType: games.gameType,
      isManagedPayment: games.isManagedPayment,
      cancelledAt: games.cancelledAt,
    })
    .from(games)
    .where(eq(games.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the participation was cancelled (or removed); null when it does not exist. */
export async function participationCancelled(db: DbOrTx, participationId: number): Promise<boolean | null> {
  const rows = await db.select({ cancelledAt: participations.cancelledAt }).from(participations).where(eq(participations.id, participationId)).limit(1);
  return rows[0] ? rows[0].cancelledAt !== null : null;
}

export async function participationName(db: DbOrTx, participationId: number) {
  const rows = await db
    .select({ guest: participations.firstName, user: users.firstName })
    .from(participations)
    .leftJoin(users, eq(users.id, participations.userId))
    .where(eq(participations.id, participationId))
    .limit(1);
  return rows[0] ? (rows[0].user ?? rows[0].guest ?? null) : null;
}

export async function userFirstName(db: DbOrTx, id: number) {
  const rows = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0]?.firstName ?? null;
}


/* ---------- game mails ---------- */

/** User ids of a game's active or queued players. */
export async function playerUserIds(db: DbOrTx, gameId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), isNull(participations.cancelledAt), isNotNull(participations.userId)));
  return rows.map((r) => r.userId!);
}

/**
 * Of these users, those who get game mails: receiveGameEmails set, a confirmed address (no mail to
 * an address nobody proved is theirs), account not deleted.
 */
/** A booking event with what its texts need: the booking, its court's name and owner, the renter's first name. */
export async function bookingEventInfo(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ event: courtBookingEvents, booking: courtBookings, courtName: courts.name, ownerId: courts.ownerId, renterName: users.firstName })
    .from(courtBookingEvents)
    .innerJoin(courtBookings, eq(courtBookings.id, courtBookingEvents.bookingId))
    .innerJoin(courts, eq(courts.id, courtBookings.courtId))
    .innerJoin(users, eq(users.id, courtBookings.renterId))
    .where(eq(courtBookingEvents.id, eventId));
  return row ?? null;
}

/** Recipients of mails every user gets (bookings): a confirmed address, not deleted; receiveGameEmails does not apply. */
export async function mailRecipients(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.applicationLanguage })
    .from(users)
    .where(and(inArray(users.id, userIds), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
}

export async function gameMailRecipients(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.applicationLanguage })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.receiveGameEmails, true), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
}
