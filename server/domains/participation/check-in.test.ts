import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { distanceMeters } from "@shared/rules/check-in";
import type { Deps } from "../../context";
import { games, participations } from "../../db/schema";
import { checkIns } from "../../db/schema/check-ins";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { wrapperCalls } from "../../testing/graphql-wrapper";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/** Check-in at the pitch (issue 29; README.md "Check-in at the pitch"), every boundary on a fake clock. */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const START = new Date("2026-10-01T16:00:00Z");
const END = new Date(START.getTime() + 90 * 60_000);
const at = (minutes: number, ms = 0) => new Date(START.getTime() + minutes * 60_000 + ms);
const DAY = 24 * 60;
const COURT = { latitude: 52.5, longitude: 13.4 };
/** A position `metres` north of the court (1 m of latitude is 1 / 111194.93 degrees on the haversine sphere). */
const north = (metres: number) => ({ latitude: COURT.latitude + metres / 111_194.926_644, longitude: COURT.longitude });
const HERE = { ...north(20), accuracy: 15 };

async function player(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: START, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

/** A 90-minute game at START on a court at COURT, with the organiser and `n` players who joined the day before. */
async function game(n: number, values: Partial<Parameters<typeof createGameRow>[1]> = {}) {
  const host = await player();
  const court = await createCourt(deps, { regionId, ...COURT });
  const row = await createGameRow(deps, { creatorId: host.user.id, regionId, courtId: court.id, startTime: START, durationMinutes: 90, minPlayers: 2, maxPlayers: 20, ...values });
  testClock.freeze(at(-DAY));
  const players = [];
  for (let i = 0; i < n; i++) {
    const p = await player();
    const j = await p.caller.participation.join({ gameId: row.id });
    players.push({ ...p, participationId: j.participation.id });
  }
  const [own] = await deps.db.select().from(participations).where(eq(participations.userId, host.user.id));
  return { host, game: row, players, hostParticipationId: own!.id };
}

describe("a player checks in at the pitch", () => {
  test("from exactly 30 minutes before the start until just before the end; late after the start", async () => {
    const { game: g, players } = await game(6);
    const checkIn = (i: number) => players[i]!.caller.participation.checkIn({ gameId: g.id, ...HERE });

    testClock.freeze(at(-30, -1));
    expect(await errorData(checkIn(0))).toMatchObject({ code: "CHECK_IN_NOT_OPEN", details: { opensAt: at(-30).toISOString() } });
    testClock.freeze(at(-30));
    expect(await checkIn(0)).toEqual({ participationId: players[0]!.participationId, checkedInAt: at(-30), method: "location", late: false });
    testClock.freeze(at(0));
    expect(await checkIn(1)).toMatchObject({ checkedInAt: at(0), late: false }); // at the start exactly: on time
    testClock.freeze(at(0, 1));
    expect(await checkIn(2)).toMatchObject({ checkedInAt: at(0, 1), late: true });
    testClock.freeze(at(90, -1));
    expect(await checkIn(3)).toMatchObject({ checkedInAt: at(90, -1), late: true });
    testClock.freeze(at(90));
    expect(await errorData(checkIn(4))).toMatchObject({ code: "CHECK_IN_CLOSED" });
  });

  test("the radius: 150 m, plus the position's accuracy counted up to 100 m; the refusal says how far", async () => {
    const { game: g, players } = await game(5);
    testClock.freeze(at(-10));
    const checkIn = (i: number, metres: number, accuracy?: number) =>
      players[i]!.caller.participation.checkIn({ gameId: g.id, ...north(metres), accuracy });
    // the edge, 10 cm either side of 150 m
    expect(distanceMeters(north(150.1), COURT)).toBeCloseTo(150.1, 3);
    expect(await errorData(checkIn(0, 150.1))).toEqual({ code: "CHECK_IN_TOO_FAR", details: { distanceMeters: 150, allowedMeters: 150 } });
    expect(await errorData(checkIn(0, 149.9))).toEqual({ code: "OK" });
    // accuracy 30 m: 180 m
    expect(await errorData(checkIn(1, 180.1, 30))).toMatchObject({ code: "CHECK_IN_TOO_FAR", details: { distanceMeters: 180, allowedMeters: 180 } });
    expect(await errorData(checkIn(1, 179.9, 30))).toEqual({ code: "OK" });
    // a vague position (2 km accuracy) counts 100 m at most: 250 m
    expect(await errorData(checkIn(2, 250.1, 2000))).toMatchObject({ code: "CHECK_IN_TOO_FAR", details: { allowedMeters: 250 } });
    expect(await errorData(checkIn(2, 249.9, 2000))).toEqual({ code: "OK" });
    // far away: the distance in whole metres
    expect(await errorData(checkIn(3, 2345))).toMatchObject({ code: "CHECK_IN_TOO_FAR", details: { distanceMeters: 2345 } });
  });

  test("idempotent: checking in again answers the first check-in, even from far away later", async () => {
    const { game: g, players } = await game(1);
    testClock.freeze(at(-5));
    const first = await players[0]!.caller.participation.checkIn({ gameId: g.id, ...HERE });
    testClock.freeze(at(20));
    expect(await players[0]!.caller.participation.checkIn({ gameId: g.id, ...north(5000) })).toEqual(first);
    expect(await players[0]!.caller.participation.checkInStatus({ gameId: g.id })).toEqual(first);
    const rows = await deps.db.select().from(checkIns).where(eq(checkIns.gameId, g.id));
    expect(rows).toHaveLength(1);
    // no position is stored: the row is who, when and how
    expect(Object.keys(rows[0]!).sort()).toEqual(["byUserId", "checkedInAt", "gameId", "method", "participationId"]);
  });

  test("queued, cancelled and removed players, strangers and visitors are refused", async () => {
    const { host, game: g, players } = await game(4);
    await players[0]!.caller.participation.revoke({ gameId: g.id });
    await host.caller.participation.revoke({ gameId: g.id, participationId: players[1]!.participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" });
    const queued = await player();
    await deps.db.insert(participations).values({ gameId: g.id, userId: queued.user.id, queue: true, queuedAt: at(-DAY) });
    const stranger = await player();
    testClock.freeze(at(-10));
    const input = { gameId: g.id, ...HERE };
    expect(await errorData(queued.caller.participation.checkIn(input))).toMatchObject({ code: "CHECK_IN_QUEUED" });
    expect(await errorData(players[0]!.caller.participation.checkIn(input))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await errorData(players[1]!.caller.participation.checkIn(input))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await errorData(stranger.caller.participation.checkIn(input))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await errorData((await callerFor(deps)).caller.participation.checkIn(input))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await queued.caller.participation.checkInStatus({ gameId: g.id })).toEqual({ participationId: null, checkedInAt: null, method: null, late: false });
    // a player checks in only themself: another's participation is the organiser's to tap
    expect(await errorData(players[2]!.caller.participation.setCheckIn({ gameId: g.id, participationId: players[3]!.participationId, checkedIn: true }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    expect(await errorData(players[2]!.caller.participation.checkIns({ gameId: g.id }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    expect((await players[3]!.caller.participation.checkInStatus({ gameId: g.id })).checkedInAt).toBeNull();
  });

  test("a guest checks in with their token, as guests change their place elsewhere; another guest's token is not theirs", async () => {
    const { game: g } = await game(0);
    const other = await game(0);
    const device = await callerFor(deps);
    const guest = await device.caller.participation.join({ gameId: g.id, firstName: "Gast", deviceToken: `fcm-token-${crypto.randomUUID()}` });
    const otherGuest = await (await callerFor(deps)).caller.participation.join({ gameId: other.game.id, firstName: "Gast", deviceToken: `fcm-token-${crypto.randomUUID()}` });
    testClock.freeze(at(-1));
    expect(await errorData(device.caller.participation.checkIn({ gameId: g.id, ...HERE }))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await errorData(device.caller.participation.checkIn({ gameId: g.id, ...HERE, guestToken: otherGuest.guestToken! }))).toMatchObject({ code: "CHECK_IN_NOT_PARTICIPATING" });
    expect(await device.caller.participation.checkIn({ gameId: g.id, ...HERE, guestToken: guest.guestToken! })).toMatchObject({ participationId: guest.participation.id, checkedInAt: at(-1), late: false });
    expect(await device.caller.participation.checkInStatus({ gameId: g.id, guestToken: guest.guestToken! })).toMatchObject({ participationId: guest.participation.id, checkedInAt: at(-1) });
    const [row] = await deps.db.select().from(checkIns).where(eq(checkIns.participationId, guest.participation.id));
    expect(row!.byUserId).toBeNull();
  });

  test("a cancelled game, and a game without a court (the organiser can still check in)", async () => {
    const cancelled = await game(1);
    await deps.db.update(games).set({ cancelledAt: at(-60) }).where(eq(games.id, cancelled.game.id));
    const courtless = await game(1, { courtId: null });
    testClock.freeze(at(-10));
    expect(await errorData(cancelled.players[0]!.caller.participation.checkIn({ gameId: cancelled.game.id, ...HERE }))).toMatchObject({ code: "GAME_CANCELLED" });
    expect(await errorData(cancelled.host.caller.participation.setCheckIn({ gameId: cancelled.game.id, participationId: cancelled.players[0]!.participationId, checkedIn: true }))).toMatchObject({ code: "GAME_CANCELLED" });
    expect(await errorData(courtless.players[0]!.caller.participation.checkIn({ gameId: courtless.game.id, ...HERE }))).toMatchObject({ code: "CHECK_IN_NO_COURT" });
    expect(await courtless.host.caller.participation.setCheckIn({ gameId: courtless.game.id, participationId: courtless.players[0]!.participationId, checkedIn: true })).toMatchObject({ method: "organizer" });
    expect(await errorData((await callerFor(deps)).caller.participation.checkIn({ gameId: 2_000_000_000, ...HERE }))).toMatchObject({ code: "GAME_NOT_FOUND" });
  });

  test("bad positions are refused as validation errors, never a 5xx", async () => {
    const { game: g, players } = await game(1);
    testClock.freeze(at(-10));
    for (const bad of [{ latitude: 91, longitude: 0 }, { latitude: 0, longitude: -180.5 }, { latitude: Number.NaN, longitude: 0 }, { latitude: 0, longitude: Number.POSITIVE_INFINITY }, { ...HERE, accuracy: -1 }]) {
      expect(await errorData(players[0]!.caller.participation.checkIn({ gameId: g.id, ...HERE, ...bad }))).toMatchObject({ code: "VALIDATION" });
    }
  });
});

describe("the organiser's one-tap list", () => {
  test("checks a player in and out from 30 minutes before the start until the rating closes, idempotently", async () => {
    const { host, game: g, players } = await game(2);
    const tap = (checkedIn: boolean, i = 0) => host.caller.participation.setCheckIn({ gameId: g.id, participationId: players[i]!.participationId, checkedIn });
    testClock.freeze(at(-30, -1));
    expect(await errorData(tap(true))).toMatchObject({ code: "CHECK_IN_NOT_OPEN" });
    testClock.freeze(at(-30));
    expect(await tap(true)).toEqual({ participationId: players[0]!.participationId, checkedInAt: at(-30), method: "organizer", late: false });
    testClock.freeze(at(5));
    expect((await tap(true)).checkedInAt).toEqual(at(-30)); // in again: the first time stays
    expect(await tap(false)).toEqual({ participationId: players[0]!.participationId, checkedInAt: null, method: null, late: false });
    expect((await tap(false)).checkedInAt).toBeNull(); // out again: still out
    expect(await tap(true)).toMatchObject({ checkedInAt: at(5), late: true });
    testClock.freeze(at(90 + 7 * DAY, -1));
    expect(await tap(true, 1)).toMatchObject({ checkedInAt: at(90 + 7 * DAY, -1), late: false }); // after the end: "came", not "late"
    testClock.freeze(at(90 + 7 * DAY));
    expect(await errorData(tap(false, 1))).toMatchObject({ code: "CHECK_IN_CLOSED" });
  });

  test("only active participations of that game; an organisation member and an admin may tap, another organiser not", async () => {
    const { host, game: g, players } = await game(3);
    const other = await game(1);
    await players[2]!.caller.participation.revoke({ gameId: g.id });
    const queued = await player();
    const [q] = await deps.db.insert(participations).values({ gameId: g.id, userId: queued.user.id, queue: true, queuedAt: at(-DAY) }).returning();
    testClock.freeze(at(-10));
    const tap = (caller: typeof host.caller, participationId: number) => caller.participation.setCheckIn({ gameId: g.id, participationId, checkedIn: true });
    expect(await errorData(tap(host.caller, q!.id))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    expect(await errorData(tap(host.caller, players[2]!.participationId))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    expect(await errorData(tap(host.caller, other.players[0]!.participationId))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    expect(await errorData(tap(other.host.caller, players[0]!.participationId))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    const admin = await player({ isAdmin: true });
    expect(await tap(admin.caller, players[0]!.participationId)).toMatchObject({ method: "organizer" });
    const [row] = await deps.db.select().from(checkIns).where(eq(checkIns.participationId, players[0]!.participationId));
    expect(row!.byUserId).toBe(admin.user.id);
  });

  test("the list counts players and says what each check-in pre-fills on the rating screen", async () => {
    const { host, game: g, players, hostParticipationId } = await game(4);
    testClock.freeze(at(-2 * 60));
    await players[3]!.caller.participation.update({ participationId: players[3]!.participationId, playerCount: 3 }); // "Ich + 2"
    testClock.freeze(at(-10));
    await players[0]!.caller.participation.checkIn({ gameId: g.id, ...HERE });
    await host.caller.participation.setCheckIn({ gameId: g.id, participationId: hostParticipationId, checkedIn: true });
    testClock.freeze(at(12));
    await players[1]!.caller.participation.checkIn({ gameId: g.id, ...HERE });
    testClock.freeze(at(3 * 60));
    await host.caller.participation.setCheckIn({ gameId: g.id, participationId: players[3]!.participationId, checkedIn: true });
    const list = await host.caller.participation.checkIns({ gameId: g.id });
    expect(list).toMatchObject({ gameId: g.id, checkedInPlayers: 1 + 1 + 1 + 3, players: 1 + 4 + 2 });
    const byId = new Map(list.participations.map((p) => [p.participationId, p]));
    expect(byId.get(hostParticipationId)).toMatchObject({ method: "organizer", late: false, prefill: "CAME" });
    expect(byId.get(players[0]!.participationId)).toMatchObject({ checkedInAt: at(-10), method: "location", late: false, prefill: "CAME" });
    expect(byId.get(players[1]!.participationId)).toMatchObject({ checkedInAt: at(12), late: true, prefill: "CAME_LATE" });
    expect(byId.get(players[2]!.participationId)).toMatchObject({ checkedInAt: null, method: null, late: false, prefill: null });
    // tapped in after the end: the organiser says the player was there, not when
    expect(byId.get(players[3]!.participationId)).toMatchObject({ playerCount: 3, checkedInAt: at(3 * 60), late: false, prefill: "CAME" });
    // an explicit rating is the organiser's and stands: check-ins never rate by themselves
    await host.caller.participation.sendFeedback({ gameId: g.id, feedback: [{ participationId: players[1]!.participationId, reliabilityFeedback: "CAME" }] });
    const [rated] = await deps.db.select().from(participations).where(eq(participations.id, players[1]!.participationId));
    expect(rated!.organizerReliabilityFeedback).toBe("CAME");
    const [unrated] = await deps.db.select().from(participations).where(eq(participations.id, players[0]!.participationId));
    expect(unrated!.organizerReliabilityFeedback).toBeNull();
  });
});

describe("through the wrapper's GraphQL", () => {
  test("checkInAtGame, myGameCheckIn, gameCheckIns and setGameCheckIn, with the refusal's distance", async () => {
    testClock.freeze(at(-DAY));
    const { user: host, client: hostClient } = await signedIn();
    const { user: p, client } = await signedIn();
    const court = await createCourt(deps, { regionId, ...COURT });
    const g = await createGameRow(deps, { creatorId: host.id, regionId, courtId: court.id, startTime: START, durationMinutes: 90, minPlayers: 2 });
    const [row] = await deps.db.insert(participations).values({ gameId: g.id, userId: p.id, playerCount: 1 }).returning();
    testClock.freeze(at(-15));
    const CHECK_IN = `mutation($gameId: ID!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
      checkInAtGame(gameId: $gameId, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { participationId checkedInAt method late } }`;
    expect(await failure(client, CHECK_IN, { gameId: String(g.id), ...north(400), accuracy: null })).toMatchObject({ code: "CHECK_IN_TOO_FAR", details: { distanceMeters: 400, allowedMeters: 150 } });
    const done = await ok(client, CHECK_IN, { gameId: String(g.id), ...north(40), accuracy: 12 });
    expect(done.checkInAtGame).toEqual({ participationId: String(row!.id), checkedInAt: at(-15).toISOString(), method: "location", late: false });
    const own = await ok(client, `query($gameId: ID!) { myGameCheckIn(gameId: $gameId) { participationId checkedInAt } }`, { gameId: String(g.id) });
    expect(own.myGameCheckIn).toEqual({ participationId: String(row!.id), checkedInAt: at(-15).toISOString() });
    const LIST = `query($gameId: ID!) { gameCheckIns(gameId: $gameId) { checkedInPlayers players participations { participationId prefill } } }`;
    expect(await failure(client, LIST, { gameId: String(g.id) })).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    expect((await ok(hostClient, LIST, { gameId: String(g.id) })).gameCheckIns).toMatchObject({ checkedInPlayers: 1, players: 2 });
    const SET = `mutation($gameId: ID!, $participationId: ID!, $checkedIn: Boolean!) { setGameCheckIn(gameId: $gameId, participationId: $participationId, checkedIn: $checkedIn) { checkedInAt method } }`;
    expect((await ok(hostClient, SET, { gameId: String(g.id), participationId: String(row!.id), checkedIn: false })).setGameCheckIn).toEqual({ checkedInAt: null, method: null });
  });
});
