import { describe, expect, test } from "bun:test";
import { generateFixtures } from "./fixtures";
import { type MatchResult, resolveFixtures } from "./results";

const plan = generateFixtures({
  teams: ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"],
  format: { kind: "groups", groups: 2, advance: 2, thirdPlace: true },
  pitches: 2,
  slots: { start: new Date("2026-12-05T09:00:00Z"), matchMinutes: 12, breakMinutes: 3 },
});
const group = (g: string) => plan.matches.filter((m) => m.group === g);
const semis = plan.matches.filter((m) => m.roundOf === 4);
const final = plan.matches.find((m) => m.roundOf === 2 && !m.thirdPlace)!;
const third = plan.matches.find((m) => m.thirdPlace)!;
const team = (e: (typeof plan.matches)[number]["home"]) => ("team" in e ? e.team : "");

/** Group A (t1, t4, t5, t8) ordered by the lower number winning 1:0; group B all 0:0 (a full tie). */
function groupResults(): MatchResult[] {
  const a = group("A").map((m) => {
    const homeWins = Number(team(m.home).slice(1)) < Number(team(m.away).slice(1));
    return { match: m.id, homeGoals: homeWins ? 1 : 0, awayGoals: homeWins ? 0 : 1 };
  });
  const b = group("B").map((m) => ({ match: m.id, homeGoals: 0, awayGoals: 0 }));
  return [...a, ...b];
}

describe("resolveFixtures", () => {
  test("a group place stays open until every match of the group has a score", () => {
    const partial = groupResults().slice(0, 3);
    const r = resolveFixtures(plan, partial);
    expect(r.tables.map((t) => t.complete)).toEqual([false, false]);
    expect(r.matches.filter((m) => m.stage === "ko").every((m) => m.homeTeam === null && m.awayTeam === null)).toBe(true);
  });

  test("a complete group fills its places; a full tie keeps them open until the organiser's lot", () => {
    const r = resolveFixtures(plan, groupResults());
    expect(r.tables.find((t) => t.group === "A")!.standings.rows.map((x) => x.team)).toEqual(["t1", "t4", "t5", "t8"]);
    expect(r.tables.find((t) => t.group === "B")!.standings.needsDraw).toBe(true);
    const [semi1, semi2] = semis.map((s) => r.matches.find((m) => m.id === s.id)!);
    expect([semi1!.homeTeam, semi1!.awayTeam]).toEqual(["t1", null]); // 1A - 2B
    expect([semi2!.homeTeam, semi2!.awayTeam]).toEqual([null, "t4"]); // 1B - 2A

    const drawn = resolveFixtures(plan, groupResults(), { drawOrders: { B: ["t7", "t2", "t6", "t3"] } });
    const [d1, d2] = semis.map((s) => drawn.matches.find((m) => m.id === s.id)!);
    expect([d1!.homeTeam, d1!.awayTeam]).toEqual(["t1", "t2"]);
    expect([d2!.homeTeam, d2!.awayTeam]).toEqual(["t7", "t4"]);
  });

  test("winners and losers move on; a level score needs the winner of extra time or penalties", () => {
    const base = [...groupResults()];
    const drawOrders = { B: ["t7", "t2", "t6", "t3"] };
    const level = resolveFixtures(plan, [...base, { match: semis[0]!.id, homeGoals: 2, awayGoals: 2 }], { drawOrders });
    expect(level.matches.find((m) => m.id === semis[0]!.id)!.winner).toBeNull();
    expect(level.matches.find((m) => m.id === final.id)!.homeTeam).toBeNull();

    const done = resolveFixtures(
      plan,
      [
        ...base,
        { match: semis[0]!.id, homeGoals: 2, awayGoals: 2, winner: "away" },
        { match: semis[1]!.id, homeGoals: 3, awayGoals: 1 },
        { match: final.id, homeGoals: 0, awayGoals: 1 },
        { match: third.id, homeGoals: 4, awayGoals: 0 },
      ],
      { drawOrders },
    );
    const f = done.matches.find((m) => m.id === final.id)!;
    const t = done.matches.find((m) => m.id === third.id)!;
    expect([f.homeTeam, f.awayTeam, f.winner]).toEqual(["t2", "t7", "t7"]);
    expect([t.homeTeam, t.awayTeam, t.winner, t.loser]).toEqual(["t1", "t4", "t1", "t4"]);
  });
});
