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

  test("today's past is shaded up to the next half hour, joined with a closed time; later days are untouched (issue 23 item 17)", () => {
    // Tuesday 2026-11-24, open 16:00 to 23:00 Berlin; now 11:07 Berlin: closed until 16:00 anyway
    const open = [
      { startTime: at("2026-11-24T15:00:00Z"), endTime: at("2026-11-24T22:00:00Z") },
      { startTime: at("2026-11-25T15:00:00Z"), endTime: at("2026-11-25T22:00:00Z") },
    ];
    const early = { now: at("2026-11-24T10:07:00Z") };
    expect(closedTimes(open, "2026-11-24", "2026-11-25", "10:00", "22:00", early)).toEqual([
      { start: at("2026-11-24T09:00:00Z"), end: at("2026-11-24T15:00:00Z") },
      { start: at("2026-11-25T09:00:00Z"), end: at("2026-11-25T15:00:00Z") },
    ]);
    // 18:07 Berlin: the open hours until 18:30 are past
    const evening = { now: at("2026-11-24T17:07:00Z") };
    expect(closedTimes(open, "2026-11-24", "2026-11-24", "10:00", "22:00", evening)).toEqual([{ start: at("2026-11-24T09:00:00Z"), end: at("2026-11-24T17:30:00Z") }]);
    // after the shown hours: the whole day
    const late = { now: at("2026-11-24T22:30:00Z") };
    expect(closedTimes(open, "2026-11-24", "2026-11-24", "10:00", "22:00", late)).toEqual([{ start: at("2026-11-24T09:00:00Z"), end: at("2026-11-24T21:00:00Z") }]);
  });

  test("the daylight-saving day is cut at Berlin midnight", () => {
    // 2026-03-29: clocks go forward, the day has 23 hours
    expect(closedTimes([], "2026-03-29", "2026-03-29")).toEqual([{ start: at("2026-03-28T23:00:00Z"), end: at("2026-03-29T22:00:00Z") }]);
  });
});
