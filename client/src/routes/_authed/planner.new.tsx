import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { PlannerCreateScreen } from "@client/features/planner/planner-create-screen";

export const Route = createFileRoute("/_authed/planner/new")({
  component: PlannerCreateRoute,
});

function PlannerCreateRoute() {
  const account = useAccount() ?? Route.useRouteContext().account;
  return <PlannerCreateScreen account={account} />;
}
