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

/**
 * The push token the native wrapper injects (`window.kickrundeDeviceToken`), or null in a browser.
 * The notifications issue replaces this with the wrapper's message exchange.
 */
export function nativeDeviceToken(): string | null {
  if (typeof window === "undefined") return null;
  const token = (window as Window & { kickrundeDeviceToken?: unknown }).kickrundeDeviceToken;
  return typeof token === "string" && token.trim() !== "" ? token : null;
}
