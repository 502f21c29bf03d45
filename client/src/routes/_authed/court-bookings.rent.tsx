import { createFileRoute } from "@tanstack/react-router";
import { courtBookingsQueryOptions } from "@client/features/bookings/booking-queries";
import { CourtRentalsScreen } from "@client/features/bookings/court-bookings-screen";

// 'Vermietungen - Plätze' (spec 001 sections 2.2, 2.8): the rentals of the signed-in owner's courts.
export const Route = createFileRoute("/_authed/court-bookings/rent")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(courtBookingsQueryOptions(false));
  },
  component: CourtRentalsScreen,
});
