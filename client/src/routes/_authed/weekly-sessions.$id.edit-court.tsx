import { createFileRoute } from "@tanstack/react-router";
import { parseWeeklyId, weeklyQueryOptions } from "@client/features/weekly/weekly-queries";
import { WeeklyEditCourtScreen } from "@client/features/weekly/weekly-edit-court-screen";
import { WeeklyNotFound } from "@client/features/weekly/weekly-loader";

export const Route = createFileRoute("/_authed/weekly-sessions/$id/edit-court")({
  loader: ({ context, params }) => {
    const id = parseWeeklyId(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(weeklyQueryOptions(id));
  },
  component: WeeklyEditCourtRoute,
});

function WeeklyEditCourtRoute() {
  const id = parseWeeklyId(Route.useParams().id);
  return id === null ? <WeeklyNotFound /> : <WeeklyEditCourtScreen key={id} id={id} />;
}
