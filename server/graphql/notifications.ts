import { ZDeviceTokenInput, ZRegionIdInput, ZRegionSubscriptionInput, ZRegisterNativeDeviceInput, ZSubscribeToRegionInput } from "@shared/schemas/notifications";
import * as notifications from "../domains/notifications/service";
import { gqlId, parseArgs } from "./errors";
import type { GqlResolver } from "./types";

/**
 * Device and region-subscription operations under the old API's names (spec 000 section 7).
 * `Subscribed` and the game subscription operations live in participation.ts. `regionSubscriberCount`
 * is null below 50 subscribers, as on tRPC.
 */
export const notificationTypeDefs = /* GraphQL */ `
  type DeviceTokenExists { exists: Boolean! }
  type RegisteredDevice { deviceToken: String! }

  extend type Query {
    checkIfDeviceTokenIsSubscribedToRegion(deviceToken: String!, regionId: ID!): Subscribed!
    regionSubscriberCount(regionId: ID!): Int
    checkIfDeviceTokenForUserExists(deviceToken: String!): DeviceTokenExists!
  }
  extend type Mutation {
    subscribeToRegion(deviceToken: String!, regionId: ID!, messagingLanguage: String!, userAgent: String): Subscribed!
    unsubscribeFromRegion(deviceToken: String!, regionId: ID!): Subscribed!
    registerNativeDevice(deviceToken: String!, platform: String, language: String!): RegisteredDevice!
  }
`;

// Languages arrive as tags ("de-DE", "en_US"); the shared zLanguage normalises them, as everywhere.
const region = (args: Record<string, unknown>) => ({ deviceToken: args.deviceToken, regionId: gqlId(args.regionId) });

export const notificationQueries: Record<string, GqlResolver> = {
  checkIfDeviceTokenIsSubscribedToRegion: (_p, args, { ctx }) => notifications.isSubscribedToRegion(ctx, parseArgs(ZRegionSubscriptionInput, region(args))),
  regionSubscriberCount: async (_p, args, { ctx }) =>
    (await notifications.regionSubscriberCount(ctx, parseArgs(ZRegionIdInput, { regionId: gqlId(args.regionId) }).regionId)).count,
  checkIfDeviceTokenForUserExists: (_p, args, { ctx }) =>
    notifications.deviceTokenForUserExists(ctx, parseArgs(ZDeviceTokenInput, { deviceToken: args.deviceToken }).deviceToken),
};

export const notificationMutations: Record<string, GqlResolver> = {
  subscribeToRegion: (_p, args, { ctx }) =>
    notifications.subscribeToRegion(ctx, parseArgs(ZSubscribeToRegionInput, { ...region(args), messagingLanguage: args.messagingLanguage })),
  unsubscribeFromRegion: (_p, args, { ctx }) => notifications.unsubscribeFromRegion(ctx, parseArgs(ZRegionSubscriptionInput, region(args))),
  registerNativeDevice: (_p, args, { ctx }) =>
    notifications.registerNativeDevice(
      ctx,
      parseArgs(ZRegisterNativeDeviceInput, { deviceToken: args.deviceToken, platform: args.platform ?? undefined, language: args.language }),
    ),
};
