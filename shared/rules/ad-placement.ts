import type { AdPosition } from "../constants";
import { FEED_GROUPS, type FeedGroup } from "./feed-grouping";

/** The feed group each position follows (spec 000 section 9); DEFAULT comes at the feed's end. */
const GROUP_OF_POSITION: Record<Exclude<AdPosition, "DEFAULT">, FeedGroup> = {
  AFTER_TODAY: "today",
  AFTER_TOMORROW: "tomorrow",
  AFTER_THIS_WEEK: "thisWeek",
  AFTER_NEXT_WEEKS: "nextWeeks",
};

export type FeedItem<G, A> = { kind: "group"; group: FeedGroup; games: G[] } | { kind: "ad"; ad: A };

/**
 * The region feed with its ads (spec 000 sections 2, 9; issue 26): each group in display order, then
 * the ads placed after it, DEFAULT ads at the end. A group without games still holds its place, so
 * its ads come where it would be, never lost. While more pages may follow (`complete` false), the
 * last loaded group may still grow and later groups are unknown: ads after it and DEFAULT ones wait
 * for the page that completes it. Ads keep their input order within a position.
 */
export function placeAds<G, A extends { position: AdPosition | null }>(
  groups: { group: FeedGroup; games: G[] }[],
  ads: A[],
  opts: { complete: boolean },
): FeedItem<G, A>[] {
  const byGroup = new Map(groups.map((g) => [g.group, g.games]));
  // Incomplete: ads may follow only the groups before the last loaded one.
  const lastLoaded = groups.length === 0 ? -1 : FEED_GROUPS.indexOf(groups[groups.length - 1]!.group);
  const shownUpTo = opts.complete ? FEED_GROUPS.length : lastLoaded;
  const items: FeedItem<G, A>[] = [];
  FEED_GROUPS.forEach((group, index) => {
    const games = byGroup.get(group);
    if (games && games.length > 0) items.push({ kind: "group", group, games });
    if (index >= shownUpTo) return;
    for (const ad of ads) if (ad.position !== null && ad.position !== "DEFAULT" && GROUP_OF_POSITION[ad.position] === group) items.push({ kind: "ad", ad });
  });
  if (opts.complete) for (const ad of ads) if (ad.position === "DEFAULT" || ad.position === null) items.push({ kind: "ad", ad });
  return items;
}
