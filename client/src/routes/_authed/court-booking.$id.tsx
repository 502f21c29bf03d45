import { createFileRoute, notFound } from "@tanstack/react-router";
import { BookingNotFound, BookingScreen, type BookingSearch } from "@client/features/bookings/booking-screen";
import { courtBookingQueryOptions } from "@client/features/bookings/booking-queries";
import { parseEntityId } from "@client/features/courts/court-queries";

export const Route = createFileRoute("/_authed/court-booking/$id")({
  // ?action=accept|decline from the owner's notification; the payment provider's return adds
  // payment_intent and redirect_status. The screen reads them once and removes them (spec 001 section 2.8).
  validateSearch: (search: Record<string, unknown>): BookingSearch => ({
    ...(search.action === "accept" || search.action === "decline" ? { action: search.action } : {}),
    ...(typeof search.redirect_status === "string" ? { redirect_status: search.redirect_status } : {}),
    ...(typeof search.payment_intent === "string" ? { payment_intent: search.payment_intent } : {}),
    ...(typeof search.payment_intent_client_secret === "string" ? { payment_intent_client_secret: search.payment_intent_client_secret } : {}),
  }),
  loader: ({ context, params }) => {
    const id = parseEntityId(params.id);
    if (id === null) throw notFound();
    // a failing call is the screen's to show, with a retry in place
    void context.queryClient.prefetchQuery(courtBookingQueryOptions(id));
  },
  notFoundComponent: BookingNotFound,
  component: BookingRoute,
});

function BookingRoute() {
  const { id } = Route.useParams();
  return <BookingScreen key={id} bookingId={Number(id)} search={Route.useSearch()} />;
}
