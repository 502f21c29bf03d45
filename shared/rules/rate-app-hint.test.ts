import { describe, expect, test } from "bun:test";
import { shouldShowRateAppHint, type RateAppHintFacts } from "./rate-app-hint";

const now = new Date("2026-11-29T12:00:00Z");
const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 + ms);
const base: RateAppHintFacts = { now, accountCreatedAt: daysAgo(30), lastShownAt: null, attendedGames: 3 };

describe("shouldShowRateAppHint", () => {
  const rows: [string, Partial<RateAppHintFacts>, boolean][] = [
    ["3 attended games, a month-old account, never asked", {}, true],
    ["many games", { attendedGames: 40 }, true],
    ["2 attended games: too few", { attendedGames: 2 }, false],
    ["no games", { attendedGames: 0 }, false],
    ["account exactly 7 days old", { accountCreatedAt: daysAgo(7) }, true],
    ["account 1 ms short of 7 days", { accountCreatedAt: daysAgo(7, 1) }, false],
    ["account created today", { accountCreatedAt: daysAgo(0) }, false],
    ["asked 89 days ago", { lastShownAt: daysAgo(89) }, false],
    ["asked 1 ms short of 90 days ago", { lastShownAt: daysAgo(90, 1) }, false],
    ["asked exactly 90 days ago", { lastShownAt: daysAgo(90) }, true],
    ["asked a year ago", { lastShownAt: daysAgo(365) }, true],
    ["asked just now", { lastShownAt: now }, false],
    ["asked 200 days ago but only 2 games", { lastShownAt: daysAgo(200), attendedGames: 2 }, false],
  ];
  for (const [name, facts, expected] of rows) {
    test(`${name} → ${expected}`, () => {
      expect(shouldShowRateAppHint({ ...base, ...facts })).toBe(expected);
    });
  }
});
