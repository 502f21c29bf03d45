import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";
import { tournamentQueryOptions } from "../tournament-queries";

/** The viewer's teams of a tournament (none for visitors), always fresh: their payment changes outside the page. */
export function myTeamsQueryOptions(tournamentId: number) {
  return trpc.tournaments.myTeams.queryOptions({ tournamentId }, { staleTime: 0 });
}

/**
 * The viewer's teams on the tournament page. Not asked for a guest: the server answers a browser without a session
 * with none, and a guest's page comes drawn by the server with nothing but the tournament (server/http/boot-data.ts).
 * Signing in or registering (which signs in) asks for them; after signing out, the teams this tab still holds are
 * not shown.
 */
export function useMyTeams(tournamentId: number) {
  const account = useAccount();
  const query = useQuery({ ...myTeamsQueryOptions(tournamentId), enabled: account !== null });
  return { data: account === null ? undefined : query.data, isError: account !== null && query.isError, refetch: query.refetch };
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
