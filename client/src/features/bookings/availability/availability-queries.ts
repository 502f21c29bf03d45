import { trpc } from "@client/lib/trpc";

/** The occupied times of a rentable court (its route's loader prefetches them; routes/README.md: query options live in *-queries modules). */
export function occupiedTimesQueryOptions(courtId: number) {
  return trpc.bookings.occupiedTimes.queryOptions({ courtId }, { staleTime: 60_000 });
}
