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
  // Not strict: while a navigation away (a tap replayed right after hydration, lib/early-taps.ts) is rendered in a
  // transition, this component can render once more after its match is gone; TanStack Router's strict read then throws
  // ("could not find an active match") and React recovers by rendering the whole page again synchronously (React's
  // error #520, seen once in CI on 2026-11-30 after a replayed tap from a game page; this is its likely cause).
  // Nothing is drawn for the moment before the next route takes over.
  const id = Route.useParams({ shouldThrow: false })?.id;
  return id === undefined ? null : <GameScreen gameId={Number(id)} />;
}
