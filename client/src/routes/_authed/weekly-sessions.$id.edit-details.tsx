import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { parseWeeklyId, weeklyQueryOptions } from "@client/features/weekly/weekly-queries";
import { WeeklyEditDetailsScreen } from "@client/features/weekly/weekly-edit-details-screen";
import { WeeklyNotFound } from "@client/features/weekly/weekly-loader";

export const Route = createFileRoute("/_authed/weekly-sessions/$id/edit-details")({
  loader: ({ context, params }) => {
    const id = parseWeeklyId(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(weeklyQueryOptions(id));
  },
  component: WeeklyEditDetailsRoute,
});

function WeeklyEditDetailsRoute() {
  const id = parseWeeklyId(Route.useParams().id);
  // The cached account follows a refresh; the guard's copy does not.
  const account = useAccount() ?? Route.useRouteContext().account;
  return id === null ? <WeeklyNotFound /> : <WeeklyEditDetailsScreen key={id} id={id} account={account} />;
}
