import { createFileRoute } from "@tanstack/react-router";
import { EditCourtScreen } from "@client/features/games/manage/edit-court-screen";

export const Route = createFileRoute("/game/$id/edit-court")({ component: EditCourtRoute });

function EditCourtRoute() {
  return <EditCourtScreen gameId={Number(Route.useParams().id)} />;
}
