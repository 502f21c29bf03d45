import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-08-01T08:00:00Z");

describe("GraphQL notification operations", () => {
  test("region subscriptions: subscribe, check, count from 50, unsubscribe", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const guest = httpClient(deps);
    const check = async () =>
      (
        await guest.graphql<{ checkIfDeviceTokenIsSubscribedToRegion: { subscribed: boolean } }>(
          `query($r: ID!) { checkIfDeviceTokenIsSubscribedToRegion(deviceToken: "gql-1", regionId: $r) { subscribed } }`,
          { r: region.id },
        )
      ).body.data!.checkIfDeviceTokenIsSubscribedToRegion.subscribed;
    const count = async () => (await guest.graphql<{ regionSubscriberCount: number | null }>(`query($r: ID!) { regionSubscriberCount(regionId: $r) }`, { r: region.id })).body.data!.regionSubscriberCount;

    expect(await check()).toBe(false);
    const sub = await guest.graphql(
      `mutation($r: ID!) { subscribeToRegion(deviceToken: "gql-1", userAgent: "Kickrunde/3.2 (iPhone)", regionId: $r, messagingLanguage: "en-GB") { subscribed } }`,
      { r: region.id },
    );
    expect(sub.body).toEqual({ data: { subscribeToRegion: { subscribed: true } } });
    expect(await check()).toBe(true);
    for (let i = 2; i <= 49; i++) {
      await guest.graphql(`mutation($r: ID!, $t: String!) { subscribeToRegion(deviceToken: $t, regionId: $r, messagingLanguage: "de") { subscribed } }`, { r: region.id, t: `gql-${i}` });
    }
    expect(await count()).toBeNull();
    await guest.graphql(`mutation($r: ID!) { subscribeToRegion(deviceToken: "gql-50", regionId: $r, messagingLanguage: "de") { subscribed } }`, { r: region.id });
    expect(await count()).toBe(50);
    const unsub = await guest.graphql(`mutation($r: ID!) { unsubscribeFromRegion(deviceToken: "gql-1", regionId: $r) { subscribed } }`, { r: region.id });
    expect(unsub.body).toEqual({ data: { unsubscribeFromRegion: { subscribed: false } } });
    expect(await check()).toBe(false);
    expect(await count()).toBeNull();

    const bad = await guest.graphql(`mutation { subscribeToRegion(deviceToken: "", regionId: "x", messagingLanguage: "Deutsch") { subscribed } }`);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "deviceToken", code: "required" }, { path: "regionId", code: "id_invalid" }, { path: "messagingLanguage", code: "language_invalid" }] });
  });

  test("registerNativeDevice and checkIfDeviceTokenForUserExists", async () => {
    testClock.freeze(NOW);
    const user = await createUser(deps, { emailVerifiedAt: NOW });
    const client = httpClient(deps);
    await client.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: user.email, p: FACTORY_PASSWORD });
    const exists = async (c: ReturnType<typeof httpClient>, t: string) =>
      (await c.graphql<{ checkIfDeviceTokenForUserExists: { exists: boolean } }>(`query($t: String!) { checkIfDeviceTokenForUserExists(deviceToken: $t) { exists } }`, { t })).body
        .data!.checkIfDeviceTokenForUserExists.exists;

    const t = `gql-fcm-${crypto.randomUUID()}`;
    expect(await exists(client, t)).toBe(false);
    const reg = await client.graphql(`mutation($t: String!) { registerNativeDevice(deviceToken: $t, platform: "ios", language: "de-DE") { deviceToken } }`, { t });
    expect(reg.body).toEqual({ data: { registerNativeDevice: { deviceToken: t } } });
    expect(await exists(client, t)).toBe(true);
    const guest = httpClient(deps);
    expect(await exists(guest, t)).toBe(false);
    const other = await createUser(deps, { emailVerifiedAt: NOW });
    const otherClient = httpClient(deps);
    await otherClient.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: other.email, p: FACTORY_PASSWORD });
    expect(await exists(otherClient, t)).toBe(false);
    const badPlatform = await client.graphql(`mutation { registerNativeDevice(deviceToken: "x1", platform: "symbian", language: "de") { deviceToken } }`);
    expect(badPlatform.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "platform", code: "invalid" }] });
  });
});
