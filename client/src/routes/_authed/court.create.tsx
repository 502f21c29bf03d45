import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { CreateCourtScreen } from "@client/features/courts/create-court-screen";

export const Route = createFileRoute("/_authed/court/create")({ component: CreateCourtRoute });

function CreateCourtRoute() {
  // The cached account follows a refresh (e-mail confirmed meanwhile); the guard's copy does not.
  const account = useAccount() ?? Route.useRouteContext().account;
  return <CreateCourtScreen account={account} />;
}
