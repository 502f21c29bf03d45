import { createFileRoute } from "@tanstack/react-router";
import { PlanScreen } from "@client/features/tournaments/plan-screen";

/** /tournament/{id}/plan: the organiser's plan page in a sandboxed frame (the parent loaded the tournament). */
export const Route = createFileRoute("/tournament/$id/plan")({ component: PlanRoute });

function PlanRoute() {
  return <PlanScreen tournamentId={Number(Route.useParams().id)} />;
}
