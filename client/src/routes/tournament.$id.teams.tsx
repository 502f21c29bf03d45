import { createFileRoute } from "@tanstack/react-router";
import { teamsOverviewQueryOptions } from "@client/features/tournaments/registration/team-queries";
import { TeamsScreen } from "@client/features/tournaments/teams/teams-screen";
import { tournamentQueryOptions } from "@client/features/tournaments/tournament-queries";

/** /tournament/{id}/teams: the organiser's and admins' teams overview (others read "Fehlende Berechtigung."). */
export const Route = createFileRoute("/tournament/$id/teams")({
  // The parent loaded the tournament; for those who may see the overview it starts loading here (a refusal shows in the screen).
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (context.queryClient.getQueryData(tournamentQueryOptions(id).queryKey)?.viewer.canManage) {
      void context.queryClient.prefetchQuery(teamsOverviewQueryOptions(id));
    }
  },
  component: TeamsRoute,
});

function TeamsRoute() {
  return <TeamsScreen tournamentId={Number(Route.useParams().id)} />;
}
