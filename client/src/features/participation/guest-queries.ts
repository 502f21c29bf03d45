import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "@client/lib/trpc";

/** Attended games page size and load-more step (spec 000 section 9). */
export const GUEST_GAMES_PAGE = 5;

/** The guest profile's query (its own module so the route's loader stays out of the entry chunk). */
export function guestProfileQueryOptions(id: number, pageSize = GUEST_GAMES_PAGE) {
  return trpc.participation.guestProfile.queryOptions({ id, attendedGamesPageSize: pageSize }, { placeholderData: keepPreviousData });
}
