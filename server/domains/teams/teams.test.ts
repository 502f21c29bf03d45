import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TGameTeams } from "@shared/schemas/teams";
import type { Deps } from "../../context";
import { games, participations, skillRatings } from "../../db/schema";
import { createSession } from "../auth/sessions";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser } from "../../testing/factories";
import { wrapperCalls } from "../../testing/graphql-wrapper";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/** Balanced teams at kick-off (issue 29; README.md here): windows on a fake clock, who may, versions, friends, guests, sizes. */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const START = new Date("2026-10-01T16:00:00Z");
const at = (minutes: number, ms = 0) => new Date(START.getTime() + minutes * 60_000 + ms);
const DAY = 24 * 60;

async function person(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: at(-30 * DAY), ...values });
  const { caller } = await callerFor(deps, { token: (await createSession(deps, user.id, "teams-test")).token });
  return { user, caller };
}

type Extra = { playerCount?: number; bringsBibs?: boolean; queue?: boolean; guest?: string };

/** A 90-minute game at `start` with the organiser and players (each a fresh account unless a guest). */
async function game(players: Extra[], start = START) {
  testClock.freeze(at(-DAY));
  const host = await person({ firstName: "Orga" });
  const row = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: start, durationMinutes: 90, minPlayers: 2, maxPlayers: 40 });
  const joined = [];
  let n = 0;
  for (const p of players) {
    n++;
    if (p.guest) {
      const [part] = await deps.db.insert(participations).values({ gameId: row.id, firstName: p.guest, playerCount: p.playerCount ?? 1 }).returning();
      joined.push({ participationId: part!.id, user: null, caller: null });
      continue;
    }
    const who = await person({ firstName: `Spieler${n}` });
    const [part] = await deps.db
      .insert(participations)
      .values({ gameId: row.id, userId: who.user.id, playerCount: p.playerCount ?? 1, bringsBibs: p.bringsBibs ?? false, queue: p.queue ?? false })
      .returning();
    joined.push({ participationId: part!.id, ...who });
  }
  return { host, game: row, players: joined };
}

const sizes = (t: TGameTeams) => t.lineUp!.sides.map((s) => s.players.length);
const sideOf = (t: TGameTeams, slot: string) => t.lineUp!.sides.findIndex((s) => s.players.some((p) => p.slot === slot));

describe("the window: from 30 minutes before the start until the end", () => {
  test("build at start - 30 min exactly, not a millisecond before; reshuffle until just before the end", async () => {
    const { host, game: g } = await game([{}, {}, {}]);
    testClock.freeze(at(-30, -1));
    expect(await errorData(host.caller.teams.build({ gameId: g.id, teams: 2, version: 0 }))).toMatchObject({
      code: "TEAMS_NOT_OPEN",
      details: { opensAt: at(-30).toISOString() },
    });
    expect((await host.caller.teams.get({ gameId: g.id })).window).toBe("notYet");
    testClock.freeze(at(-30));
    const built = await host.caller.teams.build({ gameId: g.id, teams: 2, version: 0 });
    expect(built).toMatchObject({ version: 1, window: "open", players: 4 });
    expect(sizes(built)).toEqual([2, 2]);
    testClock.freeze(at(90, -1));
    const reshuffled = await host.caller.teams.reshuffle({ gameId: g.id, version: 1 });
    expect(reshuffled.version).toBe(2);
    expect(reshuffled.lineUp!.seed).not.toBe(built.lineUp!.seed);
    testClock.freeze(at(90));
    expect(await errorData(host.caller.teams.reshuffle({ gameId: g.id, version: 2 }))).toMatchObject({ code: "TEAMS_CLOSED" });
    expect((await host.caller.teams.get({ gameId: g.id })).lineUp).not.toBeNull(); // still shown after the end
  });

  test("a cancelled game has no teams to build; too few players for the sides is refused with the number needed", async () => {
    const { host, game: g } = await game([{}, {}]);
    testClock.freeze(at(-10));
    expect(await errorData(host.caller.teams.build({ gameId: g.id, teams: 2, version: 0 }))).toMatchObject({ code: "TEAMS_TOO_FEW_PLAYERS", details: { needed: 4 } });
    expect(await errorData(host.caller.teams.reshuffle({ gameId: g.id, version: 0 }))).toMatchObject({ code: "TEAMS_NOT_BUILT" });
    const other = await game([{}, {}, {}]);
    testClock.freeze(at(-10));
    await deps.db.update(games).set({ cancelledAt: at(-20) }).where(eq(games.id, other.game.id));
    expect(await errorData(other.host.caller.teams.build({ gameId: other.game.id, teams: 2, version: 0 }))).toMatchObject({ code: "GAME_CANCELLED" });
  });
});

describe("who may build", () => {
  test("the organiser; a player only once the organiser allows it; never a stranger or someone on the waiting list", async () => {
    const { host, game: g, players } = await game([{}, {}, {}, { queue: true }]);
    const stranger = await person();
    testClock.freeze(at(-5));
    const player = players[0]!.caller!;
    const waiting = players[3]!.caller!;
    expect(await errorData(player.teams.build({ gameId: g.id, teams: 2, version: 0 }))).toMatchObject({ code: "TEAMS_FORBIDDEN" });
    expect(await errorData(player.teams.allowPlayers({ gameId: g.id, allowed: true, version: 0 }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    expect((await player.teams.get({ gameId: g.id })).canBuild).toBe(false);
    const allowed = await host.caller.teams.allowPlayers({ gameId: g.id, allowed: true, version: 0 });
    expect(allowed).toMatchObject({ playersMayBuild: true, version: 1, lineUp: null });
    expect((await player.teams.get({ gameId: g.id })).canBuild).toBe(true);
    const built = await player.teams.build({ gameId: g.id, teams: 2, version: 1 });
    expect(built.players).toBe(4); // the waiting player is not in the teams
    expect(await errorData(waiting.teams.reshuffle({ gameId: g.id, version: 2 }))).toMatchObject({ code: "TEAMS_FORBIDDEN" });
    expect(await errorData(stranger.caller.teams.reshuffle({ gameId: g.id, version: 2 }))).toMatchObject({ code: "TEAMS_FORBIDDEN" });
    // everybody who sees the game sees the teams, visitors too, but only the managers get the rating list
    const { caller: visitor } = await callerFor(deps);
    const seen = await visitor.teams.get({ gameId: g.id });
    expect(seen.lineUp!.sides.flatMap((s) => s.players).length).toBe(4);
    expect(seen).toMatchObject({ canBuild: false, canManage: false, ratable: [] });
    expect(await errorData(visitor.teams.build({ gameId: g.id, teams: 2, version: 2 }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("a private game's teams are hidden from strangers as the game is", async () => {
    testClock.freeze(at(-DAY));
    const host = await person();
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: START, durationMinutes: 90, gameType: "PRIVATE" });
    const stranger = await person();
    expect(await errorData(stranger.caller.teams.get({ gameId: g.id }))).toMatchObject({ code: "GAME_NOT_FOUND" });
    expect(await errorData(stranger.caller.teams.build({ gameId: g.id, teams: 2, version: 0 }))).toMatchObject({ code: "GAME_NOT_FOUND" });
    expect((await stranger.caller.teams.get({ gameId: g.id, shareKey: g.shareKey })).gameId).toBe(g.id);
  });
});

describe("two phones: every write names the version it saw", () => {
  test("the second build against the same version is TEAMS_CHANGED and changes nothing", async () => {
    const { host, game: g } = await game([{}, {}, {}, {}, {}]);
    const admin = await person({ isAdmin: true });
    testClock.freeze(at(-10));
    const first = await host.caller.teams.build({ gameId: g.id, teams: 2, version: 0, seed: 1 });
    expect(await errorData(admin.caller.teams.build({ gameId: g.id, teams: 3, version: 0 }))).toMatchObject({ code: "TEAMS_CHANGED" });
    const now = await host.caller.teams.get({ gameId: g.id });
    expect(now.version).toBe(1);
    expect(now.lineUp).toEqual(first.lineUp);
    const slot = first.lineUp!.sides[0]!.players[0]!.slot;
    expect(await errorData(admin.caller.teams.move({ gameId: g.id, slot, side: 1, version: 0 }))).toMatchObject({ code: "TEAMS_CHANGED" });
    expect((await admin.caller.teams.move({ gameId: g.id, slot, side: 1, version: 1 })).version).toBe(2);
  });
});

describe("the line-up", () => {
  test("friends of 'Ich + n' stay on one side, guests play, sizes within one, the same seed gives the same line-up", async () => {
    const { host, game: g, players } = await game([{ playerCount: 3 }, {}, {}, { guest: "Gast" }, {}, {}]);
    testClock.freeze(at(-10));
    const built = await host.caller.teams.build({ gameId: g.id, teams: 2, seed: 7, version: 0 });
    expect(built.players).toBe(9); // the organiser, 3 of the group, 4 singles, the guest
    expect(sizes(built).sort()).toEqual([4, 5]);
    const group = players[0]!.participationId;
    const groupSides = [String(group), `${group}+1`, `${group}+2`].map((slot) => sideOf(built, slot));
    expect(new Set(groupSides).size).toBe(1);
    const friend = built.lineUp!.sides.flatMap((s) => s.players).find((p) => p.slot === `${group}+1`)!;
    expect(friend).toMatchObject({ userId: null, friendNumber: 1, name: players[0]!.user!.firstName, kept: false });
    const guest = built.lineUp!.sides.flatMap((s) => s.players).find((p) => p.participationId === players[3]!.participationId)!;
    expect(guest).toMatchObject({ userId: null, name: "Gast", friendNumber: null });
    // everybody unrated: all the prior, so the strengths differ by at most one player's share
    expect(Math.min(...built.lineUp!.sides.map((s) => s.strengthShare))).toBe(80);
    const again = await host.caller.teams.build({ gameId: g.id, teams: 2, seed: 7, version: 1 });
    expect(again.lineUp!.sides).toEqual(built.lineUp!.sides);
    const four = await host.caller.teams.build({ gameId: g.id, teams: 4, version: 2 });
    expect(sizes(four).sort()).toEqual([2, 2, 2, 3]);
  });

  test("bibs: side 0 plays in its own shirts, the others wear orange, yellow, blue; nobody brings them, no colours", async () => {
    const { host, game: g, players } = await game([{}, {}, { bringsBibs: true }, {}, {}]);
    testClock.freeze(at(-10));
    const built = await host.caller.teams.build({ gameId: g.id, teams: 3, version: 0 });
    expect(built.lineUp!.sides.map((s) => s.bib)).toEqual([null, "orange", "yellow"]);
    expect(built.lineUp!.sides.flatMap((s) => s.players).find((p) => p.participationId === players[2]!.participationId)!.bringsBibs).toBe(true);
    const plain = await game([{}, {}, {}]);
    testClock.freeze(at(-10));
    expect((await plain.host.caller.teams.build({ gameId: plain.game.id, teams: 2, version: 0 })).lineUp!.sides.map((s) => s.bib)).toEqual([null, null]);
  });

  test("a moved player is kept on the new side through reshuffles, the sizes stay within one; a player not in the teams is refused", async () => {
    const { host, game: g, players } = await game([{}, {}, {}, {}, {}, {}, {}]);
    testClock.freeze(at(-10));
    const built = await host.caller.teams.build({ gameId: g.id, teams: 2, seed: 3, version: 0 });
    const slot = String(players[0]!.participationId);
    const target = 1 - sideOf(built, slot);
    const moved = await host.caller.teams.move({ gameId: g.id, slot, side: target, version: 1 });
    expect(sideOf(moved, slot)).toBe(target);
    expect(sizes(moved)).toEqual([4, 4]);
    expect(moved.lineUp!.sides[target]!.players.find((p) => p.slot === slot)!.kept).toBe(true);
    let version = moved.version;
    for (let i = 0; i < 4; i++) {
      const r = await host.caller.teams.reshuffle({ gameId: g.id, version });
      version = r.version;
      expect(sideOf(r, slot)).toBe(target);
      expect(sizes(r)).toEqual([4, 4]);
    }
    expect(await errorData(host.caller.teams.move({ gameId: g.id, slot: "999999", side: 0, version }))).toMatchObject({ code: "TEAMS_PLAYER_NOT_FOUND" });
    expect(await errorData(host.caller.teams.move({ gameId: g.id, slot, side: 2, version }))).toMatchObject({ code: "VALIDATION" });
    // five kept on one side of eight players cannot be completed to 4 + 4
    const others = moved.lineUp!.sides.flatMap((s) => s.players).map((p) => p.slot).filter((s) => s !== slot);
    for (const other of others.slice(0, 3)) version = (await host.caller.teams.move({ gameId: g.id, slot: other, side: target, version })).version;
    expect(await errorData(host.caller.teams.move({ gameId: g.id, slot: others[3]!, side: target, version }))).toMatchObject({ code: "TEAMS_SIDE_FULL" });
  });

  test("players who join after the draw make the line-up outdated; a reshuffle takes them in", async () => {
    const { host, game: g } = await game([{}, {}, {}]);
    testClock.freeze(at(-10));
    const built = await host.caller.teams.build({ gameId: g.id, teams: 2, version: 0 });
    expect(built.lineUp!.outdated).toBe(false);
    const late = await createUser(deps);
    await deps.db.insert(participations).values({ gameId: g.id, userId: late.id, playerCount: 2 });
    const seen = await host.caller.teams.get({ gameId: g.id });
    expect(seen.lineUp!.outdated).toBe(true);
    expect(seen.players).toBe(6);
    const r = await host.caller.teams.reshuffle({ gameId: g.id, version: seen.version });
    expect(r.lineUp!).toMatchObject({ outdated: false });
    expect(sizes(r)).toEqual([3, 3]);
  });
});

describe("who is drawn: the checked-in players once they fill the sides", () => {
  test("before enough check-ins every active player; then only the checked-in ones, friends with their place; a late check-in makes the line-up outdated", async () => {
    const { host, game: g, players } = await game([{ playerCount: 2 }, {}, {}, {}, {}, { guest: "Gast" }]);
    testClock.freeze(at(-20));
    const checkIn = (i: number) => host.caller.participation.setCheckIn({ gameId: g.id, participationId: players[i]!.participationId, checkedIn: true });
    // nobody checked in: all 8 players (the organiser plays too)
    expect(await host.caller.teams.get({ gameId: g.id })).toMatchObject({ players: 8, checkedIn: 0, fromCheckedIn: false });
    // 3 checked in (a place with a friend and one more): fewer than 2 sides x 2, so still everyone
    await checkIn(0);
    await checkIn(1);
    expect(await host.caller.teams.get({ gameId: g.id })).toMatchObject({ players: 8, checkedIn: 3, fromCheckedIn: false });
    const all = await host.caller.teams.build({ gameId: g.id, teams: 2, version: 0 });
    expect(sizes(all).reduce((a, b) => a + b)).toBe(8);
    // the guest checks in too (the organiser's tap): 4 present fill two sides of 2, the line-up of 8 is outdated now
    await checkIn(5);
    const seen = await host.caller.teams.get({ gameId: g.id });
    expect(seen).toMatchObject({ players: 8, checkedIn: 4, fromCheckedIn: true });
    expect(seen.lineUp!.outdated).toBe(true);
    const present = await host.caller.teams.reshuffle({ gameId: g.id, version: 1 });
    const slots = present.lineUp!.sides.flatMap((s) => s.players.map((p) => p.slot)).sort();
    const [p0, p1, , , , guest] = players.map((p) => String(p.participationId));
    expect(slots).toEqual([p0!, `${p0}+1`, p1!, guest!].sort());
    expect(present.lineUp!.outdated).toBe(false);
    // friends stay together among the present too
    expect(sideOf(present, p0!)).toBe(sideOf(present, `${p0}+1`));
    // three sides need 6: the checked-in 4 are not enough, so a build of 3 takes everyone
    const three = await host.caller.teams.build({ gameId: g.id, teams: 3, version: 2 });
    expect(three).toMatchObject({ fromCheckedIn: false, checkedIn: 4 });
    expect(sizes(three).reduce((a, b) => a + b)).toBe(8);
    // a player not drawn (not checked in) cannot be moved into a line-up of the present
    const back = await host.caller.teams.build({ gameId: g.id, teams: 2, version: 3 });
    expect(back.fromCheckedIn).toBe(true);
    expect(await errorData(host.caller.teams.move({ gameId: g.id, slot: String(players[2]!.participationId), side: 0, version: 4 }))).toMatchObject({ code: "TEAMS_PLAYER_NOT_FOUND" });
    // checking a player out again: back below the minimum, every active player is drawn again
    await host.caller.participation.setCheckIn({ gameId: g.id, participationId: players[5]!.participationId, checkedIn: false });
    expect(await host.caller.teams.get({ gameId: g.id })).toMatchObject({ checkedIn: 3, fromCheckedIn: false });
  });
});

describe("skill ratings", () => {
  test("the organiser rates from the start until the attendance rating closes; one rating per player and game, updatable", async () => {
    const { host, game: g, players } = await game([{}, {}, { queue: true }]);
    const rated = players[0]!.user!;
    testClock.freeze(at(0, -1));
    expect(await errorData(host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 70 }))).toMatchObject({ code: "SKILL_RATING_NOT_OPEN" });
    testClock.freeze(at(0));
    const after = await host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 70 });
    expect(after.ratable.find((p) => p.userId === rated.id)!.myRating).toBe(70);
    expect(after.ratingOpen).toBe(true);
    await host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 90 });
    const rows = await deps.db.select().from(skillRatings).where(eq(skillRatings.ratedUserId, rated.id));
    expect(rows.map((r) => r.rating)).toEqual([90]);
    expect(await errorData(host.caller.teams.rateSkill({ gameId: g.id, userId: host.user.id, rating: 50 }))).toMatchObject({ code: "SKILL_RATING_OWN" });
    expect(await errorData(host.caller.teams.rateSkill({ gameId: g.id, userId: players[2]!.user!.id, rating: 50 }))).toMatchObject({ code: "SKILL_RATING_NOT_PLAYER" });
    expect(await errorData(players[1]!.caller!.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 10 }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    expect(await errorData(host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 95 }))).toMatchObject({ code: "VALIDATION" });
    // the rated player never sees a rating
    const own = await players[0]!.caller!.teams.get({ gameId: g.id });
    expect(own).toMatchObject({ ratable: [], ratingOpen: false, canManage: false });
    testClock.freeze(at(90 + 7 * DAY, -1));
    await host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 50 });
    testClock.freeze(at(90 + 7 * DAY));
    expect(await errorData(host.caller.teams.rateSkill({ gameId: g.id, userId: rated.id, rating: 50 }))).toMatchObject({ code: "RATING_CLOSED" });
  });

  test("ratings steer the balance: the two strongest and the two weakest are split", async () => {
    // a past game where the organiser rated four players, then a game of theirs
    const { host, game: past, players } = await game([{}, {}, {}, {}], at(-14 * DAY));
    testClock.freeze(at(-14 * DAY + 100));
    const [a, b, c, d] = players.map((p) => p.user!);
    for (const [u, rating] of [[a, 90], [b, 90], [c, 10], [d, 10]] as const) await host.caller.teams.rateSkill({ gameId: past.id, userId: u!.id, rating });
    testClock.freeze(at(-DAY));
    const g = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: START, durationMinutes: 60 }, 0);
    const parts = [];
    for (const u of [a, b, c, d]) parts.push((await deps.db.insert(participations).values({ gameId: g.id, userId: u!.id }).returning())[0]!.id);
    testClock.freeze(at(-10));
    for (let seed = 0; seed < 5; seed++) {
      const built = await host.caller.teams.build({ gameId: g.id, teams: 2, seed, version: seed });
      expect(sideOf(built, String(parts[0]))).not.toBe(sideOf(built, String(parts[1])));
      expect(sideOf(built, String(parts[2]))).not.toBe(sideOf(built, String(parts[3])));
      expect(built.lineUp!.sides.map((s) => s.strengthShare)).toEqual([100, 100]);
    }
  });
});

describe("the wrapper's operations", () => {
  test("gameTeams and buildGameTeams answer as teams.get and teams.build", async () => {
    testClock.freeze(at(-DAY));
    const { user, client } = await signedIn();
    const g = await createGameRow(deps, { creatorId: user.id, regionId, startTime: START, durationMinutes: 90 });
    for (let i = 0; i < 3; i++) await deps.db.insert(participations).values({ gameId: g.id, userId: (await createUser(deps)).id });
    testClock.freeze(at(-31));
    expect(await failure(client, `mutation($id: ID!) { buildGameTeams(gameId: $id, teams: 2, version: 0) { version } }`, { id: String(g.id) })).toMatchObject({ code: "TEAMS_NOT_OPEN" });
    testClock.freeze(at(-29));
    const built = await ok(client, `mutation($id: ID!) { buildGameTeams(gameId: $id, teams: 2, version: 0) { version lineUp { sides { bib strengthShare players { slot name kept } } } } }`, { id: String(g.id) });
    expect(built.buildGameTeams.version).toBe(1);
    expect(built.buildGameTeams.lineUp.sides.map((s: { players: unknown[] }) => s.players.length)).toEqual([2, 2]);
    const read = await ok(client, `query($id: ID!) { gameTeams(gameId: $id) { version canBuild window } }`, { id: String(g.id) });
    expect(read.gameTeams).toEqual({ version: 1, canBuild: true, window: "open" });
  });
});
