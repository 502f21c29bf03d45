import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TTournament } from "@shared/schemas/tournaments";
import { trpc } from "@client/lib/trpc";

/** A tournament id from the URL, or null when it cannot be one. */
export function parseTournamentId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The tournament page, fresh on every visit (spec 001 section 7: the tournament is read network-only); a cached copy shows meanwhile. */
export function tournamentQueryOptions(tournamentId: number) {
  return trpc.tournaments.byId.queryOptions({ tournamentId }, { staleTime: 0 });
}

/** The region's upcoming tournaments (/tournaments and the feed's tab share the cache), kept a minute. */
export function upcomingTournamentsQueryOptions(regionSlug: string) {
  return trpc.tournaments.upcoming.queryOptions({ regionSlug }, { staleTime: 60_000 });
}

/** After a change: the page shows the server's answer and every list asks again. */
export function useTournamentUpdated() {
  const queryClient = useQueryClient();
  return useCallback(
    (tournament: TTournament) => {
      queryClient.setQueryData(tournamentQueryOptions(tournament.id).queryKey, tournament);
      void queryClient.invalidateQueries({ queryKey: trpc.tournaments.upcoming.pathKey() });
    },
    [queryClient],
  );
}
