import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CalendarX2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { GameCard } from "@client/features/games/game-card";

/** Spec 001 sections 2.6 and 9: page size 5, "load more" adds 5. */
const USER_GAMES_PAGE_SIZE = 5;

export type UserGamesKind = "hosted" | "attended" | "queue";

export function userGamesQueryOptions(userId: number, kind: UserGamesKind, limit: number, upcoming = false) {
  return trpc.users.games.queryOptions({ userId, kind, limit, upcoming });
}

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
 * One list of a user's games on /user/{id} (spec 001 section 2.6): 5 at first, "load more" adds 5.
 * The waiting list shows only upcoming games; the others are newest first.
 */
export function UserGames({ userId, kind }: { userId: number; kind: UserGamesKind }) {
  const [limit, setLimit] = useState(USER_GAMES_PAGE_SIZE);
  const query = useQuery({ ...userGamesQueryOptions(userId, kind, limit, kind === "queue"), placeholderData: keepPreviousData });
  const games = query.data?.objects ?? [];
  const headingId = `user-games-${kind}`;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-[19px] font-extrabold tracking-tight text-slate-900">
        {TITLES[kind]()}
      </h2>
      {query.isError && !query.data ? (
        <Notice tone="error">{m.user_games_error()}</Notice>
      ) : query.isPending ? (
        <div aria-hidden className="h-28 animate-pulse rounded-3xl bg-slate-100" />
      ) : games.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl bg-slate-50 px-4 py-4 text-[15px] text-slate-600">
          <CalendarX2 aria-hidden className="size-5 shrink-0 text-slate-500" />
          {EMPTY[kind]()}
        </div>
      ) : (
        <ul className="space-y-3">
          {games.map((game) => (
            <li key={game.id}>
              <GameCard game={game} showDate />
            </li>
          ))}
        </ul>
      )}
      {query.data?.hasNext ? (
        <Button
          variant="outline"
          block
          className="mt-3"
          loading={query.isPlaceholderData && query.isFetching}
          onClick={() => setLimit((current) => current + USER_GAMES_PAGE_SIZE)}
        >
          {m.user_games_load_more()}
        </Button>
      ) : null}
    </section>
  );
}
