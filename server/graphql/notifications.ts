import { ZDeviceTokenInput, ZRegionIdInput, ZRegionSubscriptionInput, ZRegisterNativeDeviceInput, ZSubscribeToRegionInput } from "@shared/schemas/notifications";
import { ZSubscribeToGameInput } from "@shared/schemas/participation";
import * as gameSubscriptions from "../domains/notifications/game-subscriptions";
import * as notifications from "../domains/notifications/service";
import { resolver } from "./resolve";

/**
 * Device, region- and game-subscription operations under the old API's names (spec 000 section 7).
 * `regionSubscriberCount` is null below 50 subscribers, as on tRPC.
 */
export const notificationTypeDefs = /* GraphQL */ `
  type DeviceTokenExists { exists: Boolean! }
  type RegisteredDevice { deviceToken: String! }
  type Subscribed { subscribed: Boolean! }

  extend type Query {
    checkIfDeviceTokenIsSubscribedToRegion(deviceToken: String!, regionId: ID!): Subscribed!
    regionSubscriberCount(regionId: ID!): Int
    checkIfDeviceTokenForUserExists(deviceToken: String!): DeviceTokenExists!
    checkIfDeviceTokenIsSubscribedToGame(deviceToken: String!, gameId: ID!): Subscribed!
  }
  extend type Mutation {
    subscribeToRegion(deviceToken: String!, regionId: ID!, messagingLanguage: String!, userAgent: String): Subscribed!
    unsubscribeFromRegion(deviceToken: String!, regionId: ID!): Subscribed!
    registerNativeDevice(deviceToken: String!, platform: String, language: String!): RegisteredDevice!
    subscribeToGame(deviceToken: String!, userAgent: String, gameId: ID!): Ok!
  }
`;

// Languages arrive as tags ("de-DE", "en_US"); the shared zLanguage normalises them, as everywhere.
export const notificationQueries = {
  checkIfDeviceTokenIsSubscribedToRegion: resolver(ZRegionSubscriptionInput, notifications.isSubscribedToRegion),
  regionSubscriberCount: resolver(ZRegionIdInput, (ctx, i) => notifications.regionSubscriberCount(ctx, i.regionId), (r) => r.count),
  checkIfDeviceTokenForUserExists: resolver(ZDeviceTokenInput, (ctx, i) => notifications.deviceTokenForUserExists(ctx, i.deviceToken)),
  checkIfDeviceTokenIsSubscribedToGame: resolver(ZSubscribeToGameInput.pick({ gameId: true, deviceToken: true }), gameSubscriptions.isSubscribedToGame),
};

export const notificationMutations = {
  subscribeToRegion: resolver(ZSubscribeToRegionInput, notifications.subscribeToRegion),
  unsubscribeFromRegion: resolver(ZRegionSubscriptionInput, notifications.unsubscribeFromRegion),
  registerNativeDevice: resolver(ZRegisterNativeDeviceInput, (ctx, i) => notifications.registerNativeDevice(ctx, i)),
  subscribeToGame: resolver(ZSubscribeToGameInput, gameSubscriptions.subscribeToGame),
};
