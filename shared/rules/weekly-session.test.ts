import { describe, expect, test } from "bun:test";
import { confirmableWeek, confirmationOpensAt, heldBackByHeadStart, nextWeeklyStart, regularsOf, weeklyState } from "./weekly-session";

const H = 3600_000;

describe("the next week", () => {
  test("same Berlin wall time seven calendar days later, across both daylight-saving changes", () => {
    // Tuesday 24 March 2026 19:00 CET → Tuesday 31 March 19:00 CEST (one hour less in UTC)
    expect(nextWeeklyStart(new Date("2026-03-24T18:00:00Z")).toISOString()).toBe("2026-03-31T17:00:00.000Z");
    // Tuesday 20 October 2026 19:00 CEST → Tuesday 27 October 19:00 CET
    expect(nextWeeklyStart(new Date("2026-10-20T17:00:00Z")).toISOString()).toBe("2026-10-27T18:00:00.000Z");
    // an ordinary week is exactly 168 hours
    expect(nextWeeklyStart(new Date("2026-06-02T17:00:00Z")).getTime() - new Date("2026-06-02T17:00:00Z").getTime()).toBe(168 * H);
    // a session at 23:30 stays on its weekday
    expect(nextWeeklyStart(new Date("2026-06-02T21:30:00Z")).toISOString()).toBe("2026-06-09T21:30:00.000Z");
  });
  test("confirmation opens 24 hours after the latest week's start", () => {
    expect(confirmationOpensAt(new Date("2026-06-02T17:00:00Z")).toISOString()).toBe("2026-06-03T17:00:00.000Z");
  });
});

describe("where a template stands", () => {
  const latest = new Date("2026-06-02T17:00:00Z"); // Tuesday 19:00 Berlin
  const active = { latestStartTime: latest, deactivatedAt: null };
  test("a future game is scheduled; before the window a hint; then open until the next start", () => {
    expect(weeklyState({ ...active }, new Date(latest.getTime() - H), 7)).toEqual({ kind: "scheduled", nextStart: latest, gameId: 7 });
    expect(weeklyState(active, new Date(latest.getTime() + 2 * H), null)).toEqual({ kind: "waiting", nextStart: new Date("2026-06-09T17:00:00Z"), opensAt: new Date("2026-06-03T17:00:00Z") });
    expect(weeklyState(active, new Date(latest.getTime() + 24 * H), null)).toEqual({ kind: "open", nextStart: new Date("2026-06-09T17:00:00Z") });
    expect(confirmableWeek(active, new Date(latest.getTime() + 30 * H), null)).toEqual({ nextStart: new Date("2026-06-09T17:00:00Z") });
    expect(confirmableWeek(active, new Date(latest.getTime() + 2 * H), null)).toEqual({ problem: "WEEKLY_CONFIRMATION_NOT_OPEN" });
    expect(confirmableWeek({ ...active, deactivatedAt: latest }, new Date(latest.getTime() + 30 * H), null)).toEqual({ problem: "WEEKLY_SESSION_DEACTIVATED" });
  });
  test("weeks nobody answered for are passed over; the next one opens 24 hours after the missed start", () => {
    // 9 June 19:00 passed unanswered; on 9 June 20:00 the next week (16 June) waits until 10 June 19:00
    expect(weeklyState(active, new Date("2026-06-09T18:00:00Z"), null)).toEqual({ kind: "waiting", nextStart: new Date("2026-06-16T17:00:00Z"), opensAt: new Date("2026-06-10T17:00:00Z") });
    expect(weeklyState(active, new Date("2026-06-11T09:00:00Z"), null)).toEqual({ kind: "open", nextStart: new Date("2026-06-16T17:00:00Z") });
  });
});

describe("regulars", () => {
  test("at least two games of the session in the last four weeks", () => {
    const now = new Date("2026-06-30T12:00:00Z");
    const day = (d: string) => new Date(`2026-06-${d}T17:00:00Z`);
    const r = regularsOf(
      [
        { userId: 1, gameStart: day("02") },
        { userId: 1, gameStart: day("09") },
        { userId: 2, gameStart: day("09") },
        { userId: 3, gameStart: new Date("2026-05-26T17:00:00Z") }, // five weeks ago
        { userId: 3, gameStart: day("16") },
        { userId: 4, gameStart: day("23") },
        { userId: 4, gameStart: new Date("2026-07-07T17:00:00Z") }, // not played yet
      ],
      now,
    );
    expect([...r]).toEqual([1]);
  });
});

describe("the regulars' head start", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const until = new Date(now.getTime() + H);
  const regulars = new Set([7]);
  test.each([
    ["no head start", { regularsOnlyUntil: null, regulars, userId: 8 }, false],
    ["a newcomer while it runs", { regularsOnlyUntil: until, regulars, userId: 8 }, true],
    ["a guest while it runs", { regularsOnlyUntil: until, regulars, userId: null }, true],
    ["a regular", { regularsOnlyUntil: until, regulars, userId: 7 }, false],
    ["an organiser", { regularsOnlyUntil: until, regulars, userId: 8, privileged: true }, false],
    ["a session without regulars: nobody is held back", { regularsOnlyUntil: until, regulars: new Set<number>(), userId: 8 }, false],
    ["a guest, session without regulars", { regularsOnlyUntil: until, regulars: new Set<number>(), userId: null }, false],
    ["at its end to the millisecond", { regularsOnlyUntil: now, regulars, userId: 8 }, false],
  ] as const)("%s", (_, o, held) => {
    expect(heldBackByHeadStart({ privileged: false, now, ...o })).toBe(held);
  });
});
