import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { trpc } from "@client/lib/trpc";
import { gameQueryOptions } from "@client/features/games/game-query";

/** After a participation change: the game page asks again, and so do the feeds ("my games"). */
export function useGameRefresh(gameId: number) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: trpc.games.feed.pathKey() });
    await queryClient.refetchQueries({ queryKey: gameQueryOptions(gameId).queryKey });
  }, [queryClient, gameId]);
}
