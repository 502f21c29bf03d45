import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { TPlanMatch, TPlanPage } from "@shared/schemas/tournament-plans";
import type { Deps } from "../../context";
import { tournamentParticipations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { wrapperCalls } from "../../testing/graphql-wrapper";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../../testing/tournament-fixtures";
import { FORFEIT_GOALS, planChannel } from "./plan-results";

/** A tournament's own plan (issue 29): generating, reading, results, the knock-out filling, referees, live events. */

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Spielplan e.V.", (world) => ({ deps, region, organizationId } = world));

const NOW = new Date("2026-06-01T08:00:00Z");
const DAY = 86_400_000;
const START = new Date(NOW.getTime() + 10 * DAY);

async function tournament(o: { teams?: number; publish?: boolean; planUrl?: string; maxTeams?: number; hours?: number } = {}) {
  testClock.freeze(NOW);
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  const t = await org.caller.tournaments.create({
    name: `Plan-Cup ${crypto.randomUUID().slice(0, 6)}`,
    startTime: START,
    endTime: new Date(START.getTime() + (o.hours ?? 10) * 3_600_000),
    maxTeams: o.maxTeams ?? 64,
    locationName: "Sportpark",
    regionId: region.id,
    ...(o.planUrl ? { planUrl: o.planUrl } : {}),
  });
  if (o.publish !== false) await org.caller.tournaments.publish({ tournamentId: t.id });
  const teams: number[] = [];
  for (let i = 0; i < (o.teams ?? 0); i++) teams.push(await team(t.id));
  return { org, t, teams };
}

let teamNo = 0;
async function team(tournamentId: number, extra: Partial<typeof tournamentParticipations.$inferInsert> = {}) {
  const n = ++teamNo;
  const [row] = await deps.db
    .insert(tournamentParticipations)
    .values({
      tournamentId,
      teamName: `Team ${n}`,
      firstName: "Ana",
      lastName: "Test",
      email: `plan${n}-${crypto.randomUUID().slice(0, 6)}@example.org`,
      phoneNumber: "+4915123456789",
      createdAt: new Date(NOW.getTime() - DAY + n * 1000),
      ...extra,
    })
    .returning();
  return row!.id;
}

const input = (tournamentId: number, o: Partial<{ format: "groups" | "league"; groupCount: number; pitches: number; matchMinutes: number; breakMinutes: number; startsAt: Date }> = {}) => ({
  tournamentId,
  format: "groups" as const,
  groupCount: 2,
  matchMinutes: 12,
  breakMinutes: 3,
  pitches: 2,
  startsAt: START,
  ...o,
});

/** The stored plan's invariants (the pure generator has its own properties in shared/matchday/fixtures.test.ts). */
function checkPlan(page: TPlanPage) {
  const plan = page.plan!;
  const bySlot = new Map<number, TPlanMatch[]>();
  for (const m of plan.matches) bySlot.set(m.startsAt.getTime(), [...(bySlot.get(m.startsAt.getTime()) ?? []), m]);
  for (const ms of bySlot.values()) {
    const pitches = ms.map((m) => m.pitch);
    expect(new Set(pitches).size).toBe(pitches.length); // no pitch double-booked
    expect(pitches.every((p) => p >= 1 && p <= plan.pitches)).toBe(true);
    const teams = ms.flatMap((m) => [m.home.teamId, m.away.teamId]).filter((id) => id !== null);
    expect(new Set(teams).size).toBe(teams.length); // no team twice in one slot
  }
  // every pair meets exactly once per group (or league)
  const robin = plan.matches.filter((m) => m.stage !== "knockout");
  for (const table of plan.tables) {
    const ids = table.rows.map((r) => r.teamId);
    const ms = robin.filter((m) => m.group === table.group);
    const pairs = ms.map((m) => [m.home.teamId!, m.away.teamId!].sort((a, b) => a - b).join("-"));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.length).toBe((ids.length * (ids.length - 1)) / 2);
    for (const m of ms) expect(ids.includes(m.home.teamId!) && ids.includes(m.away.teamId!)).toBe(true);
  }
  // every team holding a place is in exactly one table
  const inTables = plan.tables.flatMap((t) => t.rows.map((r) => r.teamId));
  expect(new Set(inTables).size).toBe(inTables.length);
  expect(inTables.length).toBe(page.teamCount);
  // a knock-out match kicks off after every match it depends on has ended
  const ko = plan.matches.filter((m) => m.stage === "knockout");
  for (const m of ko)
    for (const s of [m.home.source, m.away.source]) {
      const [kind, a] = s!.split(":");
      const feeders = kind === "group" ? robin.filter((r) => r.group === a) : plan.matches.filter((r) => r.number === Number(a));
      expect(feeders.length).toBeGreaterThan(0);
      for (const f of feeders) expect(f.endsAt.getTime()).toBeLessThanOrEqual(m.startsAt.getTime());
    }
}

const versionOf = (page: TPlanPage, matchId: number) => page.plan!.matches.find((m) => m.id === matchId)!.version;

/** Enters a score for every match of the stage (home wins by the team's seeding, so the tables are predictable). */
async function playAll(caller: Awaited<ReturnType<typeof signedInPlayer>>["caller"], page: TPlanPage, stage: TPlanMatch["stage"]) {
  let last = page;
  for (const m of page.plan!.matches.filter((x) => x.stage === stage)) {
    last = await caller.tournaments.enterResult({ matchId: m.id, homeGoals: m.home.teamId! < m.away.teamId! ? 2 : 0, awayGoals: m.home.teamId! < m.away.teamId! ? 0 : 1, version: m.version });
  }
  return last;
}

describe("generating", () => {
  test("groups + knock-out from the teams holding a place: tables, sources, times, invariants", async () => {
    const { org, t, teams } = await tournament({ teams: 8 });
    await team(t.id, { queue: true }); // waiting: not in the plan
    await team(t.id, { cancelledAt: NOW }); // cancelled: not in the plan
    const page = await org.caller.tournaments.generatePlan(input(t.id));
    expect(page.viewer).toEqual({ canManage: true, canEnterResults: true, canRegenerate: true });
    const plan = page.plan!;
    expect(plan.tables.map((x) => x.group)).toEqual(["A", "B"]);
    expect(plan.tables.every((x) => x.rows.length === 4 && !x.complete)).toBe(true);
    expect(plan.matches.filter((m) => m.stage === "group")).toHaveLength(12);
    const ko = plan.matches.filter((m) => m.stage === "knockout");
    expect(ko.map((m) => m.roundOf)).toEqual([4, 4, 2]);
    // a group's winner meets the other group's runner-up first
    expect(ko.slice(0, 2).flatMap((m) => [m.home.source, m.away.source]).sort()).toEqual(["group:A:1", "group:A:2", "group:B:1", "group:B:2"]);
    expect(ko[0]!.home.source!.split(":")[1]).not.toBe(ko[0]!.away.source!.split(":")[1]);
    expect(ko[2]!.home.source).toMatch(/^winner:\d+$/);
    expect(ko.every((m) => m.home.teamId === null && m.away.teamId === null)).toBe(true);
    expect(plan.teams.map((x) => x.id).sort((a, b) => a - b)).toEqual(teams);
    expect(plan.matches[0]!.startsAt).toEqual(START);
    expect(plan.matches[0]!.endsAt).toEqual(new Date(START.getTime() + 12 * 60_000));
    checkPlan(page);
  });

  test("property: stored plans keep every invariant for random team counts, pitches and formats", async () => {
    // the longest tournament there is (72 h): a league of 20 on one pitch (190 matches) still fits
    const { org, t } = await tournament({ hours: 72 });
    let teams = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        async (count, pitches, league, groups) => {
          while (teams < count) (await team(t.id), teams++);
          // teams only grow within the run: the plan takes them all
          const groupCount = Math.max(1, Math.min(groups, Math.floor(teams / 3)));
          const page = await org.caller.tournaments.generatePlan(input(t.id, { format: league ? "league" : "groups", groupCount, pitches }));
          expect(page.teamCount).toBe(teams);
          checkPlan(page);
        },
      ),
      { numRuns: 12, seed: 29 },
    );
  });

  test("who may generate, and what refuses it", async () => {
    const { org, t } = await tournament({ teams: 5 });
    const player = await signedInPlayer(deps);
    const visitor = (await callerFor(deps)).caller;
    expect(await errorData(player.caller.tournaments.generatePlan(input(t.id)))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorData(visitor.tournaments.generatePlan(input(t.id)))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2 })))).toMatchObject({ code: "PLAN_GROUPS_TOO_SMALL", details: { teams: 5, groupsMax: 1 } });
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id, { startsAt: new Date(START.getTime() - 60_000) })))).toMatchObject({ code: "PLAN_START_OUTSIDE" });
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id, { startsAt: new Date(START.getTime() + 10 * 3_600_000) })))).toMatchObject({ code: "PLAN_START_OUTSIDE" });
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id, { pitches: 17 })))).toMatchObject({ code: "VALIDATION", fields: [{ path: "pitches", code: "plan_pitches_range" }] });
    // the last match must end within the tournament: the plan's length from a first plan at the start, then the
    // latest first kick-off that fits exactly, and a minute later
    const probe = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 1 }));
    const length = Math.max(...probe.plan!.matches.map((m) => m.startsAt.getTime())) + 12 * 60_000 - START.getTime();
    const end = START.getTime() + 10 * 3_600_000;
    expect((await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 1, startsAt: new Date(end - length) }))).plan).not.toBeNull();
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id, { groupCount: 1, startsAt: new Date(end - length + 60_000) })))).toMatchObject({
      code: "PLAN_PAST_END",
      details: { endsAt: new Date(end + 60_000).toISOString() },
    });
    const admin = await signedInPlayer(deps, { isAdmin: true });
    expect((await admin.caller.tournaments.generatePlan(input(t.id, { groupCount: 1 }))).plan!.tables).toHaveLength(1);
  });

  test("too few teams, a league too large, an external plan link, a cancelled tournament", async () => {
    const alone = await tournament({ teams: 1 });
    expect(await errorData(alone.org.caller.tournaments.generatePlan(input(alone.t.id, { format: "league" })))).toMatchObject({ code: "PLAN_TOO_FEW_TEAMS" });
    const big = await tournament({ teams: 33 });
    expect(await errorData(big.org.caller.tournaments.generatePlan(input(big.t.id, { format: "league" })))).toMatchObject({ code: "PLAN_LEAGUE_TOO_LARGE" });
    const external = await tournament({ teams: 4, planUrl: "https://example.org/plan" });
    expect(await errorData(external.org.caller.tournaments.generatePlan(input(external.t.id, { groupCount: 1 })))).toMatchObject({ code: "PLAN_EXTERNAL" });
    expect(await external.org.caller.tournaments.plan({ tournamentId: external.t.id })).toMatchObject({ external: true, plan: null, viewer: { canRegenerate: false } });
    const cancelled = await tournament({ teams: 4 });
    await cancelled.org.caller.tournaments.cancel({ tournamentId: cancelled.t.id });
    expect(await errorData(cancelled.org.caller.tournaments.generatePlan(input(cancelled.t.id, { groupCount: 1 })))).toMatchObject({ code: "TOURNAMENT_CANCELLED" });
  });

  test("regenerating replaces the plan until the first result, then PLAN_HAS_RESULTS", async () => {
    const { org, t } = await tournament({ teams: 6 });
    const first = await org.caller.tournaments.generatePlan(input(t.id, { format: "league", pitches: 3 }));
    const second = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2, pitches: 2 }));
    expect(second.plan!.version).toBe(first.plan!.version + 1);
    expect(second.plan!.format).toBe("groups");
    const m = second.plan!.matches[0]!;
    const after = await org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 1, awayGoals: 1, version: 0 });
    expect(after.viewer.canRegenerate).toBe(false);
    expect(await errorData(org.caller.tournaments.generatePlan(input(t.id)))).toMatchObject({ code: "PLAN_HAS_RESULTS" });
  });
});

describe("reading", () => {
  test("a published tournament's plan for everybody, a draft's for its managers only", async () => {
    const { org, t } = await tournament({ teams: 4 });
    await org.caller.tournaments.generatePlan(input(t.id, { format: "league" }));
    const visitor = (await callerFor(deps)).caller;
    const page = await visitor.tournaments.plan({ tournamentId: t.id });
    expect(page.viewer).toEqual({ canManage: false, canEnterResults: false, canRegenerate: false });
    expect(page.plan!.matches).toHaveLength(6);
    expect(page.referees).toEqual([]);
    expect(page.refereeCandidates).toEqual([]);

    const draft = await tournament({ teams: 4, publish: false });
    await draft.org.caller.tournaments.generatePlan(input(draft.t.id, { format: "league" }));
    expect(await errorData(visitor.tournaments.plan({ tournamentId: draft.t.id }))).toMatchObject({ code: "TOURNAMENT_NOT_FOUND" });
    expect(await errorData((await signedInPlayer(deps)).caller.tournaments.plan({ tournamentId: draft.t.id }))).toMatchObject({ code: "TOURNAMENT_NOT_FOUND" });
    expect((await draft.org.caller.tournaments.plan({ tournamentId: draft.t.id })).plan).not.toBeNull();
    const none = await tournament();
    expect(await visitor.tournaments.plan({ tournamentId: none.t.id })).toMatchObject({ plan: null, external: false, teamCount: 0 });
  });
});

describe("results", () => {
  test("tables move, the knock-out fills from complete groups, a level knock-out needs its winner", async () => {
    const { org, t } = await tournament({ teams: 6 });
    const page = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2, pitches: 2 }));
    const ko = page.plan!.matches.filter((m) => m.stage === "knockout");

    const first = page.plan!.matches.find((m) => m.group === "A")!;
    const one = await org.caller.tournaments.enterResult({ matchId: first.id, homeGoals: 3, awayGoals: 1, version: 0 });
    const a = one.plan!.tables.find((x) => x.group === "A")!;
    expect(a.rows[0]).toMatchObject({ teamId: first.home.teamId, points: 3, goalDifference: 2, played: 1, rank: 1 });
    expect(one.plan!.matches.find((m) => m.id === first.id)).toMatchObject({ homeGoals: 3, awayGoals: 1, version: 1, winner: null });
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: ko[0]!.id, homeGoals: 1, awayGoals: 0, version: 0 }))).toMatchObject({ code: "MATCH_NOT_READY" });

    // group A complete: its places fill; B still open
    let last = await playAll(org.caller, one, "group");
    const tables = new Map(last.plan!.tables.map((x) => [x.group, x]));
    expect(tables.get("A")!.complete && tables.get("B")!.complete).toBe(true);
    const semis = last.plan!.matches.filter((m) => m.stage === "knockout" && m.roundOf === 4);
    const place = (source: string) => {
      const [, g, p] = source.split(":");
      return tables.get(g!)!.rows.find((r) => r.rank === Number(p))!.teamId;
    };
    for (const s of semis) expect([s.home.teamId, s.away.teamId]).toEqual([place(s.home.source!), place(s.away.source!)]);

    const semi = semis[0]!;
    // filling its places gave the semi-final new versions: a phone that showed it before cannot save over them
    expect(semi.version).toBe(2);
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 1, awayGoals: 0, version: 0 }))).toMatchObject({ code: "RESULT_CONFLICT" });
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 2, awayGoals: 2, version: semi.version }))).toMatchObject({
      code: "KNOCKOUT_WINNER_REQUIRED",
    });
    last = await org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 2, awayGoals: 2, winner: "away", version: semi.version });
    last = await org.caller.tournaments.enterResult({ matchId: semis[1]!.id, homeGoals: 0, awayGoals: 1, version: versionOf(last, semis[1]!.id) });
    const final = last.plan!.matches.find((m) => m.stage === "knockout" && m.roundOf === 2)!;
    expect([final.home.teamId, final.away.teamId]).toEqual([semi.away.teamId, semis[1]!.away.teamId]);

    // a group result whose places were played on is locked; the semi-final may still be corrected (no final result)
    const groupMatch = last.plan!.matches.find((m) => m.group === "A")!;
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: groupMatch.id, homeGoals: 0, awayGoals: 9, version: groupMatch.version }))).toMatchObject({
      code: "RESULT_LOCKED",
    });
    last = await org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 3, awayGoals: 2, version: versionOf(last, semi.id) });
    expect(last.plan!.matches.find((m) => m.id === final.id)!.home.teamId).toBe(semi.home.teamId);
    expect(versionOf(last, final.id)).toBe(final.version + 1);
    expect(last.plan!.matches.find((m) => m.id === semi.id)!.winner).toBeNull();
    last = await org.caller.tournaments.enterResult({ matchId: final.id, homeGoals: 1, awayGoals: 0, version: versionOf(last, final.id) });
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 0, awayGoals: 1, version: versionOf(last, semi.id) }))).toMatchObject({
      code: "RESULT_LOCKED",
    });
  });

  test("a save over a version somebody else replaced is a conflict naming the saved score", async () => {
    const { org, t } = await tournament({ teams: 4 });
    const page = await org.caller.tournaments.generatePlan(input(t.id, { format: "league" }));
    const m = page.plan!.matches[0]!;
    const admin = await signedInPlayer(deps, { isAdmin: true });
    await admin.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 1, awayGoals: 0, version: 0 });
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 0, awayGoals: 0, version: 0 }))).toMatchObject({
      code: "RESULT_CONFLICT",
      details: { homeGoals: 1, awayGoals: 0, version: 1 },
    });
    // two phones at once: exactly one of them wins
    const both = await Promise.all([
      errorData(org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 2, awayGoals: 0, version: 1 })),
      errorData(admin.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 3, awayGoals: 0, version: 1 })),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual(["OK", "RESULT_CONFLICT"]);
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 100, awayGoals: 0, version: 2 }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(org.caller.tournaments.enterResult({ matchId: 2_000_000_000, homeGoals: 1, awayGoals: 0, version: 0 }))).toMatchObject({ code: "MATCH_NOT_FOUND" });
    // in a league a level score stands; a winner given there counts for nothing
    const level = await org.caller.tournaments.enterResult({ matchId: page.plan!.matches[1]!.id, homeGoals: 1, awayGoals: 1, winner: "home", version: 0 });
    expect(level.plan!.matches.find((x) => x.id === page.plan!.matches[1]!.id)!.winner).toBeNull();
  });

  test("each change reaches the plan's live channel after its commit", async () => {
    const { org, t } = await tournament({ teams: 4 });
    const heard: number[] = [];
    let wake = () => {};
    const off = deps.realtime.subscribe(planChannel(t.id), (e) => (heard.push(e.id), wake()));
    const until = (n: number) => new Promise<void>((resolve) => ((wake = () => heard.length >= n && resolve()), wake()));
    try {
      const page = await org.caller.tournaments.generatePlan(input(t.id, { format: "league" }));
      await until(1);
      await org.caller.tournaments.enterResult({ matchId: page.plan!.matches[0]!.id, homeGoals: 1, awayGoals: 0, version: 0 });
      await until(2);
      // a refused save publishes nothing: the next event is the next real change
      await errorData(org.caller.tournaments.enterResult({ matchId: page.plan!.matches[0]!.id, homeGoals: 5, awayGoals: 0, version: 0 }));
      await org.caller.tournaments.enterResult({ matchId: page.plan!.matches[1]!.id, homeGoals: 1, awayGoals: 0, version: 0 });
      await until(3);
      expect(heard).toEqual([page.plan!.version, page.plan!.version + 1, page.plan!.version + 2]);
    } finally {
      off();
    }
  });
});

describe("withdrawn teams: their open matches are walkovers", () => {
  const matchesOf = (page: TPlanPage, teamId: number) => page.plan!.matches.filter((m) => m.home.teamId === teamId || m.away.teamId === teamId);

  test("before any result: every match of the team goes 2:0 to its opponent, the tables count it, and the plan may still be made anew", async () => {
    const { org, t, teams } = await tournament({ teams: 6 });
    const page = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2, pitches: 2 }));
    const gone = teams[0]!;
    const theirs = matchesOf(page, gone);
    expect(theirs.length).toBe(2);
    await org.caller.tournaments.cancelRegistration({ participationId: gone });
    const after = await org.caller.tournaments.plan({ tournamentId: t.id });
    expect(after.plan!.version).toBe(page.plan!.version + 1);
    for (const m of matchesOf(after, gone)) {
      const side = m.home.teamId === gone ? "home" : "away";
      expect(m).toMatchObject(side === "home" ? { homeGoals: 0, awayGoals: FORFEIT_GOALS, forfeit: "home" } : { homeGoals: FORFEIT_GOALS, awayGoals: 0, forfeit: "away" });
      expect(m.version).toBe(1);
    }
    expect(after.plan!.teams.find((x) => x.id === gone)).toMatchObject({ withdrawn: true });
    const table = after.plan!.tables.find((x) => x.rows.some((r) => r.teamId === gone))!;
    expect(table.rows.find((r) => r.teamId === gone)).toMatchObject({ played: 2, lost: 2, points: 0, goalsAgainst: 2 * FORFEIT_GOALS });
    // walkovers are no results somebody entered: the plan may be made anew, without the team
    expect(after.viewer.canRegenerate).toBe(true);
    const fresh = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 1, pitches: 2, format: "league" }));
    expect(fresh.plan!.teams.map((x) => x.id)).not.toContain(gone);
    expect(fresh.plan!.matches.every((m) => m.forfeit === null && m.homeGoals === null)).toBe(true);
  });

  test("after results: played matches stay, the rest are walkovers; a semi-finalist leaving sends the opponent to the final", async () => {
    const { org, t, teams } = await tournament({ teams: 6 });
    const page = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2, pitches: 2 }));
    const leaver = teams[1]!;
    const [played, open] = matchesOf(page, leaver);
    // the leaver lost its first match 0:3
    let last = await org.caller.tournaments.enterResult({ matchId: played!.id, ...(played!.home.teamId === leaver ? { homeGoals: 0, awayGoals: 3 } : { homeGoals: 3, awayGoals: 0 }), version: 0 });
    await org.caller.tournaments.cancelRegistration({ participationId: leaver });
    last = await org.caller.tournaments.plan({ tournamentId: t.id });
    expect(last.plan!.matches.find((m) => m.id === played!.id)!.forfeit).toBeNull();
    expect(last.plan!.matches.find((m) => m.id === open!.id)!.forfeit).toBe(open!.home.teamId === leaver ? "home" : "away");
    expect(last.viewer.canRegenerate).toBe(false);

    // the groups' other matches are played; then a semi-finalist withdraws: its semi-final is a walkover, the final fills
    for (const m of last.plan!.matches.filter((x) => x.stage === "group" && x.homeGoals === null)) {
      const homeFirst = m.home.teamId! < m.away.teamId!;
      last = await org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: homeFirst ? 2 : 0, awayGoals: homeFirst ? 0 : 1, version: versionOf(last, m.id) });
    }
    const withdrawn = new Set(last.plan!.teams.filter((x) => x.withdrawn).map((x) => x.id));
    const semi = last.plan!.matches.find(
      (m) => m.stage === "knockout" && m.roundOf === 4 && m.home.teamId !== null && m.away.teamId !== null && !withdrawn.has(m.home.teamId) && !withdrawn.has(m.away.teamId),
    )!;
    expect(semi.homeGoals).toBeNull();
    // the other semi-final is played first
    const other = last.plan!.matches.find((m) => m.stage === "knockout" && m.roundOf === 4 && m.id !== semi.id)!;
    last = await org.caller.tournaments.enterResult({ matchId: other.id, homeGoals: 1, awayGoals: 0, version: versionOf(last, other.id) });
    const out = semi.home.teamId!;
    await org.caller.tournaments.cancelRegistration({ participationId: out });
    last = await org.caller.tournaments.plan({ tournamentId: t.id });
    expect(last.plan!.matches.find((m) => m.id === semi.id)).toMatchObject({ homeGoals: 0, awayGoals: FORFEIT_GOALS, forfeit: "home", winner: null });
    const final = last.plan!.matches.find((m) => m.stage === "knockout" && m.roundOf === 2)!;
    expect([final.home.teamId, final.away.teamId].sort()).toEqual([semi.away.teamId, other.home.teamId].sort());
    expect(final).toMatchObject({ homeGoals: null, forfeit: null });
    // the organiser may still correct a walkover (it was played before the team left): an entered score replaces it;
    // the withdrawn team then reaches the final, which is its opponent's walkover
    last = await org.caller.tournaments.enterResult({ matchId: semi.id, homeGoals: 3, awayGoals: 0, version: versionOf(last, semi.id) });
    expect(last.plan!.matches.find((m) => m.id === semi.id)).toMatchObject({ homeGoals: 3, awayGoals: 0, forfeit: null });
    const walkover = last.plan!.matches.find((m) => m.id === final.id)!;
    expect([walkover.home.teamId, walkover.away.teamId]).toContain(out);
    expect(walkover.forfeit).toBe(walkover.home.teamId === out ? "home" : "away");
  });
});

describe("lots for teams level on every criterion", () => {
  test("a league where every match is drawn: the organiser's lot orders all, once; refused without a tie; others may not draw", async () => {
    const { org, t } = await tournament({ teams: 3 });
    let page = await org.caller.tournaments.generatePlan(input(t.id, { format: "league", pitches: 1 }));
    expect(await errorData(org.caller.tournaments.drawLots({ tournamentId: t.id, group: null }))).toMatchObject({ code: "PLAN_NO_DRAW_NEEDED" });
    for (const m of page.plan!.matches) page = await org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 1, awayGoals: 1, version: m.version });
    const league = page.plan!.tables[0]!;
    expect(league).toMatchObject({ complete: true, needsDraw: true, byLot: false });
    expect(league.rows.map((r) => r.rank)).toEqual([1, 1, 1]);

    const stranger = await signedInPlayer(deps, { regionId: region.id });
    expect(await errorData(stranger.caller.tournaments.drawLots({ tournamentId: t.id, group: null }))).toMatchObject({ code: "FORBIDDEN" });

    const drawn = await org.caller.tournaments.drawLots({ tournamentId: t.id, group: null });
    const table = drawn.plan!.tables[0]!;
    expect(table).toMatchObject({ needsDraw: false, byLot: true });
    expect(table.rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(drawn.plan!.version).toBe(page.plan!.version + 1);
    // drawn once: the order stands, a second lot is refused
    expect(await errorData(org.caller.tournaments.drawLots({ tournamentId: t.id, group: null }))).toMatchObject({ code: "PLAN_NO_DRAW_NEEDED" });
    expect((await org.caller.tournaments.plan({ tournamentId: t.id })).plan!.tables[0]!.rows.map((r) => r.teamId)).toEqual(table.rows.map((r) => r.teamId));
  });

  test("a group's lot fills the knock-out place the tie held open", async () => {
    const { org, t } = await tournament({ teams: 6 });
    let page = await org.caller.tournaments.generatePlan(input(t.id, { groupCount: 2, pitches: 2 }));
    // group A: all drawn; group B: by seeding
    for (const m of page.plan!.matches.filter((x) => x.stage === "group")) {
      const level = m.group === "A";
      const homeFirst = m.home.teamId! < m.away.teamId!;
      page = await org.caller.tournaments.enterResult({ matchId: m.id, homeGoals: level ? 0 : homeFirst ? 2 : 0, awayGoals: level ? 0 : homeFirst ? 0 : 1, version: versionOf(page, m.id) });
    }
    const fromA = page.plan!.matches.filter((m) => m.stage === "knockout" && [m.home.source, m.away.source].some((s) => s?.startsWith("group:A:")));
    expect(fromA.every((m) => (m.home.source!.startsWith("group:A:") ? m.home.teamId : m.away.teamId) === null)).toBe(true);
    const drawn = await org.caller.tournaments.drawLots({ tournamentId: t.id, group: "A" });
    const a = drawn.plan!.tables.find((x) => x.group === "A")!;
    for (const m of drawn.plan!.matches.filter((x) => fromA.some((f) => f.id === x.id))) {
      const [side, source] = m.home.source!.startsWith("group:A:") ? [m.home.teamId, m.home.source!] : [m.away.teamId, m.away.source!];
      expect(side).toBe(a.rows.find((r) => r.rank === Number(source.split(":")[2]))!.teamId);
    }
    // group B has no tie
    expect(await errorData(org.caller.tournaments.drawLots({ tournamentId: t.id, group: "B" }))).toMatchObject({ code: "PLAN_NO_DRAW_NEEDED" });
  });
});

describe("referees", () => {
  test("the organiser names a registered team's account; it enters results until removed", async () => {
    const { org, t } = await tournament({ teams: 3 });
    const captain = await signedInPlayer(deps, { firstName: "Kim", lastName: "Kapitän" });
    const outsider = await signedInPlayer(deps);
    await team(t.id, { userId: captain.user.id, teamName: "Kims Elf" });
    const page = await org.caller.tournaments.generatePlan(input(t.id, { format: "league" }));
    expect(page.refereeCandidates).toEqual([{ userId: captain.user.id, name: "Kim Kapitän", teamName: "Kims Elf" }]);
    const m = page.plan!.matches[0]!;
    expect(await errorData(captain.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 1, awayGoals: 0, version: 0 }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorData(org.caller.tournaments.setReferee({ tournamentId: t.id, userId: outsider.user.id, referee: true }))).toMatchObject({ code: "REFEREE_NOT_ELIGIBLE" });
    expect(await errorData(captain.caller.tournaments.setReferee({ tournamentId: t.id, userId: captain.user.id, referee: true }))).toMatchObject({ code: "FORBIDDEN" });

    const named = await org.caller.tournaments.setReferee({ tournamentId: t.id, userId: captain.user.id, referee: true });
    expect(named.referees).toEqual([{ userId: captain.user.id, name: "Kim Kapitän", teamName: null }]);
    expect((await org.caller.tournaments.setReferee({ tournamentId: t.id, userId: captain.user.id, referee: true })).referees).toHaveLength(1);
    expect((await captain.caller.tournaments.plan({ tournamentId: t.id })).viewer).toEqual({ canManage: false, canEnterResults: true, canRegenerate: false });
    await captain.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 1, awayGoals: 0, version: 0 });
    expect(await errorData(captain.caller.tournaments.generatePlan(input(t.id, { format: "league" })))).toMatchObject({ code: "FORBIDDEN" });

    await org.caller.tournaments.setReferee({ tournamentId: t.id, userId: captain.user.id, referee: false });
    expect(await errorData(captain.caller.tournaments.enterResult({ matchId: m.id, homeGoals: 2, awayGoals: 0, version: 1 }))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the GraphQL twins", () => {
  const { signedIn, ok, failure } = wrapperCalls(() => deps);
  const PAGE = `tournamentId external teamCount viewer { canManage canEnterResults canRegenerate }
    plan { format version teams { id name } matches { id number stage group pitch startsAt home { teamId source } away { teamId source } homeGoals awayGoals winner version }
      tables { group complete needsDraw rows { teamId rank points goalDifference } } }`;

  test("generateTournamentPlan, enterTournamentResult, tournamentPlan and setTournamentReferee answer the same page", async () => {
    const { t } = await tournament({ teams: 4 });
    testClock.freeze(NOW);
    const { client } = await signedIn({ isAdmin: true });
    const generated = await ok(
      client,
      `mutation($tournamentId: ID!, $startsAt: DateTime!) { generateTournamentPlan(tournamentId: $tournamentId, format: "league", matchMinutes: 10, breakMinutes: 2, pitches: 2, startsAt: $startsAt) { ${PAGE} } }`,
      { tournamentId: String(t.id), startsAt: START.toISOString() },
    );
    const page = generated.generateTournamentPlan;
    expect(page).toMatchObject({ tournamentId: String(t.id), teamCount: 4, viewer: { canManage: true, canEnterResults: true, canRegenerate: true }, plan: { format: "league" } });
    expect(page.plan.matches).toHaveLength(6);
    const m = page.plan.matches[0];
    expect(m).toMatchObject({ stage: "league", group: null, startsAt: START.toISOString(), homeGoals: null, version: 0 });
    const ENTER = `mutation($matchId: ID!, $version: Int!) { enterTournamentResult(matchId: $matchId, homeGoals: 4, awayGoals: 0, version: $version) { ${PAGE} } }`;
    const entered = (await ok(client, ENTER, { matchId: m.id, version: 0 })).enterTournamentResult;
    expect(entered.plan.matches.find((x: { id: string }) => x.id === m.id)).toMatchObject({ homeGoals: 4, awayGoals: 0, version: 1 });
    expect(entered.plan.tables[0].rows[0]).toMatchObject({ teamId: m.home.teamId, rank: 1, points: 3, goalDifference: 4 });
    expect(await failure(client, ENTER, { matchId: m.id, version: 0 })).toMatchObject({ code: "RESULT_CONFLICT", details: { homeGoals: 4, awayGoals: 0, version: 1 } });

    const visitor = (await signedIn()).client;
    const read = (await ok(visitor, `query($id: ID!) { tournamentPlan(tournamentId: $id) { ${PAGE} referees { userId } } }`, { id: String(t.id) })).tournamentPlan;
    expect(read).toMatchObject({ viewer: { canManage: false, canEnterResults: false }, referees: [] });
    expect(read.plan.version).toBe(entered.plan.version);
    expect(await failure(visitor, ENTER, { matchId: m.id, version: 1 })).toMatchObject({ code: "FORBIDDEN" });
    expect(
      await failure(client, `mutation($id: ID!, $u: ID!) { setTournamentReferee(tournamentId: $id, userId: $u, referee: true) { tournamentId } }`, { id: String(t.id), u: "2000000000" }),
    ).toMatchObject({ code: "REFEREE_NOT_ELIGIBLE" });
  });
});
