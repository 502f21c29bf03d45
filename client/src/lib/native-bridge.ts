/**
 * The native wrapper loads this web app in a webview and injects `ReactNativeWebView`
 * (spec 001 section 7, native bridge messages). Everything native goes through here.
 */
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

/** Sends one of the bridge messages (spec 001 section 7) to the wrapper; false outside it. */
export function postNativeMessage(message: string): boolean {
  const bridge = typeof window === "undefined" ? undefined : (window as NativeWindow).ReactNativeWebView;
  if (!bridge) return false;
  try {
    bridge.postMessage(message);
    return true;
  } catch {
    return false;
  }
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
