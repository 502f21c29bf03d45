import { describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_TIMEOUT, shot, trpcCall, useHarness } from "./harness";

const h = useHarness();

const SETUP_ERROR_DE = "Fehler beim Einrichten der Benachrichtigungen, wende Dich an den Support";

async function notifyingContext(options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await h.newContext(options);
  await context.grantPermissions(["notifications"], { origin: h.baseUrl });
  return context;
}

/**
 * Headless Chromium has no push service: `pushManager.subscribe` rejects at once with
 * "AbortError: Registration failed - permission denied" even with notifications granted (also
 * with CDP Browser.setPermission {name: "push"}). To test the rest of the flow for real (service
 * worker registration, registerWebPush, the region subscription on the server) this stands in for
 * the browser's push service with a subscription whose endpoint is a local URL.
 */
const FAKE_PUSH_SERVICE = `
  (() => {
    const endpoint = location.origin + "/fake-push/" + Math.random().toString(36).slice(2);
    let current = null;
    PushManager.prototype.getSubscription = async function () { return current; };
    PushManager.prototype.subscribe = async function (options) {
      current = {
        endpoint,
        options: { applicationServerKey: options.applicationServerKey.buffer ?? options.applicationServerKey, userVisibleOnly: true },
        toJSON: () => ({ endpoint, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } }),
        unsubscribe: async () => { current = null; return true; },
      };
      return current;
    };
  })();
`;

/** The same stand-in, but its endpoint is on a push service the server does not send to (WEB_PUSH_HOSTS). */
const UNSUPPORTED_PUSH_SERVICE = FAKE_PUSH_SERVICE.replace('location.origin + "/fake-push/"', '"https://push.unsupported.example/push/"');

/**
 * Opens the Berlin feed and waits until it has settled: the game list loads after the region box
 * has drawn and pushes it down, so a tap right after the first paint can land beside the button.
 */
async function openBerlinFeed(page: Page) {
  await page.goto("/games/berlin");
  await page.waitForLoadState("networkidle");
}

function regionBox(page: Page) {
  return page.getByTestId("region-subscription");
}

describe("region subscription", () => {
  test(
    "headless Chromium cannot subscribe to push: the box shows the spec's error",
    async () => {
      const context = await notifyingContext();
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.getByRole("button", { name: "Benachrichtige mich" }).click();
      await box.getByText(SETUP_ERROR_DE).waitFor();
      await box.locator("button:not([aria-disabled='true'])").waitFor();
      await box.scrollIntoViewIfNeeded();
      await shot(page, "notif-region-error");
      // Nothing was subscribed.
      expect(await box.getByRole("button", { name: "Abbestellen" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "in English the error reads as in the spec",
    async () => {
      const context = await notifyingContext({ locale: "en-US" });
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.getByRole("button", { name: "Notify me" }).click();
      await box.getByText("Error setting up notifications, contact help").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "with a push service the device subscribes and unsubscribes; the count shows from 50",
    async () => {
      const context = await notifyingContext();
      await context.addInitScript(FAKE_PUSH_SERVICE);
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.scrollIntoViewIfNeeded();
      await shot(page, "notif-region-before");
      // Fewer than 50 subscribers: no number.
      expect(await box.getByText(/Personen werden benachrichtigt/).count()).toBe(0);

      await box.getByRole("button", { name: "Benachrichtige mich" }).click();
      await box.getByRole("button", { name: "Abbestellen" }).waitFor();
      await box.getByText("Dieses Gerät wird bei jeder neuen Kickrunde in Berlin benachrichtigt.").waitFor();
      await box.locator("button:not([aria-disabled='true'])").waitFor();
      await shot(page, "notif-region-subscribed");

      const token = await page.evaluate(() => localStorage.getItem("kickrunde.pushDeviceToken"));
      expect(token).toMatch(/^wp_/);
      const { id: regionId } = await trpcCall<{ id: number }>(page, "query", "regions.bySlug", { slug: "berlin" });
      expect(await trpcCall(page, "query", "notifications.isSubscribedToRegion", { deviceToken: token, regionId })).toEqual({ subscribed: true });

      // After a reload the state comes from the server.
      await page.reload();
      await regionBox(page).getByRole("button", { name: "Abbestellen" }).waitFor();

      await regionBox(page).getByRole("button", { name: "Abbestellen" }).click();
      await regionBox(page).getByRole("button", { name: "Benachrichtige mich" }).waitFor();
      expect(await trpcCall(page, "query", "notifications.isSubscribedToRegion", { deviceToken: token, regionId })).toEqual({ subscribed: false });

      // 50 other devices subscribe: now the box shows the number.
      for (let i = 0; i < 50; i++) {
        await trpcCall(page, "mutation", "notifications.subscribeToRegion", { deviceToken: `e2e-device-${i}`, regionId, messagingLanguage: "de" });
      }
      await page.reload();
      await regionBox(page).getByText("50 Personen werden benachrichtigt").waitFor();
      await regionBox(page).scrollIntoViewIfNeeded();
      await shot(page, "notif-region-count");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a push service the server refuses (PUSH_SERVICE_NOT_SUPPORTED): the spec's error, nothing subscribed",
    async () => {
      expect(UNSUPPORTED_PUSH_SERVICE).toContain("push.unsupported.example");
      const context = await notifyingContext();
      await context.addInitScript(UNSUPPORTED_PUSH_SERVICE);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.getByRole("button", { name: "Benachrichtige mich" }).click();
      await box.getByText(SETUP_ERROR_DE).waitFor();
      expect(await box.getByRole("button", { name: "Abbestellen" }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem("kickrunde.pushDeviceToken"))).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the native wrapper answers over the bridge: its token is registered and subscribed",
    async () => {
      const context = await h.newContext();
      await context.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        w.__posted = [];
        w.ReactNativeWebView = {
          postMessage(message: string) {
            (w.__posted as string[]).push(message);
            // The wrapper answers a little later, as a real one would.
            setTimeout(() => {
              if (message === "getNativeNotificationPermission" || message === "requestNotificationPermissionNative") w.kickrundeNotificationPermission = "granted";
              if (message === "getNativeDeviceToken") w.kickrundeDeviceToken = "native-e2e-token-1234567890";
            }, 400);
          },
        };
      });
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.getByRole("button", { name: "Benachrichtige mich" }).click();
      await box.getByRole("button", { name: "Abbestellen" }).waitFor();
      const posted = await page.evaluate(() => (window as unknown as { __posted: string[] }).__posted);
      expect(posted).toContain("getNativeNotificationPermission");
      expect(posted).toContain("getNativeDeviceToken");
      await box.getByRole("button", { name: "Abbestellen" }).click();
      await box.getByRole("button", { name: "Benachrichtige mich" }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a native wrapper that never answers: denied after 5 seconds with the error",
    async () => {
      const context = await h.newContext();
      await context.addInitScript(() => {
        (window as unknown as Record<string, unknown>).ReactNativeWebView = { postMessage() {} };
      });
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      const started = Date.now();
      await box.getByRole("button", { name: "Benachrichtige mich" }).click();
      await box.getByText(SETUP_ERROR_DE).waitFor({ timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("joining", () => {
  test(
    "a guest whose push service the server refuses still joins, with the stand-in id",
    async () => {
      const context = await notifyingContext();
      await context.addInitScript(UNSUPPORTED_PUSH_SERVICE);
      const page = await context.newPage();
      await openBerlinFeed(page);
      type Item = { id: number; gameType: string; isManagedPayment: boolean; maxPlayers: number | null; participantsAmount: number; cancelledAt: unknown };
      const feed = await trpcCall<{ games: Item[] }>(page, "query", "games.feed", { regionSlug: "berlin", filter: "all" });
      const game = feed.games.find(
        (g) => g.gameType === "PUBLIC" && !g.isManagedPayment && !g.cancelledAt && (g.maxPlayers === null || g.participantsAmount + 1 < g.maxPlayers),
      );
      if (!game) throw new Error("no open public game in the Berlin feed");
      await page.goto(`/game/${game.id}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Vorname").fill("Pia");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.getByRole("dialog", { name: "Du bist dabei!" }).waitFor();
      const stored = await page.evaluate(() => ({ web: localStorage.getItem("kickrunde.webDeviceToken"), push: localStorage.getItem("kickrunde.pushDeviceToken") }));
      expect(stored.web).toMatch(/^web-[a-z0-9]+$/);
      expect(stored.push).toBeNull();
      await context.close();
    },
    E2E_TIMEOUT,
  );


  test(
    "a guest with notifications blocked cannot join a public game: the spec's error",
    async () => {
      const context = await h.newContext();
      // The user blocked notifications for the site (Playwright cannot set "denied" itself).
      await context.addInitScript(() => {
        Object.defineProperty(Notification, "permission", { get: () => "denied" });
        Notification.requestPermission = async () => "denied";
      });
      const page = await context.newPage();
      await openBerlinFeed(page);
      expect(await page.evaluate(() => Notification.permission)).toBe("denied");
      const feed = await trpcCall<{ games: { id: number; gameType?: string }[] }>(page, "query", "games.feed", { regionSlug: "berlin", filter: "all" }).catch(() => null);
      let gameId = 0;
      for (const game of feed?.games ?? []) {
        const full = await trpcCall<{ gameType: string; startTime: unknown }>(page, "query", "games.byId", { gameId: game.id });
        if (full.gameType === "PUBLIC") {
          gameId = game.id;
          break;
        }
      }
      if (!gameId) throw new Error("no public game in the Berlin feed");
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Vorname").fill("Gast");
      await dialog.getByRole("button", { name: /^(Jetzt mitspielen|Auf die Warteliste)$/ }).click();
      await dialog.getByText(SETUP_ERROR_DE).waitFor();
      await shot(page, "notif-join-denied");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
