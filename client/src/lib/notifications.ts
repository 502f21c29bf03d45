import type { Language } from "@shared/constants";
import { getLocale } from "@client/paraglide/runtime";
import { isNativeApp, nativeDeviceToken, nativePlatform } from "./native-bridge";
import { fetchNativePermission, fetchNativeToken, nativePermissionState } from "./native-notifications";
import { enableWebPush } from "./push";
import { getWebDeviceToken, storeWebDeviceToken } from "./local-records";
import { trpcClient } from "./trpc";

/**
 * The device token this app uses for joining, following a game and region subscriptions
 * (spec 001 sections 3, 4 and 7):
 * - in the native wrapper the wrapper's push token, asked for over the bridge and registered with
 *   `notifications.registerNativeDevice`;
 * - in a browser the token the server gives for this browser's web push subscription
 *   (`enableWebPush`), kept in local storage;
 * - only where this browser cannot do push at all (no Push API, or its push service refuses the
 *   subscription although notifications are allowed, as in headless Chromium) a stable stand-in
 *   id `web-<random>`, so a guest can still join; such a device gets no pushes, so region
 *   subscriptions (`pushOnly`) do not accept it.
 * Permission not given gives `denied` with `blocked`: the screens then explain how to allow
 * notifications. A real fault (no native token within 5 s, the device could not be registered, no
 * push subscription where one is required) gives `denied` without it: 'Error setting up
 * notifications, contact help' (spec 001 section 8).
 */

const PUSH_TOKEN_KEY = "kickrunde.pushDeviceToken";

function readPushToken(): string | null {
  try {
    return localStorage.getItem(PUSH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function storePushToken(token: string): void {
  try {
    localStorage.setItem(PUSH_TOKEN_KEY, token);
  } catch {
    // private mode: the next visit subscribes again
  }
}

function browserDenied(): boolean {
  return typeof Notification !== "undefined" && Notification.permission !== "granted";
}

/** A token that can receive pushes, already known (no prompt): the wrapper's or the web push one. */
export function currentPushDeviceToken(): string | null {
  if (isNativeApp()) return nativeDeviceToken();
  if (browserDenied()) return null;
  return readPushToken();
}

/** The token we already have, without asking the user (push token first, else the stand-in id). */
export function currentDeviceToken(): string | null {
  const push = currentPushDeviceToken();
  if (push || isNativeApp()) return push;
  if (typeof Notification !== "undefined" && Notification.permission === "denied") return null;
  return getWebDeviceToken();
}

export type DeviceTokenResult = { token: string } | { denied: true; blocked: boolean };

const BLOCKED = { denied: true, blocked: true } as const;
const FAILED = { denied: true, blocked: false } as const;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 24);
}

function fallbackToken(): string {
  const existing = getWebDeviceToken();
  if (existing) return existing;
  const token = `web-${randomId()}`;
  storeWebDeviceToken(token);
  return token;
}

async function nativeToken(language: Language): Promise<DeviceTokenResult> {
  let permission = await fetchNativePermission();
  if (permission === "not_asked_yet") permission = await fetchNativePermission({ request: true });
  // Only the wrapper's own "denied" is the user's choice; no answer within 5 s is a fault.
  if (permission !== "granted") return nativePermissionState() === "denied" ? BLOCKED : FAILED;
  const token = await fetchNativeToken();
  if (!token) return FAILED;
  try {
    await trpcClient.notifications.registerNativeDevice.mutate({ deviceToken: token, platform: nativePlatform(), language });
  } catch (error) {
    console.warn("could not register the native device", error);
    return FAILED;
  }
  return { token };
}

/**
 * Asks for permission where needed and returns this device's token, or `denied`.
 * `pushOnly`: only a token that receives pushes will do (region subscriptions), no stand-in id.
 */
export async function requestDeviceToken(options: { language?: Language; pushOnly?: boolean } = {}): Promise<DeviceTokenResult> {
  const language = options.language ?? (getLocale() as Language);
  if (isNativeApp()) return nativeToken(language);
  try {
    const result = await enableWebPush(language);
    if ("deviceToken" in result) {
      storePushToken(result.deviceToken);
      return { token: result.deviceToken };
    }
    if ("denied" in result) return BLOCKED;
  } catch (error) {
    // The push service refused or is unreachable although notifications are allowed.
    console.warn("web push subscription failed", error);
    if (browserDenied()) return BLOCKED;
    if (options.pushOnly) return FAILED;
    return { token: fallbackToken() };
  }
  // No Push API in this browser, or a push service the server does not send to.
  if (typeof Notification !== "undefined" && Notification.permission === "denied") return BLOCKED;
  if (options.pushOnly) return FAILED;
  return { token: fallbackToken() };
}
