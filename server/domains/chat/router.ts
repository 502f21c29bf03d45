import { tracked } from "@trpc/server";
import { z } from "zod";
import {
  ZComment,
  ZConversation,
  ZCreateCommentInput,
  ZCreateDirectMessageInput,
  ZDirectMessage,
  ZDirectMessagesInput,
  ZGameCommentEventsInput,
  ZMarketingMessage,
  ZUnreadCount,
} from "@shared/schemas/chat";
import { ZGameIdInput, ZPersonRef } from "@shared/schemas/games";
import { zId } from "@shared/schemas/common";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as chat from "./service";

const ZId = z.object({ id: z.number().int() });

export const chatRouter = router({
  createComment: publicProcedure.input(ZCreateCommentInput).output(ZId).mutation(({ ctx, input }) => chat.createComment(ctx, input)),
  gameComments: publicProcedure.input(ZGameIdInput).output(z.array(ZComment)).query(({ ctx, input }) => chat.gameComments(ctx, input.gameId)),
  createDirectMessage: authedProcedure.input(ZCreateDirectMessageInput).output(ZId).mutation(({ ctx, input }) => chat.createDirectMessage(ctx, input)),
  directMessages: authedProcedure
    .input(ZDirectMessagesInput)
    .output(z.object({ objects: z.array(ZDirectMessage), hasNext: z.boolean() }))
    .query(({ ctx, input }) => chat.directMessages(ctx, input)),
  markConversationAsRead: authedProcedure
    .input(z.object({ senderId: zId }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => chat.markConversationAsRead(ctx, input.senderId)),
  myGameMates: authedProcedure.output(z.array(ZPersonRef)).query(({ ctx }) => chat.myGameMates(ctx)),
  myChats: authedProcedure.output(z.array(ZConversation)).query(({ ctx }) => chat.myChats(ctx)),
  unreadCount: authedProcedure.output(ZUnreadCount).query(({ ctx }) => chat.unreadCount(ctx)),
  // Live updates over server-sent events (httpSubscriptionLink); polling stays as the fallback.
  // Tracked: each event carries the comment id as its SSE id, so a reconnecting client resumes from it (Last-Event-ID).
  onGameComment: publicProcedure.input(ZGameCommentEventsInput).subscription(async function* ({ ctx, input, signal }) {
    for await (const e of chat.gameCommentEvents(ctx, input.gameId, input.lastEventId, signal)) yield tracked(String(e.id), { id: e.id });
  }),
  onDirectMessage: authedProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const e of chat.directMessageEvents(ctx, signal)) yield { id: e.id };
  }),
  marketingMessages: publicProcedure.output(z.array(ZMarketingMessage)).query(({ ctx }) => chat.marketingMessages(ctx)),
});
