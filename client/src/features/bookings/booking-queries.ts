import type { QueryClient } from "@tanstack/react-query";
import type { TCourtBooking } from "@shared/schemas/bookings";
import { trpc } from "@client/lib/trpc";

/** Query options of the court booking screens (routes prefetch, components read). */
export function bookingSlotsQueryOptions(courtId: number, date: string) {
  return trpc.bookings.slots.queryOptions({ courtId, date }, { staleTime: 30_000 });
}

export function courtBookingQueryOptions(id: number) {
  return trpc.bookings.get.queryOptions({ id }, { staleTime: 10_000 });
}

/** isCustomer: my bookings ('Buchungen - Plätze'); otherwise the rentals of my courts ('Vermietungen - Plätze'). */
export function courtBookingsQueryOptions(isCustomer: boolean) {
  return trpc.bookings.list.queryOptions({ isCustomer }, { staleTime: 15_000 });
}

/** Requests on my courts that wait for my answer (the menu's and the rentals link's count). */
export function waitingRequestCountQueryOptions() {
  return trpc.bookings.waitingRequestCount.queryOptions(undefined, { staleTime: 30_000 });
}

/** After a booking changed: its page shows the answer at once; the lists and the court's free times are read again. */
export function storeBooking(queryClient: QueryClient, booking: TCourtBooking): void {
  queryClient.setQueryData(courtBookingQueryOptions(booking.id).queryKey, booking);
  void queryClient.invalidateQueries({ queryKey: trpc.bookings.list.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.bookings.waitingRequestCount.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.bookings.slots.pathKey() });
}
