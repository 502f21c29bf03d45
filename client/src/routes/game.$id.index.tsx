import { createFileRoute } from "@tanstack/react-router";
import { GameScreen } from "@client/features/games/game-screen";

type GameSearch = {
  "missing-players"?: true;
  created?: true;
  "payment-return"?: true;
  payment_intent?: string;
  redirect_status?: string;
};

export const Route = createFileRoute("/game/$id/")({
  // ?missing-players (present, empty) opens the missing-players help (spec 000 section 2).
  // ?created (present, empty) right after creating: the "your game is live, share it" moment.
  validateSearch: (search: Record<string, unknown>): GameSearch => ({
    ...("missing-players" in search ? { "missing-players": true as const } : {}),
    ...("created" in search ? { created: true as const } : {}),
    // The payment provider's return (spec 000 section 2), read and then removed by features/payments/checkout/payment-flow.tsx.
    ...("payment-return" in search ? { "payment-return": true as const } : {}),
    ...(typeof search.payment_intent === "string" ? { payment_intent: search.payment_intent } : {}),
    ...(typeof search.redirect_status === "string" ? { redirect_status: search.redirect_status } : {}),
  }),
  component: GameRoute,
});

function GameRoute() {
  const { id } = Route.useParams();
  return <GameScreen gameId={Number(id)} />;
}
