import { z } from "zod";
import {
  ZDeviceTokenInput,
  ZRegionIdInput,
  ZRegisterNativeDeviceInput,
  ZRegionSubscriberCount,
  ZRegionSubscriptionInput,
  ZRegisterWebPushInput,
  ZRegisterWebPushResult,
  ZSubscribeToRegionInput,
  ZVapidPublicKey,
} from "@shared/schemas/notifications";
import { router } from "../../trpc/init";
import { publicProcedure } from "../../trpc/procedures";
import * as notifications from "./service";

const ZSubscribed = z.object({ subscribed: z.boolean() });

export const notificationsRouter = router({
  vapidPublicKey: publicProcedure.output(ZVapidPublicKey).query(({ ctx }) => notifications.vapidPublicKey(ctx)),
  registerWebPush: publicProcedure
    .input(ZRegisterWebPushInput)
    .output(ZRegisterWebPushResult)
    .mutation(({ ctx, input }) => notifications.registerWebPush(ctx, input)),
  registerNativeDevice: publicProcedure
    .input(ZRegisterNativeDeviceInput)
    .output(ZRegisterWebPushResult)
    .mutation(({ ctx, input }) => notifications.registerNativeDevice(ctx, input)),
  deviceTokenForUserExists: publicProcedure
    .input(ZDeviceTokenInput)
    .output(z.object({ exists: z.boolean() }))
    .query(({ ctx, input }) => notifications.deviceTokenForUserExists(ctx, input.deviceToken)),
  subscribeToRegion: publicProcedure.input(ZSubscribeToRegionInput).output(ZSubscribed).mutation(({ ctx, input }) => notifications.subscribeToRegion(ctx, input)),
  unsubscribeFromRegion: publicProcedure
    .input(ZRegionSubscriptionInput)
    .output(ZSubscribed)
    .mutation(({ ctx, input }) => notifications.unsubscribeFromRegion(ctx, input)),
  isSubscribedToRegion: publicProcedure.input(ZRegionSubscriptionInput).output(ZSubscribed).query(({ ctx, input }) => notifications.isSubscribedToRegion(ctx, input)),
  regionSubscriberCount: publicProcedure
    .input(ZRegionIdInput)
    .output(ZRegionSubscriberCount)
    .query(({ ctx, input }) => notifications.regionSubscriberCount(ctx, input.regionId)),
});
