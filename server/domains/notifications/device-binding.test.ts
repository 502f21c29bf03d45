import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { participations, pushDevices } from "../../db/schema";
import type { TestPushEndpoint } from "../../integrations/push/test-endpoint";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps, testPushEndpoint } from "../../testing/test-db";

/**
 * Issue 23 item 9: a device token is not a bearer secret. A device bound to an account is never
 * re-bound to another without proof, and guest participations attach only from the browser or app
 * that made them (server/domains/notifications/README.md "Devices stay with their account", "Guests attach from where they
 * joined"). Each call is sent as the wrapper documents it (GraphQL) or as the web client does (tRPC).
 */

let deps: Deps;
let endpoint: TestPushEndpoint;
let region: { id: number; slug: string };
beforeAll(async () => {
  deps = await testDeps();
  endpoint = await testPushEndpoint();
  region = await createRegion(deps);
});

const NOW = new Date("2026-10-01T10:00:00Z");
let tokenCount = 0;
const fcmToken = (label: string) => `fcm-${label}-${++tokenCount}-APA91b`;

type Client = ReturnType<typeof httpClient>;

const REGISTER_DEVICE = `mutation($deviceToken: String!, $platform: String, $language: String!) {
  registerNativeDevice(deviceToken: $deviceToken, platform: $platform, language: $language) { deviceToken }
}`;
const DEVICE_EXISTS = `query($deviceToken: String!) { checkIfDeviceTokenForUserExists(deviceToken: $deviceToken) { exists } }`;
const PARTICIPATE = `mutation($gameId: ID!, $playerCount: Int, $firstName: String, $queue: Boolean, $deviceToken: String, $playsHimself: Boolean) {
  participateInGame(gameId: $gameId, playerCount: $playerCount, firstName: $firstName, queue: $queue, deviceToken: $deviceToken, playsHimself: $playsHimself) {
    participation { id }
  }
}`;
const ATTACH = `mutation($participationIds: [ID!]) { attachGuestParticipationsToMyAccount(participationIds: $participationIds) { attached } }`;
const REGISTER = `mutation($email: String!, $password: String!, $firstName: String!, $lastName: String, $regionSlug: String!, $language: String, $deviceToken: String) {
  register(email: $email, password: $password, firstName: $firstName, lastName: $lastName, regionSlug: $regionSlug, language: $language, deviceToken: $deviceToken) { id }
}`;
const TOKEN_AUTH = `mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`;
const LOGOUT = `mutation { logout { __typename } }`;

async function ok<T = any>(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { body } = await client.graphql<T>(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}
async function failure(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await client.graphql(query, variables);
  return body.errors?.[0]?.extensions.code;
}

async function signedIn() {
  const user = await createUser(deps, { emailVerifiedAt: NOW, regionId: region.id });
  const client = httpClient(deps);
  await ok(client, TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
  return { user, client };
}

const game = async (creatorId: number) => createGameRow(deps, { creatorId, regionId: region.id, startTime: new Date(NOW.getTime() + 48 * 3600_000), maxPlayers: 10 });
const holderOf = async (deviceToken: string) => (await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, deviceToken)))[0]?.userId ?? null;
const ownerOf = async (participationId: number | string) =>
  (await deps.db.select().from(participations).where(eq(participations.id, Number(participationId))))[0]!.userId;

describe("the review's attack: a guest's device token is known to someone else", () => {
  test("registering the token to one's own account does not hand over the guest's place (wrapper and web client)", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const g = await game(host.user.id);
    const leasToken = fcmToken("lea");
    // Lea, a guest on her phone.
    const phone = httpClient(deps);
    await ok(phone, REGISTER_DEVICE, { deviceToken: leasToken, platform: "android", language: "de" });
    const joined = await ok(phone, PARTICIPATE, { gameId: String(g.id), playerCount: 1, firstName: "Lea", queue: false, deviceToken: leasToken, playsHimself: true });
    const id: string = joined.participateInGame.participation.id;

    // Mallory knows the token: she registers it to her account and claims the participation by id.
    const mallory = await signedIn();
    await ok(mallory.client, REGISTER_DEVICE, { deviceToken: leasToken, platform: "android", language: "de" });
    expect((await ok(mallory.client, ATTACH, { participationIds: [id] })).attachGuestParticipationsToMyAccount.attached).toEqual([]);
    const web = await callerFor(deps, { token: mallory.client.jar.get("session")! });
    expect(await web.caller.participation.attachGuests({ participationIds: [Number(id)] })).toEqual({ attached: [] });
    expect(await ownerOf(id)).toBeNull();
  });

  test("a token bound to an account is never re-bound to another while that account's session lasts; a guest's call leaves it bound", async () => {
    testClock.freeze(NOW);
    const token = fcmToken("ida");
    const ida = await signedIn();
    await ok(ida.client, REGISTER_DEVICE, { deviceToken: token, platform: "ios", language: "de" });
    expect(await holderOf(token)).toBe(ida.user.id);

    const mallory = await signedIn();
    expect(await failure(mallory.client, REGISTER_DEVICE, { deviceToken: token, platform: "ios", language: "en" })).toBe("DEVICE_TOKEN_TAKEN");
    const web = await callerFor(deps, { token: mallory.client.jar.get("session")! });
    expect(await errorData(web.caller.notifications.registerNativeDevice({ deviceToken: token, platform: "ios", language: "en" }))).toEqual({ code: "DEVICE_TOKEN_TAKEN" });
    // Registering a new account with that token creates the account, but the device stays Ida's.
    const fresh = httpClient(deps);
    await ok(fresh, REGISTER, { email: `neu-${tokenCount}@example.org`, password: "geheim12", firstName: "Neu", regionSlug: region.slug, language: "de", deviceToken: token });
    // A call without a session (whoever sends it) unbinds nothing.
    await ok(httpClient(deps), REGISTER_DEVICE, { deviceToken: token, platform: "ios", language: "en" });
    expect(await holderOf(token)).toBe(ida.user.id);
    expect((await ok(ida.client, DEVICE_EXISTS, { deviceToken: token })).checkIfDeviceTokenForUserExists.exists).toBe(true);
    expect((await ok(mallory.client, DEVICE_EXISTS, { deviceToken: token })).checkIfDeviceTokenForUserExists.exists).toBe(false);

    // Ida signs out on her phone: the device is free for whoever signs in there next.
    await ok(ida.client, LOGOUT);
    const next = await signedIn();
    await ok(next.client, REGISTER_DEVICE, { deviceToken: token, platform: "ios", language: "de" });
    expect(await holderOf(token)).toBe(next.user.id);
  });

  test("a web push subscription follows whoever is signed in in that browser: its endpoint is the proof", async () => {
    testClock.freeze(NOW);
    const s = endpoint.subscribe();
    const subscription = { endpoint: s.endpoint, keys: s.keys };
    const first = await signedIn();
    const a = await callerFor(deps, { token: first.client.jar.get("session")! });
    const { deviceToken } = await a.caller.notifications.registerWebPush({ subscription, language: "de" });
    expect(await holderOf(deviceToken)).toBe(first.user.id);
    const second = await signedIn();
    const b = await callerFor(deps, { token: second.client.jar.get("session")! });
    await b.caller.notifications.registerWebPush({ subscription, language: "en" });
    expect(await holderOf(deviceToken)).toBe(second.user.id);
    // The native registration cannot name a web push device (its token is derived from the endpoint).
    expect((await errorData(a.caller.notifications.registerNativeDevice({ deviceToken, language: "de" }))).code).toBe("VALIDATION");
  });
});

describe("the legitimate way: guest, then an account, then attach", () => {
  test("the wrapper: a guest on the phone registers with the device token and attaches by id", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const g1 = await game(host.user.id);
    const g2 = await game(host.user.id);
    const token = fcmToken("phone");
    const phone = httpClient(deps);
    await ok(phone, REGISTER_DEVICE, { deviceToken: token, platform: "android", language: "de" });
    const ids: string[] = [];
    for (const g of [g1, g2]) {
      const r = await ok(phone, PARTICIPATE, { gameId: String(g.id), playerCount: 1, firstName: "Tarek", queue: false, deviceToken: token, playsHimself: true });
      ids.push(r.participateInGame.participation.id);
    }
    const registered = await ok(phone, REGISTER, { email: `tarek-${tokenCount}@example.org`, password: "geheim12", firstName: "Tarek", regionSlug: region.slug, language: "de", deviceToken: token });
    const userId = Number(registered.register.id);
    expect(await holderOf(token)).toBe(userId);
    expect((await ok(phone, ATTACH, { participationIds: ids })).attachGuestParticipationsToMyAccount.attached).toEqual(ids);
    expect(await ownerOf(ids[0]!)).toBe(userId);
    expect(await ownerOf(ids[1]!)).toBe(userId);
  });

  test("the wrapper: a guest who signs in to an existing account on the phone, then registers the device, attaches by id", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const g = await game(host.user.id);
    const token = fcmToken("phone2");
    const phone = httpClient(deps);
    const r = await ok(phone, PARTICIPATE, { gameId: String(g.id), playerCount: 1, firstName: "Nele", queue: false, deviceToken: token, playsHimself: true });
    const id: string = r.participateInGame.participation.id;
    const nele = await createUser(deps, { emailVerifiedAt: NOW });
    await ok(phone, TOKEN_AUTH, { email: nele.email, password: FACTORY_PASSWORD });
    await ok(phone, REGISTER_DEVICE, { deviceToken: token, platform: "android", language: "de" });
    expect((await ok(phone, ATTACH, { participationIds: [id] })).attachGuestParticipationsToMyAccount.attached).toEqual([id]);
    expect(await ownerOf(id)).toBe(nele.id);
  });

  test("the web client: its guest tokens attach after registering, from the same browser also by id", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const g1 = await game(host.user.id);
    const g2 = await game(host.user.id);
    const browser = httpClient(deps);
    const joined = await browser.trpc("participation.join", { gameId: g1.id, firstName: "Ole", deviceToken: "web-ole" });
    const first = (joined.body.result!.data.json as { participation: { id: number }; guestToken: string });
    const nativeToken = fcmToken("in-wrapper");
    const second = (await browser.trpc("participation.join", { gameId: g2.id, firstName: "Ole", deviceToken: nativeToken })).body.result!.data.json as { participation: { id: number } };

    const registered = await browser.trpc("auth.register", { email: `ole-${tokenCount}@example.org`, password: "geheim12", firstName: "Ole", lastName: null, regionSlug: region.slug, language: "de", deviceToken: nativeToken });
    expect(registered.res.status).toBe(200);
    const attached = await browser.trpc("participation.attachGuests", { participations: [{ id: first.participation.id, guestToken: first.guestToken }], participationIds: [second.participation.id] });
    expect(attached.body.result!.data.json).toEqual({ attached: [first.participation.id, second.participation.id] });

    // Another browser of another account gets nothing by id, even with the device registered.
    const other = await signedIn();
    const again = await other.client.trpc("participation.attachGuests", { participationIds: [first.participation.id, second.participation.id] });
    expect(again.body.result!.data.json).toEqual({ attached: [] });
  });
});
