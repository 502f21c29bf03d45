import { describe, expect, test } from "bun:test";
import { gameDurationFor, leadingSlot, nextOccurrence, pollEnded, pollEndProblem, slotEndTime, slotProblem, slotsProblem } from "./planner";

const slot = (weekday: number, startTime: string, durationMinutes = 90) => ({ weekday, startTime, durationMinutes });

describe("slots", () => {
  test.each([
    [slot(0, "19:00"), null],
    [slot(6, "23:45", 180), null],
    [slot(-1, "19:00"), "slot_weekday"],
    [slot(7, "19:00"), "slot_weekday"],
    [slot(1.5, "19:00"), "slot_weekday"],
    [slot(1, "24:00"), "slot_time"],
    [slot(1, "9:00"), "slot_time"],
    [slot(1, "19:60"), "slot_time"],
    [slot(1, "19:00", 45), "slot_duration"],
    [slot(1, "19:00", 195), "slot_duration"],
    [slot(1, "19:00", 100), "slot_duration"],
    [slot(1, "19:00", 60), null],
    [slot(1, "19:00", 165), null],
  ] as const)("%o → %p", (s, expected) => {
    expect(slotProblem(s)).toBe(expected);
  });
  test.each([
    [[], "slots_count"],
    [[slot(0, "19:00")], null],
    [[slot(0, "19:00"), slot(1, "19:00"), slot(2, "19:00")], null],
    [[slot(0, "19:00"), slot(1, "19:00"), slot(2, "19:00"), slot(3, "19:00")], "slots_count"],
    [[slot(0, "19:00"), slot(0, "19:00", 120)], "slots_duplicate"],
    [[slot(0, "19:00"), slot(0, "19:30")], null],
    [[slot(0, "19:00"), slot(9, "19:30")], "slot_weekday"],
  ] as const)("%o → %p", (slots, expected) => {
    expect(slotsProblem(slots)).toBe(expected);
  });
});

describe("the poll end", () => {
  const now = new Date("2026-06-01T10:00:00Z");
  test.each([
    ["2026-06-01T10:00:00Z", "poll_end_past"],
    ["2026-05-31T10:00:00Z", "poll_end_past"],
    ["2026-06-01T10:00:01Z", null],
    ["2026-07-01T10:00:00Z", null], // exactly 30 days
    ["2026-07-01T10:00:01Z", "poll_end_too_far"],
  ] as const)("%s → %p", (end, expected) => {
    expect(pollEndProblem(new Date(end), now)).toBe(expected);
  });
  test("ended when closed, converted or past its end", () => {
    const end = new Date("2026-06-05T18:00:00Z");
    expect(pollEnded({ status: "OPEN", pollEndsAt: end }, now)).toBe(false);
    expect(pollEnded({ status: "OPEN", pollEndsAt: end }, end)).toBe(true);
    expect(pollEnded({ status: "CLOSED", pollEndsAt: end }, now)).toBe(true);
    expect(pollEnded({ status: "CONVERTED", pollEndsAt: end }, now)).toBe(true);
  });
});

describe("the next date of a slot (Berlin wall time)", () => {
  test.each([
    // Monday 1 June 2026 12:00 Berlin (CEST); Tuesday (1) 19:00 → 2 June 19:00 CEST
    ["2026-06-01T10:00:00Z", 1, "19:00", "2026-06-02T17:00:00.000Z"],
    // the same weekday, the time still ahead: today
    ["2026-06-01T10:00:00Z", 0, "19:00", "2026-06-01T17:00:00.000Z"],
    // the same weekday, the time passed: next week
    ["2026-06-01T18:00:00Z", 0, "19:00", "2026-06-08T17:00:00.000Z"],
    // exactly at the start: next week (strictly after)
    ["2026-06-01T17:00:00Z", 0, "19:00", "2026-06-08T17:00:00.000Z"],
    // Sunday (6), across the change to summer time: Saturday 28 March 2026 → Sunday 29 March 10:00 CEST
    ["2026-03-28T12:00:00Z", 6, "10:00", "2026-03-29T08:00:00.000Z"],
    // across the change to winter time: Sunday 25 October 2026 19:00 CET
    ["2026-10-24T12:00:00Z", 6, "19:00", "2026-10-25T18:00:00.000Z"],
    // late evening in Berlin is already the next UTC day's weekday boundary: Monday 23:30 Berlin
    ["2026-06-01T21:00:00Z", 0, "23:30", "2026-06-01T21:30:00.000Z"],
  ] as const)("after %s weekday %d %s → %s", (after, weekday, time, expected) => {
    expect(nextOccurrence(weekday, time, new Date(after)).toISOString()).toBe(expected);
  });
});

describe("the leading slot", () => {
  const t = (id: number, position: number, yes: number, no: number) => ({ id, position, yes, no });
  test.each([
    [[], null],
    [[t(1, 0, 0, 3), t(2, 1, 0, 0)], null],
    [[t(1, 0, 2, 0), t(2, 1, 3, 5)], 2],
    // a tie in yes: the fewer no answers
    [[t(1, 0, 3, 2), t(2, 1, 3, 1)], 2],
    // a full tie: the slot proposed first
    [[t(1, 1, 3, 1), t(2, 0, 3, 1)], 2],
    [[t(1, 0, 1, 0), t(2, 1, 1, 0), t(3, 2, 1, 0)], 1],
  ] as const)("%o → %p", (tallies, expected) => {
    expect(leadingSlot(tallies)).toBe(expected);
  });
  test("a slot's end", () => {
    expect(slotEndTime("19:00", 90)).toBe("20:30");
    expect(slotEndTime("23:00", 120)).toBe("01:00");
  });
});

describe("a game's duration for a slot", () => {
  test.each([
    [60, 60],
    [75, 90],
    [90, 90],
    [105, 120],
    [120, 120],
    [135, 180],
    [165, 180],
    [180, 180],
  ] as const)("%d minutes → %d", (slot, game) => {
    expect(gameDurationFor(slot)).toBe(game);
  });
});
