import { ZCreateCommentInput, ZCreateDirectMessageInput, ZDirectMessagesInput, type ZCurrentGameChat } from "@shared/schemas/chat";
import type { z } from "zod";
import { ZGameIdInput } from "@shared/schemas/games";
import { ZUserByIdInput } from "@shared/schemas/users";
import * as chat from "../domains/chat/service";
import { legacy, resolver, ZNoArgs } from "./resolve";

/** Chat operations under the old API's names (spec 000 section 7). */
export const chatTypeDefs = /* GraphQL */ `
  type Comment {
    id: ID! creator: Person name: String text: String! isSystemMessage: Boolean! createdAt: DateTime!
    "the author wrote it from a device with notifications on: the chat's news reach them"
    notificationsEnabled: Boolean!
  }
  type DirectMessage { id: ID! sender: Person! receiverId: ID! receiver: Person! text: String! isSystemMessage: Boolean! read: Boolean! createdAt: DateTime! }
  type DirectMessages { objects: [DirectMessage!]! hasNext: Boolean! }
  type LatestMessage { text: String! createdAt: DateTime! fromMe: Boolean! }
  type Conversation {
    partner: Person! latestMessage: LatestMessage! unreadCount: Int!
    "the conversation's newest messages, oldest first (as myDirectMessages with the partner), loaded when asked for"
    messages(pageSize: Int): [DirectMessage!]!
  }
  type GameChatComment { text: String! authorName: String! fromMe: Boolean! }
  type GameChatCourt { name: String! imageUrl: String }
  "A game chat (spec 000 section 3: id, title, court imageUrl, creator, comments); id is the game's"
  type CurrentGameChat {
    id: ID! gameId: ID! title: String court: GameChatCourt courtName: String courtImageUrl: String creator: Person!
    "the chat's latest comments (as retrieveGame's), loaded when asked for"
    comments: [Comment!]!
    startTime: DateTime! cancelledAt: DateTime latestCommentId: ID latestCommentAt: DateTime
    latestComment: GameChatComment commentIds: [ID!]!
    "organising, playing or waiting"
    role: String!
  }
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

/** A game chat in the old shape: the game's id as its own, the court as an object. */
function gameChatOut(c: z.infer<typeof ZCurrentGameChat>) {
  return { ...c, id: c.gameId, court: c.courtName === null ? null : { name: c.courtName, imageUrl: c.courtImageUrl } };
}

/** A game chat's comments, only when a query asks for them (the game chat screen; the list needs only the ids). */
export const gameChatFields = {
  comments: resolver(ZNoArgs, (ctx, _i, c: { gameId: number }) => chat.gameComments(ctx, c.gameId)),
};

/** A conversation's messages, only when a query asks for them: the same page as myDirectMessages(partnerId). */
export const conversationFields = {
  messages: resolver(ZDirectMessagesInput.omit({ partnerId: true }), (ctx, i, c: { partner: { id: number } }) => chat.directMessages(ctx, { ...i, partnerId: c.partner.id }), (page) => page.objects),
};

export const chatQueries = {
  gameComments: resolver(ZGameIdInput, (ctx, i) => chat.gameComments(ctx, i.gameId)),
  myDirectMessages: resolver({ auth: "user" }, ZDirectMessagesInput, chat.directMessages),
  myChats: resolver({ auth: "user" }, ZNoArgs, chat.myChats),
  myGameMates: resolver({ auth: "user" }, ZNoArgs, chat.myGameMates),
  myUnreadMessagesCount: resolver({ auth: "user" }, ZNoArgs, chat.unreadCount, (count) => count.directMessages),
  myCurrentGameChats: resolver({ auth: "user" }, ZNoArgs, chat.unreadCount, (count) => count.currentGameChats.map(gameChatOut)),
  myMarketingMessages: resolver(ZNoArgs, chat.marketingMessages),
};

export const chatMutations = {
  createComment: resolver(ZCreateCommentInput, chat.createComment),
  createDirectMessage: resolver({ auth: "user" }, ZCreateDirectMessageInput, chat.createDirectMessage),
  markConversationAsRead: resolver({ auth: "user" }, legacy(ZUserByIdInput, (a) => ({ id: a.senderId })), (ctx, i) => chat.markConversationAsRead(ctx, i.id)),
};
