import { QueryClient, type Query } from "@tanstack/react-query";
import { isNetworkError } from "./errors";

/**
 * The queries whose answers came inside the page (lib/boot-data.ts), until the first navigation: as fresh as the page
 * itself, so the first screen's components do not ask for them again when they mount, however long the phone took to
 * get there. (A suspense query counts its data stale after a second; on a slow phone hydrating took longer, and the
 * drawn tournament page, read network-only, asked for the tournament it had just brought: CI of 2026-11-30.)
 */
const broughtByPage = new Set<Query>();

/** The query holds an answer the page brought (lib/boot-data.ts). */
export function markBroughtByPage(query: Query | undefined): void {
  if (query) broughtByPage.add(query);
}

/** The first navigation: from now on every query refetches on mount by its own staleness, as usual (main.tsx). */
export function forgetPageAnswers(): void {
  broughtByPage.clear();
}

/** One query client for the app; loaders and components share its cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline a query fails at once instead of pausing behind skeletons until the connection is back, so every
      // screen shows its error with a retry (issue 23 item 20); back online, failed queries load again by themselves.
      networkMode: "always",
      // Only a lost connection is worth retrying (not while the browser knows it is offline); an error code from the server will not change.
      retry: (failureCount, error) => failureCount < 2 && isNetworkError(error) && (typeof navigator === "undefined" || navigator.onLine !== false),
      refetchOnWindowFocus: false,
      // a query the page brought is not asked again by the first screen's components (above); all others as usual
      refetchOnMount: (query) => !broughtByPage.has(query),
    },
    mutations: { retry: false },
  },
});
