import { describe, expect, test } from "bun:test";
import { dayChipParts, formatTimeRange, personName, splitByTime } from "./booking-format";

const at = (iso: string) => new Date(iso);
const booking = (id: number, start: string, end: string) => ({ id, startTime: at(start), endTime: at(end) });

describe("booking lists and labels", () => {
  test("upcoming soonest first, then past latest first; a running booking is still upcoming", () => {
    const now = at("2026-11-23T18:00:00Z");
    const list = [
      booking(1, "2026-11-20T18:00:00Z", "2026-11-20T19:00:00Z"),
      booking(2, "2026-11-30T18:00:00Z", "2026-11-30T19:30:00Z"),
      booking(3, "2026-11-23T17:30:00Z", "2026-11-23T18:30:00Z"),
      booking(4, "2026-11-22T18:00:00Z", "2026-11-22T18:00:00Z"),
      booking(5, "2026-11-24T18:00:00Z", "2026-11-24T19:00:00Z"),
    ];
    const { upcoming, past } = splitByTime(list, now);
    expect(upcoming.map((b) => b.id)).toEqual([3, 5, 2]);
    expect(past.map((b) => b.id)).toEqual([4, 1]);
  });

  test("times in Berlin, also across the change to winter time", () => {
    expect(formatTimeRange(at("2026-11-25T18:00:00Z"), at("2026-11-25T19:30:00Z"), "de")).toBe("19:00–20:30");
    expect(formatTimeRange(at("2026-07-01T16:00:00Z"), at("2026-07-01T17:00:00Z"), "de")).toBe("18:00–19:00");
  });

  test("day chips name the calendar day itself, whatever the phone's zone", () => {
    expect(dayChipParts("2026-11-25", "de")).toEqual({ weekday: "Mi", date: "25.11.", long: "Mittwoch, 25. November 2026" });
  });

  test("names: first and last where known", () => {
    expect(personName({ firstName: "Lena", lastName: "Schulz" })).toBe("Lena Schulz");
    expect(personName({ firstName: "Lena", lastName: null })).toBe("Lena");
    expect(personName(null)).toBe("–");
  });
});
