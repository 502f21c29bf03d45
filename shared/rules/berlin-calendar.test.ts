import { describe, expect, test } from "bun:test";
import {
  addBerlinDays,
  addBerlinMonths,
  berlinDateTimeToInstant,
  berlinDaysBetween,
  berlinParts,
  berlinTimeOfDay,
  startOfBerlinDay,
  type Weekday,
  weekdayOfDay,
} from "./berlin-calendar";

// 2026: clocks go forward on Sunday 29 March at 01:00 UTC (02:00 CET -> 03:00 CEST)
// and back on Sunday 25 October at 01:00 UTC (03:00 CEST -> 02:00 CET).

describe("berlinParts", () => {
  test.each([
    ["2026-01-01T00:00:00Z", 2026, 1, 1, 1, 0, 4], // Thursday, CET
    ["2026-11-21T22:59:59.999Z", 2026, 11, 21, 23, 59, 6], // Saturday evening
    ["2026-11-21T23:00:00Z", 2026, 11, 22, 0, 0, 7], // Sunday midnight in Berlin, still Saturday in UTC
    ["2026-11-22T23:00:00Z", 2026, 11, 23, 0, 0, 1], // Monday
    ["2026-07-01T21:59:59Z", 2026, 7, 1, 23, 59, 3], // CEST
    ["2026-07-01T22:00:00Z", 2026, 7, 2, 0, 0, 4],
    ["2026-03-29T00:59:59.999Z", 2026, 3, 29, 1, 59, 7], // last moment before the gap
    ["2026-03-29T01:00:00Z", 2026, 3, 29, 3, 0, 7], // first moment after it
    ["2026-10-25T00:30:00Z", 2026, 10, 25, 2, 30, 7], // 02:30 CEST, first time
    ["2026-10-25T01:30:00Z", 2026, 10, 25, 2, 30, 7], // 02:30 CET, second time
    ["2026-10-25T01:00:00Z", 2026, 10, 25, 2, 0, 7],
    ["2026-12-31T23:00:00Z", 2027, 1, 1, 0, 0, 5], // new year in Berlin first
    ["2024-02-29T12:00:00Z", 2024, 2, 29, 13, 0, 4],
  ])("%s -> %d-%d-%d %d:%d weekday %d", (iso, year, month, day, hour, minute, weekday) => {
    expect(berlinParts(new Date(iso))).toEqual({ year, month, day, hour, minute, weekday: weekday as Weekday });
  });

  test("an invalid date throws", () => {
    expect(() => berlinParts(new Date("nonsense"))).toThrow(RangeError);
  });

  test.each([
    ["2026-11-21T06:05:00Z", "07:05"],
    ["2026-11-21T23:00:00Z", "00:00"],
    ["2026-07-01T10:59:59Z", "12:59"],
  ])("berlinTimeOfDay(%s) = %s", (iso, time) => {
    expect(berlinTimeOfDay(new Date(iso))).toBe(time);
  });
});

describe("berlinDateTimeToInstant", () => {
  test.each([
    ["2026-01-15", "12:00", "2026-01-15T11:00:00.000Z"],
    ["2026-07-15", "12:00", "2026-07-15T10:00:00.000Z"],
    ["2026-01-01", "00:00", "2025-12-31T23:00:00.000Z"],
    ["2024-02-29", "23:59", "2024-02-29T22:59:00.000Z"],
    // spring forward: 02:00-02:59 do not exist; read with the pre-gap offset, landing after the gap
    ["2026-03-29", "00:00", "2026-03-28T23:00:00.000Z"],
    ["2026-03-29", "01:59", "2026-03-29T00:59:00.000Z"],
    ["2026-03-29", "02:00", "2026-03-29T01:00:00.000Z"], // = 03:00 CEST
    ["2026-03-29", "02:30", "2026-03-29T01:30:00.000Z"], // = 03:30 CEST
    ["2026-03-29", "02:55", "2026-03-29T01:55:00.000Z"], // = 03:55 CEST
    ["2026-03-29", "03:00", "2026-03-29T01:00:00.000Z"],
    ["2026-03-29", "03:30", "2026-03-29T01:30:00.000Z"],
    ["2026-03-30", "00:00", "2026-03-29T22:00:00.000Z"],
    // fall back: 02:00-02:59 happen twice; the first (CEST) is chosen
    ["2026-10-25", "00:00", "2026-10-24T22:00:00.000Z"],
    ["2026-10-25", "01:59", "2026-10-24T23:59:00.000Z"],
    ["2026-10-25", "02:00", "2026-10-25T00:00:00.000Z"],
    ["2026-10-25", "02:30", "2026-10-25T00:30:00.000Z"],
    ["2026-10-25", "02:59", "2026-10-25T00:59:00.000Z"],
    ["2026-10-25", "03:00", "2026-10-25T02:00:00.000Z"],
    ["2026-10-26", "00:00", "2026-10-25T23:00:00.000Z"],
  ])("%s %s Berlin -> %s", (day, time, iso) => {
    expect(berlinDateTimeToInstant(day, time).toISOString()).toBe(iso);
  });

  test("round trip every 5 minutes over both change days (except the spring gap)", () => {
    for (const day of ["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"]) {
      for (let m = 0; m < 24 * 60; m += 5) {
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const instant = berlinDateTimeToInstant(day, time);
        const inGap = day === "2026-03-29" && time.startsWith("02:");
        const p = berlinParts(instant);
        const back = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
        if (inGap) {
          expect(instant.toISOString()).toBe(`2026-03-29T01:${time.slice(3)}:00.000Z`);
        } else {
          expect(`${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${back}`).toBe(`${day} ${time}`);
        }
      }
    }
  });

  test.each([
    ["2026-02-29", "12:00"],
    ["2026-13-01", "12:00"],
    ["2026-00-10", "12:00"],
    ["26-01-01", "12:00"],
    ["2026-1-1", "12:00"],
    ["2026-01-01", "24:00"],
    ["2026-01-01", "12:60"],
    ["2026-01-01", "9:00"],
    ["2026-01-01", ""],
  ])("%p %p is rejected", (day, time) => {
    expect(() => berlinDateTimeToInstant(day, time)).toThrow(RangeError);
  });
});

describe("startOfBerlinDay", () => {
  test.each([
    ["2026-11-21", "2026-11-20T23:00:00.000Z"],
    ["2026-07-01", "2026-06-30T22:00:00.000Z"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z"], // a 23-hour day
    ["2026-03-30", "2026-03-29T22:00:00.000Z"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z"], // a 25-hour day
    ["2026-10-26", "2026-10-25T23:00:00.000Z"],
  ])("%s starts at %s", (day, iso) => {
    expect(startOfBerlinDay(day).toISOString()).toBe(iso);
  });
});

describe("day arithmetic", () => {
  test.each([
    ["2026-03-28", 1, "2026-03-29"],
    ["2026-03-29", 1, "2026-03-30"],
    ["2026-10-25", 1, "2026-10-26"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-11-21", 0, "2026-11-21"],
    ["2026-11-21", 7, "2026-11-28"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2026-01-01", -1, "2025-12-31"],
  ])("addBerlinDays(%s, %d) = %s", (day, n, out) => {
    expect(addBerlinDays(day, n)).toBe(out);
    expect(berlinDaysBetween(day, out)).toBe(n);
  });

  test.each([
    ["2026-11-16", 1],
    ["2026-11-21", 6],
    ["2026-11-22", 7],
    ["2026-03-29", 7],
    ["2026-10-25", 7],
    ["2027-01-01", 5],
    ["2024-02-29", 4],
  ])("weekdayOfDay(%s) = %d", (day, weekday) => {
    expect(weekdayOfDay(day)).toBe(weekday as Weekday);
  });
});

describe("addBerlinMonths keeps the Berlin wall time", () => {
  test.each([
    ["2026-01-15T11:00:00.000Z", 1, "2026-02-15T11:00:00.000Z"],
    ["2026-01-31T11:00:00.000Z", 1, "2026-02-28T11:00:00.000Z"], // clamped to the month end
    ["2024-01-31T11:00:00.000Z", 1, "2024-02-29T11:00:00.000Z"], // leap year
    ["2026-03-31T10:00:00.000Z", 2, "2026-05-31T10:00:00.000Z"],
    ["2026-03-31T10:00:00.000Z", 1, "2026-04-30T10:00:00.000Z"],
    ["2026-02-15T11:00:00.000Z", 2, "2026-04-15T10:00:00.000Z"], // 12:00 CET -> 12:00 CEST
    ["2026-08-31T10:00:00.000Z", 2, "2026-10-31T11:00:00.000Z"], // 12:00 CEST -> 12:00 CET, clamped to 31st (exists)
    ["2026-12-31T11:00:00.000Z", 2, "2027-02-28T11:00:00.000Z"],
    ["2026-11-30T23:30:00.000Z", 2, "2027-01-31T23:30:00.000Z"], // 1 Dec 00:30 Berlin -> 1 Feb 00:30
    ["2026-12-31T22:59:59.999Z", 2, "2027-02-28T22:59:59.999Z"], // seconds and ms kept
    ["2026-11-21T10:03:17.456Z", 2, "2027-01-21T10:03:17.456Z"],
    ["2026-01-29T01:30:00.000Z", 2, "2026-03-29T01:30:00.000Z"], // 02:30 CET -> non-existent 02:30 -> 03:30 CEST
    ["2026-08-25T00:30:00.000Z", 2, "2026-10-25T00:30:00.000Z"], // 02:30 CEST -> first 02:30
    ["2026-03-31T10:00:00.000Z", -1, "2026-02-28T11:00:00.000Z"],
    ["2026-01-15T11:00:00.000Z", -1, "2025-12-15T11:00:00.000Z"],
    ["2026-01-15T11:00:00.000Z", 12, "2027-01-15T11:00:00.000Z"],
    ["2026-01-15T11:00:00.000Z", -12, "2025-01-15T11:00:00.000Z"],
    ["2026-01-15T11:00:00.000Z", 0, "2026-01-15T11:00:00.000Z"],
  ])("%s + %d months = %s", (iso, n, out) => {
    expect(addBerlinMonths(new Date(iso), n).toISOString()).toBe(out);
  });
});
