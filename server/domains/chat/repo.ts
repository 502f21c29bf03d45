import { and, asc, desc, eq, exists, gt, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { coalesced } from "../../db/coalesce";
import { courts, directMessages, gameComments, games, marketingMessageRegions, marketingMessages, participations, tournaments, users } from "../../db/schema";
import { followsChannelSql, latestChannelMessageSql, unreadChannelMessagesSql } from "../tournaments/sql";

const person = (t: typeof users) => ({ id: t.id, firstName: t.firstName, profileImageUrl: t.profileImageUrl });

/** Serialises one author's messages (user or guest device) until the transaction ends. */
export async function lockAuthor(db: DbOrTx, author: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${AUTHOR_LOCK}, hashtext(${author}))`);
}
/** The advisory-lock namespace of chat authors (the first key of the two-key form). */
const AUTHOR_LOCK = 1002;

/** One comment's id; the chat lines of a join batch's joins go in as one statement (db/coalesce.ts). */
export function insertComment(db: DbOrTx, values: typeof gameComments.$inferInsert): Promise<number> {
  return coalesced(db, "game_comments.insert", values, insertComments);
}

async function insertComments(db: DbOrTx, values: (typeof gameComments.$inferInsert)[]): Promise<number[]> {
  const rows = await db.insert(gameComments).values(values).returning({ id: gameComments.id });
  return rows.map((row) => row.id);
}

/** Court names by id (a change line names the old and the new court). */
export async function courtNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: courts.id, name: courts.name }).from(courts).where(inArray(courts.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The author's latest own comment since a moment (user, or a guest's device). */
export async function latestCommentSince(db: DbOrTx, author: { userId: number } | { deviceToken: string }, since: Date) {
  const who = "userId" in author ? eq(gameComments.userId, author.userId) : eq(gameComments.deviceToken, author.deviceToken);
  const rows = await db
    .select({ id: gameComments.id })
    .from(gameComments)
    .where(and(who, eq(gameComments.isSystemMessage, false), gt(gameComments.createdAt, since)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The ids of a game's comments a resumed stream missed: those after its last event id, and (ids are drawn before the
 * commit, so a lower one can commit later) those written up to RESUME_MARGIN before it; oldest first, at most `limit`.
 */
export async function commentIdsSince(db: DbOrTx, gameId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: gameComments.id })
    .from(gameComments)
    .where(
      and(
        eq(gameComments.gameId, gameId),
        or(
          gt(gameComments.id, afterId),
          sql`${gameComments.createdAt} >= (select c.created_at - ${RESUME_MARGIN}::interval from game_comments c where c.id = ${afterId})`,
        ),
      ),
    )
    .orderBy(asc(gameComments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
const RESUME_MARGIN = "30 seconds";

export async function commentsOf(db: DbOrTx, gameId: number, limit: number) {
  const rows = await db
    .select({
      id: gameComments.id,
      creator: person(users),
      name: gameComments.name,
      text: gameComments.text,
      isSystemMessage: gameComments.isSystemMessage,
      notificationsEnabled: sql<boolean>`${gameComments.deviceToken} is not null`,
      createdAt: gameComments.createdAt,
    })
    .from(gameComments)
    .leftJoin(users, eq(users.id, gameComments.userId))
    .where(eq(gameComments.gameId, gameId))
    .orderBy(desc(gameComments.createdAt), desc(gameComments.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertDirectMessage(db: DbOrTx, values: typeof directMessages.$inferInsert) {
  const [row] = await db.insert(directMessages).values(values).returning({ id: directMessages.id });
  return row!.id;
}

export async function latestDirectMessageSince(db: DbOrTx, senderId: number, since: Date) {
  const rows = await db
    .select({ id: directMessages.id })
    .from(directMessages)
    .where(and(eq(directMessages.senderId, senderId), eq(directMessages.isSystemMessage, false), gt(directMessages.createdAt, since)))
    .limit(1);
  return rows[0] ?? null;
}

const sender = alias(users, "sender");
const receiver = alias(users, "receiver");

/** The newest `limit + 1` messages between two users, newest first. */
export async function conversation(db: DbOrTx, me: number, partner: number, limit: number) {
  return db
    .select({
      id: directMessages.id,
      sender: { id: sender.id, firstName: sender.firstName, profileImageUrl: sender.profileImageUrl },
      receiverId: directMessages.receiverId,
      receiver: { id: receiver.id, firstName: receiver.firstName, profileImageUrl: receiver.profileImageUrl },
      text: directMessages.text,
      isSystemMessage: directMessages.isSystemMessage,
      readAt: directMessages.readAt,
      createdAt: directMessages.createdAt,
    })
    .from(directMessages)
    .innerJoin(sender, eq(sender.id, directMessages.senderId))
    .innerJoin(receiver, eq(receiver.id, directMessages.receiverId))
    .where(
      or(
        and(eq(directMessages.senderId, me), eq(directMessages.receiverId, partner)),
        and(eq(directMessages.senderId, partner), eq(directMessages.receiverId, me)),
      ),
    )
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(limit + 1);
}

export async function markRead(db: DbOrTx, receiverId: number, senderId: number, now: Date) {
  await db
    .update(directMessages)
    .set({ readAt: now })
    .where(and(eq(directMessages.receiverId, receiverId), eq(directMessages.senderId, senderId), isNull(directMessages.readAt)));
}

export async function unreadDirectMessages(db: DbOrTx, me: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(directMessages)
    .where(and(eq(directMessages.receiverId, me), isNull(directMessages.readAt)));
  return Number(row?.n ?? 0);
}

/** The latest message of each conversation of a user, with its unread count (one query each). */
export async function conversations(db: DbOrTx, me: number) {
  // The id is inlined (an integer, never user text): DISTINCT ON and ORDER BY must be the identical expression.
  const meLiteral = sql.raw(String(Math.trunc(me)));
  const partnerId = sql<number>`case when ${directMessages.senderId} = ${meLiteral} then ${directMessages.receiverId} else ${directMessages.senderId} end`;
  const latest = await db
    .selectDistinctOn([partnerId], {
      partnerId,
      text: directMessages.text,
      createdAt: directMessages.createdAt,
      senderId: directMessages.senderId,
    })
    .from(directMessages)
    .where(or(eq(directMessages.senderId, me), eq(directMessages.receiverId, me)))
    .orderBy(partnerId, desc(directMessages.createdAt), desc(directMessages.id));
  if (latest.length === 0) return [];
  const ids = latest.map((l) => Number(l.partnerId));
  const [partners, unread] = await Promise.all([
    db.select(person(users)).from(users).where(inArray(users.id, ids)),
    db
      .select({ senderId: directMessages.senderId, n: sql<number>`count(*)::int` })
      .from(directMessages)
      .where(and(eq(directMessages.receiverId, me), isNull(directMessages.readAt)))
      .groupBy(directMessages.senderId),
  ]);
  const partnerById = new Map(partners.map((p) => [p.id, p]));
  const unreadBy = new Map(unread.map((u) => [u.senderId, Number(u.n)]));
  return latest
    .map((l) => ({
      partner: partnerById.get(Number(l.partnerId))!,
      latestMessage: { text: l.text, createdAt: l.createdAt, fromMe: l.senderId === me },
      unreadCount: unreadBy.get(Number(l.partnerId)) ?? 0,
    }))
    .filter((c) => c.partner)
    .sort((a, b) => b.latestMessage.createdAt.getTime() - a.latestMessage.createdAt.getTime());
}

/**
 * The tournament channels the user follows (tournaments/sql.ts) whose tournament ended after `since`, by start, with
 * the unread count and the newest message (the chat list and the Chat badge; tournaments README "Channels in the chat").
 */
export async function tournamentChannels(db: DbOrTx, me: number, since: Date) {
  const latest = latestChannelMessageSql();
  const rows = await db
    .select({
      tournamentId: tournaments.id,
      name: tournaments.name,
      startTime: tournaments.startTime,
      cancelledAt: tournaments.cancelledAt,
      unreadCount: unreadChannelMessagesSql(me),
      latestText: latest.text,
      latestAt: latest.createdAt,
    })
    .from(tournaments)
    .where(and(followsChannelSql(me), gt(tournaments.endTime, since)))
    .orderBy(asc(tournaments.startTime), asc(tournaments.id))
    .limit(20);
  return rows.map(({ latestText, latestAt, ...r }) => ({ ...r, latestMessage: latestText !== null && latestAt ? { text: latestText, createdAt: latestAt } : null }));
}

/**
 * Games whose chat the user follows now: organised or played (not cancelled), from the last
 * 7 days after the start on, with the user's role in each (organising wins over playing or waiting).
 * Comment ids (those the chat shows, `shown` of them at most, people's lines only) let the client count unread
 * ones against its read list; the newest line a person wrote is the chat list's preview.
 */
export async function currentGameChats(db: DbOrTx, me: number, since: Date, shown: number) {
  const rows = await db
    .select({
      gameId: games.id,
      title: games.title,
      courtName: courts.name,
      courtImageUrl: courts.imageUrl,
      creator: person(users),
      startTime: games.startTime,
      cancelledAt: games.cancelledAt,
      role: sql<"organising" | "playing" | "waiting">`case
        when ${games.creatorId} = ${me} then 'organising'
        when exists (select 1 from ${participations} p where p.game_id = ${games.id} and p.user_id = ${me} and p.cancelled_at is null and p.queue) then 'waiting'
        else 'playing' end`,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        gt(games.startTime, since),
        // The user's games found from the user (participations by user, games by creator), not every game since then
        // tested for the user: with "creator or exists (…)" PostgreSQL read the whole games table on every call.
        sql`${games.id} in (select p.game_id from ${participations} p where p.user_id = ${me} and p.cancelled_at is null
          union all select g.id from ${games} g where g.creator_id = ${me})`,
      ),
    )
    .orderBy(asc(games.startTime))
    .limit(50);
  if (rows.length === 0) return [];
  const gameIds = rows.map((r) => r.gameId);
  // Per game, by its (game, time) index: the comments its chat shows (the newest `shown`, system lines among them, as
  // `commentsOf` reads them) and the newest line a person wrote. Not every comment of the games: a long chat's older
  // lines can never be read on its screen, and counting them kept the badge up for good.
  const window = db
    .select({ id: gameComments.id, isSystemMessage: gameComments.isSystemMessage })
    .from(gameComments)
    .where(eq(gameComments.gameId, games.id))
    .orderBy(desc(gameComments.createdAt), desc(gameComments.id))
    .limit(shown)
    .as("shown");
  const newest = db
    .select({ id: gameComments.id, createdAt: gameComments.createdAt, text: gameComments.text, userId: gameComments.userId, guestName: gameComments.name })
    .from(gameComments)
    .where(and(eq(gameComments.gameId, games.id), eq(gameComments.isSystemMessage, false)))
    .orderBy(desc(gameComments.createdAt), desc(gameComments.id))
    .limit(1)
    .as("newest");
  const [shownIds, latest] = await Promise.all([
    db
      .select({ gameId: games.id, id: window.id })
      .from(games)
      .crossJoinLateral(window)
      .where(and(inArray(games.id, gameIds), eq(window.isSystemMessage, false)))
      .orderBy(asc(window.id)),
    db
      .select({ gameId: games.id, id: newest.id, createdAt: newest.createdAt, text: newest.text, userId: newest.userId, guestName: newest.guestName, userName: users.firstName })
      .from(games)
      .crossJoinLateral(newest)
      .leftJoin(users, eq(users.id, newest.userId))
      .where(inArray(games.id, gameIds)),
  ]);
  const latestByGame = new Map(latest.map((c) => [c.gameId, c]));
  const idsByGame = new Map<number, number[]>();
  for (const c of shownIds) {
    const ids = idsByGame.get(c.gameId);
    if (ids) ids.push(c.id);
    else idsByGame.set(c.gameId, [c.id]);
  }
  return rows.map((r) => {
    const preview = latestByGame.get(r.gameId);
    return {
      ...r,
      latestCommentId: preview?.id ?? null,
      latestCommentAt: preview?.createdAt ?? null,
      latestComment: preview ? { text: preview.text, authorName: preview.userName ?? preview.guestName ?? "", fromMe: preview.userId === me } : null,
      commentIds: idsByGame.get(r.gameId) ?? [],
    };
  });
}

/**
 * The Chat tab's News (issue 26): messages for the viewer's region and messages for everyone (no region
 * rows); a visitor or a user without a region sees only the latter.
 */
export async function marketing(db: DbOrTx, regionId: number | null) {
  const anyRegion = db.select({ id: marketingMessageRegions.messageId }).from(marketingMessageRegions).where(eq(marketingMessageRegions.messageId, marketingMessages.id));
  const forRegion = regionId === null ? undefined : db.select({ id: marketingMessageRegions.messageId }).from(marketingMessageRegions).where(and(eq(marketingMessageRegions.messageId, marketingMessages.id), eq(marketingMessageRegions.regionId, regionId)));
  return db
    .select({ id: marketingMessages.id, textDe: marketingMessages.textDe, textEn: marketingMessages.textEn, createdAt: marketingMessages.createdAt })
    .from(marketingMessages)
    .where(forRegion ? or(notExists(anyRegion), exists(forRegion)) : notExists(anyRegion))
    .orderBy(desc(marketingMessages.createdAt), desc(marketingMessages.id))
    .limit(50);
}

/** A news message from the staff console with its regions (none: for everyone). */
export async function insertMarketingMessage(db: DbOrTx, values: { textDe: string; textEn: string; createdById: number; createdAt: Date }, regionIds: readonly number[]) {
  const [row] = await db.insert(marketingMessages).values(values).returning();
  if (regionIds.length > 0) await db.insert(marketingMessageRegions).values(regionIds.map((regionId) => ({ messageId: row!.id, regionId })));
  return row!;
}

export async function receiverExists(db: DbOrTx, id: number) {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return rows.length > 0;
}

/** People who played in the same (not cancelled) games as the user since a moment, most recent first. */
export async function gameMates(db: DbOrTx, me: number, since: Date, limit: number) {
  const mine = alias(participations, "mine");
  const theirs = alias(participations, "theirs");
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl, lastPlayed: sql<Date>`max(${games.startTime})` })
    .from(mine)
    .innerJoin(games, eq(games.id, mine.gameId))
    .innerJoin(theirs, eq(theirs.gameId, mine.gameId))
    .innerJoin(users, eq(users.id, theirs.userId))
    .where(
      and(
        eq(mine.userId, me),
        isNull(mine.cancelledAt),
        isNull(theirs.cancelledAt),
        isNull(games.cancelledAt),
        isNull(users.deletedAt),
        gt(games.startTime, since),
        sql`${theirs.userId} <> ${me}`,
      ),
    )
    .groupBy(users.id, users.firstName, users.profileImageUrl)
    .orderBy(sql`max(${games.startTime}) desc`)
    .limit(limit);
  return rows.map(({ lastPlayed: _last, ...person }) => person);
}

export async function viewerRegionId(db: DbOrTx, userId: number): Promise<number | null> {
  const rows = await db.select({ regionId: users.regionId }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.regionId ?? null;
}
