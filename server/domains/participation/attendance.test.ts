import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { games, participations, users } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const START = new Date("2026-10-01T16:00:00Z");
const after = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

async function player(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: START, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}


/** A game at START with the organiser and `n` players who joined the day before. */
async function playedGame(n: number, values: Partial<Parameters<typeof createGameRow>[1]> = {}) {
  const host = await player();
  const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: START, minPlayers: 2, ...values });
  testClock.freeze(after(-24 * 60));
  const players = [];
  for (let i = 0; i < n; i++) {
    const p = await player();
    const j = await p.caller.participation.join({ gameId: game.id });
    players.push({ ...p, participationId: j.participation.id });
  }
  return { host, game, players };
}

describe("attendance and ratings", () => {
  test("the window opens 1 h after the start and closes 7 days after the end; admins any time", async () => {
    const { host, game, players } = await playedGame(2);
    const feedback = [{ participationId: players[0]!.participationId, reliabilityFeedback: "CAME" as const }];
    testClock.freeze(after(60 - 1 / 60_000));
    expect(await errorData(host.caller.participation.sendFeedback({ gameId: game.id, feedback }))).toMatchObject({ code: "RATING_NOT_OPEN" });
    testClock.freeze(after(60));
    expect(await errorData(host.caller.participation.sendFeedback({ gameId: game.id, feedback }))).toMatchObject({ code: "OK" });
    testClock.freeze(after(60 + 7 * 24 * 60));
    expect(await errorData(host.caller.participation.sendFeedback({ gameId: game.id, feedback }))).toMatchObject({ code: "RATING_CLOSED" });
    const admin = await player({ isAdmin: true });
    expect(await errorData(admin.caller.participation.sendFeedback({ gameId: game.id, feedback }))).toMatchObject({ code: "OK" });
    expect(await errorData(players[1]!.caller.participation.sendFeedback({ gameId: game.id, feedback }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
  });

  test("needs two active players and a game that took place", async () => {
    const lonely = await playedGame(0, { minPlayers: 1 });
    testClock.freeze(after(120));
    const own = (await deps.db.select().from(participations).where(eq(participations.gameId, lonely.game.id)))[0]!;
    expect(await errorData(lonely.host.caller.participation.sendFeedback({ gameId: lonely.game.id, feedback: [{ participationId: own.id, reliabilityFeedback: "CAME" }] }))).toMatchObject({ code: "TOO_FEW_PLAYERS_TO_RATE" });
    // two active participations, not two players: an organiser alone with "+1" has nobody to rate
    const plusOne = await playedGame(0, { minPlayers: 2 });
    await deps.db.update(participations).set({ playerCount: 2 }).where(eq(participations.gameId, plusOne.game.id));
    testClock.freeze(after(120));
    const ownPlusOne = (await deps.db.select().from(participations).where(eq(participations.gameId, plusOne.game.id)))[0]!;
    expect(await errorData(plusOne.host.caller.participation.sendFeedback({ gameId: plusOne.game.id, feedback: [{ participationId: ownPlusOne.id, reliabilityFeedback: "CAME" }] }))).toMatchObject({ code: "TOO_FEW_PLAYERS_TO_RATE" });
    const cancelled = await playedGame(2);
    await deps.db.update(games).set({ cancelledAt: START }).where(eq(games.id, cancelled.game.id));
    testClock.freeze(after(120));
    expect(await errorData(
        cancelled.host.caller.participation.sendFeedback({
          gameId: cancelled.game.id,
          feedback: [{ participationId: cancelled.players[0]!.participationId, reliabilityFeedback: "CAME" }],
        }),
      )).toMatchObject({ code: "GAME_CANCELLED" });
  });

  test("the organiser does not rate his own attendance: his entry is skipped, the others are rated", async () => {
    const { host, game, players } = await playedGame(1);
    testClock.freeze(after(120));
    const own = (await deps.db.select().from(participations).where(eq(participations.userId, host.user.id)))[0]!;
    const before = (await deps.db.select().from(users).where(eq(users.id, host.user.id)))[0]!;
    // the attendance list sends every active participation, the organiser's included
    await host.caller.participation.sendFeedback({
      gameId: game.id,
      feedback: [
        { participationId: own.id, reliabilityFeedback: "DID_NOT_COME" },
        { participationId: players[0]!.participationId, reliabilityFeedback: "CAME_LATE" },
      ],
    });
    const feedbackOf = async (id: number) => (await deps.db.select().from(participations).where(eq(participations.id, id)))[0]!.organizerReliabilityFeedback;
    expect([await feedbackOf(own.id), await feedbackOf(players[0]!.participationId)]).toEqual([null, "CAME_LATE"]);
    expect((await deps.db.select().from(users).where(eq(users.id, host.user.id)))[0]!.reliabilityRating).toBe(before.reliabilityRating);
    expect((await deps.db.select().from(games).where(eq(games.id, game.id)))[0]!.receivedOrganizerReliabilityFeedback).toBe(true);
    // an admin who rates does not rate the organiser either
    const admin = await player({ isAdmin: true });
    await admin.caller.participation.sendFeedback({ gameId: game.id, feedback: [{ participationId: own.id, reliabilityFeedback: "DID_NOT_COME" }] });
    expect(await feedbackOf(own.id)).toBeNull();
  });

  test("ratings stay unknown until three rated games, then follow the history", async () => {
    const regular = await player();
    const ratingsOf = async () => (await deps.db.select().from(users).where(eq(users.id, regular.user.id)))[0]!;
    const outcomes = ["CAME", "CAME_LATE", "DID_NOT_COME"] as const;
    for (const [i, outcome] of outcomes.entries()) {
      const host = await player();
      const start = new Date(START.getTime() + i * 7 * 86400_000);
      const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: start, minPlayers: 2 });
      testClock.freeze(new Date(start.getTime() - 86400_000));
      const j = await regular.caller.participation.join({ gameId: game.id });
      testClock.freeze(new Date(start.getTime() + 2 * 3600_000));
      await host.caller.participation.sendFeedback({ gameId: game.id, feedback: [{ participationId: j.participation.id, reliabilityFeedback: outcome }] });
      const r = await ratingsOf();
      if (i < 2) expect(r.reliabilityRating).toBeNull();
    }
    // reliability: came 1, late 1, no-show 0 -> 67; punctuality over attended games: 1 of 2 on time -> 50
    expect(await ratingsOf()).toMatchObject({ reliabilityRating: 67, punctualityRating: null });
  });
});

describe("reports", () => {
  test("a participant reports once after the start; the organiser, outsiders and early birds cannot", async () => {
    const { host, game, players } = await playedGame(2);
    const report = { gameId: game.id, reason: "COURT_NOT_AVAILABLE" as const, additionalInformation: "Der Platz war abgeschlossen, niemand hatte einen Schlüssel." };
    testClock.freeze(after(-1));
    expect(await errorData(players[0]!.caller.participation.report(report))).toMatchObject({ code: "GAME_NOT_PAST" });
    testClock.freeze(after(30));
    expect(await errorData(host.caller.participation.report(report))).toMatchObject({ code: "OWN_GAME" });
    expect(await errorData((await player()).caller.participation.report(report))).toMatchObject({ code: "NO_PARTICIPATION" });
    expect(await errorData(players[0]!.caller.participation.report({ ...report, additionalInformation: "zu kurz" }))).toEqual({ code: "VALIDATION", fields: [{ path: "additionalInformation", code: "report_too_short" }] });
    expect(await errorData(players[0]!.caller.participation.report(report))).toMatchObject({ code: "OK" });
    expect(await errorData(players[0]!.caller.participation.report(report))).toMatchObject({ code: "ALREADY_REPORTED" });
    expect(await errorData((await callerFor(deps)).caller.participation.report(report))).toMatchObject({ code: "UNAUTHENTICATED" });
    const page = await players[0]!.caller.games.byId({ gameId: game.id });
    expect(page.viewer.participation?.hasReported).toBe(true);
  });
});

describe("guest profile", () => {
  test("first name, member since, ratings and attended games five at a time", async () => {
    const host = await player();
    const start = new Date("2026-10-11T16:00:00Z");
    testClock.freeze(new Date("2026-10-10T08:00:00Z"));
    const first = await (await callerFor(deps)).caller.participation.join({
      gameId: (await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: start })).id,
      firstName: "Ida",
      deviceToken: "ida",
    });
    const profileNow = () => callerFor(deps).then(({ caller }) => caller.participation.guestProfile({ id: first.participation.guestProfile!.id }));
    // attended games are games that have started: the upcoming one is not listed yet
    expect((await profileNow()).attendedGames).toEqual({ objects: [], hasNext: false });
    testClock.freeze(start);
    const profile = await profileNow();
    expect(profile).toMatchObject({ firstName: "Ida", reliabilityRating: null, attendedGames: { hasNext: false } });
    expect(profile.attendedGames.objects).toHaveLength(1);
    await expect((await callerFor(deps)).caller.participation.guestProfile({ id: 99999999 })).rejects.toMatchObject({ cause: { code: "GUEST_NOT_FOUND" } });
  });
});

describe("the organiser adds players", () => {
  test("to their own participation, within the maximum", async () => {
    const host = await player();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: after(24 * 60), maxPlayers: 5 }, 0);
    testClock.freeze(START);
    expect((await host.caller.participation.addOwn({ gameId: game.id, playerCount: 4 })).playerCount).toBe(4);
    expect(await errorData(host.caller.participation.addOwn({ gameId: game.id, playerCount: 6 }))).toMatchObject({ code: "NOT_ENOUGH_PLACES" });
    expect((await host.caller.participation.addOwn({ gameId: game.id, playerCount: 5 })).playerCount).toBe(5);
    expect(await errorData((await player()).caller.participation.addOwn({ gameId: game.id, playerCount: 1 }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
  });
});
