import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { BOOT_DATA_ELEMENT_ID, parseBootData, type BootEntry, type BootPath } from "@shared/boot-data";
import { trpc } from "./trpc";

/** The procedure of a boot entry's path on the tRPC proxy (`games.byId` → `trpc.games.byId`). */
function procedureOf(path: BootPath): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], trpc);
}

function seed(queryClient: QueryClient, entry: BootEntry): void {
  if (entry.kind === "infinite") {
    // the feed's first page, as its infinite query keeps it
    const options = trpc.games.feed.infiniteQueryOptions(entry.input as unknown as { regionSlug: string }, { getNextPageParam: () => undefined });
    queryClient.setQueryData(options.queryKey, { pages: [entry.data], pageParams: [options.initialPageParam] } as never);
    return;
  }
  const procedure = procedureOf(entry.path) as { queryKey(input: unknown): QueryKey };
  // a procedure without input is keyed without one (`null` in the page)
  queryClient.setQueryData(procedure.queryKey(entry.input ?? undefined), entry.data);
}

/**
 * Puts the first screen's data the server sent inside the page (shared/boot-data.ts) into the
 * query cache, once, before the first render; the element is removed so a later render cannot
 * read stale answers from it. Queries still refetch when their data goes stale, as usual.
 */
export function seedBootData(queryClient: QueryClient): void {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  seedBootEntries(queryClient, parseBootData(element.textContent ?? ""));
}

/** The same answers into a query cache: the browser's from the page, the server's drawing that page (entry-server.tsx). */
export function seedBootEntries(queryClient: QueryClient, entries: BootEntry[]): void {
  for (const entry of entries) {
    if (entry.kind === (entry.path === "games.feed" ? "infinite" : "query")) seed(queryClient, entry);
  }
}
