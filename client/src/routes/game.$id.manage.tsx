import { createFileRoute } from "@tanstack/react-router";
import { ManageGameScreen } from "@client/features/games/manage/manage-game-screen";

type ManageSearch = { cancel?: true };

export const Route = createFileRoute("/game/$id/manage")({
  // ?cancel opens the cancel dialog (the "takes place?" prompt links here).
  validateSearch: (search: Record<string, unknown>): ManageSearch => ("cancel" in search ? { cancel: true } : {}),
  component: ManageRoute,
});

function ManageRoute() {
  const { id } = Route.useParams();
  return <ManageGameScreen gameId={Number(id)} />;
}
