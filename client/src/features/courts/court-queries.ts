import { isNetworkError } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";

/** Query options shared by the courts routes' loaders and their screens (routes prefetch, components read). */
export function courtQueryOptions(id: number) {
  return trpc.courts.get.queryOptions({ id }, { staleTime: 30_000 });
}

/**
 * The Courts tab's list. Offline it fails at once (lib/query-client.ts: no query pauses behind skeletons until
 * the connection is back) and a failed load is not asked again on mount: the tab shows its error with a retry within a
 * moment, not after 10 seconds (issue 23 item 20). One quick retry covers a dropped request.
 */
export function regionCourtsQueryOptions(regionSlug: string) {
  return trpc.courts.ofRegion.queryOptions(
    { regionSlug },
    {
      staleTime: 60_000,
      retry: (failures, error) => failures < 1 && isNetworkError(error) && (typeof navigator === "undefined" || navigator.onLine),
      retryDelay: 500,
      retryOnMount: false,
    },
  );
}

export function courtGamesQueryOptions(courtId: number) {
  return trpc.games.onCourt.queryOptions({ courtId }, { staleTime: 30_000 });
}

export function organizationQueryOptions(id: number) {
  return trpc.organizations.get.queryOptions({ id }, { staleTime: 60_000 });
}

/** Route params are digits only; anything else is the not-found screen. */
export function parseEntityId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
