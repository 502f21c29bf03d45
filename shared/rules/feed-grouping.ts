import { berlinDaysBetween, weekdayOfDay } from "./berlin-calendar";
import { berlinDay } from "./berlin-time";

/** Feed sections in display order (spec 000 section 9: ads go AFTER_TODAY, AFTER_TOMORROW, AFTER_THIS_WEEK, AFTER_NEXT_WEEKS). */
export const FEED_GROUPS = ["today", "tomorrow", "thisWeek", "nextWeeks"] as const;
export type FeedGroup = (typeof FEED_GROUPS)[number];

const SUNDAY = 7;

/**
 * The feed section of a game, by Europe/Berlin calendar days (00:30 Berlin is "tomorrow" even while
 * UTC still shows today). "thisWeek" runs until Sunday of the current Monday-based week, so on
 * Saturday only Sunday follows as "tomorrow" and on Sunday there is no "thisWeek" at all.
 * Games on today's day or earlier (already started, still running) are "today".
 */
export function feedGroupOf(start: Date, now: Date): FeedGroup {
  const today = berlinDay(now);
  const days = berlinDaysBetween(today, berlinDay(start));
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  return days <= SUNDAY - weekdayOfDay(today) ? "thisWeek" : "nextWeeks";
}

/**
 * Games sorted by start time (ties keep their input order) and split into feed sections in
 * display order; empty sections are left out. The input array is not changed.
 */
export function groupGamesByBerlinDay<T extends { startTime: Date }>(games: T[], now: Date): { group: FeedGroup; games: T[] }[] {
  const sorted = [...games].sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const buckets = new Map<FeedGroup, T[]>(FEED_GROUPS.map((g) => [g, []]));
  for (const game of sorted) buckets.get(feedGroupOf(game.startTime, now))?.push(game);
  return FEED_GROUPS.flatMap((group) => {
    const inGroup = buckets.get(group) ?? [];
    return inGroup.length > 0 ? [{ group, games: inGroup }] : [];
  });
}
