import type { Language } from "@shared/constants";
import { appErrorCode } from "./errors";
import { trpcClient } from "./trpc";

/**
 * Web push for this browser: registers /sw.js, subscribes with the server's VAPID public key and
 * hands the subscription to the server, which answers with the device token the app then uses
 * (joining, following a game, region subscriptions). Call it after the user asked for notifications.
 * `unsupported`: no Push API, or the server does not send to this browser's push service
 * (PUSH_SERVICE_NOT_SUPPORTED); the caller then falls back as if there were no Push API.
 */
export type WebPushResult = { deviceToken: string } | { unsupported: true } | { denied: true };

export function webPushSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof window !== "undefined" && "PushManager" in window && "Notification" in window;
}

export async function enableWebPush(language: Language): Promise<WebPushResult> {
  if (!webPushSupported()) return { unsupported: true };
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return { denied: true };
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { publicKey } = await trpcClient.notifications.vapidPublicKey.query();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's key changed) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  const json = subscription.toJSON();
  try {
    const { deviceToken } = await trpcClient.notifications.registerWebPush.mutate({
      subscription: { endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } },
      language,
    });
    return { deviceToken };
  } catch (error) {
    // The server only sends to the push services it knows (WEB_PUSH_HOSTS): for this browser it is
    // as if there were no Push API. Drop the useless subscription; the caller falls back.
    if (appErrorCode(error) !== "PUSH_SERVICE_NOT_SUPPORTED") throw error;
    await subscription.unsubscribe().catch(() => false);
    return { unsupported: true };
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + "=".repeat((4 - (value.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, publicKey: string): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  const b = base64UrlToBytes(publicKey);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
