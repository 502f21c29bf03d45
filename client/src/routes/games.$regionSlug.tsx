import { createFileRoute, notFound } from "@tanstack/react-router";
import { loadAccount } from "@client/lib/account";
import { appErrorCode } from "@client/lib/errors";
import { feedFilterOf, feedQueryOptions, parseFeedSearch } from "@client/features/games/feed-query";
import { RegionFeed } from "@client/features/games/region-feed";
import { regionQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/games/$regionSlug")({
  validateSearch: parseFeedSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const account = await loadAccount(context.queryClient);
    const filter = feedFilterOf(deps, account !== null);
    if (filter) void context.queryClient.prefetchQuery(feedQueryOptions({ regionSlug: params.regionSlug, courtId: deps.courtId, filter }));
    try {
      await context.queryClient.ensureQueryData(regionQueryOptions(params.regionSlug));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "REGION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  component: RegionFeedRoute,
});

function RegionFeedRoute() {
  const { regionSlug } = Route.useParams();
  return <RegionFeed regionSlug={regionSlug} search={Route.useSearch()} />;
}
