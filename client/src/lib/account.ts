import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { TMyAccount } from "@shared/schemas/users";
import { storeAccount } from "./storage";
import { trpc } from "./trpc";

export function accountQueryOptions() {
  return trpc.users.myAccount.queryOptions(undefined, { staleTime: 5 * 60_000 });
}

/** The signed-in account, or null for guests. Loaders fetch it first, so it is rarely pending. */
export function useAccount(): TMyAccount | null {
  const { data } = useQuery(accountQueryOptions());
  return data ?? null;
}

/** For loaders and guards. A failing call counts as signed out rather than breaking every page. */
export async function loadAccount(queryClient: QueryClient): Promise<TMyAccount | null> {
  try {
    // Cached answer at once; a stale one is refreshed in the background.
    return (await queryClient.ensureQueryData({ ...accountQueryOptions(), revalidateIfStale: true })) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the stored account copy (spec 001 section 3, local storage) in step with the cache. */
export function mirrorAccountToStorage(queryClient: QueryClient): () => void {
  const key = JSON.stringify(trpc.users.myAccount.queryKey());
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || JSON.stringify(event.query.queryKey) !== key) return;
    if (event.query.state.status !== "success") return;
    storeAccount(event.query.state.data ?? null);
  });
}
