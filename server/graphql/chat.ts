import { ZCreateCommentInput, ZCreateDirectMessageInput, ZDirectMessagesInput } from "@shared/schemas/chat";
import { ZGameIdInput } from "@shared/schemas/games";
import { ZUserByIdInput } from "@shared/schemas/users";
import * as chat from "../domains/chat/service";
import { legacy, resolver, ZNoArgs } from "./resolve";

/** Chat operations under the old API's names (spec 000 section 7). */
export const chatTypeDefs = /* GraphQL */ `
  type Comment { id: ID! creator: Person name: String text: String! isSystemMessage: Boolean! createdAt: DateTime! }
  type DirectMessage { id: ID! sender: Person! receiverId: ID! text: String! isSystemMessage: Boolean! read: Boolean! createdAt: DateTime! }
  type DirectMessages { objects: [DirectMessage!]! hasNext: Boolean! }
  type LatestMessage { text: String! createdAt: DateTime! fromMe: Boolean! }
  type Conversation { partner: Person! latestMessage: LatestMessage! unreadCount: Int! }
  type GameChatComment { text: String! authorName: String! fromMe: Boolean! }
  type CurrentGameChat {
    gameId: ID! title: String courtName: String startTime: DateTime! cancelledAt: DateTime latestCommentId: ID latestCommentAt: DateTime
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

export const chatQueries = {
  gameComments: resolver(ZGameIdInput, (ctx, i) => chat.gameComments(ctx, i.gameId)),
  myDirectMessages: resolver({ auth: "user" }, ZDirectMessagesInput, chat.directMessages),
  myChats: resolver({ auth: "user" }, ZNoArgs, chat.myChats),
  myGameMates: resolver({ auth: "user" }, ZNoArgs, chat.myGameMates),
  myUnreadMessagesCount: resolver({ auth: "user" }, ZNoArgs, chat.unreadCount, (count) => count.directMessages),
  myCurrentGameChats: resolver({ auth: "user" }, ZNoArgs, chat.unreadCount, (count) => count.currentGameChats),
  myMarketingMessages: resolver(ZNoArgs, chat.marketingMessages),
};

export const chatMutations = {
  createComment: resolver(ZCreateCommentInput, chat.createComment),
  createDirectMessage: resolver({ auth: "user" }, ZCreateDirectMessageInput, chat.createDirectMessage),
  markConversationAsRead: resolver({ auth: "user" }, legacy(ZUserByIdInput, (a) => ({ id: a.senderId })), (ctx, i) => chat.markConversationAsRead(ctx, i.id)),
};
