import { createFileRoute, notFound } from "@tanstack/react-router";
import { occupiedTimesQueryOptions } from "@client/features/bookings/availability/availability-queries";
import { AvailabilityScreen } from "@client/features/bookings/availability/availability-screen";
import { parseEntityId } from "@client/features/courts/court-queries";

/** ?date=YYYY-MM-DD opens the calendar on that day (within the shown six weeks). */
type AvailabilitySearch = { date?: string };

/** The public availability calendar of a rentable court (spec 001 section 2.2, no sign-in). */
export const Route = createFileRoute("/court-availability-calendar/$courtId")({
  validateSearch: (search: Record<string, unknown>): AvailabilitySearch =>
    typeof search.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? { date: search.date } : {},
  loader: async ({ context, params }) => {
    const id = parseEntityId(params.courtId);
    if (id === null) throw notFound();
    // errors are shown by the screen, with a retry in place
    await context.queryClient.prefetchQuery(occupiedTimesQueryOptions(id));
  },
  component: AvailabilityRoute,
});

function AvailabilityRoute() {
  const { courtId } = Route.useParams();
  const { date } = Route.useSearch();
  return <AvailabilityScreen courtId={Number(courtId)} date={date} />;
}
