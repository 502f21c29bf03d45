import { z } from "zod";
import { LANGUAGES } from "../constants";
import { zId } from "./common";

/** From this many subscribers the region page shows the count (spec 000 section 7). */
export const REGION_SUBSCRIBER_COUNT_SHOWN_FROM = 50;

const zToken = z.string().trim().min(1).max(4096);

/** PushSubscription.toJSON() of the browser. */
export const ZWebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(4096),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

export const ZRegisterWebPushInput = z.object({ subscription: ZWebPushSubscription, language: z.enum(LANGUAGES) });
export type TRegisterWebPushInput = z.infer<typeof ZRegisterWebPushInput>;
/** `deviceToken` is what the client passes as its device in later calls (joining, following, regions). */
export const ZRegisterWebPushResult = z.object({ deviceToken: z.string() });

export const ZVapidPublicKey = z.object({ publicKey: z.string() });

export const ZRegionSubscriptionInput = z.object({ deviceToken: zToken, regionId: zId });
export const ZSubscribeToRegionInput = ZRegionSubscriptionInput.extend({ messagingLanguage: z.enum(LANGUAGES) });
export type TSubscribeToRegionInput = z.infer<typeof ZSubscribeToRegionInput>;

export const ZRegionIdInput = z.object({ regionId: zId });
/** `count` is null below REGION_SUBSCRIBER_COUNT_SHOWN_FROM: the page shows no number then. */
export const ZRegionSubscriberCount = z.object({ count: z.number().int().nullable() });

/** The native wrapper's FCM registration token; "wp_" is reserved for web-push devices (their token is derived from the endpoint). */
export const ZRegisterNativeDeviceInput = z.object({
  deviceToken: zToken.refine((t) => !t.startsWith("wp_"), { error: "invalid" }),
  platform: z.enum(["ios", "android"]).optional(),
  language: z.enum(LANGUAGES),
});
export type TRegisterNativeDeviceInput = z.infer<typeof ZRegisterNativeDeviceInput>;

export const ZDeviceTokenInput = z.object({ deviceToken: zToken });
