import { createFileRoute } from "@tanstack/react-router";
import { GameScreen } from "@client/features/games/game-screen";

type GameSearch = { "missing-players"?: true; created?: true };

export const Route = createFileRoute("/game/$id/")({
  // ?missing-players (present, empty) opens the missing-players help (spec 000 section 2).
  // ?created (present, empty) right after creating: the "your game is live, share it" moment.
  validateSearch: (search: Record<string, unknown>): GameSearch => ({
    ...("missing-players" in search ? { "missing-players": true as const } : {}),
    ...("created" in search ? { created: true as const } : {}),
  }),
  component: GameRoute,
});

function GameRoute() {
  const { id } = Route.useParams();
  return <GameScreen gameId={Number(id)} />;
}
