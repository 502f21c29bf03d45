import { z } from "zod";
import { zId, zLanguage, zPushToken } from "./common";

/** From this many subscribers the region page shows the count (spec 000 section 7). */
export const REGION_SUBSCRIBER_COUNT_SHOWN_FROM = 50;

const zToken = zPushToken;
/** The subscription's keys are base64url (the browser's PushSubscription.toJSON()). */
const zBase64Url = z.string().min(1).regex(/^[A-Za-z0-9_\-+/=]+$/, { error: "invalid" });

/**
 * PushSubscription.toJSON() of the browser. Only its shape is checked here; which push services
 * the server accepts is server configuration (WEB_PUSH_HOSTS, https only), refused as PUSH_SERVICE_NOT_SUPPORTED.
 */
export const ZWebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(4096).regex(/^[^\s\u0000-\u001f\u007f-\u009f]+$/, { error: "invalid" }),
  keys: z.object({ p256dh: zBase64Url.max(200), auth: zBase64Url.max(100) }),
});

export const ZRegisterWebPushInput = z.object({ subscription: ZWebPushSubscription, language: zLanguage });
export type TRegisterWebPushInput = z.infer<typeof ZRegisterWebPushInput>;
/** `deviceToken` is what the client passes as its device in later calls (joining, following, regions). */
export const ZRegisterWebPushResult = z.object({ deviceToken: z.string() });

export const ZVapidPublicKey = z.object({ publicKey: z.string() });

export const ZRegionSubscriptionInput = z.object({ deviceToken: zToken, regionId: zId });
export const ZSubscribeToRegionInput = ZRegionSubscriptionInput.extend({ messagingLanguage: zLanguage });
export type TSubscribeToRegionInput = z.infer<typeof ZSubscribeToRegionInput>;

export const ZRegionIdInput = z.object({ regionId: zId });
/** `count` is null below REGION_SUBSCRIBER_COUNT_SHOWN_FROM: the page shows no number then. */
export const ZRegionSubscriberCount = z.object({ count: z.number().int().nullable() });

/** The native wrapper's FCM registration token; "wp_" is reserved for web-push devices (their token is derived from the endpoint). */
export const zNativeDeviceToken = zToken.refine((t) => !t.startsWith("wp_"), { error: "invalid" });
export const ZRegisterNativeDeviceInput = z.object({
  deviceToken: zNativeDeviceToken,
  platform: z.enum(["ios", "android"]).optional(),
  language: zLanguage,
});
export type TRegisterNativeDeviceInput = z.infer<typeof ZRegisterNativeDeviceInput>;

export const ZDeviceTokenInput = z.object({ deviceToken: zToken });
