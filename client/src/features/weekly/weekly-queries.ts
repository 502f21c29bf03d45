import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { trpc } from "@client/lib/trpc";

/** A weekly session id from the URL, or null when it cannot be one. */
export function parseWeeklyId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The signed-in user's weekly sessions (/weekly-sessions). */
export function myWeeklyQueryOptions() {
  return trpc.weekly.mine.queryOptions(undefined, { staleTime: 0 });
}

/** One weekly session; its state depends on the clock, so it is asked for again on every visit. */
export function weeklyQueryOptions(id: number) {
  return trpc.weekly.get.queryOptions({ id }, { staleTime: 0 });
}

/**
 * After a change: the detail shows the server's answer, the list, the burger menu's entry and the feeds
 * ask again (a new week's game, a moved court).
 */
export function useWeeklyUpdated() {
  const queryClient = useQueryClient();
  return useCallback(
    (template: TGameTemplate | null) => {
      if (template) queryClient.setQueryData(weeklyQueryOptions(template.id).queryKey, template);
      void queryClient.invalidateQueries({ queryKey: trpc.weekly.mine.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.weekly.hasAny.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.games.feed.pathKey() });
    },
    [queryClient],
  );
}
