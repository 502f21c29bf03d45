import { createFileRoute } from "@tanstack/react-router";
import { parsePlannerId, plannerQueryOptions } from "@client/features/planner/planner-queries";
import { PlannerViewScreen } from "@client/features/planner/planner-view-screen";
import { NotFoundState } from "@client/components/not-found-state";
import { CircleSlash } from "lucide-react";
import { m } from "@client/paraglide/messages";

export const Route = createFileRoute("/_authed/planner/$id")({
  loader: ({ context, params }) => {
    const id = parsePlannerId(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(plannerQueryOptions(id));
  },
  component: PlannerViewRoute,
});

function PlannerViewRoute() {
  const id = parsePlannerId(Route.useParams().id);
  if (id === null) return <NotFoundState icon={<CircleSlash aria-hidden className="size-10" />} title={m.planner_poll_not_found()} to="/" action={m.game_to_feed()} />;
  return <PlannerViewScreen key={id} id={id} />;
}
