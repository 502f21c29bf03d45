import { createFileRoute } from "@tanstack/react-router";
import { parseWeeklyId } from "@client/features/weekly/weekly-queries";
import { WeeklyLatestScreen } from "@client/features/weekly/weekly-latest-screen";

// The share link of a weekly session, open to anybody (spec 000 section 2): on to its next game.
export const Route = createFileRoute("/weekly-sessions/$id/latest")({ component: WeeklyLatestRoute });

function WeeklyLatestRoute() {
  const id = parseWeeklyId(Route.useParams().id);
  return <WeeklyLatestScreen key={id} id={id} />;
}
