import { useQuery } from "@tanstack/react-query";
import { useMatches, useParams, useRouterState } from "@tanstack/react-router";
import type { TRegion } from "@shared/schemas/regions";
import { useAccount } from "@client/lib/account";
import { getStoredRegionSlug } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";

export function regionsQueryOptions() {
  return trpc.regions.list.queryOptions(undefined, { staleTime: 10 * 60_000 });
}

export function regionQueryOptions(slug: string) {
  return trpc.regions.bySlug.queryOptions({ slug }, { staleTime: 10 * 60_000 });
}

/**
 * The region the user is in: the one in the URL, else the one of the page's subject (a game page's
 * loader names its game's region), else the stored guest choice, else the account's region
 * (spec 001 section 2.2: a stored region leads / to its feed).
 */
export function useCurrentRegionSlug(): string | null {
  const params = useParams({ strict: false }) as { regionSlug?: string };
  const pageRegion = useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const slug = (matches[i]?.loaderData as { regionSlug?: unknown } | undefined)?.regionSlug;
        if (typeof slug === "string") return slug;
      }
      return null;
    },
  });
  const account = useAccount();
  // Re-read storage on every navigation: choosing a region stores it and navigates.
  useRouterState({ select: (state) => state.location.pathname });
  return params.regionSlug ?? pageRegion ?? getStoredRegionSlug() ?? account?.region?.slug ?? null;
}

export function useCurrentRegion(): TRegion | null {
  const slug = useCurrentRegionSlug();
  const { data } = useQuery({ ...regionsQueryOptions(), enabled: slug !== null });
  if (!slug) return null;
  return data?.find((region) => region.slug === slug) ?? null;
}

/** By name, in the alphabetical order of the UI language. */
export function sortRegions(regions: TRegion[], locale: string): TRegion[] {
  return [...regions].sort((a, b) => a.name.localeCompare(b.name, locale));
}
