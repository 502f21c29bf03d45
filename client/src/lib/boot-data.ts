import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { BOOT_DATA_ELEMENT_ID, parseBootData, type BootEntry, type BootPath } from "@shared/boot-data";
import { markBroughtByPage } from "./query-client";
import { trpc } from "./trpc";

/** The procedure of a boot entry's path on the tRPC proxy (`games.byId` → `trpc.games.byId`). */
function procedureOf(path: BootPath): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], trpc);
}

function seed(queryClient: QueryClient, entry: BootEntry): QueryKey {
  if (entry.kind === "infinite") {
    // the feed's first page, as its infinite query keeps it
    const options = trpc.games.feed.infiniteQueryOptions(entry.input as unknown as { regionSlug: string }, { getNextPageParam: () => undefined });
    queryClient.setQueryData(options.queryKey, { pages: [entry.data], pageParams: [options.initialPageParam] } as never);
    return options.queryKey;
  }
  const procedure = procedureOf(entry.path) as { queryKey(input: unknown): QueryKey };
  // a procedure without input is keyed without one (`null` in the page)
  const queryKey = procedure.queryKey(entry.input ?? undefined);
  queryClient.setQueryData(queryKey, entry.data);
  return queryKey;
}

/**
 * Puts the first screen's data the server sent inside the page (shared/boot-data.ts) into the
 * query cache, once, before the first render; the element is removed so a later render cannot
 * read stale answers from it. They count as fresh as the page until the first navigation (query-client.ts); after it,
 * queries refetch when their data goes stale, as usual.
 */
export function seedBootData(queryClient: QueryClient): void {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  for (const queryKey of seedBootEntries(queryClient, parseBootData(element.textContent ?? ""))) {
    markBroughtByPage(queryClient.getQueryCache().find({ queryKey, exact: true }));
  }
}

/** The same answers into a query cache: the browser's from the page, the server's drawing that page (entry-server.tsx). */
export function seedBootEntries(queryClient: QueryClient, entries: BootEntry[]): QueryKey[] {
  return entries.filter((entry) => entry.kind === (entry.path === "games.feed" ? "infinite" : "query")).map((entry) => seed(queryClient, entry));
}
