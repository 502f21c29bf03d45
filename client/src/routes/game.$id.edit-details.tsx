import { createFileRoute } from "@tanstack/react-router";
import { EditDetailsScreen } from "@client/features/games/manage/edit-details-screen";

export const Route = createFileRoute("/game/$id/edit-details")({ component: EditDetailsRoute });

function EditDetailsRoute() {
  return <EditDetailsScreen gameId={Number(Route.useParams().id)} />;
}
