import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { parseConfig } from "../../config";
import type { Deps } from "../../context";
import { pushDevices } from "../../db/schema";
import type { TestPushEndpoint } from "../../integrations/push/test-endpoint";
import { createPush, generateVapidKeys, webPushDeviceToken } from "../../integrations/push/web-push";
import { deliverPush } from "./outbox";
import { callerFor, errorData } from "../../testing/caller";
import { httpClient } from "../../testing/http-client";
import { testDeps, testPushEndpoint } from "../../testing/test-db";
import { countingListener } from "../../testing/counting-listener";
import { settledJobs } from "../../testing/jobs";

/**
 * SSRF through web push (issue 9): the endpoint of a push subscription is a URL the caller picks,
 * and the server POSTs to it with its VAPID signature. Only https endpoints of the configured push
 * services may be registered or sent to, and only at public addresses.
 */

let deps: Deps;
/** The same app with the production rules: the default WEB_PUSH_HOSTS and no escape hatch. */
let strict: Deps;
let endpoint: TestPushEndpoint;
let target: ReturnType<typeof countingListener>;

beforeAll(async () => {
  deps = await testDeps();
  endpoint = await testPushEndpoint();
  const config = parseConfig({ NODE_ENV: "test", SEED: "none", PUBLIC_URL: "http://localhost:3000" });
  strict = { ...deps, config, push: createPush({ vapid: { ...generateVapidKeys(), subject: config.push.subject }, logger: deps.logger, policy: config.push.web }) };
  target = countingListener();
});
afterAll(() => target.stop());

const keys = () => ({ p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") });

async function deviceRows(endpointUrl: string) {
  return deps.db.select().from(pushDevices).where(eq(pushDevices.endpoint, endpointUrl));
}

describe("registering a web-push subscription", () => {
  const refused = () => [
    `http://127.0.0.1:${target.port}/push/x`,
    "https://127.0.0.1/push/x",
    "https://evil.example/push/x",
    "https://[::1]/push/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/push/x",
    "http://fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
  ];

  test("endpoints off the allow-list, plain http or at private addresses are refused with PUSH_SERVICE_NOT_SUPPORTED", async () => {
    const { caller } = await callerFor(strict);
    for (const url of refused()) {
      expect({ url, code: (await errorData(caller.notifications.registerWebPush({ subscription: { endpoint: url, keys: keys() }, language: "de" }))).code }).toEqual({
        url,
        code: "PUSH_SERVICE_NOT_SUPPORTED",
      });
      expect(await deviceRows(url)).toHaveLength(0);
    }
  });

  test("over HTTP the refusal is a 400 with the translated code, never a 5xx", async () => {
    const client = httpClient(strict);
    for (const url of refused()) {
      const { res, body } = await client.trpc("notifications.registerWebPush", { subscription: { endpoint: url, keys: keys() }, language: "en" });
      expect({ url, status: res.status, code: body.error?.json.data.app.code }).toEqual({ url, status: 400, code: "PUSH_SERVICE_NOT_SUPPORTED" });
    }
  });

  test("the real browser push services are accepted", async () => {
    const { caller } = await callerFor(strict);
    for (const url of [
      `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomBytes(8).toString("hex")}`,
      `https://web.push.apple.com/${randomBytes(8).toString("hex")}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomBytes(8).toString("hex")}`,
    ]) {
      expect(await caller.notifications.registerWebPush({ subscription: { endpoint: url, keys: keys() }, language: "de" })).toEqual({ deviceToken: webPushDeviceToken(url) });
    }
  });

  test("the test configuration allows exactly the local test push service, nothing else on this machine", async () => {
    const { caller } = await callerFor(deps);
    expect(await errorData(caller.notifications.registerWebPush({ subscription: { endpoint: `http://127.0.0.1:${target.port}/push/x`, keys: keys() }, language: "de" }))).toMatchObject({ code: "PUSH_SERVICE_NOT_SUPPORTED" });
    expect(await errorData(caller.notifications.registerWebPush({ subscription: endpoint.subscribe(), language: "de" }))).toMatchObject({ code: "OK" });
  });
});

describe("sending to a stored device", () => {
  async function insertDevice(endpointUrl: string) {
    const deviceToken = webPushDeviceToken(endpointUrl);
    const k = keys();
    await deps.db.insert(pushDevices).values({ deviceToken, kind: "web", endpoint: endpointUrl, p256dh: k.p256dh, auth: k.auth, language: "de" });
    return deviceToken;
  }

  test("a device row holding a private endpoint is never POSTed to by the push worker, and is removed", async () => {
    const deviceToken = await insertDevice(`http://127.0.0.1:${target.port}/push/${randomBytes(4).toString("hex")}`);
    // Through the running worker (pg-boss), as a comment on a followed game would send it.
    await deps.jobs.send("send-push", { deviceToken, message: { title: "t", body: "b", url: "/" } }, {});
    expect((await settledJobs(deps, "send-push", { deviceToken }, 10_000)).map((j) => j.state)).toEqual(["completed"]);
    expect(await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, deviceToken))).toHaveLength(0);
    expect(await target.connectionsSoFar()).toBe(0);
  });

  test("with the production rules even the local test push service is not contacted", async () => {
    const s = endpoint.subscribe();
    const deviceToken = await insertDevice(s.endpoint);
    await deliverPush(strict, { deviceToken, message: { title: "t", body: "b", url: "/" } });
    expect(await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, deviceToken))).toHaveLength(0);
    // deliverPush waits for the push service's answer, which comes after the endpoint recorded the push: had it sent one, it would be here
    expect(endpoint.received.some((r) => r.subscriptionId === s.id)).toBe(false);
  });

  test("an allowed host resolving to a private address is refused at send time; nothing is sent and the job does not fail", async () => {
    const config = parseConfig({ NODE_ENV: "test", SEED: "none", WEB_PUSH_HOSTS: `localhost:${target.port}` });
    const localhostListed: Deps = { ...deps, config, push: createPush({ vapid: { ...generateVapidKeys(), subject: config.push.subject }, logger: deps.logger, policy: config.push.web }) };
    const url = `https://localhost:${target.port}/push/${randomBytes(4).toString("hex")}`;
    const { caller } = await callerFor(localhostListed);
    const { deviceToken } = await caller.notifications.registerWebPush({ subscription: { endpoint: url, keys: keys() }, language: "de" });
    await deliverPush(localhostListed, { deviceToken, message: { title: "t", body: "b", url: "/" } });
    expect(await target.connectionsSoFar()).toBe(0);
    // The device stays: a push service's DNS answer is not the device's fault.
    expect(await deviceRows(url)).toHaveLength(1);
  });
});
