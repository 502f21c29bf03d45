import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { CreateTournamentScreen } from "@client/features/tournaments/tournament-form-screen";

/** /create/tournament: admins and organisation members (the screen tells everybody else whom to ask). */
export const Route = createFileRoute("/_authed/create/tournament")({ component: CreateTournamentRoute });

function CreateTournamentRoute() {
  const account = useAccount() ?? Route.useRouteContext().account;
  return <CreateTournamentScreen account={account} />;
}
