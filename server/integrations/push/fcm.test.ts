import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameSubscriptions, pushDevices, regionSubscriptions } from "../../db/schema";
import { dispatchPendingNotifications } from "../../domains/notifications/service";
import { deliverPush } from "../../domains/notifications/outbox";
import { callerFor } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { createFcmSender, parseServiceAccount, serviceAccountAssertion, type FcmConfig } from "./fcm";
import { startFcmEmulator, type FcmEmulator } from "./fcm-emulator";
import { parseConfig } from "../../config";

let deps: Deps;
let emulator: FcmEmulator;
let fcm: FcmConfig;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  emulator = await startFcmEmulator();
  fcm = { serviceAccount: emulator.serviceAccount(), baseUrl: emulator.url };
  // The running send-push worker reads deps.config when it handles a job: configure FCM for this file only.
  deps.config.push.fcm = fcm;
  regionId = (await createRegion(deps)).id;
});
afterAll(() => {
  deps.config.push.fcm = undefined;
  emulator.close();
});

const NOW = new Date("2026-10-05T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const token = () => `fcm-${crypto.randomUUID()}`;

async function player() {
  const user = await createUser(deps, { emailVerifiedAt: NOW });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

describe("FCM HTTP v1", () => {
  test("moving up reaches the native device through the emulator, with a verified OAuth token and the device's language", async () => {
    testClock.freeze(NOW);
    const host = await player();
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(24), maxPlayers: 2, minPlayers: 2, title: "Dienstagskick" }, 1);
    const first = await player();
    await first.caller.participation.join({ gameId: g.id });
    const waiting = await player();
    const phone = token();
    expect(await waiting.caller.notifications.registerNativeDevice({ deviceToken: phone, platform: "android", language: "en" })).toEqual({ deviceToken: phone });
    await waiting.caller.participation.join({ gameId: g.id, queue: true, deviceToken: phone });
    await first.caller.participation.revoke({ gameId: g.id });

    const before = emulator.tokenRequests;
    await dispatchPendingNotifications(deps);
    const got = await emulator.next(phone);
    expect(got.projectId).toBe("kickrunde-test");
    expect(got.message).toEqual({
      token: phone,
      notification: { title: "Dienstagskick", body: "You moved up from the waiting list and are playing!" },
      data: { url: `http://localhost:3000/game/${g.id}`, tag: `game-${g.id}` },
    });
    // the access token is cached: a second push fetches none
    await deliverPush(deps, { deviceToken: phone, message: { title: "t", body: "b", url: "/" } });
    expect(emulator.received.filter((r) => r.message.token === phone)).toHaveLength(2);
    expect(emulator.tokenRequests - before).toBeLessThanOrEqual(1);
    const [row] = await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, phone));
    expect(row).toMatchObject({ kind: "fcm", userId: waiting.user.id, language: "en", endpoint: null });
  });

  test("UNREGISTERED removes the device with its region and game subscriptions", async () => {
    const { caller } = await callerFor(deps);
    const phone = token();
    await caller.notifications.registerNativeDevice({ deviceToken: phone, language: "de" });
    await caller.notifications.subscribeToRegion({ deviceToken: phone, regionId, messagingLanguage: "de" });
    emulator.unregister(phone);
    await deliverPush(deps, { deviceToken: phone, message: { title: "t", body: "b", url: "/" } });
    expect(await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, phone))).toHaveLength(0);
    expect(await deps.db.select().from(regionSubscriptions).where(eq(regionSubscriptions.deviceToken, phone))).toHaveLength(0);
    expect(await deps.db.select().from(gameSubscriptions).where(eq(gameSubscriptions.deviceToken, phone))).toHaveLength(0);
  });

  test("the emulator refuses a JWT signed with another key, and the sender throws (the job retries)", async () => {
    const stranger = emulator.serviceAccount();
    const other = emulator.serviceAccount();
    const forged = createFcmSender({ serviceAccount: { ...stranger, private_key: other.private_key }, baseUrl: emulator.url });
    await expect(forged.send(token(), { title: "t", body: "b", url: "/" })).rejects.toThrow(/token endpoint answered 400.*invalid signature/);
    const jwt = serviceAccountAssertion(stranger, Math.floor(Date.now() / 1000));
    const [header] = jwt.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "RS256", typ: "JWT" });
  });

  test("without FCM configuration native devices are skipped, the device stays", async () => {
    const { caller } = await callerFor(deps);
    const phone = token();
    await caller.notifications.registerNativeDevice({ deviceToken: phone, language: "de" });
    deps.config.push.fcm = undefined;
    try {
      await deliverPush(deps, { deviceToken: phone, message: { title: "t", body: "b", url: "/" } });
    } finally {
      deps.config.push.fcm = fcm;
    }
    expect(emulator.received.some((r) => r.message.token === phone)).toBe(false);
    expect(await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, phone))).toHaveLength(1);
  });

  test("registerNativeDevice refuses web-push tokens; the configuration reads the JSON or a file", async () => {
    const { caller } = await callerFor(deps);
    await expect(caller.notifications.registerNativeDevice({ deviceToken: "wp_abc", language: "de" })).rejects.toThrow();
    const account = emulator.serviceAccount();
    const c = parseConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account) });
    expect(c.push.fcm).toEqual({ serviceAccount: parseServiceAccount(JSON.stringify(account)), baseUrl: "https://fcm.googleapis.com" });
    const path = `${require("node:os").tmpdir()}/kr-fcm-${crypto.randomUUID()}.json`;
    await Bun.write(path, JSON.stringify({ ...account, token_uri: undefined }));
    expect(parseConfig({ FCM_SERVICE_ACCOUNT_JSON: path, FCM_BASE_URL: "http://127.0.0.1:9/" }).push.fcm).toMatchObject({
      baseUrl: "http://127.0.0.1:9",
      serviceAccount: { project_id: "kickrunde-test", token_uri: "https://oauth2.googleapis.com/token" },
    });
    expect(() => parseConfig({ FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"x"}' })).toThrow(/FCM_SERVICE_ACCOUNT_JSON: misses client_email, private_key/);
    expect(parseConfig({}).push.fcm).toBeUndefined();
  });
});
