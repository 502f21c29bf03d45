import { describe, expect, test } from "bun:test";
import { firstDay, fitTime, hoursFor, lastDay, minutesFor, quickDays, startInstant } from "./start-time-options";

// 2026-11-24 17:42 in Berlin (CET, UTC+1)
const now = new Date("2026-11-24T16:42:00Z");

describe("start-time picker choices (spec 000 section 5: no past times, 5-minute steps)", () => {
  test("today offers only hours and minutes still ahead", () => {
    expect(hoursFor("2026-11-24", now)).toEqual([17, 18, 19, 20, 21, 22, 23]);
    expect(minutesFor("2026-11-24", 17, now)).toEqual([45, 50, 55]);
    expect(minutesFor("2026-11-24", 18, now)).toHaveLength(12);
  });

  test("later days offer every step; past days none", () => {
    expect(hoursFor("2026-11-25", now)).toHaveLength(24);
    expect(minutesFor("2026-11-25", 0, now)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(hoursFor("2026-11-23", now)).toEqual([]);
  });

  test("exactly now is not ahead", () => {
    const onStep = new Date("2026-11-24T16:45:00Z");
    expect(minutesFor("2026-11-24", 17, onStep)).toEqual([50, 55]);
  });

  test("after 23:55 the first day is tomorrow", () => {
    const late = new Date("2026-11-24T22:56:00Z");
    expect(firstDay(late)).toBe("2026-11-25");
    expect(firstDay(now)).toBe("2026-11-24");
    expect(quickDays(late, 3)).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
  });

  test("the last day: two months ahead, six days with managed payment", () => {
    expect(lastDay(now, false)).toBe("2027-01-24");
    expect(lastDay(now, true)).toBe("2026-11-30");
  });

  test("fitTime moves a past time forward when the day changes", () => {
    expect(fitTime("2026-11-24", 9, 30, now)).toEqual({ hour: 17, minute: 45 });
    expect(fitTime("2026-11-24", 17, 10, now)).toEqual({ hour: 17, minute: 45 });
    expect(fitTime("2026-11-24", 19, 10, now)).toEqual({ hour: 19, minute: 10 });
    expect(fitTime("2026-11-25", 9, 30, now)).toEqual({ hour: 9, minute: 30 });
    expect(fitTime("2026-11-25", null, null, now)).toEqual({ hour: null, minute: null });
  });

  test("startInstant reads the wall time in Berlin, also in summer", () => {
    expect(startInstant("2026-11-24", 18, 30)?.toISOString()).toBe("2026-11-24T17:30:00.000Z");
    expect(startInstant("2026-07-01", 18, 30)?.toISOString()).toBe("2026-07-01T16:30:00.000Z");
    expect(startInstant("2026-07-01", 18, null)).toBeNull();
  });
});
