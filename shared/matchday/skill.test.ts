import { describe, expect, test } from "bun:test";
import { medianSkill, ratingWeight, SKILL_HALF_LIFE_DAYS, SKILL_PRIOR, SKILL_STEPS, skillEstimate } from "./skill";

const NOW = new Date("2026-11-29T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe("skillEstimate", () => {
  test.each([
    ["a newcomer without ratings is the prior", [], undefined, SKILL_PRIOR],
    ["a newcomer with another prior (the region's median)", [], 62, 62],
    // (2 x 50 + 90) / 3
    ["one fresh top rating moves a third of the way", [{ value: 90, at: NOW }], undefined, 63],
    // (2 x 50 + 2 x 90) / 4
    ["two fresh ratings: half ratings, half prior", [{ value: 90, at: NOW }, { value: 90, at: NOW }], undefined, 70],
    // (2 x 50 + 10 x 10) / 12
    ["many low ratings outweigh the prior", Array.from({ length: 10 }, () => ({ value: 10, at: NOW })), undefined, 17],
    // a rating a half-life old weighs 0.5: (100 + 0.5 x 90) / 2.5
    ["an old rating weighs half", [{ value: 90, at: daysAgo(SKILL_HALF_LIFE_DAYS) }], undefined, 58],
    // fresh 30 (w 1) and a year-old 90 (w 0.2454…): (100 + 30 + 22.1) / 3.245 = 46.9, the recent one dominates
    ["recent ratings weigh more", [{ value: 30, at: NOW }, { value: 90, at: daysAgo(365) }], undefined, 47],
    ["values outside 0..100 are clamped", [{ value: 500, at: NOW }, { value: -20, at: NOW }], undefined, 50],
    ["a rating dated after now counts as today's", [{ value: 90, at: daysAgo(-30) }], undefined, 63],
    ["a non-finite value is ignored", [{ value: Number.NaN, at: NOW }], undefined, 50],
  ] as const)("%s", (_, ratings, prior, expected) => {
    expect(skillEstimate({ ratings: [...ratings], now: NOW, prior })).toBe(expected);
  });

  test("stays within 0..100 and between the prior and the ratings' range", () => {
    for (const value of SKILL_STEPS) {
      const s = skillEstimate({ ratings: [{ value, at: daysAgo(3) }, { value, at: daysAgo(40) }], now: NOW });
      expect(s).toBeGreaterThanOrEqual(Math.min(value, SKILL_PRIOR));
      expect(s).toBeLessThanOrEqual(Math.max(value, SKILL_PRIOR));
    }
  });

  test("ratingWeight halves every half-life", () => {
    expect(ratingWeight(NOW, NOW)).toBe(1);
    expect(ratingWeight(daysAgo(SKILL_HALF_LIFE_DAYS), NOW)).toBeCloseTo(0.5, 10);
    expect(ratingWeight(daysAgo(2 * SKILL_HALF_LIFE_DAYS), NOW)).toBeCloseTo(0.25, 10);
  });
});

describe("medianSkill", () => {
  test.each([
    [[], SKILL_PRIOR],
    [[40], 40],
    [[70, 10, 40], 40],
    [[10, 20, 60, 90], 40],
  ] as const)("%j -> %d", (values, expected) => {
    expect(medianSkill([...values])).toBe(expected);
  });
});
