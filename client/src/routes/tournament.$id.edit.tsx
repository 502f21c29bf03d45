import { createFileRoute } from "@tanstack/react-router";
import { EditTournamentScreen } from "@client/features/tournaments/tournament-form-screen";

/** /tournament/{id}/edit: the organiser's and admins' form (the screen says when the viewer may not). */
export const Route = createFileRoute("/tournament/$id/edit")({ component: EditTournamentRoute });

function EditTournamentRoute() {
  return <EditTournamentScreen tournamentId={Number(Route.useParams().id)} />;
}
