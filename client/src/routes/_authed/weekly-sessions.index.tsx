import { createFileRoute } from "@tanstack/react-router";
import { myWeeklyQueryOptions } from "@client/features/weekly/weekly-queries";
import { WeeklyListScreen } from "@client/features/weekly/weekly-list-screen";

// The user's weekly sessions (spec 000 section 2); a failing call is the screen's to show, with a retry in place.
export const Route = createFileRoute("/_authed/weekly-sessions/")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myWeeklyQueryOptions());
  },
  component: WeeklyListScreen,
});
