import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { bracketOrder, drawGroups, type Fixture, type FixtureFormat, type FixturePlan, generateFixtures, KO_REST_SLOTS, MAX_CONSECUTIVE_SLOTS, roundRobin } from "./fixtures";
import { resolveFixtures } from "./results";
import { standings } from "./standings";

const START = new Date("2026-12-05T09:00:00Z");
const slots = { start: START, matchMinutes: 12, breakMinutes: 3 };
const teamsOf = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const pairKey = (a: string, b: string) => [a, b].sort().join("-");
const teamIn = (e: Fixture["home"]) => ("team" in e ? e.team : null);

describe("roundRobin (circle method)", () => {
  test("four teams: three rounds of two matches, every pair once", () => {
    const rounds = roundRobin(["a", "b", "c", "d"]);
    expect(rounds.map((r) => r.length)).toEqual([2, 2, 2]);
    expect(new Set(rounds.flat().map(([h, a]) => pairKey(h, a))).size).toBe(6);
  });

  test("an odd count gets a bye: five teams, five rounds of two, each team sits out once", () => {
    const rounds = roundRobin(["a", "b", "c", "d", "e"]);
    expect(rounds.map((r) => r.length)).toEqual([2, 2, 2, 2, 2]);
    for (const team of ["a", "b", "c", "d", "e"]) expect(rounds.filter((r) => !r.some((p) => p.includes(team)))).toHaveLength(1);
  });

  test("2..30 teams: every pair exactly once, nobody twice in a round, home and away within one of each other", () => {
    for (let n = 2; n <= 30; n++) {
      const teams = teamsOf(n);
      const rounds = roundRobin(teams);
      const pairs = rounds.flat().map(([h, a]) => pairKey(h, a));
      expect(pairs).toHaveLength((n * (n - 1)) / 2);
      expect(new Set(pairs).size).toBe(pairs.length);
      for (const r of rounds) expect(new Set(r.flat()).size).toBe(r.length * 2);
      for (const team of teams) {
        const home = rounds.flat().filter(([h]) => h === team).length;
        const away = rounds.flat().filter(([, a]) => a === team).length;
        expect(Math.abs(home - away)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("bracketOrder and drawGroups", () => {
  test("seeds 1 and 2 meet only in the final; 1 plays the weakest seed first", () => {
    expect(bracketOrder(2)).toEqual([1, 2]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  test("snake seeding: group sizes within one, the top seeds spread over the groups", () => {
    const groups = drawGroups(teamsOf(10), 3);
    expect(groups.map((g) => g.teams)).toEqual([
      ["t1", "t6", "t7"],
      ["t2", "t5", "t8"],
      ["t3", "t4", "t9", "t10"],
    ]);
  });
});

describe("generateFixtures: table", () => {
  test("8 teams, 2 groups, best 2, third place, 2 pitches: the plan as a referee reads it", () => {
    const plan = generateFixtures({ teams: teamsOf(8), format: { kind: "groups", groups: 2, advance: 2, thirdPlace: true }, pitches: 2, slots });
    expect(plan.groups).toEqual([
      { name: "A", teams: ["t1", "t4", "t5", "t8"] },
      { name: "B", teams: ["t2", "t3", "t6", "t7"] },
    ]);
    const ko = plan.matches.filter((m) => m.stage === "ko");
    const semis = ko.filter((m) => m.roundOf === 4);
    // 1A - 2B and 1B - 2A: winners never meet their own group in the semi-final
    expect(semis.map((m) => [m.home, m.away])).toEqual([
      [{ groupPlace: { group: "A", place: 1 } }, { groupPlace: { group: "B", place: 2 } }],
      [{ groupPlace: { group: "B", place: 1 } }, { groupPlace: { group: "A", place: 2 } }],
    ]);
    const final = ko.find((m) => m.roundOf === 2 && !m.thirdPlace)!;
    const third = ko.find((m) => m.thirdPlace)!;
    expect([final.home, final.away]).toEqual([{ winnerOf: semis[0]!.id }, { winnerOf: semis[1]!.id }]);
    expect([third.home, third.away]).toEqual([{ loserOf: semis[0]!.id }, { loserOf: semis[1]!.id }]);
    // 12 group matches on 2 pitches: 6 slots; the semis wait a slot; final and third place after another
    const lastGroupSlot = Math.max(...plan.matches.filter((m) => m.stage === "group").map((m) => m.slot));
    expect(lastGroupSlot).toBe(5);
    expect(semis.map((m) => m.slot)).toEqual([7, 7]);
    expect([final.slot, third.slot]).toEqual([9, 9]);
    expect(plan.slots[1]).toEqual({ index: 1, start: new Date("2026-12-05T09:15:00Z"), end: new Date("2026-12-05T09:27:00Z") });
    expect(plan.slots).toHaveLength(10);
  });

  test("a league twice: the second leg swaps home and away", () => {
    const plan = generateFixtures({ teams: teamsOf(4), format: { kind: "league", twice: true }, pitches: 1, slots });
    const ordered = plan.matches.map((m) => `${teamIn(m.home)}-${teamIn(m.away)}`);
    expect(ordered).toHaveLength(12);
    expect(new Set(ordered).size).toBe(12);
    for (const m of ordered) expect(ordered).toContain(m.split("-").reverse().join("-"));
    expect(plan.matches.every((m) => m.stage === "league" && m.group === undefined)).toBe(true);
  });

  test("the rest rule leaves a pitch empty rather than let a team play a third slot in a row", () => {
    // 4 teams on 2 pitches: everyone plays each slot, so the third round waits a slot
    const plan = generateFixtures({ teams: teamsOf(4), format: { kind: "league" }, pitches: 2, slots });
    expect(plan.matches.map((m) => m.slot)).toEqual([0, 0, 1, 1, 3, 3]);
    const tight = generateFixtures({ teams: teamsOf(4), format: { kind: "league" }, pitches: 2, slots, maxConsecutive: 3 });
    expect(tight.matches.map((m) => m.slot)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  test("qualifiers that are not a power of two: the best seeds get byes", () => {
    const plan = generateFixtures({ teams: teamsOf(12), format: { kind: "groups", groups: 3, advance: 2 }, pitches: 3, slots });
    const ko = plan.matches.filter((m) => m.stage === "ko");
    expect(ko).toHaveLength(5); // 6 qualifiers: 5 matches to one winner
    const firstRound = ko.filter((m) => m.round === 1);
    expect(firstRound).toHaveLength(2);
    const entrants = ko.flatMap((m) => [m.home, m.away]).filter((e) => "groupPlace" in e);
    expect(entrants).toHaveLength(6);
    // 1A and 1B (seeds 1 and 2) skip the first round
    const byes = ko.filter((m) => m.round === 2).flatMap((m) => [m.home, m.away]).filter((e) => "groupPlace" in e);
    expect(byes).toEqual([{ groupPlace: { group: "A", place: 1 } }, { groupPlace: { group: "B", place: 1 } }]);
  });

  test.each([
    ["one team", { teams: ["a"] }],
    ["a team twice", { teams: ["a", "a"] }],
    ["no pitch", { pitches: 0 }],
    ["groups of one", { format: { kind: "groups", groups: 4, advance: 1 } }],
    ["advancing more than a group holds", { format: { kind: "groups", groups: 2, advance: 3 } }],
    ["no match length", { slots: { ...slots, matchMinutes: 0 } }],
    ["a rest rule of zero", { maxConsecutive: 0 }],
  ])("refuses %s", (_, change) => {
    const base = { teams: teamsOf(4), format: { kind: "league" } as FixtureFormat, pitches: 1, slots };
    expect(() => generateFixtures({ ...base, ...change } as Parameters<typeof generateFixtures>[0])).toThrow(RangeError);
  });
});

const formats: fc.Arbitrary<FixtureFormat> = fc.oneof(
  fc.record({ kind: fc.constant("league" as const), twice: fc.boolean() }),
  fc.record({
    kind: fc.constant("groups" as const),
    groupSize: fc.integer({ min: 3, max: 8 }),
    advance: fc.integer({ min: 1, max: 3 }),
    twice: fc.boolean(),
    thirdPlace: fc.boolean(),
  }),
);

const plans = fc
  .record({ n: fc.integer({ min: 2, max: 40 }), pitches: fc.integer({ min: 1, max: 6 }), format: formats, maxConsecutive: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }) })
  .filter(({ n, format }) => format.kind === "league" || (n >= 4 && Math.floor(n / Math.ceil(n / format.groupSize!)) >= format.advance && n / Math.ceil(n / format.groupSize!) >= 2))
  .map((o) => ({ ...o, plan: generateFixtures({ teams: teamsOf(o.n), format: o.format, pitches: o.pitches, slots, maxConsecutive: o.maxConsecutive }) }));

function slotsByTeam(plan: FixturePlan, stageFilter: (m: Fixture) => boolean) {
  const per = new Map<string, number[]>();
  for (const m of plan.matches.filter(stageFilter))
    for (const e of [m.home, m.away]) {
      const team = teamIn(e);
      if (team) per.set(team, [...(per.get(team) ?? []), m.slot]);
    }
  for (const list of per.values()) list.sort((a, b) => a - b);
  return per;
}

describe("generateFixtures: properties (fast-check, fixed seed)", () => {
  test("every pair of a group (or the league) meets once, twice for a double round robin, and no other pair", () => {
    fc.assert(
      fc.property(plans, ({ n, format, plan }) => {
        const groups = format.kind === "league" ? [{ name: undefined as string | undefined, teams: teamsOf(n) }] : plan.groups;
        if (format.kind === "groups") expect(plan.groups.flatMap((g) => g.teams).sort()).toEqual(teamsOf(n).sort());
        for (const g of groups) {
          const meets = new Map<string, number>();
          for (const m of plan.matches.filter((x) => x.stage !== "ko" && x.group === g.name)) {
            const key = pairKey(teamIn(m.home)!, teamIn(m.away)!);
            meets.set(key, (meets.get(key) ?? 0) + 1);
          }
          const size = g.teams.length;
          expect(meets.size).toBe((size * (size - 1)) / 2);
          for (const [key, times] of meets) {
            expect(times).toBe(format.twice ? 2 : 1);
            for (const team of key.split("-")) expect(g.teams).toContain(team);
          }
        }
      }),
      { seed: 29, numRuns: 120 },
    );
  });

  test("no team twice in a slot, no pitch twice in a slot, pitches within the count, slot times in step", () => {
    fc.assert(
      fc.property(plans, ({ pitches, plan }) => {
        const seen = new Set<string>();
        for (const m of plan.matches) {
          expect(m.pitch).toBeGreaterThanOrEqual(1);
          expect(m.pitch).toBeLessThanOrEqual(pitches);
          const pitchKey = `${m.slot}/p${m.pitch}`;
          expect(seen.has(pitchKey)).toBe(false);
          seen.add(pitchKey);
          for (const e of [m.home, m.away]) {
            const team = teamIn(e);
            if (!team) continue;
            expect(seen.has(`${m.slot}/${team}`)).toBe(false);
            seen.add(`${m.slot}/${team}`);
          }
        }
        plan.slots.forEach((s, i) => {
          expect(s.index).toBe(i);
          expect(s.start.getTime()).toBe(START.getTime() + i * 15 * 60_000);
          expect(s.end.getTime() - s.start.getTime()).toBe(12 * 60_000);
        });
        expect(plan.slots.length).toBe(Math.max(...plan.matches.map((m) => m.slot)) + 1);
      }),
      { seed: 29, numRuns: 120 },
    );
  });

  test("rests: never more than maxConsecutive slots in a row; a wait of at most three rounds' worth of slots", () => {
    fc.assert(
      fc.property(plans, ({ plan, maxConsecutive }) => {
        const robin = plan.matches.filter((m) => m.stage !== "ko");
        const rounds = Math.max(...robin.map((m) => m.round));
        const robinSlots = Math.max(...robin.map((m) => m.slot)) + 1;
        const perRound = Math.ceil(robinSlots / rounds);
        for (const list of slotsByTeam(plan, (m) => m.stage !== "ko").values()) {
          let run = 1;
          for (let i = 1; i < list.length; i++) {
            run = list[i] === list[i - 1]! + 1 ? run + 1 : 1;
            expect(run).toBeLessThanOrEqual(maxConsecutive ?? MAX_CONSECUTIVE_SLOTS);
            expect(list[i]! - list[i - 1]! - 1).toBeLessThanOrEqual(3 * perRound);
          }
        }
      }),
      { seed: 29, numRuns: 120 },
    );
  });

  test("the knock-out: every qualifier placed once, byes to the best seeds, matches after what they wait for plus a rest slot", () => {
    fc.assert(
      fc.property(
        plans.filter(({ format }) => format.kind === "groups"),
        ({ format, plan }) => {
          if (format.kind !== "groups") return;
          const ko = plan.matches.filter((m) => m.stage === "ko");
          const qualifiers = plan.groups.length * format.advance;
          const third = format.thirdPlace && qualifiers >= 4 ? 1 : 0;
          expect(ko).toHaveLength(qualifiers >= 2 ? qualifiers - 1 + third : 0);
          const places = ko.flatMap((m) => [m.home, m.away]).flatMap((e) => ("groupPlace" in e ? [`${e.groupPlace.place}${e.groupPlace.group}`] : []));
          const expected = plan.groups.flatMap((g) => Array.from({ length: format.advance }, (_, i) => `${i + 1}${g.name}`));
          expect(places.sort()).toEqual(qualifiers >= 2 ? expected.sort() : []);
          if (qualifiers >= 2) {
            // seeds by place, then group; the bracket is the next power of two and its empty lines are the best seeds' byes
            const seeds = Array.from({ length: format.advance }, (_, p) => plan.groups.map((g) => `${p + 1}${g.name}`)).flat();
            let bracket = 2;
            while (bracket < qualifiers) bracket *= 2;
            const late = ko.filter((m) => m.round > 1).flatMap((m) => [m.home, m.away]).flatMap((e) => ("groupPlace" in e ? [`${e.groupPlace.place}${e.groupPlace.group}`] : []));
            expect(late.sort()).toEqual(seeds.slice(0, bracket - qualifiers).sort());
            // with an even number of groups filling the bracket, nobody meets their own group in the first round
            if (bracket === qualifiers && plan.groups.length % 2 === 0)
              for (const m of ko.filter((x) => x.round === 1))
                if ("groupPlace" in m.home && "groupPlace" in m.away) expect(m.home.groupPlace.group).not.toBe(m.away.groupPlace.group);
          }
          const byId = new Map(plan.matches.map((m) => [m.id, m]));
          for (const m of ko) {
            for (const e of [m.home, m.away]) {
              const feeders =
                "groupPlace" in e ? plan.matches.filter((x) => x.group === e.groupPlace.group) : "winnerOf" in e ? [byId.get(e.winnerOf)!] : "loserOf" in e ? [byId.get(e.loserOf)!] : [];
              for (const f of feeders) expect(m.slot).toBeGreaterThanOrEqual(f.slot + 1 + KO_REST_SLOTS);
              if ("winnerOf" in e || "loserOf" in e) expect(feeders[0]!.round).toBeLessThan(m.round);
            }
          }
        },
      ),
      { seed: 29, numRuns: 120 },
    );
  });

  test("the bracket fills from the group tables: each place is the team ranked there, and one champion comes out", () => {
    fc.assert(
      fc.property(
        fc.record({ n: fc.integer({ min: 4, max: 24 }), groupSize: fc.integer({ min: 3, max: 6 }), advance: fc.integer({ min: 1, max: 2 }), scores: fc.array(fc.nat({ max: 4 }), { minLength: 400, maxLength: 400 }) }),
        ({ n, groupSize, advance, scores }) => {
          const plan = generateFixtures({ teams: teamsOf(n), format: { kind: "groups", groupSize, advance, thirdPlace: true }, pitches: 2, slots });
          let i = 0;
          const next = () => scores[i++ % scores.length]!;
          const groupResults = plan.matches.filter((m) => m.stage === "group").map((m) => ({ match: m.id, homeGoals: next(), awayGoals: next() }));
          // the organiser draws lots for every full tie, by team name
          const drawOrders = Object.fromEntries(plan.groups.map((g) => [g.name, [...g.teams].sort()]));
          const afterGroups = resolveFixtures(plan, groupResults, { drawOrders });
          for (const table of afterGroups.tables) {
            expect(table.complete).toBe(true);
            expect(table.standings.needsDraw).toBe(false);
          }
          for (const m of afterGroups.matches.filter((x) => x.stage === "ko")) {
            for (const [e, team] of [
              [m.home, m.homeTeam],
              [m.away, m.awayTeam],
            ] as const) {
              if (!("groupPlace" in e)) continue;
              const g = plan.groups.find((x) => x.name === e.groupPlace.group)!;
              const played = groupResults
                .map((r) => ({ r, m: plan.matches.find((x) => x.id === r.match)! }))
                .filter(({ m: x }) => x.group === g.name)
                .map(({ r, m: x }) => ({ home: teamIn(x.home)!, away: teamIn(x.away)!, homeGoals: r.homeGoals, awayGoals: r.awayGoals }));
              expect(team).toBe(standings(g.teams, played, { drawOrder: drawOrders[g.name] }).rows[e.groupPlace.place - 1]!.team);
            }
          }
          // then every knock-out match, home wins on a level score
          const all = [...groupResults];
          for (const m of plan.matches.filter((x) => x.stage === "ko").sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)))) {
            all.push({ match: m.id, homeGoals: 1, awayGoals: 1, winner: "home" } as (typeof all)[number]);
          }
          const done = resolveFixtures(plan, all, { drawOrders });
          const ko = done.matches.filter((m) => m.stage === "ko");
          if (ko.length === 0) return;
          for (const m of ko) {
            expect(m.homeTeam).not.toBeNull();
            expect(m.awayTeam).not.toBeNull();
            expect(m.winner).toBe(m.homeTeam);
          }
          const final = ko.find((m) => !m.thirdPlace && m.roundOf === 2)!;
          const qualifiers = new Set(ko.flatMap((m) => [m.homeTeam!, m.awayTeam!]));
          expect(qualifiers.size).toBe(plan.groups.length * advance);
          expect(qualifiers.has(final.winner!)).toBe(true);
        },
      ),
      { seed: 29, numRuns: 80 },
    );
  });
});
