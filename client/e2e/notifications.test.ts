import { describe, expect } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { createBerlinGame, DEMO_PASSWORD, E2E_TIMEOUT, shot, signIn, trpcCall, searchCourt, useHarness, test } from "./harness";
import { WRAPPER_USER_AGENT, wrapperContext } from "./wrapper";

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
 * Opens the Berlin feed and waits until the region box stays where it is. The box sits below an endless list:
 * scrolling it into view loads the list's next page, which pushes the box down while a tap lands (it then hits
 * the page beside the button). So scroll to the box until the list holds every page and loads nothing.
 */
async function openBerlinFeed(page: Page) {
  await page.goto("/games/berlin");
  const list = page.getByTestId("feed-list");
  for (let round = 0; ; round++) {
    await regionBox(page).scrollIntoViewIfNeeded();
    const settled = await list.evaluate((el) => el.getAttribute("data-complete") === "true" && el.getAttribute("aria-busy") !== "true");
    if (settled) return;
    if (round > 50) throw new Error("the Berlin feed never loaded its last page");
    await page.locator('[data-testid="feed-list"][aria-busy="false"]').waitFor();
  }
}

/**
 * The region box. Its buttons are used from the keyboard (focus, Enter), a real way to use them: the box sits at the
 * foot of a long feed, and a pointer tap whose point was computed before the feed above settled lands beside the
 * button (seen in CI even after every page had loaded); the keyboard reaches the button wherever it is.
 */
async function activate(button: Locator) {
  // enabled first: while the box works its button is aria-disabled, and a key press (unlike a click) does not wait
  await button.and(button.page().locator("button:not([aria-disabled='true']):not([disabled])")).waitFor();
  await button.press("Enter");
}

/**
 * What a page did, for the failure message when the box shows neither outcome: its console, its errors, and the
 * app's calls with their answers (a subscription that never ends once failed in CI 1 run in 4 without a clue).
 */
function watch(page: Page): { lines: string[] } {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(17, 23);
  page.on("console", (message) => lines.push(`${at()} ${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => lines.push(`${at()} pageerror: ${String(error)}`));
  const api = (url: string) => /\/(trpc|api|graphql)\//.test(url);
  page.on("request", (request) => {
    if (api(request.url())) lines.push(`${at()} -> ${request.method()} ${request.url().replace(h.baseUrl, "").slice(0, 160)}`);
  });
  page.on("response", (response) => {
    if (api(response.url())) lines.push(`${at()} <- ${response.status()} ${response.url().replace(h.baseUrl, "").slice(0, 100)}`);
  });
  page.on("requestfailed", (request) => lines.push(`${at()} failed ${request.url().replace(h.baseUrl, "").slice(0, 100)}: ${request.failure()?.errorText}`));
  return { lines };
}

/** Waits until the box shows one outcome of subscribing: 'Abbestellen' or an alert; else fails saying what the box and the page showed. */
async function subscribeOutcome(page: Page, box: Locator, watched: { lines: string[] }, extra: () => Promise<string> = async () => "") {
  await box
    .getByRole("button", { name: "Abbestellen" })
    .or(box.getByRole("alert"))
    .waitFor({ timeout: 45_000 })
    .catch(async (error: Error) => {
      const html = await box.evaluate((el) => el.outerHTML.replace(/<svg.*?<\/svg>/g, "")).catch(() => "?");
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? null).catch(() => "?");
      throw new Error(
        `${error.message}\nbox: ${html}\nfocused: ${focused}\n${await extra()}\npage:\n${watched.lines.join("\n")}\nserver: ${h.serverLog().slice(-3000)}`,
      );
    });
}

function regionBox(page: Page) {
  return page.getByTestId("region-subscription");
}

/**
 * A public Berlin game of `organiser` at `start`. Each test uses its own organiser, so the
 * per-organiser limits (one per 2 minutes, one public per hour) never meet.
 */
const createGame = (organiser: string, start: Date, extra: Record<string, unknown> = {}) => createBerlinGame(h, organiser, start, extra);

/** Three days ahead at 07:00 Berlin, far from every seeded game of the demo users. */
function inThreeDays(): Date {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 3);
  start.setUTCHours(6, 0, 0, 0);
  return start;
}

describe("region subscription", () => {
  test(
    "headless Chromium cannot subscribe to push: the box shows the spec's error",
    async () => {
      const context = await notifyingContext();
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      await activate(box.getByRole("button", { name: "Benachrichtige mich" }));
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
      await activate(box.getByRole("button", { name: "Notify me" }));
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
      const watched = watch(page);
      await openBerlinFeed(page);
      const box = regionBox(page);
      await box.scrollIntoViewIfNeeded();
      await shot(page, "notif-region-before");
      // Fewer than 50 subscribers: no number.
      expect(await box.getByText(/Personen werden benachrichtigt/).count()).toBe(0);

      await activate(box.getByRole("button", { name: "Benachrichtige mich" }));
      // subscribed, or an error the box shows (then the failure names it)
      await subscribeOutcome(page, box, watched);
      expect(await box.getByRole("alert").allTextContents()).toEqual([]);
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

      await activate(regionBox(page).getByRole("button", { name: "Abbestellen" }));
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
      await activate(box.getByRole("button", { name: "Benachrichtige mich" }));
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
      // the played wrapper (wrapper.ts), answering through the window globals after a moment (native-wrapper.test.ts covers the posted answers)
      const wrapper = await wrapperContext(h, { answerBy: "globals", token: "native-e2e-token-1234567890" });
      const context = wrapper.context;
      const page = await context.newPage();
      const watched = watch(page);
      await openBerlinFeed(page);
      const box = regionBox(page);
      await activate(box.getByRole("button", { name: "Benachrichtige mich" }));
      await subscribeOutcome(page, box, watched, async () => {
        const globals = await page.evaluate(() => {
          const w = window as unknown as Record<string, unknown>;
          return { permission: w.kickrundeNotificationPermission ?? null, token: w.kickrundeDeviceToken ?? null };
        });
        return `globals ${JSON.stringify(globals)}; posted ${JSON.stringify(await wrapper.posted(page))}`;
      });
      if (await box.getByRole("alert").isVisible()) {
        const told = await box.getByRole("alert").textContent();
        const sent = await wrapper.posted(page);
        throw new Error(`subscribing failed: "${told}"; posted ${JSON.stringify(sent)}; page ${watched.lines.join("\n")}; server ${h.serverLog().slice(-2000)}`);
      }
      const posted = await wrapper.posted(page);
      expect(posted).toContain("getNativeNotificationPermission");
      expect(posted).toContain("getNativeDeviceToken");
      await activate(box.getByRole("button", { name: "Abbestellen" }));
      await box.getByRole("button", { name: "Benachrichtige mich" }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a state read that started before the subscription answered cannot hide it (the CI flake of 2026-11-29)",
    async () => {
      // The race made certain: every read of the state that starts before subscribeToRegion has answered is held
      // until it has, and then answers what it read before the commit ("not subscribed"). The box must still show
      // the subscription (its answer is the fact), and a read after it the server's state.
      const wrapper = await wrapperContext(h, { token: "native-e2e-token-race-0001" });
      const page = await wrapper.context.newPage();
      const watched = watch(page);
      // armed at the tap: reads before it (the box's own, when it asks the wrapper for its token) pass
      let armed = false;
      let answered = false;
      let subscribed: () => void = () => {};
      const subscribeAnswered = new Promise<void>((resolve) => (subscribed = resolve));
      let staleReads = 0;
      page.on("response", (response) => {
        if (!response.url().includes("notifications.subscribeToRegion")) return;
        answered = true;
        subscribed();
      });
      await page.route(/\/trpc\/[^?]*notifications\.isSubscribedToRegion/, async (route) => {
        if (!armed || answered) return route.continue();
        await subscribeAnswered;
        staleReads++;
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replaceAll('"subscribed":true', '"subscribed":false') });
      });
      await openBerlinFeed(page);
      const box = regionBox(page);
      const subscribe = box.getByRole("button", { name: "Benachrichtige mich" });
      // armed only once the box has read its state (the button is enabled then): armed earlier, on a slow host the
      // box's own first read was held for a subscription that could not be tapped before that read answered
      await subscribe.and(page.locator("button:not([aria-disabled='true']):not([disabled])")).waitFor();
      armed = true;
      await activate(subscribe);
      await subscribeOutcome(page, box, watched, async () => `stale reads ${staleReads}`);
      expect(await box.getByRole("alert").count()).toBe(0);
      // after a reload the state comes from the server alone
      await page.reload();
      await regionBox(page).getByRole("button", { name: "Abbestellen" }).waitFor();
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a native wrapper that never answers: denied after 5 seconds with the error",
    async () => {
      // the wrapper's user agent, as the real one sends it: its pages are drawn by the app, not the server
      const context = await h.newContext({ userAgent: WRAPPER_USER_AGENT });
      await context.addInitScript(() => {
        (window as unknown as Record<string, unknown>).ReactNativeWebView = { postMessage() {} };
      });
      const page = await context.newPage();
      await openBerlinFeed(page);
      const box = regionBox(page);
      const started = Date.now();
      await activate(box.getByRole("button", { name: "Benachrichtige mich" }));
      await box.getByText(SETUP_ERROR_DE).waitFor({ timeout: 25_000 });
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
    "a guest with notifications blocked reads how to allow them, not 'contact help', and may sign in instead",
    async () => {
      const gameId = await createGame("sophie@kickrunde.de", inThreeDays());
      const context = await h.newContext();
      // The user blocked notifications for the site (Playwright cannot set "denied" itself).
      await context.addInitScript(() => {
        Object.defineProperty(Notification, "permission", { get: () => "denied" });
        Notification.requestPermission = async () => "denied";
      });
      const page = await context.newPage();
      const joins: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("participation.join")) joins.push(request.url());
      });
      await page.goto(`/game/${gameId}`);
      expect(await page.evaluate(() => Notification.permission)).toBe("denied");
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      // Told at once, before trying: how to allow them in this browser.
      await dialog.getByText("Benachrichtigungen sind blockiert").waitFor();
      await dialog.getByText(/^So erlaubst Du sie: Tippe in der Adressleiste/).waitFor();
      await dialog.getByLabel("Dein Vorname").fill("Gast");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.waitForLoadState("networkidle");
      // Blocked is the user's choice, not a system fault; nothing was sent.
      expect(await page.getByText(SETUP_ERROR_DE).count()).toBe(0);
      expect(joins).toEqual([]);
      await shot(page, "notif-join-blocked");

      // Signed in, a public game needs no notifications: the same dialog joins.
      await dialog.getByRole("button", { name: "Anmelden", exact: true }).click();
      const signIn = page.getByRole("dialog", { name: "Willkommen bei Kickrunde" });
      await signIn.getByLabel("E-Mail").fill("spieler@kickrunde.de");
      await signIn.getByLabel("Passwort", { exact: true }).fill(DEMO_PASSWORD);
      await signIn.getByRole("button", { name: "Anmelden", exact: true }).click();
      await signIn.waitFor({ state: "hidden" });
      await dialog.getByText("Benachrichtigungen sind blockiert").waitFor({ state: "hidden" });
      expect(await dialog.getByLabel("Dein Vorname").count()).toBe(0);
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.getByRole("dialog", { name: "Du bist dabei!" }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/game/${gameId}`);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("creating a game", () => {
  /** Fills the form with tomorrow 20:30 at a Berlin court. */
  async function fillCreateForm(page: Page) {
    await page.getByRole("radio", { name: /Morgen/ }).click();
    await page.getByLabel("Stunde").selectOption("20");
    await page.getByLabel("Minute").selectOption("30");
    await page.getByRole("button", { name: "Platz auswählen" }).click();
    await searchCourt(page, "Moabit");
    // A row highlights the court; its card confirms (spec 001 section 2.7).
    await page.getByRole("list").getByRole("button", { name: /Sporthalle Moabit/ }).click();
    await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
    await page.getByText("Sporthalle Moabit").first().waitFor();
  }

  test(
    "the form sends this device's push token with createGame when notifications are on",
    async () => {
      const context = await notifyingContext();
      await context.addInitScript(FAKE_PUSH_SERVICE);
      await signIn(context, "orga@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/create/game");
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();
      const notify = page.getByRole("switch", { name: "Benachrichtigungen zu dieser Kickrunde" });
      expect(await notify.getAttribute("aria-checked")).toBe("true");
      await fillCreateForm(page);
      await notify.scrollIntoViewIfNeeded();
      await shot(page, "notif-create-switch");
      const created = page.waitForRequest((request) => request.url().includes("games.create") && request.method() === "POST");
      const answer = page.waitForResponse((response) => response.url().includes("games.create"));
      await page.getByRole("button", { name: "Kickrunde erstellen", exact: true }).click();
      const body = (await created).postData() ?? "";
      expect((await answer).status(), await (await answer).text()).toBe(200);
      const token = await page.evaluate(() => localStorage.getItem("kickrunde.pushDeviceToken"));
      expect(token).toMatch(/^wp_/);
      expect(body).toContain(`"deviceToken":"${token}"`);
      await page.waitForURL((url) => /^\/game\/\d+$/.test(url.pathname));
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "blocked notifications that are wanted keep 'create' off (spec 000 section 5) until allowed or switched off",
    async () => {
      const context = await h.newContext();
      await context.addInitScript(() => {
        Object.defineProperty(Notification, "permission", { get: () => "denied" });
        Notification.requestPermission = async () => "denied";
      });
      await signIn(context, "admin@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/create/game");
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();
      await fillCreateForm(page);
      const submit = page.getByRole("button", { name: "Kickrunde erstellen", exact: true });
      const notify = page.getByRole("switch", { name: "Benachrichtigungen zu dieser Kickrunde" });
      // Blocked before: not wanted by default, so the game can be created.
      expect(await notify.getAttribute("aria-checked")).toBe("false");
      expect(await submit.isDisabled()).toBe(false);
      // Wanted while blocked: how to allow them, and create stays off.
      await notify.click();
      await page.getByText("Benachrichtigungen sind blockiert").waitFor();
      await page.getByText("Erlaube sie oder schalte sie hier aus, um die Kickrunde zu erstellen.").waitFor();
      expect(await submit.isDisabled()).toBe(true);
      // The help offers no sign-in here: the organiser is signed in.
      expect(await page.getByRole("main").getByRole("button", { name: "Anmelden", exact: true }).count()).toBe(0);
      await notify.scrollIntoViewIfNeeded();
      await shot(page, "notif-create-blocked");
      await notify.click();
      expect(await submit.isDisabled()).toBe(false);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("short-notice cancellations", () => {
  test(
    "the organiser is told once about a player who cancelled within 2 hours of the start (playersCancelledShortNotice)",
    async () => {
      // A game of admin@ in about 90 minutes with enough players (so no "takes place?" question comes up).
      const start = new Date(Math.ceil((Date.now() + 90 * 60_000) / 300_000) * 300_000);
      const gameId = await createGame("admin@kickrunde.de", start, { playerCount: 2 });
      const player = await h.newContext();
      await signIn(player, "noah@kickrunde.de");
      await trpcCall(player, "mutation", "participation.join", { gameId, playerCount: 1 });
      await trpcCall(player, "mutation", "participation.revoke", { gameId });
      await player.close();

      const context = await h.newContext();
      await signIn(context, "admin@kickrunde.de");
      const page = await context.newPage();
      await page.goto(`/game/${gameId}`);
      const notice = page.getByRole("region", { name: "Kurzfristige Absage" });
      await notice.getByText(/^Noah hat \d+ Min\. vor Beginn abgesagt\.$/).waitFor();
      await notice.scrollIntoViewIfNeeded();
      await shot(page, "short-notice-notice");
      // A way to find a replacement: the missing-players help.
      await notice.getByRole("link", { name: "Ersatz finden" }).click();
      await page.getByRole("dialog", { name: "So findest Du Mitspieler" }).waitFor();
      await page.getByRole("dialog", { name: "So findest Du Mitspieler" }).getByRole("button", { name: "Schließen" }).click();

      await notice.getByRole("button", { name: "Verstanden" }).click();
      await notice.waitFor({ state: "hidden" });
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("kickrunde.playersCancelledShortNotice") ?? "[]"));
      expect(stored).toHaveLength(1);
      expect(stored[0].expiresAt).toBe(start.getTime() + 7 * 86_400_000);
      // Told once on this device.
      await page.reload();
      await page.getByText("Organisiert von").waitFor();
      expect(await notice.count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
