import { createFileRoute } from "@tanstack/react-router";
import { TournamentScreen } from "@client/features/tournaments/tournament-screen";

type TournamentSearch = { rules?: true; cancellation?: true; terms?: true };

export const Route = createFileRoute("/tournament/$id/")({
  // ?rules, ?cancellation, ?terms (present, empty) open their modals (spec 001 section 2.10).
  validateSearch: (search: Record<string, unknown>): TournamentSearch => ({
    ...("rules" in search ? { rules: true as const } : {}),
    ...("cancellation" in search ? { cancellation: true as const } : {}),
    ...("terms" in search ? { terms: true as const } : {}),
  }),
  component: TournamentRoute,
});

function TournamentRoute() {
  return <TournamentScreen tournamentId={Number(Route.useParams().id)} />;
}
