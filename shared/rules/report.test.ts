import { describe, expect, test } from "bun:test";
import { REPORT_MAX_LENGTH, REPORT_MIN_LENGTH } from "../constants";
import { type ReportProblem, reportOpen, reportProblem, reportTextProblem, showReportButton } from "./report";

const MS = 1;
const H = 3_600_000;
const start = new Date("2026-11-21T18:00:00Z");
const at = (offsetFromStart: number) => new Date(start.getTime() + offsetFromStart);

describe("reportProblem", () => {
  const ok = { signedIn: true, gameFound: true, gameEnded: true, isParticipant: true, isCreator: false, alreadyReported: false };
  test.each<[string, Partial<typeof ok>, ReportProblem | null]>([
    ["a participant after the game", {}, null],
    ["not signed in", { signedIn: false }, "UNAUTHENTICATED"],
    ["not signed in, no game", { signedIn: false, gameFound: false }, "UNAUTHENTICATED"],
    ["no game", { gameFound: false }, "GAME_NOT_FOUND"],
    ["no game, other flags off", { gameFound: false, gameEnded: false, isParticipant: false }, "GAME_NOT_FOUND"],
    ["not yet past", { gameEnded: false }, "GAME_NOT_PAST"],
    ["not a participant", { isParticipant: false }, "NO_PARTICIPATION"],
    ["not a participant, not past", { isParticipant: false, gameEnded: false }, "NO_PARTICIPATION"],
    ["own game, playing", { isCreator: true }, "OWN_GAME"],
    ["own game, not playing", { isCreator: true, isParticipant: false }, "OWN_GAME"],
    ["own game, not past", { isCreator: true, gameEnded: false }, "OWN_GAME"],
    ["already reported", { alreadyReported: true }, "ALREADY_REPORTED"],
    ["already reported, own game", { alreadyReported: true, isCreator: true }, "OWN_GAME"],
    ["already reported, not past (cannot happen)", { alreadyReported: true, gameEnded: false }, "ALREADY_REPORTED"],
    ["everything wrong", { signedIn: false, gameFound: false, gameEnded: false, isParticipant: false, isCreator: true, alreadyReported: true }, "UNAUTHENTICATED"],
  ])("%s -> %p", (_label, over, problem) => {
    expect(reportProblem({ ...ok, ...over })).toBe(problem);
  });
});

describe("reportOpen and showReportButton: from exactly the start", () => {
  const who = { isParticipant: true, isCreator: false, hasReported: false, queued: false };
  test.each([
    [-7 * 24 * H, false],
    [-MS, false],
    [0, true],
    [MS, true],
    [2 * H, true],
    [30 * 24 * H, true],
  ])("now = start %+d ms -> %p", (offset, shown) => {
    expect(reportOpen(start, at(offset))).toBe(shown);
    expect(showReportButton({ ...who, start, now: at(offset) })).toBe(shown);
  });

  test.each<[string, Partial<typeof who>, boolean]>([
    ["participant", {}, true],
    ["not a participant", { isParticipant: false }, false],
    ["creator", { isCreator: true }, false],
    ["already reported", { hasReported: true }, false],
    ["queued", { queued: true }, false],
    ["creator, queued, reported", { isCreator: true, queued: true, hasReported: true }, false],
  ])("after the start: %s -> %p", (_label, over, shown) => {
    expect(showReportButton({ ...who, ...over, start, now: at(H) })).toBe(shown);
  });
});

describe("reportTextProblem: 20..1000 after trimming", () => {
  const x = (n: number) => "x".repeat(n);
  test.each<[string, "report_too_short" | "report_too_long" | null, string]>([
    ["empty", "report_too_short", ""],
    ["blank", "report_too_short", "   \n\t "],
    ["19", "report_too_short", x(REPORT_MIN_LENGTH - 1)],
    ["20", null, x(REPORT_MIN_LENGTH)],
    ["19 padded to 25", "report_too_short", `   ${x(REPORT_MIN_LENGTH - 1)}   `],
    ["20 padded", null, `\n${x(REPORT_MIN_LENGTH)}\n`],
    ["1000", null, x(REPORT_MAX_LENGTH)],
    ["1001", "report_too_long", x(REPORT_MAX_LENGTH + 1)],
    ["1000 padded to 1010", null, `     ${x(REPORT_MAX_LENGTH)}     `],
    ["inner spaces count", null, `a${" ".repeat(REPORT_MIN_LENGTH - 2)}b`],
    // an emoji outside the BMP is 2 UTF-16 units, like the textarea's maxlength counts it
    ["9 emoji + 1 = 19 units", "report_too_short", "😀".repeat(9) + "x"],
    ["10 emoji = 20 units", null, "😀".repeat(REPORT_MIN_LENGTH / 2)],
    ["500 emoji = 1000 units", null, "😀".repeat(REPORT_MAX_LENGTH / 2)],
    ["501 emoji = 1002 units", "report_too_long", "😀".repeat(REPORT_MAX_LENGTH / 2 + 1)],
  ])("%s -> %p", (_label, problem, text) => {
    expect(reportTextProblem(text)).toBe(problem);
  });
});
