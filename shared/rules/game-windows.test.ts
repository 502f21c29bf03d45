import { describe, expect, test } from "bun:test";
import {
  autoCancelAt,
  canCancelGame,
  canEditGame,
  gameEndTime,
  isMissingPlayersTipShown,
  minPlayersPhase,
  minPlayersWarningAt,
  type MinPlayersPhase,
  type StartTimeProblem,
  startTimeHint,
  startTimeProblem,
  takesPlacePromptAt,
} from "./game-windows";

const MS = 1;
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const start = new Date("2026-11-21T18:00:00Z"); // Saturday 19:00 CET
const at = (offsetFromStart: number) => new Date(start.getTime() + offsetFromStart);

describe("gameEndTime", () => {
  test.each([
    ["2026-11-21T18:00:00.000Z", 60, "2026-11-21T19:00:00.000Z"],
    ["2026-11-21T18:00:00.000Z", 90, "2026-11-21T19:30:00.000Z"],
    ["2026-11-21T22:00:00.000Z", 360, "2026-11-22T04:00:00.000Z"],
    // elapsed time, not wall time: 02:30 CEST + 2 h is 03:30 CET across the autumn change
    ["2026-10-25T00:30:00.000Z", 120, "2026-10-25T02:30:00.000Z"],
  ])("%s + %d min = %s", (iso, minutes, out) => {
    expect(gameEndTime(new Date(iso), minutes).toISOString()).toBe(out);
  });
});

describe("canEditGame: allowed while now < start - 30 min", () => {
  test.each([
    [-30 * D, true],
    [-30 * MIN - MS, true],
    [-30 * MIN, false], // exactly 30 minutes before: "starting within 30 minutes"
    [-30 * MIN + MS, false],
    [-MS, false],
    [0, false],
    [2 * H, false], // past / running
  ])("now = start %+d ms -> %p", (offset, ok) => {
    expect(canEditGame(start, at(offset))).toBe(ok);
  });
});

describe("canCancelGame", () => {
  test.each([
    [-2 * D, "ok"],
    [-60 * MIN - MS, "ok"],
    [-60 * MIN, "shortNotice"],
    [-30 * MIN, "shortNotice"],
    [-MS, "shortNotice"],
    [0, "started"],
    [MS, "started"],
    [3 * H, "started"],
  ])("now = start %+d ms -> %s", (offset, result) => {
    expect(canCancelGame(start, at(offset))).toBe(result as "ok");
  });
});

describe("minimum-players phases", () => {
  test.each<[number, MinPlayersPhase]>([
    [-30 * D, "none"],
    [-8 * H - MS, "none"],
    [-8 * H, "warning"],
    [-5 * H, "warning"],
    [-3 * H - MS, "warning"],
    [-3 * H, "takesPlacePrompt"],
    [-2 * H, "takesPlacePrompt"],
    [-1 * H - MS, "takesPlacePrompt"],
    [-1 * H, "tooLate"], // the auto-cancel time
    [-MS, "tooLate"],
    [0, "tooLate"],
    [H, "tooLate"],
  ])("now = start %+d ms -> %s", (offset, phase) => {
    expect(minPlayersPhase(start, at(offset))).toBe(phase);
  });

  test.each([
    ["2026-11-21T18:00:00.000Z", "2026-11-21T17:00:00.000Z", "2026-11-21T10:00:00.000Z", "2026-11-21T15:00:00.000Z"],
    // elapsed hours across the spring change: 1 h before 03:30 CEST is 01:30 CET
    ["2026-03-29T01:30:00.000Z", "2026-03-29T00:30:00.000Z", "2026-03-28T17:30:00.000Z", "2026-03-28T22:30:00.000Z"],
  ])("start %s: auto-cancel %s, warning %s, prompt %s", (s, cancel, warning, prompt) => {
    const st = new Date(s);
    expect(autoCancelAt(st).toISOString()).toBe(cancel);
    expect(minPlayersWarningAt(st).toISOString()).toBe(warning);
    expect(takesPlacePromptAt(st).toISOString()).toBe(prompt);
  });
});

describe("startTimeProblem", () => {
  const now = "2026-11-21T10:03:17.456Z"; // Saturday 11:03 CET
  const onStep = "2026-11-21T10:00:00.000Z";
  test.each<[string, string, string, boolean, StartTimeProblem | null]>([
    ["equal to now", now, now, false, "GAME_IN_PAST"],
    ["1 ms before now", now, "2026-11-21T10:03:17.455Z", false, "GAME_IN_PAST"],
    ["past and off-step", now, "2026-11-20T10:03:00.000Z", false, "GAME_IN_PAST"],
    ["past, managed", now, "2026-11-20T10:00:00.000Z", true, "GAME_IN_PAST"],
    ["next step", now, "2026-11-21T10:05:00.000Z", false, null],
    ["next step, managed", now, "2026-11-21T10:05:00.000Z", true, null],
    ["1 ms past a step", now, "2026-11-21T10:05:00.001Z", false, "START_TIME_STEP"],
    ["1 s past a step", now, "2026-11-21T10:05:01.000Z", false, "START_TIME_STEP"],
    ["minute 7", now, "2026-11-21T10:07:00.000Z", false, "START_TIME_STEP"],
    ["minute 59", now, "2026-11-21T10:59:00.000Z", false, "START_TIME_STEP"],
    ["minute 55", now, "2026-11-21T10:55:00.000Z", false, null],
    ["off-step and too far", now, "2027-06-01T10:07:00.000Z", false, "START_TIME_STEP"],
    // two calendar months in Berlin wall time: the limit is 2027-01-21 11:03:17.456 CET
    ["last step before the limit", now, "2027-01-21T10:00:00.000Z", false, null],
    ["first step after the limit", now, "2027-01-21T10:05:00.000Z", false, "GAME_TOO_FAR_AHEAD"],
    ["exactly the limit", onStep, "2027-01-21T10:00:00.000Z", false, null],
    ["limit + 5 min", onStep, "2027-01-21T10:05:00.000Z", false, "GAME_TOO_FAR_AHEAD"],
    // across the autumn change: 12:00 CEST on 31 Aug -> 12:00 CET on 31 Oct
    ["limit over DST", "2026-08-31T10:00:00.000Z", "2026-10-31T11:00:00.000Z", false, null],
    ["limit over DST + 5 min", "2026-08-31T10:00:00.000Z", "2026-10-31T11:05:00.000Z", false, "GAME_TOO_FAR_AHEAD"],
    // month end clamped: 31 Dec -> 28 Feb
    ["clamped limit", "2026-12-31T11:00:00.000Z", "2027-02-28T11:00:00.000Z", false, null],
    ["clamped limit + 5 min", "2026-12-31T11:00:00.000Z", "2027-02-28T11:05:00.000Z", false, "GAME_TOO_FAR_AHEAD"],
    ["clamped limit, 1 March", "2026-12-31T11:00:00.000Z", "2027-03-01T11:00:00.000Z", false, "GAME_TOO_FAR_AHEAD"],
    // managed payment: 6 x 24 h
    ["managed, exactly 6 days", onStep, "2026-11-27T10:00:00.000Z", true, null],
    ["managed, 6 days + 5 min", onStep, "2026-11-27T10:05:00.000Z", true, "MANAGED_PAYMENT_TOO_FAR_AHEAD"],
    ["unmanaged, 6 days + 5 min", onStep, "2026-11-27T10:05:00.000Z", false, null],
    ["managed, 3 months (stricter limit reported)", onStep, "2027-02-21T10:00:00.000Z", true, "MANAGED_PAYMENT_TOO_FAR_AHEAD"],
    // 6 x 24 h is elapsed time: over the autumn change that is 11:00 CET for a 12:00 CEST now
    ["managed over DST, 6 x 24 h", "2026-10-22T10:00:00.000Z", "2026-10-28T10:00:00.000Z", true, null],
    ["managed over DST, + 5 min", "2026-10-22T10:00:00.000Z", "2026-10-28T10:05:00.000Z", true, "MANAGED_PAYMENT_TOO_FAR_AHEAD"],
  ])("%s: now %s, start %s, managed %p -> %p", (_label, nowIso, startIso, isManagedPayment, problem) => {
    expect(startTimeProblem(new Date(startIso), new Date(nowIso), { isManagedPayment })).toBe(problem);
  });
});

describe("startTimeHint (Berlin hour)", () => {
  test.each([
    ["2026-11-20T23:00:00Z", "night"], // 00:00 CET
    ["2026-11-21T06:59:59Z", "night"], // 07:59 CET
    ["2026-11-21T07:00:00Z", "morning"], // 08:00 CET
    ["2026-11-21T09:59:00Z", "morning"], // 10:59 CET
    ["2026-11-21T10:00:00Z", null], // 11:00 CET
    ["2026-11-21T22:59:00Z", null], // 23:59 CET
    ["2026-07-01T05:55:00Z", "night"], // 07:55 CEST
    ["2026-07-01T06:00:00Z", "morning"], // 08:00 CEST (UTC says 06)
    ["2026-07-01T08:55:00Z", "morning"], // 10:55 CEST
    ["2026-07-01T09:00:00Z", null], // 11:00 CEST (UTC says 09)
  ])("%s -> %p", (iso, hint) => {
    expect(startTimeHint(new Date(iso))).toBe(hint as "night" | null);
  });
});

describe("isMissingPlayersTipShown: shortfall above 4 and start within 24 h", () => {
  test.each([
    [-24 * H - MS, 10, 5, false],
    [-24 * H, 10, 5, true], // exactly 24 h before counts as within
    [-5 * H, 10, 5, true],
    [-MS, 10, 5, true],
    [0, 10, 5, false], // started
    [H, 10, 5, false],
    [-5 * H, 10, 6, false], // shortfall exactly 4
    [-5 * H, 10, 0, true],
    [-5 * H, 0, 0, false], // "takes place" confirmed (minimum 0)
    [-5 * H, 10, 12, false],
  ])("now = start %+d ms, min %d, in %d -> %p", (offset, minPlayers, playersIn, shown) => {
    expect(isMissingPlayersTipShown(start, at(offset), minPlayers, playersIn)).toBe(shown);
  });
});
