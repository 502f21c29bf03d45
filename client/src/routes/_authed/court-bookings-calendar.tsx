import { createFileRoute } from "@tanstack/react-router";
import { OwnerCalendarScreen } from "@client/features/bookings/owner-calendar/owner-calendar-screen";

/** ?courtId=<id> picks one of the owner's courts, ?date=YYYY-MM-DD the day the calendar opens on. */
type OwnerCalendarSearch = { courtId?: number; date?: string };

/** The court owner's booking calendar ('Buchungsansicht', spec 001 sections 2.2 and 2.8), behind the login guard. */
export const Route = createFileRoute("/_authed/court-bookings-calendar")({
  validateSearch: (search: Record<string, unknown>): OwnerCalendarSearch => {
    const court = Number(search.courtId);
    const date = typeof search.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? search.date : undefined;
    return { ...(Number.isInteger(court) && court > 0 ? { courtId: court } : {}), ...(date ? { date } : {}) };
  },
  component: OwnerCalendarRoute,
});

function OwnerCalendarRoute() {
  const { courtId, date } = Route.useSearch();
  return <OwnerCalendarScreen courtId={courtId} date={date} />;
}
