import { keepPreviousData, useInfiniteQuery, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, MapPin, Plus, RefreshCw, X } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { placeAds } from "@shared/rules/ad-placement";
import { groupGamesByBerlinDay, type FeedGroup } from "@shared/rules/feed-grouping";
import type { TGameFeedInput } from "@shared/schemas/games";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { Notice } from "@client/components/notice";
import { accountQueryOptions } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { storeRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { AdBanner, gameFeedAdsQueryOptions } from "@client/features/ads/ad-banner";
import { RegionBox } from "@client/features/regions/region-box";
import { regionQueryOptions } from "@client/features/regions/regions-query";
import { TournamentList } from "@client/features/tournaments/tournament-list";
import { CardPlaceholder } from "@client/components/page-placeholder";
import { GameCard } from "./game-card";
import { feedFilterOf, feedQueryOptions, type FeedSearch, type FeedTab, type MineFilter } from "./feed-query";
import { drawingTime, useHydrated } from "@client/lib/hydration";

const GROUP_TITLES: Record<FeedGroup, () => string> = {
  today: () => m.feed_group_today(),
  tomorrow: () => m.feed_group_tomorrow(),
  thisWeek: () => m.feed_group_this_week(),
  nextWeeks: () => m.feed_group_next_weeks(),
};

function FeedTabs({ regionSlug, active, courtId }: { regionSlug: string; active: FeedTab; courtId?: number }) {
  const tabs: { key: FeedTab; label: string }[] = [
    { key: "all", label: m.feed_tab_all() },
    { key: "mine", label: m.feed_tab_mine() },
    { key: "tournaments", label: m.feed_tab_tournaments() },
  ];
  return (
    <nav aria-label={m.feed_tabs_label()} className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-20 border-b border-slate-200 bg-white px-2">
      <ul className="flex justify-between">
        {tabs.map((item) => {
          const current = item.key === active;
          return (
            <li key={item.key} className="flex-auto">
              <Link
                to="/games/$regionSlug"
                params={{ regionSlug }}
                search={{ ...(item.key === "all" ? {} : { tab: item.key }), courtId }}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-12 items-center justify-center border-b-[3px] px-2 text-center text-[14px] font-bold whitespace-nowrap transition-colors ${
                  current ? "border-pitch-600 text-pitch-800" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MineFilters({ regionSlug, active, courtId }: { regionSlug: string; active: MineFilter; courtId?: number }) {
  const filters: { key: MineFilter; label: string }[] = [
    { key: "playing", label: m.feed_filter_playing() },
    { key: "waiting", label: m.feed_filter_waiting() },
    { key: "organising", label: m.feed_filter_organising() },
  ];
  return (
    <nav aria-label={m.feed_filters_label()} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {filters.map((item) => {
          const current = item.key === active;
          return (
            <li key={item.key} className="shrink-0">
              <Link
                to="/games/$regionSlug"
                params={{ regionSlug }}
                search={{ tab: "mine", filter: item.key === "playing" ? undefined : item.key, courtId }}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-4 text-[14px] font-semibold transition-colors ${
                  current ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The court filter chip: which court the feed shows, and a way back to all courts. */
function CourtFilterChip({ regionSlug, courtId, courtName, search }: { regionSlug: string; courtId: number; courtName: string | null; search: FeedSearch }) {
  return (
    <div className="flex items-center gap-2 rounded-2xl bg-sky-50 py-1.5 pr-1.5 pl-3.5 text-sky-950 ring-1 ring-sky-200">
      <MapPin aria-hidden className="size-4 shrink-0 text-sky-700" />
      <p className="min-w-0 flex-1 truncate text-[14px]">
        {m.feed_court_filter()} <span className="font-bold">{courtName ?? m.feed_court_filter_unknown({ id: String(courtId) })}</span>
      </p>
      <Link
        to="/games/$regionSlug"
        params={{ regionSlug }}
        search={{ ...search, courtId: undefined }}
        className="inline-flex min-h-9 shrink-0 items-center gap-1 rounded-xl bg-white px-3 text-[13px] font-bold text-sky-900 shadow-xs ring-1 ring-sky-200 hover:bg-sky-100"
      >
        <X aria-hidden className="size-4" />
        {m.feed_court_filter_clear()}
      </Link>
    </div>
  );
}

/** Three placeholder cards while games load. */
function GameListSkeleton() {
  return (
    <div role="status" aria-label={m.common_loading()} className="space-y-3">
      <CardPlaceholder />
      <CardPlaceholder />
      <CardPlaceholder />
    </div>
  );
}

/**
 * Loads the next page when the end of the list comes within half a screen of view, or lies above
 * it (a jump past the list to the footer); the button below does the same for keyboards and for
 * browsers without IntersectionObserver.
 */
function useLoadMoreOnScroll(loadMore: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!active || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: "10000px 0px 50% 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

function GameList({
  regionSlug,
  filter,
  courtId,
  onCourtName,
}: {
  regionSlug: string;
  filter: TGameFeedInput["filter"];
  courtId?: number;
  onCourtName?: (name: string) => void;
}) {
  const feed = useInfiniteQuery({ ...feedQueryOptions({ regionSlug, courtId, filter }), placeholderData: keepPreviousData });
  const games = useMemo(() => feed.data?.pages.flatMap((page) => page.games) ?? [], [feed.data]);
  // the day groups of the server's drawing while hydrating it (lib/hydration.ts)
  const hydrated = useHydrated();
  const groups = useMemo(() => groupGamesByBerlinDay(games, drawingTime(hydrated)), [games, hydrated]);
  // Ads only in the whole feed, each after its group (spec 000 section 9, issue 26); without them the games stand alone.
  const ads = useQuery({ ...gameFeedAdsQueryOptions(regionSlug), enabled: filter === "all" });
  const items = useMemo(
    () => placeAds(groups, filter === "all" ? (ads.data ?? []) : [], { complete: !feed.hasNextPage }),
    [groups, ads.data, filter, feed.hasNextPage],
  );
  const courtName = courtId ? (games.find((game) => game.court?.id === courtId)?.court?.name ?? null) : null;
  useEffect(() => {
    if (courtName) onCourtName?.(courtName);
  }, [courtName, onCourtName]);
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError && !feed.isPlaceholderData;
  const loadMore = () => {
    if (canLoadMore) void feed.fetchNextPage();
  };
  const sentinel = useLoadMoreOnScroll(loadMore, canLoadMore);

  if (feed.isPending) return <GameListSkeleton />;
  if (feed.isError && !feed.isFetchNextPageError) {
    return (
      <div className="space-y-3">
        <Notice tone="error">{errorMessage(feed.error)}</Notice>
        <Button variant="outline" onClick={() => void feed.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          {m.common_retry()}
        </Button>
      </div>
    );
  }
  if (groups.length === 0) {
    return (
      <div className="space-y-7">
        <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
          <p className="text-[16px] font-semibold text-slate-800">{m.feed_empty()}</p>
          {filter === "all" ? (
            <>
              <p className="mt-1 max-w-xs text-[15px] text-slate-600">{m.feed_empty_hint()}</p>
              <Link to="/create/game" search={courtId ? { courtId } : {}} className={buttonClassName({ className: "mt-4" })}>
                <Plus aria-hidden className="size-5" />
                {m.game_create_action()}
              </Link>
            </>
          ) : null}
        </EmptyState>
        {items.map((item) => (item.kind === "ad" ? <AdBanner key={`ad-${item.ad.id}`} ad={item.ad} /> : null))}
      </div>
    );
  }
  return (
    <div
      className={`space-y-7 transition-opacity ${feed.isPlaceholderData ? "opacity-60" : ""}`}
      data-testid="feed-list"
      data-complete={feed.hasNextPage ? "false" : "true"}
      aria-busy={feed.isFetching}
    >
      {items.map((item) => {
        if (item.kind === "ad") return <AdBanner key={`ad-${item.ad.id}`} ad={item.ad} />;
        const { group, games } = item;
        const index = groups.findIndex((g) => g.group === group);
        return (
          <section key={group} aria-labelledby={`feed-group-${group}`} data-testid={`feed-group-${group}`}>
            <h2 id={`feed-group-${group}`} className="mb-3 flex items-center gap-2 text-[18px] font-extrabold tracking-tight text-slate-900">
              {GROUP_TITLES[group]()}
              {/* A count only for a group that is complete: the last one may go on in the next page. */}
              {index < groups.length - 1 || !feed.hasNextPage ? (
                <span
                  aria-hidden
                  data-testid="feed-group-count"
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-bold text-slate-600 tabular-nums"
                >
                  {games.length}
                </span>
              ) : null}
            </h2>
            <ul className="space-y-3">
              {games.map((game) => (
                <li key={game.id}>
                  <GameCard game={game} showDate={group === "thisWeek" || group === "nextWeeks"} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {feed.hasNextPage ? (
        <div ref={sentinel} className="space-y-3" data-testid="feed-more">
          {feed.isFetchingNextPage ? (
            <GameListSkeleton />
          ) : feed.isFetchNextPageError ? (
            <>
              <Notice tone="error">{errorMessage(feed.error)}</Notice>
              <Button variant="outline" block onClick={() => void feed.fetchNextPage()}>
                <RefreshCw aria-hidden className="size-4" />
                {m.common_retry()}
              </Button>
            </>
          ) : (
            <Button variant="outline" block onClick={loadMore}>
              {m.feed_load_more()}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The court's name for the filter chip when no listed game tells it. */
function useCourtName(regionSlug: string, courtId: number | undefined, known: string | null): string | null {
  const courts = useQuery({ ...trpc.courts.search.queryOptions({ regionSlug }), enabled: courtId !== undefined && known === null });
  if (known) return known;
  return courts.data?.find((court) => court.id === courtId)?.name ?? null;
}

/** The floating "create a game" button, kept above the tab bar (and the guest banner). */
function CreateGameFab({ courtId }: { courtId?: number }) {
  return (
    <Link
      to="/create/game"
      search={courtId ? { courtId } : {}}
      aria-label={m.game_create_action()}
      className="fixed right-[max(1rem,calc((100vw-520px)/2+1rem))] bottom-[calc(var(--bottom-bar-height,4.5rem)+1rem)] z-20 inline-flex min-h-14 items-center gap-2 rounded-full bg-pitch-600 pr-5 pl-4 text-[16px] font-bold text-white shadow-lg shadow-pitch-900/30 transition hover:bg-pitch-700 active:scale-95"
    >
      <Plus aria-hidden className="size-6" />
      {m.feed_fab_create()}
    </Link>
  );
}

/**
 * The region game feed (spec 000 section 2, spec 001 section 2.7): tabs, my-games filters, games
 * grouped by Berlin day, the court filter, 'play in a different city', the create button and
 * the region box.
 */
export function RegionFeed({ regionSlug, search }: { regionSlug: string; search: FeedSearch }) {
  useLocale();
  const { data: region } = useSuspenseQuery(regionQueryOptions(regionSlug));
  // The page does not wait for the account (issue 11); only "my games" needs it, and shows placeholders until it is known.
  const accountQuery = useQuery(accountQueryOptions());
  const account = accountQuery.data ?? null;
  // Visiting a city makes it the current one (header, games tab, the / redirect).
  useEffect(() => storeRegionSlug(region.slug), [region.slug]);
  const tab: FeedTab = search.tab ?? "all";
  const filter = feedFilterOf(search, account !== null);
  const courtId = search.courtId;
  // The listed games usually tell the court's name; otherwise the region's courts do.
  const [listedCourtName, setListedCourtName] = useState<{ id: number; name: string } | null>(null);
  const onCourtName = useCallback((name: string) => courtId && setListedCourtName({ id: courtId, name }), [courtId]);
  const courtName = useCourtName(regionSlug, courtId, listedCourtName && listedCourtName.id === courtId ? listedCourtName.name : null);

  return (
    <div className="pb-24">
      <div className="bg-gradient-to-b from-pitch-50 to-white px-4 pt-5 pb-3">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.feed_title({ region: region.name })}</h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.feed_subtitle()}</p>
      </div>

      <FeedTabs regionSlug={regionSlug} active={tab} courtId={courtId} />

      <div className="space-y-6 px-4 pt-5">
        {courtId !== undefined && tab !== "tournaments" ? (
          <CourtFilterChip regionSlug={regionSlug} courtId={courtId} courtName={courtName} search={search} />
        ) : null}

        {tab === "tournaments" ? (
          // the region's upcoming tournaments, the same list as /tournaments (spec 000 section 2)
          <TournamentList regionSlug={regionSlug} />
        ) : tab === "mine" && accountQuery.isPending ? (
          <GameListSkeleton />
        ) : tab === "mine" && !account ? (
          <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.feed_mine_signed_out()}</p>
            <Link to="/login" search={{ redirect: `/games/${regionSlug}?tab=mine` }} className={buttonClassName({ className: "mt-4" })}>
              {m.menu_sign_in()}
            </Link>
          </EmptyState>
        ) : (
          <>
            {tab === "mine" ? <MineFilters regionSlug={regionSlug} active={search.filter ?? "playing"} courtId={courtId} /> : null}
            {filter ? <GameList regionSlug={regionSlug} filter={filter} courtId={courtId} onCourtName={onCourtName} /> : null}
          </>
        )}

        <Link to="/games" className={buttonClassName({ variant: "outline", block: true, size: "lg" })}>
          <MapPin aria-hidden className="size-5 text-pitch-700" />
          {m.feed_other_city()}
        </Link>

        <RegionBox region={region} />
      </div>

      <CreateGameFab courtId={courtId} />
    </div>
  );
}
