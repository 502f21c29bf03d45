import { describe, expect, test } from "bun:test";
import { teamsOpenAt, teamsWindow, type TeamsWindow } from "./teams-window";

describe("teamsWindow: [start - 30 min, end), to the millisecond", () => {
  const start = new Date("2026-10-01T16:00:00Z");
  const end = new Date("2026-10-01T17:30:00Z");
  const at = (minutes: number, ms = 0) => new Date(start.getTime() + minutes * 60_000 + ms);
  const cases: [Date, TeamsWindow][] = [
    [at(-24 * 60), "notYet"],
    [at(-30, -1), "notYet"],
    [at(-30), "open"],
    [at(0), "open"],
    [at(90, -1), "open"],
    [at(90), "closed"],
    [at(90 + 24 * 60), "closed"],
  ];
  for (const [now, expected] of cases) {
    test(`${now.toISOString()} is ${expected}`, () => expect(teamsWindow({ start, end, now })).toBe(expected));
  }
  test("opens 30 minutes before the start", () => expect(teamsOpenAt(start)).toEqual(at(-30)));
});
