import { createFileRoute } from "@tanstack/react-router";
import { parseWeeklyId, weeklyQueryOptions } from "@client/features/weekly/weekly-queries";
import { WeeklyDetailScreen } from "@client/features/weekly/weekly-detail-screen";
import { WeeklyNotFound } from "@client/features/weekly/weekly-loader";

export const Route = createFileRoute("/_authed/weekly-sessions/$id/")({
  loader: ({ context, params }) => {
    const id = parseWeeklyId(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(weeklyQueryOptions(id));
  },
  component: WeeklyDetailRoute,
});

function WeeklyDetailRoute() {
  const id = parseWeeklyId(Route.useParams().id);
  return id === null ? <WeeklyNotFound /> : <WeeklyDetailScreen key={id} id={id} />;
}
