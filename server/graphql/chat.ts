import { ZCreateCommentInput, ZCreateDirectMessageInput, ZDirectMessagesInput } from "@shared/schemas/chat";
import { ZGameIdInput } from "@shared/schemas/games";
import { ZUserByIdInput } from "@shared/schemas/users";
import * as chat from "../domains/chat/service";
import { givenArgs, gqlId, parseArgs } from "./errors";
import type { GqlResolver } from "./types";

/** Chat operations under the old API's names (spec 000 section 7). */
export const chatTypeDefs = /* GraphQL */ `
  type Comment { id: ID! creator: Person name: String text: String! isSystemMessage: Boolean! createdAt: DateTime! }
  type DirectMessage { id: ID! sender: Person! receiverId: ID! text: String! isSystemMessage: Boolean! read: Boolean! createdAt: DateTime! }
  type DirectMessages { objects: [DirectMessage!]! hasNext: Boolean! }
  type LatestMessage { text: String! createdAt: DateTime! fromMe: Boolean! }
  type Conversation { partner: Person! latestMessage: LatestMessage! unreadCount: Int! }
  type CurrentGameChat { gameId: ID! title: String courtName: String startTime: DateTime! latestCommentId: ID latestCommentAt: DateTime commentIds: [ID!]! }
  type MarketingMessage { id: ID! textDe: String! textEn: String! createdAt: DateTime! }
  type Created { id: ID! }

  extend type Query {
    gameComments(gameId: ID!): [Comment!]!
    myDirectMessages(partnerId: ID!, pageSize: Int): DirectMessages!
    myChats: [Conversation!]!
    myGameMates: [Person!]!
    myUnreadMessagesCount: Int!
    myCurrentGameChats: [CurrentGameChat!]!
    myMarketingMessages: [MarketingMessage!]!
  }
  extend type Mutation {
    createComment(gameId: ID!, text: String!, name: String, deviceToken: String, messagingLanguage: String): Created!
    createDirectMessage(receiverId: ID!, text: String!, deviceToken: String): Created!
    markConversationAsRead(senderId: ID!): Ok!
  }
`;


export const chatQueries: Record<string, GqlResolver> = {
  gameComments: (_p, args, { ctx }) => chat.gameComments(ctx, parseArgs(ZGameIdInput, { gameId: gqlId(args.gameId) }).gameId),
  myDirectMessages: (_p, args, { ctx }) =>
    chat.directMessages(ctx, parseArgs(ZDirectMessagesInput, givenArgs({ partnerId: gqlId(args.partnerId), pageSize: args.pageSize }))),
  myChats: (_p, _a, { ctx }) => chat.myChats(ctx),
  myGameMates: (_p, _a, { ctx }) => chat.myGameMates(ctx),
  myUnreadMessagesCount: async (_p, _a, { ctx }) => (await chat.unreadCount(ctx)).directMessages,
  myCurrentGameChats: async (_p, _a, { ctx }) => (await chat.unreadCount(ctx)).currentGameChats,
  myMarketingMessages: (_p, _a, { ctx }) => chat.marketingMessages(ctx),
};

export const chatMutations: Record<string, GqlResolver> = {
  createComment: (_p, args, { ctx }) => chat.createComment(ctx, parseArgs(ZCreateCommentInput, givenArgs({ ...args, gameId: gqlId(args.gameId) }))),
  createDirectMessage: (_p, args, { ctx }) =>
    chat.createDirectMessage(ctx, parseArgs(ZCreateDirectMessageInput, { receiverId: gqlId(args.receiverId), text: args.text })),
  markConversationAsRead: (_p, args, { ctx }) => chat.markConversationAsRead(ctx, parseArgs(ZUserByIdInput, { id: gqlId(args.senderId) }).id),
};
