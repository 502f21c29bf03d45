import type { QueryClient } from "@tanstack/react-query";
import { BOOT_DATA_ELEMENT_ID, parseBootData, type BootEntry } from "@shared/boot-data";
import { trpc } from "./trpc";

function seed(queryClient: QueryClient, entry: BootEntry): void {
  switch (entry.path) {
    case "games.byId": {
      queryClient.setQueryData(trpc.games.byId.queryKey(entry.input as { gameId: number }), entry.data as never);
      return;
    }
    case "regions.bySlug": {
      queryClient.setQueryData(trpc.regions.bySlug.queryKey(entry.input as { slug: string }), entry.data as never);
      return;
    }
    // the court page and the tournament page (server/http/boot-data.ts)
    case "courts.get": {
      queryClient.setQueryData(trpc.courts.get.queryKey(entry.input as { id: number }), entry.data as never);
      return;
    }
    case "games.onCourt": {
      queryClient.setQueryData(trpc.games.onCourt.queryKey(entry.input as { courtId: number }), entry.data as never);
      return;
    }
    case "bookings.slots": {
      queryClient.setQueryData(trpc.bookings.slots.queryKey(entry.input as { courtId: number; date: string }), entry.data as never);
      return;
    }
    case "tournaments.byId": {
      queryClient.setQueryData(trpc.tournaments.byId.queryKey(entry.input as { tournamentId: number }), entry.data as never);
      return;
    }
    case "ads.forTournament": {
      queryClient.setQueryData(trpc.ads.forTournament.queryKey(entry.input as { tournamentId: number }), entry.data as never);
      return;
    }
    case "games.feed": {
      const options = trpc.games.feed.infiniteQueryOptions(entry.input as { regionSlug: string }, { getNextPageParam: () => undefined });
      queryClient.setQueryData(options.queryKey, { pages: [entry.data], pageParams: [options.initialPageParam] } as never);
      return;
    }
  }
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
