import { describe, expect, test } from "bun:test";
import { closedTimes } from "./closed-times";

const at = (iso: string) => new Date(iso);

describe("closedTimes", () => {
  test("a day with one window is closed before and after it, in Berlin time", () => {
    // 2026-11-24 is a Tuesday in winter time (UTC+1)
    const open = [{ startTime: at("2026-11-24T15:00:00Z"), endTime: at("2026-11-24T22:00:00Z") }];
    expect(closedTimes(open, "2026-11-24", "2026-11-24")).toEqual([
      { start: at("2026-11-23T23:00:00Z"), end: at("2026-11-24T15:00:00Z") },
      { start: at("2026-11-24T22:00:00Z"), end: at("2026-11-24T23:00:00Z") },
    ]);
  });

  test("a day without windows is closed all day; overlapping and touching windows merge", () => {
    const open = [
      { startTime: at("2026-11-25T08:00:00Z"), endTime: at("2026-11-25T12:00:00Z") },
      { startTime: at("2026-11-25T10:00:00Z"), endTime: at("2026-11-25T14:00:00Z") },
      { startTime: at("2026-11-25T14:00:00Z"), endTime: at("2026-11-25T23:00:00Z") },
    ];
    expect(closedTimes(open, "2026-11-24", "2026-11-25")).toEqual([
      { start: at("2026-11-23T23:00:00Z"), end: at("2026-11-24T23:00:00Z") },
      { start: at("2026-11-24T23:00:00Z"), end: at("2026-11-25T08:00:00Z") },
    ]);
  });

  test("only the shown hours count (the public calendar's 10:00 to 22:00)", () => {
    const open = [{ startTime: at("2026-11-24T15:00:00Z"), endTime: at("2026-11-24T22:00:00Z") }];
    expect(closedTimes(open, "2026-11-24", "2026-11-24", "10:00", "22:00")).toEqual([{ start: at("2026-11-24T09:00:00Z"), end: at("2026-11-24T15:00:00Z") }]);
  });

  test("the daylight-saving day is cut at Berlin midnight", () => {
    // 2026-03-29: clocks go forward, the day has 23 hours
    expect(closedTimes([], "2026-03-29", "2026-03-29")).toEqual([{ start: at("2026-03-28T23:00:00Z"), end: at("2026-03-29T22:00:00Z") }]);
  });
});
