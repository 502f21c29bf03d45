import { describe, expect, test } from "bun:test";
import {
  type ParticipationColour,
  participationColour,
  type PlayerListState,
  playerListState,
  playersIn,
  progressPercent,
  type ReliabilityColour,
  reliabilityColour,
  reliabilityShown,
  spotsLeft,
} from "./player-list";

describe("playersIn counts active, non-queued participations", () => {
  const cancelled = new Date("2026-11-20T10:00:00Z");
  test.each<[string, { playerCount: number; queue: boolean; cancelledAt?: Date | null }[], number]>([
    ["none", [], 0],
    ["one with friends", [{ playerCount: 3, queue: false }], 3],
    ["queued are not in", [{ playerCount: 2, queue: true }], 0],
    ["cancelled are not in", [{ playerCount: 2, queue: false, cancelledAt: cancelled }], 0],
    ["cancelledAt null is active", [{ playerCount: 2, queue: false, cancelledAt: null }], 2],
    [
      "mixed",
      [
        { playerCount: 1, queue: false },
        { playerCount: 3, queue: false, cancelledAt: null },
        { playerCount: 2, queue: true },
        { playerCount: 4, queue: false, cancelledAt: cancelled },
        { playerCount: 1, queue: true, cancelledAt: cancelled },
        { playerCount: 0, queue: false }, // organiser who does not play
      ],
      4,
    ],
  ])("%s -> %d", (_label, participations, count) => {
    expect(playersIn(participations)).toBe(count);
  });
});

describe("playerListState", () => {
  test.each<[number, number, number | null, PlayerListState]>([
    [0, 10, null, "notEnough"],
    [9, 10, null, "notEnough"],
    [10, 10, null, "spotsFree"],
    [50, 10, null, "spotsFree"], // no maximum: never full
    [9, 10, 12, "notEnough"],
    [10, 10, 12, "spotsFree"],
    [11, 10, 12, "spotsFree"],
    [12, 10, 12, "fullWaitingList"],
    [13, 10, 12, "fullWaitingList"],
    [10, 10, 10, "fullWaitingList"],
    [0, 0, null, "spotsFree"], // "takes place" confirmed
    [5, 10, 5, "fullWaitingList"], // full wins over not enough
  ])("%d players, min %d, max %p -> %s", (count, min, max, state) => {
    expect(playerListState(count, min, max)).toBe(state);
  });
});

describe("progressPercent", () => {
  test.each([
    // no maximum: count / min, capped at 95
    [0, 10, null, 0],
    [5, 10, null, 50],
    [9, 10, null, 90],
    [10, 10, null, 95],
    [20, 10, null, 95],
    [1, 3, null, 33],
    [19, 20, null, 95],
    [39, 40, null, 95], // 97.5 below the minimum is capped too
    [0, 0, null, 95], // minimum 0 counts as reached
    [3, 0, null, 95],
    [-1, 10, null, 0],
    // with a maximum: count / max, rounded down so 100 means full
    [0, 10, 20, 0],
    [10, 10, 20, 50],
    [1, 10, 3, 33],
    [2, 10, 3, 66],
    [199, 0, 200, 99],
    [20, 10, 20, 100],
    [25, 10, 20, 100],
    [0, 0, 0, 100],
  ])("%d players, min %d, max %p -> %d%%", (count, min, max, percent) => {
    expect(progressPercent(count, min, max)).toBe(percent);
  });
});

describe("spotsLeft", () => {
  test.each([
    [5, null, null],
    [5, 10, 5],
    [10, 10, 0],
    [12, 10, 0],
    [0, 0, 0],
  ])("%d players, max %p -> %p", (count, max, left) => {
    expect(spotsLeft(count, max)).toBe(left);
  });
});

describe("reliability colour follows the shown 0-10 score", () => {
  test.each<[number | null, number | null, ReliabilityColour]>([
    [null, null, "unknown"],
    [Number.NaN, null, "unknown"],
    [0, 0, "bad"],
    [44, 4, "bad"],
    [45, 5, "middling"], // shows 5
    [50, 5, "middling"],
    [70, 7, "middling"],
    [80, 8, "middling"],
    [84, 8, "middling"], // 8.4 shows 8
    [85, 9, "good"], // 8.5 shows 9
    [89, 9, "good"],
    [90, 9, "good"],
    [100, 10, "good"],
  ])("%p -> shown %p, %s", (rating, shown, colour) => {
    expect(reliabilityColour(rating)).toBe(colour);
    if (shown !== null && rating !== null) expect(reliabilityShown(rating)).toBe(shown);
  });
});

describe("participation colour: green always, yellow 8 of 10, red 4 of 10, grey unknown", () => {
  test.each<[number | null, ParticipationColour]>([
    [null, "grey"],
    [Number.NaN, "grey"],
    [0, "red"],
    [40, "red"], // about 4 of 10
    [44, "red"],
    [45, "yellow"], // shows 5
    [80, "yellow"], // about 8 of 10
    [84, "yellow"],
    [85, "green"], // shows 9
    [100, "green"], // always
  ])("%p -> %s", (rating, colour) => {
    expect(participationColour(rating)).toBe(colour);
  });
});
