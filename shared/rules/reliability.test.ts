import { describe, expect, test } from "bun:test";
import { reliabilityColour } from "./player-list";
import {
  computeRatings,
  type RateProblem,
  rateProblem,
  type RatingHistoryEvent,
  type RatingWindow,
  ratingWindow,
  type ReliabilityFeedback,
  showRatingPrompt,
} from "./reliability";

const MS = 1;
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const start = new Date("2026-11-21T18:00:00Z");
const at = (offsetFromStart: number) => new Date(start.getTime() + offsetFromStart);

describe("ratingWindow: [start + 1 h, end + 7 d), admins always", () => {
  test.each<[number | null, number, RatingWindow]>([
    [90, -D, "notYet"],
    [90, 0, "notYet"],
    [90, H - MS, "notYet"],
    [90, H, "open"],
    [90, H + MS, "open"],
    [90, 90 * MIN, "open"], // the end
    [90, 90 * MIN + 7 * D - MS, "open"],
    [90, 90 * MIN + 7 * D, "closed"],
    [90, 90 * MIN + 30 * D, "closed"],
    // short game: opens after it ended
    [30, 30 * MIN, "notYet"],
    [30, H - MS, "notYet"],
    [30, H, "open"],
    [30, 30 * MIN + 7 * D - MS, "open"],
    [30, 30 * MIN + 7 * D, "closed"],
    // long game
    [360, 6 * H + 7 * D - MS, "open"],
    [360, 6 * H + 7 * D, "closed"],
    // no duration: 60 minutes
    [null, H - MS, "notYet"],
    [null, H, "open"],
    [null, H + 7 * D - MS, "open"],
    [null, H + 7 * D, "closed"],
  ])("duration %p, now = start %+d ms -> %s", (durationMinutes, offset, window) => {
    expect(ratingWindow({ start, durationMinutes, now: at(offset), isAdmin: false })).toBe(window);
  });

  test.each([-30 * D, -MS, 0, H - MS, H, 90 * MIN + 7 * D, 365 * D])("admin at start %+d ms -> open", (offset) => {
    expect(ratingWindow({ start, durationMinutes: 90, now: at(offset), isAdmin: true })).toBe("open");
  });
});

describe("rateProblem", () => {
  test.each<[boolean, number, RatingWindow, RateProblem | null]>([
    [false, 2, "open", null],
    [false, 20, "open", null],
    [false, 1, "open", "TOO_FEW_PLAYERS_TO_RATE"],
    [false, 0, "open", "TOO_FEW_PLAYERS_TO_RATE"],
    [false, 2, "notYet", "RATING_NOT_OPEN"],
    [false, 2, "closed", "RATING_CLOSED"],
    [true, 10, "open", "GAME_CANCELLED"],
    [true, 1, "closed", "GAME_CANCELLED"],
    [false, 1, "notYet", "TOO_FEW_PLAYERS_TO_RATE"],
    [false, 1, "closed", "TOO_FEW_PLAYERS_TO_RATE"],
  ])("cancelled %p, %d active participations, window %s -> %p", (cancelled, activeParticipations, window, problem) => {
    expect(rateProblem({ cancelled, activeParticipations, window })).toBe(problem);
  });
});

describe("showRatingPrompt: creator or admin, no feedback, from start + 1 h", () => {
  test.each<[boolean, boolean, number, RatingWindow | undefined, boolean]>([
    [true, false, H - MS, undefined, false],
    [true, false, H, undefined, true],
    [true, false, 30 * D, undefined, true], // literal spec: no end
    [true, false, -D, undefined, false],
    [true, true, H, undefined, false],
    [false, false, H, undefined, false],
    [true, false, H, "open", true],
    [true, false, 30 * D, "closed", false],
    [true, false, H - MS, "open", false], // an admin's window is always open, the prompt still waits
    [true, false, H, "notYet", false],
    [false, false, H, "open", false],
    [true, true, H, "open", false],
  ])("creator/admin %p, feedback %p, now = start %+d ms, window %p -> %p", (isCreatorOrAdmin, receivedFeedback, offset, window, shown) => {
    expect(showRatingPrompt({ isCreatorOrAdmin, receivedFeedback, start, now: at(offset), window })).toBe(shown);
  });
});

describe("computeRatings", () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * D);
  const f = (feedback: ReliabilityFeedback, n: number): RatingHistoryEvent => ({ feedback, shortNoticeCancellation: false, at: day(n) });
  const snc = (n: number): RatingHistoryEvent => ({ feedback: null, shortNoticeCancellation: true, at: day(n) });
  const unrated = (n: number): RatingHistoryEvent => ({ feedback: null, shortNoticeCancellation: false, at: day(n) });
  const many = (k: number, make: (n: number) => RatingHistoryEvent, from = 0) => Array.from({ length: k }, (_, i) => make(from + i));

  test.each<[string, RatingHistoryEvent[], number | null, number | null]>([
    ["no history", [], null, null],
    ["two games: unknown", [f("CAME", 1), f("CAME", 2)], null, null],
    ["three games came", many(3, (n) => f("CAME", n)), 100, 100],
    ["three no-shows", many(3, (n) => f("DID_NOT_COME", n)), 0, null],
    ["three late", many(3, (n) => f("CAME_LATE", n)), 100, 0],
    ["2 came, 1 late", [f("CAME", 1), f("CAME", 2), f("CAME_LATE", 3)], 100, 67],
    ["1 came, 2 late", [f("CAME", 1), f("CAME_LATE", 2), f("CAME_LATE", 3)], 100, 33],
    ["2 came, 1 no-show", [f("CAME", 1), f("CAME", 2), f("DID_NOT_COME", 3)], 67, null],
    ["3 came, 1 no-show", [...many(3, (n) => f("CAME", n)), f("DID_NOT_COME", 9)], 75, 100],
    ["2 came, 1 short notice", [f("CAME", 1), f("CAME", 2), snc(3)], 83, null],
    ["three short-notice cancellations", many(3, snc), 50, null],
    ["unrated games count for nothing", [...many(5, unrated), f("CAME", 1), f("CAME", 2)], null, null],
    ["unrated among rated", [f("CAME", 1), unrated(2), f("DID_NOT_COME", 3), unrated(4), f("CAME", 5)], 67, null],
    ["feedback wins over the short-notice flag", [...many(2, (n) => f("CAME", n)), { feedback: "CAME", shortNoticeCancellation: true, at: day(5) }], 100, 100],
    ["half up: 1 snc of 4 (87.5)", [...many(3, (n) => f("CAME", n)), snc(9)], 88, 100],
    ["half up: 1 late of 8 (87.5)", [...many(7, (n) => f("CAME", n)), f("CAME_LATE", 20)], 100, 88],
    // window of 20: the newest 20 count
    ["20 came", many(20, (n) => f("CAME", n)), 100, 100],
    ["old no-shows fade out", [...many(5, (n) => f("DID_NOT_COME", n)), ...many(20, (n) => f("CAME", n), 10)], 100, 100],
    ["21st (oldest) is out", [f("DID_NOT_COME", 0), ...many(20, (n) => f("CAME", n), 1)], 100, 100],
    ["20th (oldest in) still counts", [f("DID_NOT_COME", 1), ...many(19, (n) => f("CAME", n), 2)], 95, 100],
    ["order of input does not matter", [...many(20, (n) => f("CAME", n), 1)].reverse().concat(f("DID_NOT_COME", 0)), 100, 100],
    ["recent no-shows weigh in", [...many(20, (n) => f("CAME", n)), ...many(5, (n) => f("DID_NOT_COME", n), 100)], 75, 100],
    // punctuality has its own window of the 20 most recent attended games
    ["no-shows do not push punctuality out", [f("CAME_LATE", 0), ...many(19, (n) => f("CAME", n), 1), ...many(10, (n) => f("DID_NOT_COME", n), 50)], 50, 95],
    ["punctuality needs 3 attended games", [f("CAME", 1), f("CAME_LATE", 2), f("DID_NOT_COME", 3), snc(4)], 63, null],
  ])("%s -> reliability %p, punctuality %p", (_label, history, reliabilityRating, punctualityRating) => {
    expect(computeRatings(history)).toEqual({ reliabilityRating, punctualityRating });
  });

  test("does not mutate the history", () => {
    const history = [f("CAME", 3), f("CAME", 1), f("CAME", 2)];
    const copy = [...history];
    computeRatings(history);
    expect(history).toEqual(copy);
  });

  test.each<[RatingHistoryEvent[], ReturnType<typeof reliabilityColour>]>([
    [[], "unknown"],
    [many(3, (n) => f("CAME", n)), "good"],
    [many(3, snc), "middling"],
    [many(3, (n) => f("DID_NOT_COME", n)), "bad"],
  ])("colours through reliabilityColour: %#", (history, colour) => {
    expect(reliabilityColour(computeRatings(history).reliabilityRating)).toBe(colour);
  });
});
