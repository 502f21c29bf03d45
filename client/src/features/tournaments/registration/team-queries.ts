import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { trpc } from "@client/lib/trpc";
import { tournamentQueryOptions } from "../tournament-queries";

/** The viewer's teams of a tournament (none for visitors), always fresh: their payment changes outside the page. */
export function myTeamsQueryOptions(tournamentId: number) {
  return trpc.tournaments.myTeams.queryOptions({ tournamentId }, { staleTime: 0 });
}

/** The organiser's teams overview of a tournament. */
export function teamsOverviewQueryOptions(tournamentId: number) {
  return trpc.tournaments.teams.queryOptions({ tournamentId }, { staleTime: 0, retry: false });
}

/** After a team changed (registered, paid, cancelled, marked paid): the own teams, the page's counts and the lists ask again. */
export function useTeamsChanged(tournamentId: number) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.tournaments.myTeams.queryKey({ tournamentId }) }),
      queryClient.invalidateQueries({ queryKey: tournamentQueryOptions(tournamentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: trpc.tournaments.teams.queryKey({ tournamentId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.tournaments.upcoming.pathKey() }),
    ]);
  }, [queryClient, tournamentId]);
}
