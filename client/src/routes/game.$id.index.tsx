import { createFileRoute } from "@tanstack/react-router";
import { GameScreen } from "@client/features/games/game-screen";

type GameSearch = { "missing-players"?: true };

export const Route = createFileRoute("/game/$id/")({
  // ?missing-players (present, empty) opens the missing-players help (spec 000 section 2).
  validateSearch: (search: Record<string, unknown>): GameSearch => ("missing-players" in search ? { "missing-players": true } : {}),
  component: GameRoute,
});

function GameRoute() {
  const { id } = Route.useParams();
  return <GameScreen gameId={Number(id)} />;
}
