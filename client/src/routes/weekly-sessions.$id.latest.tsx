import { createFileRoute, useLocation } from "@tanstack/react-router";
import { parseWeeklyId } from "@client/features/weekly/weekly-queries";
import { WeeklyLatestScreen } from "@client/features/weekly/weekly-latest-screen";

// The share link of a weekly session, open to anybody (spec 000 section 2): on to its next game. A private
// session's link carries its key (?key=…), read from the raw query: the router's JSON search parsing could
// turn a key of digits into a number.
export const Route = createFileRoute("/weekly-sessions/$id/latest")({ component: WeeklyLatestRoute });

function WeeklyLatestRoute() {
  const id = parseWeeklyId(Route.useParams().id);
  const shareKey = new URLSearchParams(useLocation({ select: (l) => l.searchStr })).get("key") || null;
  return <WeeklyLatestScreen key={id} id={id} shareKey={shareKey} />;
}
