import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { pushDevices, regionSubscriptions } from "../../db/schema";
import type { TestPushEndpoint } from "../../integrations/push/test-endpoint";
import { deliverPush } from "./outbox";
import { callerFor } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { eventually } from "../../testing/eventually";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps, testPushEndpoint } from "../../testing/test-db";
import { dispatchPendingNotifications } from "./service";

let deps: Deps;
let endpoint: TestPushEndpoint;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  endpoint = await testPushEndpoint();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-10-01T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

async function player() {
  const user = await createUser(deps, { emailVerifiedAt: NOW });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

/** A browser subscription on the local push endpoint, registered with the server. */
async function device(caller: Awaited<ReturnType<typeof player>>["caller"], language: "de" | "en") {
  const subscription = endpoint.subscribe();
  const { deviceToken } = await caller.notifications.registerWebPush({ subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, language });
  return { id: subscription.id, deviceToken };
}

type Payload = { title: string; body: string; url: string };

describe("web push", () => {
  test("the VAPID public key is served and stays the same", async () => {
    const { caller } = await callerFor(deps);
    const { publicKey } = await caller.notifications.vapidPublicKey();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await caller.notifications.vapidPublicKey()).publicKey).toBe(publicKey);
  });

  test("moving up from the waiting list pushes to the promoted player's device, encrypted, with VAPID", async () => {
    testClock.freeze(NOW);
    const host = await player();
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(24), maxPlayers: 2, minPlayers: 2, title: "Montagskick" }, 1);
    const first = await player();
    await first.caller.participation.join({ gameId: g.id });
    const waiting = await player();
    const phone = await device(waiting.caller, "de");
    await waiting.caller.participation.join({ gameId: g.id, queue: true, deviceToken: phone.deviceToken });
    await first.caller.participation.revoke({ gameId: g.id });

    expect(await dispatchPendingNotifications(deps)).toBeGreaterThanOrEqual(1);
    const push = await endpoint.next(phone.id);
    expect(push.payload).toMatchObject({
      title: "Montagskick",
      body: "Du bist von der Warteliste nachgerückt und spielst mit!",
      url: `http://localhost:3000/game/${g.id}`,
    });
    expect(push.headers.authorization).toStartWith("vapid t=");
    expect(push.headers.ttl).toBe("86400");
    // dispatched once: a second run, run to its end, enqueues nothing more for this device, and once the one job is done the endpoint holds one push
    await dispatchPendingNotifications(deps);
    expect(await settledJobs(deps, "send-push", { deviceToken: phone.deviceToken })).toHaveLength(1);
    expect(endpoint.received.filter((r) => r.subscriptionId === phone.id)).toHaveLength(1);
  });

  test("a guest on the waiting list hears on the device they joined from: moved up, and a place offered close to kick-off", async () => {
    testClock.freeze(NOW);
    const host = await player();
    // three days ahead: a freed place moves the first in line up
    const later = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(72), maxPlayers: 2, minPlayers: 2, title: "Gästekick" }, 1);
    // in 5 hours: a freed place is offered for 30 minutes (participation/offers.ts)
    const soon = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(5), maxPlayers: 2, minPlayers: 2, title: "Abendkick" }, 1);
    const first = await player();
    const guest = (await callerFor(deps)).caller;
    const phone = endpoint.subscribe();
    const { deviceToken } = await guest.notifications.registerWebPush({ subscription: { endpoint: phone.endpoint, keys: phone.keys }, language: "en" });
    for (const g of [later, soon]) {
      await first.caller.participation.join({ gameId: g.id });
      await guest.participation.join({ gameId: g.id, firstName: "Kai", queue: true, deviceToken });
      await first.caller.participation.revoke({ gameId: g.id });
    }
    await dispatchPendingNotifications(deps);
    const pushes = await eventually(() => {
      const got = endpoint.received.filter((r) => r.subscriptionId === phone.id);
      return got.length >= 2 && got;
    }, { what: "two pushes to the guest's device" });
    const bodies = pushes.map((p) => (p.payload as Payload).body).sort();
    expect(bodies).toEqual(["A place became free: accept it by 12:30.", "You moved up from the waiting list and are playing!"]);
    // no account: nothing else is sent for it (no mail); the device got exactly these two
    await dispatchPendingNotifications(deps);
    expect(await settledJobs(deps, "send-push", { deviceToken })).toHaveLength(2);
  });

  test("a cancelled game reaches every follower in their device's language, not the organiser", async () => {
    testClock.freeze(NOW);
    const host = await player();
    const hostPhone = await device(host.caller, "de");
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(72), minPlayers: 2 }, 1);
    const de = await player();
    const en = await player();
    const dePhone = await device(de.caller, "de");
    const enPhone = await device(en.caller, "en");
    await de.caller.participation.join({ gameId: g.id });
    await en.caller.participation.join({ gameId: g.id });
    await host.caller.games.cancel({ gameId: g.id, reason: "UNABLE_TO_ATTEND" });

    await dispatchPendingNotifications(deps);
    const [pde, pen] = [(await endpoint.next(dePhone.id)).payload as Payload, (await endpoint.next(enPhone.id)).payload as Payload];
    expect(pde.body).toBe("Das Spiel wurde vom Organisator abgesagt.");
    expect(pde.title).toBe("Kick am So., 04.10., 12:00");
    expect(pen.body).toBe("The game was cancelled by the organiser.");
    expect(pen.title).toBe("Game on Sun 04/10, 12:00");
    expect(pen.url).toBe(`http://localhost:3000/game/${g.id}`);
    // the followers' pushes were enqueued in the same dispatch as any for the organiser would have been: there is none
    expect(await settledJobs(deps, "send-push", { deviceToken: hostPhone.deviceToken })).toHaveLength(0);
    expect(endpoint.received.some((r) => r.subscriptionId === hostPhone.id)).toBe(false);
  });

  test("a direct message pushes to the receiver", async () => {
    testClock.freeze(NOW);
    const sender = await player();
    const receiver = await player();
    const phone = await device(receiver.caller, "en");
    await sender.caller.chat.createDirectMessage({ receiverId: receiver.user.id, text: "Bist Du dabei?" });
    await dispatchPendingNotifications(deps);
    expect((await endpoint.next(phone.id)).payload).toMatchObject({
      title: sender.user.firstName,
      body: "Bist Du dabei?",
      url: `http://localhost:3000/user/${sender.user.id}/chat`,
    });
  });

  test("a subscription answered with 410 is removed with its subscriptions", async () => {
    const { caller } = await callerFor(deps);
    const phone = await device(caller, "de");
    await caller.notifications.subscribeToRegion({ deviceToken: phone.deviceToken, regionId, messagingLanguage: "de" });
    endpoint.gone(phone.id);
    await deliverPush(deps, { deviceToken: phone.deviceToken, message: { title: "t", body: "b", url: "/" } });
    expect(await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, phone.deviceToken))).toHaveLength(0);
    expect(await deps.db.select().from(regionSubscriptions).where(eq(regionSubscriptions.deviceToken, phone.deviceToken))).toHaveLength(0);
  });

  test("re-registering the same subscription keeps one device and takes the new language and user", async () => {
    const guest = (await callerFor(deps)).caller;
    const s = endpoint.subscribe();
    const a = await guest.notifications.registerWebPush({ subscription: s, language: "de" });
    const { user, caller } = await player();
    const b = await caller.notifications.registerWebPush({ subscription: s, language: "en" });
    expect(b.deviceToken).toBe(a.deviceToken);
    const rows = await deps.db.select().from(pushDevices).where(eq(pushDevices.deviceToken, a.deviceToken));
    expect(rows).toMatchObject([{ language: "en", userId: user.id, endpoint: s.endpoint }]);
  });
});

describe("region subscriptions", () => {
  test("subscribe, check, unsubscribe; the count shows from 50 subscribers", async () => {
    const region = await createRegion(deps);
    const { caller } = await callerFor(deps);
    const input = { deviceToken: "native-token-1", regionId: region.id };
    expect(await caller.notifications.isSubscribedToRegion(input)).toEqual({ subscribed: false });
    await caller.notifications.subscribeToRegion({ ...input, messagingLanguage: "en" });
    await caller.notifications.subscribeToRegion({ ...input, messagingLanguage: "de" }); // idempotent
    expect(await caller.notifications.isSubscribedToRegion(input)).toEqual({ subscribed: true });
    for (let i = 2; i <= 49; i++) await caller.notifications.subscribeToRegion({ deviceToken: `native-token-${i}`, regionId: region.id, messagingLanguage: "de" });
    expect(await caller.notifications.regionSubscriberCount({ regionId: region.id })).toEqual({ count: null });
    await caller.notifications.subscribeToRegion({ deviceToken: "native-token-50", regionId: region.id, messagingLanguage: "de" });
    expect(await caller.notifications.regionSubscriberCount({ regionId: region.id })).toEqual({ count: 50 });
    await caller.notifications.unsubscribeFromRegion(input);
    expect(await caller.notifications.isSubscribedToRegion(input)).toEqual({ subscribed: false });
    expect(await caller.notifications.regionSubscriberCount({ regionId: region.id })).toEqual({ count: null });
  });

  test("a new public game in the region pushes to its subscribers in the chosen language", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const { caller } = await callerFor(deps);
    const phone = await device(caller, "de");
    await caller.notifications.subscribeToRegion({ deviceToken: phone.deviceToken, regionId: region.id, messagingLanguage: "en" });
    const host = await player();
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId: region.id, startTime: hours(30), title: "Sunday league" }, 1);
    await deps.db.insert((await import("../../db/schema")).gameEvents).values({ gameId: g.id, type: "CREATED", actorId: host.user.id, createdAt: NOW });
    await dispatchPendingNotifications(deps);
    expect((await endpoint.next(phone.id)).payload).toMatchObject({ title: "New game in your region", body: "Sunday league" });
  });
});
