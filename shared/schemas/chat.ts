import { z } from "zod";
import { DIRECT_MESSAGE_PAGE_SIZE } from "../constants";
import { zId, zLanguage, zName, zPushToken } from "./common";
import { ZPersonRef } from "./games";

/** Raw text; the server cleans it (shared/rules/message-text.ts) and then checks its length. */
const zText = z.string({ error: "message_required" }).max(10_000, { error: "message_too_long" });

/**
 * A game chat's live stream (chat.onGameComment). `lastEventId` is set by tRPC from a reconnecting client's
 * Last-Event-ID: the id of the last comment it heard, to resume from.
 */
export const ZGameCommentEventsInput = z.object({ gameId: zId, lastEventId: z.string().regex(/^\d{1,15}$/).nullish() });

export const ZCreateCommentInput = z.object({
  gameId: zId,
  text: zText,
  /** guests only */
  name: zName.optional().nullable(),
  deviceToken: zPushToken.optional().nullable(),
  messagingLanguage: zLanguage.optional(),
});

export const ZComment = z.object({
  id: z.number().int(),
  creator: ZPersonRef.nullable(),
  name: z.string().nullable(),
  text: z.string(),
  /** system messages: text is the event ("joined", "queued", "cancelled"), name whom it is about */
  isSystemMessage: z.boolean(),
  /** the author wrote it from a device with notifications on (a device token came with it): the chat's news reach them */
  notificationsEnabled: z.boolean(),
  createdAt: z.date(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCreateDirectMessageInput = z.object({ receiverId: zId, text: zText });

export const ZDirectMessage = z.object({
  id: z.number().int(),
  sender: ZPersonRef,
  receiverId: z.number().int(),
  /** spec 000 section 3: a direct message's receiver, as its sender */
  receiver: ZPersonRef,
  text: z.string(),
  isSystemMessage: z.boolean(),
  read: z.boolean(),
  createdAt: z.date(),
});
export type TDirectMessage = z.infer<typeof ZDirectMessage>;

export const ZDirectMessagesInput = z.object({
  partnerId: zId,
  pageSize: z.number().int().min(1).max(1000).default(DIRECT_MESSAGE_PAGE_SIZE),
});

export const ZConversation = z.object({
  partner: ZPersonRef,
  latestMessage: z.object({ text: z.string(), createdAt: z.date(), fromMe: z.boolean() }),
  unreadCount: z.number().int(),
});

/** How the user takes part in a game: the "my games" filters (spec 000 section 2); organising wins. */
export const ZMyGameRole = z.enum(["organising", "playing", "waiting"]);
export type TMyGameRole = z.infer<typeof ZMyGameRole>;

export const ZCurrentGameChat = z.object({
  gameId: z.number().int(),
  title: z.string().nullable(),
  courtName: z.string().nullable(),
  /** the chat list's picture (spec 000 section 3, game chat: court imageUrl, creator) */
  courtImageUrl: z.string().nullable(),
  creator: ZPersonRef,
  startTime: z.date(),
  /** the game was cancelled: its chat stays, marked (issue 23 item 12) */
  cancelledAt: z.date().nullable(),
  latestCommentId: z.number().int().nullable(),
  latestCommentAt: z.date().nullable(),
  /** the newest comment (not a system line), for the chat list: its text, who wrote it, whether the user did */
  latestComment: z.object({ text: z.string(), authorName: z.string(), fromMe: z.boolean() }).nullable(),
  commentIds: z.array(z.number().int()),
  role: ZMyGameRole,
});

/** A tournament channel the user follows (organiser, or a paid team's user; issue 25): its unread news count in the Chat badge. */
export const ZTournamentChannelChat = z.object({
  tournamentId: z.number().int(),
  name: z.string(),
  startTime: z.date(),
  cancelledAt: z.date().nullable(),
  unreadCount: z.number().int(),
  latestMessage: z.object({ text: z.string(), createdAt: z.date() }).nullable(),
});
export type TTournamentChannelChat = z.infer<typeof ZTournamentChannelChat>;

export const ZUnreadCount = z.object({ directMessages: z.number().int(), currentGameChats: z.array(ZCurrentGameChat), tournamentChannels: z.array(ZTournamentChannelChat) });

export const ZMarketingMessage = z.object({ id: z.number().int(), textDe: z.string(), textEn: z.string(), createdAt: z.date() });
