import { createFileRoute } from "@tanstack/react-router";
import { courtBookingsQueryOptions } from "@client/features/bookings/booking-queries";
import { CourtBookingsScreen } from "@client/features/bookings/court-bookings-screen";

// 'Buchungen - Plätze' (spec 001 sections 2.2, 2.8). Not behind the login guard: signed out, the screen asks to sign in.
export const Route = createFileRoute("/court-bookings/")({
  loader: ({ context }) => {
    if (context.account) void context.queryClient.prefetchQuery(courtBookingsQueryOptions(true));
  },
  component: CourtBookingsScreen,
});
