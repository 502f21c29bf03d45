import { describe, expect, test } from "bun:test";
import { INSTALL_NUDGE_SNOOZE_DAYS, installNudgeKind, isInstallNudgeSnoozed, isIosSafari, type InstallEnvironment } from "./install-nudge-rules";

const UA = {
  iosSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iosChrome: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  iosFirefox: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
  iosWebview: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  androidFirefox: "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  desktop: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

const phone = (userAgent: string, more: Partial<InstallEnvironment> = {}): InstallEnvironment => ({
  userAgent,
  phoneBrowser: true,
  nativeApp: false,
  standalone: false,
  canPrompt: false,
  ...more,
});

describe("installNudgeKind", () => {
  test.each([
    ["Android Chrome with the browser's prompt", phone(UA.androidChrome, { canPrompt: true }), "prompt"],
    ["Android Chrome before (or after) the prompt", phone(UA.androidChrome), "store"],
    ["Android Firefox", phone(UA.androidFirefox), "store"],
    ["iPhone Safari", phone(UA.iosSafari), "ios-share"],
    ["iPhone Chrome", phone(UA.iosChrome), "store"],
    ["iPhone Firefox", phone(UA.iosFirefox), "store"],
    ["an iPhone webview without Safari's name", phone(UA.iosWebview), "store"],
    ["inside the native wrapper", phone(UA.androidChrome, { nativeApp: true, canPrompt: true }), null],
    ["the wrapper on an iPhone", phone(UA.iosSafari, { nativeApp: true }), null],
    ["already installed (standalone)", phone(UA.androidChrome, { standalone: true, canPrompt: true }), null],
    ["installed on an iPhone (navigator.standalone)", phone(UA.iosSafari, { standalone: true }), null],
    ["a desktop browser, even with a prompt", phone(UA.desktop, { phoneBrowser: false, canPrompt: true }), null],
  ] as const)("%s", (_name, env, expected) => {
    expect(installNudgeKind(env)).toBe(expected);
  });

  test("iOS Safari is told apart from the other iOS browsers", () => {
    expect(isIosSafari(UA.iosSafari)).toBe(true);
    for (const ua of [UA.iosChrome, UA.iosFirefox, UA.iosWebview, UA.androidChrome, UA.desktop, `${UA.iosSafari} KickrundeApp/2.1`]) expect(isIosSafari(ua)).toBe(false);
  });
});

describe("isInstallNudgeSnoozed (30 days)", () => {
  const dismissed = new Date("2026-11-01T10:00:00Z");
  const day = 86_400_000;
  test.each([
    ["never dismissed", null, dismissed, false],
    ["an unreadable date", new Date("nonsense"), dismissed, false],
    ["just dismissed", dismissed, dismissed, true],
    ["29 days later", dismissed, new Date(dismissed.getTime() + 29 * day), true],
    ["one millisecond before 30 days", dismissed, new Date(dismissed.getTime() + 30 * day - 1), true],
    ["exactly 30 days later", dismissed, new Date(dismissed.getTime() + 30 * day), false],
    ["a year later", dismissed, new Date(dismissed.getTime() + 365 * day), false],
    ["clock set back a day", dismissed, new Date(dismissed.getTime() - day), true],
    ["a date far ahead of the clock", new Date(dismissed.getTime() + 400 * day), dismissed, false],
  ] as const)("%s", (_name, at, now, expected) => {
    expect(isInstallNudgeSnoozed(at, now)).toBe(expected);
  });

  test("the constant is the issue's 30 days", () => {
    expect(INSTALL_NUDGE_SNOOZE_DAYS).toBe(30);
  });
});
