import { createFileRoute } from "@tanstack/react-router";
import { myPlannersQueryOptions } from "@client/features/planner/planner-queries";
import { PlannerListScreen } from "@client/features/planner/planner-list-screen";

// The availability planner (issue 26): the organiser's polls.
export const Route = createFileRoute("/_authed/planner/")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPlannersQueryOptions());
  },
  component: PlannerListScreen,
});
