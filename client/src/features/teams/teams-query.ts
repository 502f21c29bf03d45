import { trpc } from "@client/lib/trpc";

/** A game's teams (teams.get): fresh on every visit, they change at the pitch. */
export function teamsQueryOptions(gameId: number) {
  return trpc.teams.get.queryOptions({ gameId }, { staleTime: 0 });
}
