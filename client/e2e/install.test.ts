/**
 * The installable app (issue 27, client/src/features/install/README.md): Chromium's own installability verdict over
 * CDP (Lighthouse 13 has no PWA category any more), the manifest and its icons as served, and the footer's nudge on
 * an Android phone (the browser's install prompt), on an iPhone (the share-sheet hint), dismissed for 30 days, and
 * never inside the native wrapper.
 */
import { describe, expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, E2E_TIMEOUT, shot, useHarness, VIEWPORT, test } from "./harness";

const h = useHarness();

const ANDROID_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WRAPPER_UA = `${ANDROID_UA} KickrundeApp/2.4.0`;
const DISMISSED_KEY = "kickrunde.installNudgeDismissedAt";

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's IHDR chunk (bytes 16 to 24). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The region feed with its footer drawn (the nudge, when there is one, sits at its top). */
async function openFeed(page: Page): Promise<void> {
  await page.goto("/games/berlin");
  await page.getByRole("contentinfo").getByRole("link", { name: /^(Impressum|Legal notice)$/ }).waitFor();
}

/**
 * Plays Chrome on Android offering its install dialog: a `beforeinstallprompt` with `prompt()` and `userChoice`, as
 * the real event has them. `window.__install` records the calls and whether the app kept the browser's own infobar away.
 */
async function offerInstallPrompt(page: Page, outcome: "accepted" | "dismissed"): Promise<void> {
  await page.evaluate((outcome) => {
    const record = { prompted: 0, prevented: false };
    (window as unknown as { __install: typeof record }).__install = record;
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        record.prompted += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome, platform: "web" }),
    });
    window.dispatchEvent(event);
    record.prevented = event.defaultPrevented;
  }, outcome);
}

const installRecord = (page: Page) => page.evaluate(() => (window as unknown as { __install: { prompted: number; prevented: boolean } }).__install);

describe("installable web app (issue 27)", () => {
  test(
    "Chromium finds the app installable: no installability errors, a manifest without errors",
    async () => {
      // Installability is never granted in an off-the-record profile ("in-incognito"), which every newContext() is:
      // this check gets a browser with a real profile directory of its own.
      const profile = mkdtempSync(join(tmpdir(), "kickrunde-install-"));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: CHROMIUM_ARGS,
        baseURL: h.baseUrl,
        viewport: VIEWPORT,
        locale: "de-DE",
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await openFeed(page);
        // the app's one service worker (push and offline), registered after the first screen; ready once it is active
        // (it keeps every asset first, which takes a while on a busy machine)
        const worker = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? null));
        expect(worker).toBe(`${h.baseUrl}/sw.js`);
        const cdp = await context.newCDPSession(page);
        const manifest = await cdp.send("Page.getAppManifest");
        expect(manifest.url).toBe(`${h.baseUrl}/manifest.webmanifest`);
        expect(manifest.errors).toEqual([]);
        expect(manifest.manifest?.display).toBe("kStandalone");
        expect(manifest.manifest?.startUrl).toBe(`${h.baseUrl}/`);
        const installability = await cdp.send("Page.getInstallabilityErrors");
        expect(installability.installabilityErrors).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "the manifest's fields, and every icon answering 200 image/png at its size; the page links them",
    async () => {
      const response = await fetch(`${h.baseUrl}/manifest.webmanifest`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/manifest+json");
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const manifest = (await response.json()) as Manifest;
      expect(manifest).toMatchObject({
        id: "/",
        name: "Kickrunde",
        short_name: "Kickrunde",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#166534",
        background_color: "#f4f6f3",
      });
      // Chrome wants 192 and 512; Android's adaptive icons a maskable one; iOS 180 (apple-touch-icon)
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort()).toEqual(["180x180 any", "192x192 any", "512x512 any", "512x512 maskable"]);
      for (const icon of manifest.icons) {
        const answer = await fetch(new URL(icon.src, h.baseUrl));
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("image/png");
        expect(icon.type).toBe("image/png");
        const { width, height } = pngSize(new Uint8Array(await answer.arrayBuffer()));
        expect(`${width}x${height}`).toBe(icon.sizes);
      }

      const context = await h.newContext();
      const page = await context.newPage();
      await openFeed(page);
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")).toBe("/apple-touch-icon.png");
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
      // a desktop browser is not nudged
      expect(await page.getByRole("complementary", { name: "Kickrunde-App" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "Android: the browser's install prompt behind the nudge's button; accepted, the nudge says so and stays away",
    async () => {
      const context = await h.newContext({ userAgent: ANDROID_UA });
      const page = await context.newPage();
      await openFeed(page);
      const nudge = page.getByRole("complementary", { name: "Kickrunde-App" });
      // before the browser offers its dialog: the app's download page
      await nudge.getByRole("link", { name: "App holen" }).waitFor();

      await offerInstallPrompt(page, "accepted");
      const install = nudge.getByRole("button", { name: "App installieren" });
      await install.waitFor();
      expect(await nudge.getByRole("link", { name: "App holen" }).count()).toBe(0);
      expect((await installRecord(page)).prevented).toBe(true);
      await nudge.scrollIntoViewIfNeeded();
      await shot(page, "install-android-de");

      await install.click();
      await nudge.getByRole("status").getByText("Kickrunde wird installiert. Du findest die App gleich auf Deinem Startbildschirm.").waitFor();
      expect((await installRecord(page)).prompted).toBe(1);
      await shot(page, "install-android-accepted-de");

      await openFeed(page);
      expect(await nudge.count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "Android: a declined prompt cannot be offered again, so the nudge falls back to the download page",
    async () => {
      const context = await h.newContext({ userAgent: ANDROID_UA, locale: "en-GB" });
      const page = await context.newPage();
      await openFeed(page);
      const nudge = page.getByRole("complementary", { name: "Kickrunde app" });
      await nudge.waitFor();
      await offerInstallPrompt(page, "dismissed");
      const install = nudge.getByRole("button", { name: "Install the app" });
      await install.waitFor();
      await nudge.scrollIntoViewIfNeeded();
      await shot(page, "install-android-en");
      await install.click();
      await nudge.getByRole("link", { name: "Get the app" }).waitFor();
      expect(await install.count()).toBe(0);
      expect((await installRecord(page)).prompted).toBe(1);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "iPhone Safari: the share-sheet hint; dismissed it stays away after a reload, and comes back after 30 days",
    async () => {
      const context = await h.newContext({ userAgent: IPHONE_UA });
      const page = await context.newPage();
      await openFeed(page);
      const nudge = page.getByRole("complementary", { name: "Kickrunde-App" });
      await nudge.getByText("Tippe in Safari auf „Teilen“ und dann auf „Zum Home-Bildschirm“.").waitFor();
      expect(await nudge.getByRole("button", { name: "App installieren" }).count()).toBe(0);
      await nudge.scrollIntoViewIfNeeded();
      await shot(page, "install-ios-de");

      await nudge.getByRole("button", { name: "Hinweis ausblenden" }).click();
      await nudge.waitFor({ state: "detached" });
      const stored = await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY);
      expect(Math.abs(Date.parse(stored ?? "") - Date.now())).toBeLessThan(60_000);
      await page.reload();
      await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).waitFor();
      expect(await nudge.count()).toBe(0);

      // 29 days later still away, 31 days later back
      for (const [days, shown] of [
        [29, false],
        [31, true],
      ] as const) {
        await page.evaluate(([key, at]) => localStorage.setItem(key, at), [DISMISSED_KEY, new Date(Date.now() - days * 86_400_000).toISOString()] as const);
        await page.reload();
        await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).waitFor();
        if (shown) await nudge.waitFor();
        else expect(await nudge.count()).toBe(0);
      }
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "iPhone Safari in English",
    async () => {
      const context = await h.newContext({ userAgent: IPHONE_UA, locale: "en-GB" });
      const page = await context.newPage();
      await openFeed(page);
      const nudge = page.getByRole("complementary", { name: "Kickrunde app" });
      await nudge.getByText("In Safari, tap “Share”, then “Add to Home Screen”.").waitFor();
      await nudge.scrollIntoViewIfNeeded();
      await shot(page, "install-ios-en");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "inside the native wrapper: no nudge, even when the webview fires the install event",
    async () => {
      const context = await h.newContext({ userAgent: WRAPPER_UA });
      const page = await context.newPage();
      await openFeed(page);
      await offerInstallPrompt(page, "accepted");
      // the event was taken (the wrapper's webview shows no infobar either), and the footer stays without a nudge
      expect((await installRecord(page)).prevented).toBe(true);
      await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).waitFor();
      expect(await page.getByRole("complementary", { name: "Kickrunde-App" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
