import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CalendarX2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { CardPlaceholder } from "@client/components/page-placeholder";
import { useAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { GameCard } from "@client/features/games/game-card";
import { userGamesQueryOptions, type UserGamesKind } from "./user-queries";

/** Spec 001 sections 2.6 and 9: page size 5, "load more" adds 5. */
const USER_GAMES_PAGE_SIZE = 5;


const TITLES: Record<UserGamesKind, () => string> = {
  hosted: () => m.user_games_hosted(),
  attended: () => m.user_games_attended(),
  queue: () => m.user_games_queue(),
};

const EMPTY: Record<UserGamesKind, () => string> = {
  hosted: () => m.user_games_empty_hosted(),
  attended: () => m.user_games_empty_attended(),
  queue: () => m.user_games_empty_queue(),
};

/**
 * A profile list in a sensible order: upcoming games first, soonest first, then the past ones, newest
 * first. The server pages "upcoming" (soonest first) and "all" (newest first); the past part is the
 * "all" page without the upcoming games, which it starts with. Both grow by 5 with "load more", and the
 * past part is only asked for once every upcoming game is shown. The waiting list has upcoming games only.
 */
function useOrderedUserGames(userId: number, kind: UserGamesKind, limit: number) {
  const upcoming = useQuery({ ...userGamesQueryOptions(userId, kind, limit, true), placeholderData: keepPreviousData });
  const upcomingGames = upcoming.data?.objects ?? [];
  const needPast = kind !== "queue" && upcoming.data !== undefined && !upcoming.data.hasNext;
  const all = useQuery({ ...userGamesQueryOptions(userId, kind, limit, false), placeholderData: keepPreviousData, enabled: needPast });
  const upcomingIds = new Set(upcomingGames.map((game) => game.id));
  const pastAll = needPast ? (all.data?.objects ?? []).filter((game) => !upcomingIds.has(game.id)) : [];
  const room = Math.max(0, limit - upcomingGames.length);
  const past = pastAll.slice(0, room);
  // While the past part loads for the first time, "load more" stays (spinning) instead of blinking away.
  const pastLoading = needPast && all.isPending && upcomingGames.length > 0;
  return {
    upcoming: upcomingGames,
    past,
    hasNext: Boolean(upcoming.data?.hasNext) || pastLoading || (needPast && (Boolean(all.data?.hasNext) || pastAll.length > room)),
    isPending: upcoming.isPending || (needPast && all.isPending),
    isError: (upcoming.isError && !upcoming.data) || (needPast && all.isError && !all.data),
    loadingMore: pastLoading || (upcoming.isPlaceholderData && upcoming.isFetching) || (all.isPlaceholderData && all.isFetching),
  };
}

/**
 * One list of a user's games on /user/{id} (spec 001 section 2.6): 5 at first, "load more" adds 5;
 * upcoming games soonest first, then past ones newest first.
 */
export function UserGames({ userId, kind }: { userId: number; kind: UserGamesKind }) {
  const [limit, setLimit] = useState(USER_GAMES_PAGE_SIZE);
  const list = useOrderedUserGames(userId, kind, limit);
  // On one's own profile the list's title already says how one takes part.
  const showRole = useAccount()?.id !== userId;
  const headingId = `user-games-${kind}`;
  const empty = list.upcoming.length === 0 && list.past.length === 0;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-[19px] font-extrabold tracking-tight text-slate-900">
        {TITLES[kind]()}
      </h2>
      {list.isError ? (
        <Notice tone="error">{m.user_games_error()}</Notice>
      ) : list.isPending && empty ? (
        <CardPlaceholder />
      ) : empty ? (
        <div className="flex items-center gap-3 rounded-2xl bg-slate-50 px-4 py-4 text-[15px] text-slate-600">
          <CalendarX2 aria-hidden className="size-5 shrink-0 text-slate-500" />
          {EMPTY[kind]()}
        </div>
      ) : (
        <>
          {list.upcoming.length > 0 ? (
            <ul className="space-y-3">
              {list.upcoming.map((game) => (
                <li key={game.id}>
                  <GameCard game={game} showDate showRole={showRole} />
                </li>
              ))}
            </ul>
          ) : null}
          {list.past.length > 0 ? (
            <>
              {list.upcoming.length > 0 ? (
                <h3 className="mt-5 mb-2 text-[13px] font-bold tracking-wide text-slate-500 uppercase">{m.user_games_past()}</h3>
              ) : null}
              <ul aria-label={m.user_games_past()} className="space-y-3">
                {list.past.map((game) => (
                  <li key={game.id}>
                    <GameCard game={game} showDate showRole={showRole} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      {list.hasNext ? (
        <Button
          variant="outline"
          block
          className="mt-3"
          loading={list.loadingMore}
          onClick={() => setLimit((current) => current + USER_GAMES_PAGE_SIZE)}
        >
          {m.user_games_load_more()}
        </Button>
      ) : null}
    </section>
  );
}
