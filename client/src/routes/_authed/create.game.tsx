import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { CreateGameScreen } from "@client/features/games/create-game-screen";
import { plannerPrefillOf } from "@client/features/planner/convert-prefill";

type CreateGameSearch = { courtId?: number } & ReturnType<typeof plannerPrefillOf>;

export const Route = createFileRoute("/_authed/create/game")({
  // ?courtId preselects the court (spec 000 section 2).
  validateSearch: (search: Record<string, unknown>): CreateGameSearch => {
    const courtId = Number(search.courtId);
    // ?day, ?time, ?duration, ?weekly, ?plannerId: a weekly session from the availability planner (issue 26)
    return { ...(Number.isInteger(courtId) && courtId > 0 ? { courtId } : {}), ...plannerPrefillOf(search) };
  },
  component: CreateGameRoute,
});

function CreateGameRoute() {
  const { courtId, ...prefill } = Route.useSearch();
  // The cached account follows a refresh (e-mail confirmed meanwhile); the guard's copy does not.
  const account = useAccount() ?? Route.useRouteContext().account;
  return <CreateGameScreen account={account} courtId={courtId} prefill={prefill} />;
}
