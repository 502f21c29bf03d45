import { beforeAll, describe, expect, test } from "bun:test";
import { GUEST_LIMITS } from "@shared/constants";
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameComments, participations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { createSession } from "../auth/sessions";
import { addressKey } from "./guest-limits";

/**
 * Issue 23 item 8: anonymous guests cannot flood a game or its chat. The limits key on the client
 * address first (the client cannot choose it), then on the device token it sends (guest-limits.ts).
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-10-01T10:00:00Z");
const HOUR = 3600_000;
let addressCount = 0;
/** A fresh client address (shared address space 100.64.0.0/10), so tests never share counters. */
const nextAddress = () => {
  addressCount++;
  return `100.${64 + (addressCount >> 8)}.${addressCount & 255}.7`;
};
let tokenCount = 0;
const token = (label: string) => `fcm-${label}-${++tokenCount}`;

async function organiser() {
  const user = await createUser(deps, { emailVerifiedAt: NOW, regionId });
  const client = httpClient(deps, { ip: nextAddress() });
  await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  return { user, client };
}

async function publicGame(creatorId: number, maxPlayers = 10) {
  return createGameRow(deps, { creatorId, regionId, startTime: new Date(NOW.getTime() + 48 * HOUR), maxPlayers });
}

const PARTICIPATE = `mutation($gameId: ID!, $playerCount: Int, $bringsBall: Boolean, $bringsBibs: Boolean, $firstName: String, $queue: Boolean,
  $deviceToken: String, $messagingLanguage: String, $playsHimself: Boolean) {
  participateInGame(gameId: $gameId, playerCount: $playerCount, bringsBall: $bringsBall, bringsBibs: $bringsBibs, firstName: $firstName,
    queue: $queue, deviceToken: $deviceToken, messagingLanguage: $messagingLanguage, playsHimself: $playsHimself) {
    participation { id queue paymentStatus guestProfile { firstName } }
  }
}`;

const COMMENT = `mutation($gameId: ID!, $text: String!, $name: String, $deviceToken: String, $messagingLanguage: String) {
  createComment(gameId: $gameId, text: $text, name: $name, deviceToken: $deviceToken, messagingLanguage: $messagingLanguage) { id }
}`;

const REVOKE = `mutation($gameId: ID!, $userId: ID, $playerName: String, $guestToken: String, $participationId: ID, $playerRemovalReason: String, $playerRemovalMessage: String) {
  revokeGameParticipation(gameId: $gameId, userId: $userId, playerName: $playerName, guestToken: $guestToken, participationId: $participationId,
    playerRemovalReason: $playerRemovalReason, playerRemovalMessage: $playerRemovalMessage) { ok }
}`;

const UPDATE_PARTICIPATION = `mutation($participationId: ID!, $playerRemovalReason: String, $playerRemovalMessage: String) {
  updateParticipation(participationId: $participationId, playerRemovalReason: $playerRemovalReason, playerRemovalMessage: $playerRemovalMessage) {
    participation { id }
  }
}`;

const codeOf = (body: { errors?: { extensions: Record<string, unknown> }[] }) => (body.errors?.[0]?.extensions.code as string | undefined) ?? "OK";
const activeGuests = async (gameId: number) =>
  (await deps.db.select().from(participations).where(and(eq(participations.gameId, gameId), isNull(participations.userId), isNull(participations.cancelledAt)))).length;

describe("the client address as the limits see it", () => {
  test.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["[2001:DB8:1:2::99]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%p counts as %p", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe("guest joins", () => {
  test("the review's flood: 9 fake guests from one client at once get 2 places; a real player and a guest elsewhere still join (tRPC)", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const flooder = await callerFor(deps, { ip: nextAddress() });
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => errorData(flooder.caller.participation.join({ gameId: game.id, firstName: `Fake${i}`, deviceToken: token("fake") }))),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(GUEST_LIMITS.placesPerAddressPerGame);
    expect(new Set(answers.filter((a) => a.code !== "OK").map((a) => a.code))).toEqual(new Set(["GUEST_PLACES_LIMIT"]));
    expect(await activeGuests(game.id)).toBe(2);

    const player = await createUser(deps, { emailVerifiedAt: NOW, regionId });
    const { token: session } = await createSession(deps, player.id, "test");
    const real = await callerFor(deps, { token: session });
    expect(await errorData(real.caller.participation.join({ gameId: game.id }))).toEqual({ code: "OK" });
    const elsewhere = await callerFor(deps, { ip: nextAddress() });
    expect(await errorData(elsewhere.caller.participation.join({ gameId: game.id, firstName: "Echt", deviceToken: token("real") }))).toEqual({ code: "OK" });
  });

  test("the same flood through the wrapper's participateInGame: refused with 429 after the limit; a second address still joins", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const flooder = httpClient(deps, { ip: nextAddress() });
    const statuses: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 9; i++) {
      const { res, body } = await flooder.graphql(PARTICIPATE, { gameId: String(game.id), playerCount: 1, firstName: `Bot${i}`, queue: false, deviceToken: token("bot"), playsHimself: true });
      codes.push(codeOf(body));
      statuses.push(body.errors ? (body.errors[0]!.extensions.status as number) : res.status);
    }
    expect(codes.slice(0, 2)).toEqual(["OK", "OK"]);
    expect(codes.slice(2)).toEqual(Array(7).fill("GUEST_PLACES_LIMIT"));
    expect(statuses.slice(2)).toEqual(Array(7).fill(429));
    const second = httpClient(deps, { ip: nextAddress() });
    const { body } = await second.graphql(PARTICIPATE, { gameId: String(game.id), playerCount: 1, firstName: "Mira", queue: false, deviceToken: token("mira"), playsHimself: true });
    expect(codeOf(body)).toBe("OK");
  });

  test("one device token holds one guest place per game, from any address", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const device = token("shared");
    const first = await callerFor(deps, { ip: nextAddress() });
    expect(await errorData(first.caller.participation.join({ gameId: game.id, firstName: "Ana", deviceToken: device }))).toEqual({ code: "OK" });
    const other = await callerFor(deps, { ip: nextAddress() });
    expect(await errorData(other.caller.participation.join({ gameId: game.id, firstName: "Ben", deviceToken: device }))).toEqual({ code: "GUEST_PLACES_LIMIT" });
  });

  test("joins per address and per device are counted over all games in a 10-minute window, which then starts afresh (tRPC, HTTP 429)", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const games = await Promise.all(Array.from({ length: GUEST_LIMITS.joinsPerAddress + 1 }, () => publicGame(user.id)));
    const client = httpClient(deps, { ip: nextAddress() });
    const join = (gameId: number, name: string, deviceToken: string) => client.trpc("participation.join", { gameId, firstName: name, deviceToken });
    for (let i = 0; i < GUEST_LIMITS.joinsPerAddress; i++) expect((await join(games[i]!.id, `Gast${i}`, token("addr"))).res.status).toBe(200);
    const refused = await join(games.at(-1)!.id, "Zuviel", token("addr"));
    expect(refused.res.status).toBe(429);
    expect(refused.body.error?.json.data.app).toMatchObject({ code: "GUEST_JOIN_RATE_LIMITED", details: { retryAfterSeconds: GUEST_LIMITS.windowSeconds } });

    // One device from many addresses: its own, smaller limit.
    const device = token("roaming");
    const results: string[] = [];
    for (let i = 0; i <= GUEST_LIMITS.joinsPerDevice; i++) {
      const c = await callerFor(deps, { ip: nextAddress() });
      results.push((await errorData(c.caller.participation.join({ gameId: games[i]!.id, firstName: `Roam${i}`, deviceToken: device }))).code);
    }
    expect(results).toEqual([...Array(GUEST_LIMITS.joinsPerDevice).fill("OK"), "GUEST_JOIN_RATE_LIMITED"]);

    testClock.freeze(new Date(NOW.getTime() + GUEST_LIMITS.windowSeconds * 1000));
    expect((await join(games.at(-1)!.id, "Später", token("addr"))).res.status).toBe(200);
  });

  test("a join refused for another reason counts nothing", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const c = await callerFor(deps, { ip: nextAddress() });
    expect((await errorData(c.caller.participation.join({ gameId: game.id, firstName: "Kai", deviceToken: token("kai") }))).code).toBe("OK");
    for (let i = 0; i < GUEST_LIMITS.joinsPerAddress + 2; i++)
      expect((await errorData(c.caller.participation.join({ gameId: game.id, firstName: "kai", deviceToken: token("kai") }))).code).toBe("GUEST_NAME_TAKEN");
    expect((await errorData(c.caller.participation.join({ gameId: game.id, firstName: "Lou", deviceToken: token("lou") }))).code).toBe("OK");
  });
});

describe("the organiser removes guests", () => {
  test("through revokeGameParticipation (tRPC and the wrapper) and updateParticipation with a reason; the removed guest's address and device cannot come back", async () => {
    testClock.freeze(NOW);
    const host = await organiser();
    const game = await publicGame(host.user.id);
    const address = nextAddress();
    const bot = await callerFor(deps, { ip: address });
    const devices = [token("g"), token("g")];
    const a = await bot.caller.participation.join({ gameId: game.id, firstName: "Spam", deviceToken: devices[0]! });
    const b = await bot.caller.participation.join({ gameId: game.id, firstName: "Spam2", deviceToken: devices[1]! });
    const c = await (await callerFor(deps, { ip: nextAddress() })).caller.participation.join({ gameId: game.id, firstName: "Spam3", deviceToken: token("g") });

    // Another player cannot; the reason is required.
    const stranger = httpClient(deps, { ip: nextAddress() });
    expect(codeOf((await stranger.graphql(REVOKE, { gameId: String(game.id), participationId: String(a.participation.id), playerRemovalReason: "OTHER_REASON", playerRemovalMessage: "weg" })).body)).toBe(
      "PARTICIPATION_FORBIDDEN",
    );
    expect(codeOf((await host.client.graphql(REVOKE, { gameId: String(game.id), participationId: String(a.participation.id) })).body)).toBe("VALIDATION");

    // The wrapper's revokeGameParticipation by guest name, its updateParticipation with a reason, the web client's revoke by id.
    expect(codeOf((await host.client.graphql(REVOKE, { gameId: String(game.id), playerName: "Spam", playerRemovalReason: "OTHER_REASON", playerRemovalMessage: "Kein echter Spieler" })).body)).toBe("OK");
    expect(codeOf((await host.client.graphql(UPDATE_PARTICIPATION, { participationId: String(b.participation.id), playerRemovalReason: "FRIEND_PLAYS_INSTEAD" })).body)).toBe("OK");
    const hostCaller = await callerFor(deps, { token: host.client.jar.get("session")! });
    expect(await errorData(hostCaller.caller.participation.revoke({ gameId: game.id, participationId: c.participation.id, playerRemovalReason: "RELIABILITY_RATING_TOO_BAD" }))).toEqual({
      code: "OK",
    });
    expect(await activeGuests(game.id)).toBe(0);
    const rows = await deps.db.select().from(participations).where(eq(participations.gameId, game.id));
    expect(rows.filter((r) => r.userId === null).every((r) => r.banned && r.removedById === host.user.id)).toBe(true);

    // Back under another name: not from that address, not with that device; a guest elsewhere may.
    expect((await errorData(bot.caller.participation.join({ gameId: game.id, firstName: "Neu", deviceToken: token("g") }))).code).toBe("BANNED_FROM_GAME");
    const roaming = await callerFor(deps, { ip: nextAddress() });
    expect((await errorData(roaming.caller.participation.join({ gameId: game.id, firstName: "Neu", deviceToken: devices[0]! }))).code).toBe("BANNED_FROM_GAME");
    expect((await errorData(roaming.caller.participation.join({ gameId: game.id, firstName: "Neu", deviceToken: token("g") }))).code).toBe("OK");
  });
});

describe("guest comments", () => {
  test("the review's 30 comments at once from one client with new device tokens: the address's limit holds; another address still comments (tRPC, 429)", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const flooder = httpClient(deps, { ip: nextAddress() });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => flooder.trpc("chat.createComment", { gameId: game.id, text: `Spam ${i}`, name: `Bot${i}`, deviceToken: token("c") })),
    );
    expect(answers.filter((a) => a.res.status === 200)).toHaveLength(GUEST_LIMITS.commentsPerAddress);
    expect(answers.filter((a) => a.res.status === 429).map((a) => a.body.error?.json.data.app.code)).toEqual(Array(30 - GUEST_LIMITS.commentsPerAddress).fill("GUEST_COMMENT_RATE_LIMITED"));
    const other = httpClient(deps, { ip: nextAddress() });
    expect((await other.trpc("chat.createComment", { gameId: game.id, text: "Bin dabei", name: "Jo", deviceToken: token("c") })).res.status).toBe(200);
    const stored = await deps.db.select().from(gameComments).where(and(eq(gameComments.gameId, game.id), eq(gameComments.isSystemMessage, false)));
    expect(stored).toHaveLength(GUEST_LIMITS.commentsPerAddress + 1);
  });

  test("the wrapper's createComment: the address's limit, then GUEST_COMMENT_RATE_LIMITED with status 429; one device's limit from many addresses", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await publicGame(user.id);
    const flooder = httpClient(deps, { ip: nextAddress() });
    const codes: string[] = [];
    for (let i = 0; i <= GUEST_LIMITS.commentsPerAddress; i++) {
      const { body } = await flooder.graphql(COMMENT, { gameId: String(game.id), text: `Hallo ${i}`, name: "Bot", deviceToken: token("w"), messagingLanguage: "de" });
      codes.push(codeOf(body));
      if (body.errors) expect(body.errors[0]!.extensions.status).toBe(429);
    }
    expect(codes).toEqual([...Array(GUEST_LIMITS.commentsPerAddress).fill("OK"), "GUEST_COMMENT_RATE_LIMITED"]);

    const device = token("roam");
    const roaming: string[] = [];
    for (let i = 0; i <= GUEST_LIMITS.commentsPerDevice; i++) {
      // the device's own 10-second interval lies between its comments
      testClock.freeze(new Date(NOW.getTime() + (i + 1) * 11_000));
      const { body } = await httpClient(deps, { ip: nextAddress() }).graphql(COMMENT, { gameId: String(game.id), text: `Moin ${i}`, name: "Roam", deviceToken: device });
      roaming.push(codeOf(body));
    }
    expect(roaming).toEqual([...Array(GUEST_LIMITS.commentsPerDevice).fill("OK"), "GUEST_COMMENT_RATE_LIMITED"]);
  });

  test("signed-in players are not counted as guests", async () => {
    testClock.freeze(NOW);
    const host = await organiser();
    const game = await publicGame(host.user.id);
    for (let i = 0; i <= GUEST_LIMITS.commentsPerAddress; i++) {
      testClock.freeze(new Date(NOW.getTime() + i * 11_000));
      expect(codeOf((await host.client.graphql(COMMENT, { gameId: String(game.id), text: `Ansage ${i}` })).body)).toBe("OK");
    }
  });
});
