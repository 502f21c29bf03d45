import { createFileRoute } from "@tanstack/react-router";
import { TeamsScreen } from "@client/features/teams/teams-screen";
import { teamsQueryOptions } from "@client/features/teams/teams-query";

export const Route = createFileRoute("/game/$id/teams")({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(teamsQueryOptions(Number(params.id))),
  component: TeamsRoute,
});

function TeamsRoute() {
  const { id } = Route.useParams();
  return <TeamsScreen gameId={Number(id)} />;
}
