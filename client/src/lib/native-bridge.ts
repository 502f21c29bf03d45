/**
 * The native bridge (spec 001 section 7): the one module that talks to the native wrapper, which loads this web app
 * in a React Native WebView and injects `window.ReactNativeWebView`.
 *
 * Wire format, web app → wrapper (`ReactNativeWebView.postMessage(string)`):
 * - a message without data is its bare name, as the wrapper was built against:
 *   `getNativeDeviceToken`, `requestNotificationPermissionNative`, `getNativeNotificationPermission`, `STORE_REVIEW`,
 *   `REDIRECT_STORE_REVIEW`, `BACK_NAVIGATE`, `EXIT_APP`;
 * - a message with data is JSON with its name in `type`:
 *   `{"type":"copyToClipboard","text":"…"}`,
 *   `{"type":"createEvent","title":"…","start":"2026-12-08T17:30:00.000Z","end":"…","location":"…","url":"…"}`
 *   (instants in ISO 8601 UTC; location may be null).
 *
 * Wrapper → web app (a `message` event on `window`, or on `document` as React Native's Android WebView dispatches it;
 * `data` is a string, JSON or a bare name):
 * - `GO_BACK` (or `{"type":"GO_BACK"}`): the hardware back button (handled by native-back.ts);
 * - `{"type":"nativeDeviceToken","token":"…"}` and `{"type":"nativeNotificationPermission","permission":"granted"}`:
 *   answers to the token and permission requests. The wrapper may instead set `window.kickrundeDeviceToken` /
 *   `window.kickrundeNotificationPermission`; native-notifications.ts polls those every 250 ms for 5 s.
 */

export type OutgoingNativeMessage =
  | { type: "getNativeDeviceToken" }
  | { type: "requestNotificationPermissionNative" }
  | { type: "getNativeNotificationPermission" }
  | { type: "copyToClipboard"; text: string }
  | { type: "createEvent"; title: string; start: string; end: string; location: string | null; url: string }
  | { type: "STORE_REVIEW" }
  | { type: "REDIRECT_STORE_REVIEW" }
  | { type: "BACK_NAVIGATE" }
  | { type: "EXIT_APP" };

export type IncomingNativeMessage =
  | { type: "GO_BACK" }
  | { type: "nativeDeviceToken"; token: string }
  | { type: "nativeNotificationPermission"; permission: string };

type NativeWindow = Window & { ReactNativeWebView?: { postMessage(message: string): void } };

export function isNativeApp(): boolean {
  if (typeof window === "undefined") return false;
  return Boolean((window as NativeWindow).ReactNativeWebView) || /KickrundeApp/i.test(navigator.userAgent);
}

/** Phone browsers outside the wrapper are nudged to install the app (spec 001 section 2.1). */
export function isPhoneBrowser(): boolean {
  if (typeof navigator === "undefined" || isNativeApp()) return false;
  return /Android.+Mobile|iPhone|iPod/i.test(navigator.userAgent);
}

/** The string the wrapper receives for a message (the wire format above). */
export function encodeNativeMessage(message: OutgoingNativeMessage): string {
  return Object.keys(message).length === 1 ? message.type : JSON.stringify(message);
}

/** Sends a bridge message to the wrapper; false outside it (or when the bridge throws). */
export function postNativeMessage(message: OutgoingNativeMessage): boolean {
  const bridge = typeof window === "undefined" ? undefined : (window as NativeWindow).ReactNativeWebView;
  if (!bridge) return false;
  try {
    bridge.postMessage(encodeNativeMessage(message));
    return true;
  } catch {
    return false;
  }
}

/** Reads what the wrapper sent; null for anything that is not one of its messages (other windows' messages too). */
export function parseNativeMessage(data: unknown): IncomingNativeMessage | null {
  let value = data;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "GO_BACK") return { type: "GO_BACK" };
    if (!text.startsWith("{")) return null;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object") return null;
  const message = value as { type?: unknown; token?: unknown; permission?: unknown };
  if (message.type === "GO_BACK") return { type: "GO_BACK" };
  if (message.type === "nativeDeviceToken" && typeof message.token === "string") return { type: "nativeDeviceToken", token: message.token };
  if (message.type === "nativeNotificationPermission" && typeof message.permission === "string") {
    return { type: "nativeNotificationPermission", permission: message.permission };
  }
  return null;
}

type Listener = (message: IncomingNativeMessage) => void;
const listeners = new Set<Listener>();
/** The window the listeners are on (one per page; tests swap the global window). */
let listeningOn: Window | null = null;

function dispatch(event: Event) {
  // The wrapper's messages come from no window (native code dispatches them); a frame's or another window's are not its.
  const source = (event as MessageEvent).source;
  if (source && source !== window) return;
  const message = parseNativeMessage((event as MessageEvent).data);
  if (!message) return;
  for (const listener of [...listeners]) listener(message);
}

/** Calls `listener` with every message the wrapper sends; answers the function that stops it. */
export function onNativeMessage(listener: Listener): () => void {
  if (typeof window !== "undefined" && listeningOn !== window) {
    listeningOn = window;
    window.addEventListener("message", dispatch);
    // React Native's WebView on Android dispatches on document.
    document.addEventListener("message", dispatch);
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The push token the native wrapper has set (`window.kickrundeDeviceToken`), or null in a browser. */
export function nativeDeviceToken(): string | null {
  if (typeof window === "undefined") return null;
  const token = (window as Window & { kickrundeDeviceToken?: unknown }).kickrundeDeviceToken;
  return typeof token === "string" && token.trim() !== "" ? token : null;
}

/** 'android' or 'ios' from the wrapper's user agent, for the device registration. */
export function nativePlatform(): "android" | "ios" | undefined {
  if (typeof navigator === "undefined") return undefined;
  if (/Android/i.test(navigator.userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(navigator.userAgent)) return "ios";
  return undefined;
}
