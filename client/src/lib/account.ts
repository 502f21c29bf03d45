import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { TMyAccount } from "@shared/schemas/users";
import { AUTH_STATE_COOKIE } from "@shared/constants";
import { readCookie } from "./cookies";
import { getStoredAccount, storeAccount } from "./storage";
import { trpc } from "./trpc";

export function accountQueryOptions() {
  return trpc.users.myAccount.queryOptions(undefined, { staleTime: 5 * 60_000 });
}

/**
 * The signed-in account, or null for guests. Loaders fetch it first, so it is rarely pending. When the
 * call failed (offline, the server unreachable) on a browser that holds a session, the stored copy
 * stands in, so a signed-in user is not shown "Anmelden" (issue 23 item 20).
 */
export function useAccount(): TMyAccount | null {
  const { data } = useQuery(accountQueryOptions());
  if (data !== undefined) return data;
  // Not answered yet, failed, or waiting for the network: the stored copy (only while the session cookie says one
  // is held). Not only after a failure: each new try starts over as 'pending' without a failure, which flipped a
  // signed-in user offline to "Anmelden" and back at every retry (seen in CI on a slow machine).
  return storedAccountOfSession();
}

/** For loaders and guards. A failing call counts as signed out rather than breaking every page, unless the session's stored copy is there. */
export async function loadAccount(queryClient: QueryClient): Promise<TMyAccount | null> {
  try {
    // Cached answer at once; a stale one is refreshed in the background.
    return (await queryClient.ensureQueryData({ ...accountQueryOptions(), revalidateIfStale: true })) ?? null;
  } catch {
    return storedAccountOfSession();
  }
}

/**
 * The last account the server gave this browser (local storage), while the readable auth-state cookie
 * says a session is held; null otherwise. Written only from the server's answers and cleared at sign-out.
 */
function storedAccountOfSession(): TMyAccount | null {
  if (readCookie(AUTH_STATE_COOKIE) === null) return null;
  const stored = getStoredAccount() as (Omit<TMyAccount, "emailVerifiedAt" | "createdAt"> & { emailVerifiedAt: string | null; createdAt: string }) | null;
  if (!stored || typeof stored !== "object" || typeof stored.id !== "number" || typeof stored.firstName !== "string" || typeof stored.createdAt !== "string") return null;
  return { ...stored, emailVerifiedAt: stored.emailVerifiedAt ? new Date(stored.emailVerifiedAt) : null, createdAt: new Date(stored.createdAt) };
}

type AccountUpdate = TMyAccount | null | ((current: TMyAccount | null | undefined) => TMyAccount | null | undefined);

/**
 * After something changed the signed-in account (sign-in, registration, a confirmed e-mail): loads it
 * afresh into the cache and answers it (null for a guest); throws when the call fails. `profiles` also
 * refetches the public profiles (users.byId), which show the account's name, picture and badges.
 */
export async function refreshAccount(queryClient: QueryClient, { profiles = false }: { profiles?: boolean } = {}): Promise<TMyAccount | null> {
  try {
    return await queryClient.fetchQuery({ ...accountQueryOptions(), staleTime: 0 });
  } finally {
    if (profiles) await queryClient.invalidateQueries({ queryKey: trpc.users.byId.pathKey() });
  }
}

/** The account as a mutation answered it (or a change to the cached one), without another call; `profiles` as in refreshAccount. */
export async function setAccount(queryClient: QueryClient, update: AccountUpdate, { profiles = false }: { profiles?: boolean } = {}): Promise<void> {
  queryClient.setQueryData(trpc.users.myAccount.queryKey(), update);
  if (profiles) await queryClient.invalidateQueries({ queryKey: trpc.users.byId.pathKey() });
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
