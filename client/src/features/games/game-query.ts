import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TGame } from "@shared/schemas/games";
import { trpc } from "@client/lib/trpc";

/** A game id from the URL, or null when it cannot be one. */
export function parseGameId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The game page is always fresh (spec 000 section 2: loaded every time, network-only): a cached
 * copy shows at once while the server is asked again.
 */
export function gameQueryOptions(gameId: number) {
  return trpc.games.byId.queryOptions({ gameId }, { staleTime: 0 });
}

/** After a change: the game page shows the server's answer, and the feeds ask again. */
export function useGameUpdated() {
  const queryClient = useQueryClient();
  return useCallback(
    (game: TGame) => {
      queryClient.setQueryData(gameQueryOptions(game.id).queryKey, game);
      void queryClient.invalidateQueries({ queryKey: trpc.games.feed.pathKey() });
    },
    [queryClient],
  );
}
