import type { TGameFeedInput } from "@shared/schemas/games";
import { trpc } from "@client/lib/trpc";

export type FeedTab = "all" | "mine" | "tournaments";
export type MineFilter = "playing" | "waiting" | "organising";
export type FeedSearch = { tab?: Exclude<FeedTab, "all">; filter?: Exclude<MineFilter, "playing">; courtId?: number };

const TABS: readonly string[] = ["mine", "tournaments"];
const FILTERS: readonly string[] = ["waiting", "organising"];

/** Reads ?tab, ?filter and ?courtId of the feed leniently; defaults are left out of the URL. */
export function parseFeedSearch(search: Record<string, unknown>): FeedSearch {
  const result: FeedSearch = {};
  if (typeof search.tab === "string" && TABS.includes(search.tab)) result.tab = search.tab as FeedSearch["tab"];
  if (result.tab === "mine" && typeof search.filter === "string" && FILTERS.includes(search.filter)) {
    result.filter = search.filter as FeedSearch["filter"];
  }
  const courtId = Number(search.courtId);
  if (Number.isInteger(courtId) && courtId > 0) result.courtId = courtId;
  return result;
}

/**
 * The feed in pages (issue 11): the first answer is what a phone shows first (FEED_PAGE_SIZE games),
 * each further page follows the last one's `nextCursor`, on scroll.
 */
export function feedQueryOptions(input: { regionSlug: string; courtId?: number; filter: TGameFeedInput["filter"] }) {
  return trpc.games.feed.infiniteQueryOptions(
    { regionSlug: input.regionSlug, courtId: input.courtId ?? null, filter: input.filter },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}

/** The server filter a feed view needs, or null when it shows no games (tournaments, guests on "mine"). */
export function feedFilterOf(search: FeedSearch, signedIn: boolean): TGameFeedInput["filter"] | null {
  if (search.tab === "tournaments") return null;
  if (search.tab === "mine") return signedIn ? (search.filter ?? "playing") : null;
  return "all";
}
