import { describe, expect, test } from "bun:test";
import {
  freeCancellationUntil,
  type ManagedGameShape,
  type ManagedPaymentChangeWarning,
  managedPaymentChangeWarnings,
  substitutes,
} from "./managed-changes";

const before: ManagedGameShape = {
  startTime: new Date("2026-11-21T18:00:00Z"),
  courtId: 1,
  teams: 2,
  gameMode: 5,
  maxPlayers: 12, // 2 substitutes
  durationMinutes: 90,
  minPlayers: 10,
};

describe("managedPaymentChangeWarnings (spec 000 section 5)", () => {
  test.each<[string, Partial<ManagedGameShape>, ManagedPaymentChangeWarning[], Partial<ManagedGameShape>?]>([
    ["nothing changed", {}, []],
    ["same start as a new Date", { startTime: new Date("2026-11-21T18:00:00Z") }, []],
    ["start moved by 5 min", { startTime: new Date("2026-11-21T18:05:00Z") }, ["startTime"]],
    ["start moved earlier", { startTime: new Date("2026-11-21T17:00:00Z") }, ["startTime"]],
    ["start moved by 1 ms", { startTime: new Date("2026-11-21T18:00:00.001Z") }, ["startTime"]],
    ["other court (the place)", { courtId: 2 }, ["court"]],
    ["court removed", { courtId: null }, ["court"]],
    ["a courtless game gets a court", { courtId: 4 }, ["court"], { courtId: null }],
    ["more teams (fewer substitutes)", { teams: 3 }, ["teams"]],
    ["fewer teams (more substitutes)", { teams: 1 }, ["teams", "moreSubstitutes"]],
    ["max up by one", { maxPlayers: 13 }, ["moreSubstitutes"]],
    ["max down", { maxPlayers: 11 }, []],
    ["max removed", { maxPlayers: null }, ["moreSubstitutes"]],
    ["max set where there was none", { maxPlayers: 20 }, [], { maxPlayers: null }],
    ["no max before or after", { maxPlayers: null }, [], { maxPlayers: null }],
    ["max below a full line-up raised to it: no bench either way", { maxPlayers: 10 }, [], { maxPlayers: 8 }],
    ["max below a full line-up raised past it", { maxPlayers: 11 }, ["moreSubstitutes"], { maxPlayers: 8 }],
    ["max and mode up together, substitutes equal", { maxPlayers: 14, gameMode: 6 }, []],
    ["shorter", { durationMinutes: 60 }, ["shorterDuration"]],
    ["longer", { durationMinutes: 120 }, []],
    ["mode up by 2", { gameMode: 7, maxPlayers: 14 }, []],
    ["mode up by 3", { gameMode: 8, maxPlayers: 16 }, ["gameModeUp"]],
    ["mode down (more substitutes)", { gameMode: 4 }, ["moreSubstitutes"]],
    ["minimum up by 4", { minPlayers: 14 }, []],
    ["minimum up by 5", { minPlayers: 15 }, ["minPlayersUp"]],
    ["minimum down a lot", { minPlayers: 2 }, []],
    [
      "everything",
      { startTime: new Date("2026-11-22T18:00:00Z"), courtId: 9, teams: 1, maxPlayers: null, durationMinutes: 30, gameMode: 9, minPlayers: 20 },
      ["startTime", "court", "teams", "moreSubstitutes", "shorterDuration", "gameModeUp", "minPlayersUp"],
    ],
  ])("%s", (_label, change, warnings, beforeChange = {}) => {
    const b = { ...before, ...beforeChange };
    expect(managedPaymentChangeWarnings(b, { ...b, ...change })).toEqual(warnings);
  });
});

describe("substitutes", () => {
  test.each<[number | null, number, number, number]>([
    [12, 2, 5, 2],
    [10, 2, 5, 0],
    [8, 2, 5, 0],
    [null, 2, 5, Number.POSITIVE_INFINITY],
  ])("max %p, %i teams of %i -> %p", (maxPlayers, teams, gameMode, bench) => {
    expect(substitutes({ maxPlayers, teams, gameMode })).toBe(bench);
  });
});

test("free cancellation lasts exactly 24 hours from the change", () => {
  expect(freeCancellationUntil(new Date("2026-03-28T12:00:00Z")).toISOString()).toBe("2026-03-29T12:00:00.000Z");
});
