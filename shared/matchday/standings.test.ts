import { describe, expect, test } from "bun:test";
import { type PlayedMatch, standings } from "./standings";

const m = (home: string, homeGoals: number, awayGoals: number, away: string): PlayedMatch => ({ home, away, homeGoals, awayGoals });
const order = (s: ReturnType<typeof standings>) => s.rows.map((r) => `${r.rank}:${r.team}`);

describe("standings: the tie-break order points, goal difference, goals, head to head", () => {
  test("points 3/1/0 and the counters", () => {
    const s = standings(["a", "b", "c"], [m("a", 2, 0, "b"), m("b", 1, 1, "c"), m("c", 0, 3, "a")]);
    // b and c 1 point each: b -2, c -3
    expect(order(s)).toEqual(["1:a", "2:b", "3:c"]);
    expect(s.rows[0]).toEqual({ team: "a", rank: 1, played: 2, won: 2, drawn: 0, lost: 0, goalsFor: 5, goalsAgainst: 0, goalDifference: 5, points: 6 });
    expect(s.rows[1]).toEqual({ team: "b", rank: 2, played: 2, won: 0, drawn: 1, lost: 1, goalsFor: 1, goalsAgainst: 3, goalDifference: -2, points: 1 });
    expect(s.ties).toEqual([]);
    expect(s.needsDraw).toBe(false);
  });

  test("level on points: goal difference first", () => {
    // a and b 4 points each; a +3 with 3 goals, b +1 with 5 goals
    const s = standings(["a", "b", "c"], [m("a", 3, 0, "c"), m("b", 5, 4, "c"), m("a", 0, 0, "b")]);
    expect(order(s)).toEqual(["1:a", "2:b", "3:c"]);
  });

  test("level on points and goal difference: goals scored", () => {
    // a beats c 3:1, b beats c 2:0, a and b draw 2:2: both 4 points and +2; a 5 goals, b 4
    const s = standings(["a", "b", "c"], [m("a", 3, 1, "c"), m("b", 2, 0, "c"), m("a", 2, 2, "b")]);
    expect(order(s)).toEqual(["1:a", "2:b", "3:c"]);
  });

  test("level on points, goal difference and goals: the match between them decides", () => {
    // a: W 1:0 vs b, L 0:1 vs c, W 2:1 vs d → 6 pts, +1, 3 goals
    // b: L 0:1 vs a, W 2:1 vs c, W 1:0 vs d → 6 pts, +1, 3 goals; a beat b
    const s = standings(["a", "b", "c", "d"], [m("a", 1, 0, "b"), m("c", 1, 0, "a"), m("a", 2, 1, "d"), m("b", 2, 1, "c"), m("b", 1, 0, "d"), m("c", 1, 1, "d")]);
    expect(s.rows.slice(0, 2).map((r) => [r.team, r.points, r.goalDifference, r.goalsFor])).toEqual([
      ["a", 6, 1, 3],
      ["b", 6, 1, 3],
    ]);
    expect(order(s).slice(0, 2)).toEqual(["1:a", "2:b"]);
  });

  test("three level: the mini-table of their matches puts one last, and their own match orders the two still level", () => {
    // among x, y, z: y 2:0 z, x 2:1 y, z 3:0 x → y 3 pts 3:2, z 3 pts 3:2, x 3 pts 2:4
    // against w: x 4:0, y 3:2, z 3:2 → overall all 6 pts, +2, 6 goals
    const results = [m("y", 2, 0, "z"), m("x", 2, 1, "y"), m("z", 3, 0, "x"), m("x", 4, 0, "w"), m("y", 3, 2, "w"), m("z", 3, 2, "w")];
    const s = standings(["w", "x", "y", "z"], results);
    const by = Object.fromEntries(s.rows.map((r) => [r.team, [r.points, r.goalDifference, r.goalsFor]]));
    expect(by).toEqual({ x: [6, 2, 6], y: [6, 2, 6], z: [6, 2, 6], w: [0, -6, 4] });
    expect(order(s)).toEqual(["1:y", "2:z", "3:x", "4:w"]);
    expect(s.ties).toEqual([]);
  });

  test("a full tie: a shared rank, reported for the organiser's lot; the lot orders it", () => {
    const results = [m("a", 1, 1, "b"), m("b", 1, 1, "c"), m("c", 1, 1, "a")];
    const s = standings(["c", "a", "b"], results);
    expect(order(s)).toEqual(["1:a", "1:b", "1:c"]);
    expect(s.ties).toEqual([["a", "b", "c"]]);
    expect(s.needsDraw).toBe(true);
    const drawn = standings(["c", "a", "b"], results, { drawOrder: ["c", "a", "b"] });
    expect(order(drawn)).toEqual(["1:c", "2:a", "3:b"]);
    expect(drawn.ties).toEqual([["a", "b", "c"]]);
    expect(drawn.needsDraw).toBe(false);
    // a lot naming one of three leaves the other two level behind it
    const partial = standings(["c", "a", "b"], results, { drawOrder: ["b"] });
    expect(order(partial)).toEqual(["1:b", "2:a", "2:c"]);
    expect(partial.needsDraw).toBe(true);
    // naming two of three decides the third
    expect(order(standings(["c", "a", "b"], results, { drawOrder: ["b", "c"] }))).toEqual(["1:b", "2:c", "3:a"]);
  });

  test("teams without a match yet are in the table; matches with other teams are ignored", () => {
    const s = standings(["a", "b", "c"], [m("a", 1, 0, "b"), m("a", 5, 0, "zz")]);
    expect(s.rows.find((r) => r.team === "c")).toMatchObject({ played: 0, points: 0, rank: 2 });
    expect(s.rows.find((r) => r.team === "a")).toMatchObject({ played: 1, goalsFor: 1 });
    expect(order(s)).toEqual(["1:a", "2:c", "3:b"]);
  });
});
