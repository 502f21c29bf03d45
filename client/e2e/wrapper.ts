/**
 * The native wrapper, played in Chromium (spec 001 section 7; the wire format: client/src/lib/native-bridge.ts).
 * Before any page script runs, it injects `window.ReactNativeWebView` as the React Native WebView does, records every
 * message the app posts (kept in sessionStorage, so the record survives reloads and full navigations of the tab),
 * answers the token and permission requests the way the real wrapper does (a little later, by posting the answer
 * back as a message event, or by setting the window globals), and sends the hardware back button as GO_BACK. The
 * user agent carries `KickrundeApp` as the real wrapper's does.
 */
import type { BrowserContext, Page } from "playwright-core";
import type { Harness } from "./harness";
import { eventually } from "./harness";

export const WRAPPER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 KickrundeApp/3.2.0";

export type WrapperOptions = {
  locale?: string;
  /** the permission the phone reports ("granted", "denied", …); null: the wrapper never answers */
  permission?: string | null;
  /** the push token the wrapper hands out; null: none */
  token?: string | null;
  /** "message": answers posted back as message events (JSON); "globals": the window globals are set */
  answerBy?: "message" | "globals";
};

export type Wrapper = {
  context: BrowserContext;
  /** every message the app posted, as sent on the wire (bare names or JSON strings), oldest first */
  posted(page: Page): Promise<string[]>;
  /** waits until the app posted a message whose wire text `matches`, and answers it */
  waitForPosted(page: Page, matches: (message: string) => boolean, what: string): Promise<string>;
  /** the hardware back button: GO_BACK as the wrapper dispatches it (a message event from no window) */
  goBack(page: Page): Promise<void>;
};

/** A browser context that runs the app inside the played wrapper. */
export async function wrapperContext(h: Harness, options: WrapperOptions = {}): Promise<Wrapper> {
  const context = await h.newContext({ locale: options.locale, userAgent: WRAPPER_USER_AGENT });
  const config = {
    permission: options.permission === undefined ? "granted" : options.permission,
    token: options.token === undefined ? "native-e2e-token-0000000000" : options.token,
    answerBy: options.answerBy ?? "message",
  };
  await context.addInitScript((cfg: typeof config) => {
    const w = window as unknown as Record<string, unknown>;
    const KEY = "__wrapperPosted";
    const read = (): string[] => JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as string[];
    const answer = (type: string, field: string, value: string, global: string) => {
      // a little later, as a real wrapper answers from the native side
      setTimeout(() => {
        if (cfg.answerBy === "globals") w[global] = value;
        else window.dispatchEvent(new MessageEvent("message", { data: JSON.stringify({ type, [field]: value }) }));
      }, 150);
    };
    w.ReactNativeWebView = {
      postMessage(message: string) {
        sessionStorage.setItem(KEY, JSON.stringify([...read(), String(message)]));
        if ((message === "getNativeNotificationPermission" || message === "requestNotificationPermissionNative") && cfg.permission !== null) {
          answer("nativeNotificationPermission", "permission", cfg.permission, "kickrundeNotificationPermission");
        }
        if (message === "getNativeDeviceToken" && cfg.token !== null) answer("nativeDeviceToken", "token", cfg.token, "kickrundeDeviceToken");
      },
    };
  }, config);

  const posted = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("__wrapperPosted") ?? "[]") as string[]);
  return {
    context,
    posted,
    waitForPosted: (page, matches, what) => eventually(async () => (await posted(page)).find(matches) ?? false, { what: `the app posted ${what}` }),
    goBack: async (page) => {
      await page.evaluate(() => window.dispatchEvent(new MessageEvent("message", { data: "GO_BACK" })));
    },
  };
}

/** The JSON messages of one type the app posted, parsed. */
export function postedOfType<T = Record<string, unknown>>(posted: string[], type: string): T[] {
  return posted
    .filter((m) => m.startsWith("{"))
    .map((m) => JSON.parse(m) as { type?: string })
    .filter((m) => m.type === type) as T[];
}
