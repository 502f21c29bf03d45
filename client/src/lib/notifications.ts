import { nativeDeviceToken } from "./native-bridge";
import { getWebDeviceToken, storeWebDeviceToken } from "./storage";

/**
 * Device tokens for joining (spec 000 section 5: guests on public games and the waiting list need
 * notifications). Until the notifications issue brings web push, a browser that allowed
 * notifications is represented by a stable random id ("web-<random>") kept in local storage; the
 * native wrapper's own token wins when there is one.
 */

/** The token we already have, without asking the user. */
export function currentDeviceToken(): string | null {
  const native = nativeDeviceToken();
  if (native) return native;
  if (typeof Notification !== "undefined" && Notification.permission === "denied") return null;
  return getWebDeviceToken();
}

export type DeviceTokenResult = { token: string } | { denied: true };

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 24);
}

/** Asks the browser for permission where needed and returns the token, or that notifications are blocked. */
export async function requestDeviceToken(): Promise<DeviceTokenResult> {
  const existing = currentDeviceToken();
  if (existing) return { token: existing };
  if (typeof Notification !== "undefined") {
    let permission = Notification.permission;
    if (permission === "default") {
      try {
        permission = await Notification.requestPermission();
      } catch {
        permission = "denied";
      }
    }
    if (permission !== "granted") return { denied: true };
  }
  const token = `web-${randomId()}`;
  storeWebDeviceToken(token);
  return { token };
}
