import { trpc } from "@client/lib/trpc";

/** A planner id from the URL, or null when it cannot be one. */
export function parsePlannerId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The organiser's polls (/planner); their state depends on the clock: asked again on every visit. */
export function myPlannersQueryOptions() {
  return trpc.planner.mine.queryOptions(undefined, { staleTime: 0 });
}

export function plannerQueryOptions(id: number) {
  return trpc.planner.get.queryOptions({ id }, { staleTime: 0, retry: false });
}

export function pollQueryOptions(token: string, voterKey: string | null) {
  return trpc.planner.poll.queryOptions({ token, voterKey }, { staleTime: 0, retry: false });
}
