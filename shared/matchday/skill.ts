/**
 * The skill estimate the balancer sorts players by (issue 29 "Balanced teams"; the model: README.md here, "Skill").
 * Organisers rate a player's skill after a game; recent ratings weigh more, and a player with few ratings is pulled
 * towards the prior (the median of the players the app knows), so a newcomer counts as an average player.
 */

export const SKILL_MAX = 100;
/** Where a player without ratings stands: the median, unless the caller knows a better one (medianSkill). */
export const SKILL_PRIOR = 50;
/** How many fresh ratings the prior is worth: after 2 ratings a player is half their ratings, half the prior. */
export const SKILL_PRIOR_WEIGHT = 2;
/** A rating loses half its weight every 180 days: players improve and decline over a season. */
export const SKILL_HALF_LIFE_DAYS = 180;
/** The five steps of the rating screen (1-5) as values: the centres of the fifths, so no single rating is extreme. */
export const SKILL_STEPS = [10, 30, 50, 70, 90] as const;

const DAY_MS = 86_400_000;

export type SkillRating = { value: number; at: Date };

/** The weight of one rating given at `at`, seen at `now` (a rating dated in the future counts as today's). */
export function ratingWeight(at: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - at.getTime()) / DAY_MS);
  return 0.5 ** (ageDays / SKILL_HALF_LIFE_DAYS);
}

/**
 * The 0..100 estimate: (prior x SKILL_PRIOR_WEIGHT + sum of weight x rating) / (SKILL_PRIOR_WEIGHT + sum of weights),
 * rounded. Ratings outside 0..100 are clamped; a prior outside it too.
 */
export function skillEstimate(o: { ratings: readonly SkillRating[]; now: Date; prior?: number }): number {
  const clamp = (x: number) => Math.min(SKILL_MAX, Math.max(0, x));
  const prior = clamp(o.prior ?? SKILL_PRIOR);
  let weighted = SKILL_PRIOR_WEIGHT * prior;
  let weights = SKILL_PRIOR_WEIGHT;
  for (const r of o.ratings) {
    if (!Number.isFinite(r.value)) continue;
    const w = ratingWeight(r.at, o.now);
    weighted += w * clamp(r.value);
    weights += w;
  }
  return Math.round(weighted / weights);
}

/** The prior for newcomers: the median of the known estimates (of a region or a game), SKILL_PRIOR when none. */
export function medianSkill(known: readonly number[]): number {
  if (known.length === 0) return SKILL_PRIOR;
  const sorted = [...known].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
