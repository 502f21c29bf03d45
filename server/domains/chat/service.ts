import type { z } from "zod";
import { COMMENT_INTERVAL_SECONDS, DIRECT_MESSAGE_INTERVAL_SECONDS, GAME_MATES_DAYS } from "@shared/constants";
import { changedCourtIds, changeLineText, noticeChanges, withCourtNames } from "@shared/rules/game-change-notice";
import { cleanMessageText, messageTextProblem } from "@shared/rules/message-text";
import type { TComment, TDirectMessage, ZCreateCommentInput, ZCreateDirectMessageInput, ZDirectMessagesInput } from "@shared/schemas/chat";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { eventsOn, publishOnCommit } from "../../integrations/realtime";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import { requireVisibleGame } from "../games/visibility";
import type { GameEventReaction } from "../games/events";
import { admitGuestComment } from "../participation/guest-limits";
import * as repo from "./repo";

/** The newest comments a game chat shows (and the unread counts consider: older lines cannot be read on its screen). */
const COMMENTS_SHOWN = 200;
const GAME_CHAT_FOLLOW_DAYS = 7;

function cleaned(text: string): string {
  const value = cleanMessageText(text);
  const problem = messageTextProblem(value);
  if (problem) throw new AppError("VALIDATION", { fields: [{ path: "text", code: problem }] });
  return value;
}

/* ---------- game chat ---------- */

export async function createComment(ctx: Ctx, input: z.output<typeof ZCreateCommentInput>): Promise<{ id: number }> {
  const text = cleaned(input.text);
  // A private game's chat is closed to those who may not see the game (games/visibility.ts).
  await requireVisibleGame(ctx, input.gameId);
  const userId = ctx.viewer?.userId ?? null;
  if (userId === null) {
    // Guests comment with a name and notifications on (spec 000 section 5).
    if (!input.name) throw new AppError("COMMENT_NAME_REQUIRED");
    if (!input.deviceToken) throw new AppError("COMMENT_NEEDS_NOTIFICATIONS");
  }
  const author = userId !== null ? { userId } : { deviceToken: input.deviceToken! };
  return ctx.deps.db.transaction(async (tx) => {
    // One author's messages are checked and written one at a time, so two at once cannot both pass the interval.
    await repo.lockAuthor(tx, "userId" in author ? `user:${author.userId}` : `device:${author.deviceToken}`);
    // "now" once the lock is held: a time read before the wait could be older than a message written meanwhile,
    // and a message stored with it would fall out of the next one's 10-second window (two got through a burst)
    const now = ctx.deps.clock.now();
    if (await repo.latestCommentSince(tx, author, new Date(now.getTime() - COMMENT_INTERVAL_SECONDS * 1000)))
      throw new AppError("COMMENT_RATE_LIMITED");
    // A guest's device token is the client's choice: guests are also counted by their address (guest-limits.ts).
    if (userId === null) await admitGuestComment(tx, { ip: ctx.meta.ip, deviceToken: input.deviceToken!, now });
    const id = await repo.insertComment(tx, {
      gameId: input.gameId,
      userId,
      name: userId === null ? input.name! : null,
      deviceToken: input.deviceToken ?? null,
      text,
      createdAt: now,
    });
    // Delivered at commit: open chats on every server process hear of it at once.
    await publishOnCommit(tx, { channel: gameChannel(input.gameId), id });
    return { id };
  });
}

export const gameChannel = (gameId: number) => `game:${gameId}`;
export const userChannel = (userId: number) => `user:${userId}`;

const SYSTEM_LINES = { JOINED: "joined", QUEUED: "queued", PARTICIPATION_CANCELLED: "cancelled" } as const;

/**
 * The game chat's system lines ("Lena spielt mit") follow from the game's events, in the event's
 * transaction, and reach open chats live like any comment. The text is the event; the client words
 * it in the reader's language. A player leaving by deleting their account gets no line. A change
 * players care about gets a line with what changed (`changed:` and the changes, court names looked up
 * now; shared/rules/game-change-notice.ts), worded by the client like the pushes.
 */
export const chatLineForGameEvent: GameEventReaction = async (tx, event) => {
  if (event.type === "CHANGED") {
    const changes = noticeChanges(event.payload.changes);
    if (changes.length === 0) return;
    const named = withCourtNames(changes, await repo.courtNames(tx, changedCourtIds(changes)));
    const id = await repo.insertComment(tx, { gameId: event.gameId, text: changeLineText(named), isSystemMessage: true, createdAt: event.createdAt });
    await publishOnCommit(tx, { channel: gameChannel(event.gameId), id });
    return;
  }
  if (event.type !== "JOINED" && event.type !== "QUEUED" && event.type !== "PARTICIPATION_CANCELLED") return;
  if ("accountDeleted" in event.payload) return;
  const id = await repo.insertComment(tx, {
    gameId: event.gameId,
    name: event.payload.name,
    text: SYSTEM_LINES[event.type],
    isSystemMessage: true,
    createdAt: event.createdAt,
  });
  await publishOnCommit(tx, { channel: gameChannel(event.gameId), id });
};

export async function gameComments(ctx: Ctx, gameId: number, shareKey?: string | null): Promise<TComment[]> {
  await requireVisibleGame(ctx, gameId, shareKey);
  return repo.commentsOf(ctx.deps.db, gameId, COMMENTS_SHOWN);
}

/* ---------- direct messages ---------- */

export async function createDirectMessage(ctx: Ctx, input: z.output<typeof ZCreateDirectMessageInput>): Promise<{ id: number }> {
  const me = requireViewer(ctx).userId;
  if (input.receiverId === me) throw new AppError("MESSAGE_TO_SELF");
  const text = cleaned(input.text);
  return ctx.deps.db.transaction(async (tx) => {
    if (!(await repo.receiverExists(tx, input.receiverId))) throw new AppError("RECEIVER_NOT_FOUND");
    await repo.lockAuthor(tx, `user:${me}`);
    const now = ctx.deps.clock.now(); // after the wait for the lock, as in createComment
    if (await repo.latestDirectMessageSince(tx, me, new Date(now.getTime() - DIRECT_MESSAGE_INTERVAL_SECONDS * 1000)))
      throw new AppError("DIRECT_MESSAGE_RATE_LIMITED");
    const id = await repo.insertDirectMessage(tx, { senderId: me, receiverId: input.receiverId, text, createdAt: now });
    // Both sides' open screens (the sender may have another device open) update at commit.
    await publishOnCommit(tx, { channel: userChannel(input.receiverId), id });
    await publishOnCommit(tx, { channel: userChannel(me), id });
    return { id };
  });
}

/**
 * Server-sent events: the ids of new comments in a game's chat. A client that reconnects (to another process behind
 * the load balancer, after a crash or a drain) sends its last event id and first gets what it missed meanwhile.
 */
export async function* gameCommentEvents(ctx: Ctx, gameId: number, lastEventId: string | null | undefined, signal: AbortSignal | undefined) {
  await requireVisibleGame(ctx, gameId);
  const channel = gameChannel(gameId);
  const after = lastEventId ? Number(lastEventId) : null;
  const missed = after === null ? undefined : async () => (await repo.commentIdsSince(ctx.deps.db, gameId, after, COMMENTS_SHOWN)).map((id) => ({ channel, id }));
  yield* eventsOn(ctx.deps.realtime, channel, signal, missed);
}

/** Server-sent events: the ids of new direct messages to or from the signed-in user. */
export function directMessageEvents(ctx: Ctx, signal: AbortSignal | undefined) {
  return eventsOn(ctx.deps.realtime, userChannel(requireViewer(ctx).userId), signal);
}

export async function directMessages(ctx: Ctx, input: z.output<typeof ZDirectMessagesInput>): Promise<{ objects: TDirectMessage[]; hasNext: boolean }> {
  const me = requireViewer(ctx).userId;
  const rows = await repo.conversation(ctx.deps.db, me, input.partnerId, input.pageSize);
  return {
    hasNext: rows.length > input.pageSize,
    objects: rows
      .slice(0, input.pageSize)
      .reverse()
      .map(({ readAt, ...m }) => ({ ...m, read: readAt !== null })),
  };
}

export async function markConversationAsRead(ctx: Ctx, senderId: number): Promise<{ ok: true }> {
  await repo.markRead(ctx.deps.db, requireViewer(ctx).userId, senderId, ctx.deps.clock.now());
  return { ok: true };
}

export function myChats(ctx: Ctx) {
  return repo.conversations(ctx.deps.db, requireViewer(ctx).userId);
}

export async function unreadCount(ctx: Ctx) {
  const me = requireViewer(ctx).userId;
  const since = new Date(ctx.deps.clock.now().getTime() - GAME_CHAT_FOLLOW_DAYS * 86400_000);
  const [count, chats, channels] = await Promise.all([
    repo.unreadDirectMessages(ctx.deps.db, me),
    repo.currentGameChats(ctx.deps.db, me, since, COMMENTS_SHOWN),
    repo.tournamentChannels(ctx.deps.db, me, since),
  ]);
  return { directMessages: count, currentGameChats: chats, tournamentChannels: channels };
}

/** The News: for the viewer's region and for everyone (issue 26); a visitor sees the news for everyone. */
export async function marketingMessages(ctx: Ctx) {
  const regionId = ctx.viewer ? await repo.viewerRegionId(ctx.deps.db, ctx.viewer.userId) : null;
  return repo.marketing(ctx.deps.db, regionId);
}

/* ---------- written by the staff console (issue 26, domains/admin), in its transaction ---------- */

/** Stores a news message for these regions (none: everyone). The push to region subscribers is the notifications domain's. */
export function createNews(tx: Tx, values: { textDe: string; textEn: string; createdById: number; createdAt: Date }, regionIds: readonly number[]) {
  return repo.insertMarketingMessage(tx, values, regionIds);
}

/**
 * A direct message written on behalf of staff (the answer to a game report, from the support user): no
 * rate limit, no self check; the push follows as for every direct message (the dispatcher polls them).
 */
export async function sendStaffDirectMessage(tx: Tx, values: { senderId: number; receiverId: number; text: string; createdAt: Date }): Promise<{ id: number }> {
  const id = await repo.insertDirectMessage(tx, { ...values, text: cleaned(values.text) });
  await publishOnCommit(tx, { channel: userChannel(values.receiverId), id });
  await publishOnCommit(tx, { channel: userChannel(values.senderId), id });
  return { id };
}

/** Whether the account exists and is not deleted (the support user is missing on a database without demo data). */
export function userExists(db: DbOrTx, id: number): Promise<boolean> {
  return repo.receiverExists(db, id);
}

/** The people a user played with in the last 90 days: the Players tab suggests them to chat with. */
export function myGameMates(ctx: Ctx) {
  const since = new Date(ctx.deps.clock.now().getTime() - GAME_MATES_DAYS * 86400_000);
  return repo.gameMates(ctx.deps.db, requireViewer(ctx).userId, since, 50);
}
