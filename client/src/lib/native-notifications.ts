import { onNativeMessage, postNativeMessage } from "./native-bridge";
import { mapNativePermission, type PermissionState } from "./notification-permission";

/**
 * The native wrapper's side of notifications (spec 001 sections 4 and 7). The web app posts
 * `getNativeNotificationPermission`, `requestNotificationPermissionNative` or `getNativeDeviceToken`;
 * the wrapper answers by setting `window.kickrundeNotificationPermission` /
 * `window.kickrundeDeviceToken`, or by posting back a message
 * `{ type: "nativeNotificationPermission", permission }` / `{ type: "nativeDeviceToken", token }`
 * (which we copy into the same globals). We poll the globals every 250 ms and give up after 5 s:
 * no answer counts as denied.
 */
export const NATIVE_POLL_MS = 250;
export const NATIVE_TIMEOUT_MS = 5_000;

type NativeGlobals = { kickrundeDeviceToken?: unknown; kickrundeNotificationPermission?: unknown };

function globals(): NativeGlobals {
  return (typeof window === "undefined" ? {} : window) as NativeGlobals;
}

export function nativeTokenNow(): string | null {
  const token = globals().kickrundeDeviceToken;
  return typeof token === "string" && token.trim() !== "" ? token : null;
}

export function nativePermissionState(): PermissionState | null {
  return mapNativePermission(globals().kickrundeNotificationPermission);
}

let listening = false;
/** Copies answers the wrapper posts back (native-bridge.ts) into the globals we poll. */
function listenForAnswers() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  onNativeMessage((message) => {
    if (message.type === "nativeDeviceToken") globals().kickrundeDeviceToken = message.token;
    if (message.type === "nativeNotificationPermission") globals().kickrundeNotificationPermission = message.permission;
  });
}

export type Clock = { now(): number; sleep(ms: number): Promise<void> };
const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** Polls `read` every 250 ms until it gives a value or 5 s passed (then null). */
export async function pollUntil<T>(read: () => T | null, clock: Clock = realClock, timeoutMs = NATIVE_TIMEOUT_MS): Promise<T | null> {
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== null) return value;
    if (clock.now() >= deadline) return null;
    await clock.sleep(NATIVE_POLL_MS);
  }
}

/** Asks the wrapper for its permission; no answer within 5 s is denied. */
export async function fetchNativePermission(options: { request?: boolean; clock?: Clock } = {}): Promise<PermissionState> {
  listenForAnswers();
  if (options.request) {
    globals().kickrundeNotificationPermission = undefined;
    postNativeMessage({ type: "requestNotificationPermissionNative" });
  } else {
    postNativeMessage({ type: "getNativeNotificationPermission" });
  }
  const state = await pollUntil(nativePermissionState, options.clock);
  if (state === null) {
    console.warn("native app did not answer the notification permission in time");
    return "denied";
  }
  return state;
}

/** Asks the wrapper for its push token; null when none came within 5 s. */
export async function fetchNativeToken(clock?: Clock): Promise<string | null> {
  listenForAnswers();
  const known = nativeTokenNow();
  if (known) return known;
  postNativeMessage({ type: "getNativeDeviceToken" });
  const token = await pollUntil(nativeTokenNow, clock);
  if (token === null) console.warn("native app gave no device token within 5 s");
  return token;
}
