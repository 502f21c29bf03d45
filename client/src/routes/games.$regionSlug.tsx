import { createFileRoute, notFound } from "@tanstack/react-router";
import { PagePlaceholder } from "@client/components/page-placeholder";
import { loadAccount } from "@client/lib/account";
import { appErrorCode } from "@client/lib/errors";
import { feedFilterOf, feedQueryOptions, parseFeedSearch } from "@client/features/games/feed-query";
import { RegionFeed } from "@client/features/games/region-feed";
import { regionQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/games/$regionSlug")({
  validateSearch: parseFeedSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const regionError = context.queryClient.ensureQueryData(regionQueryOptions(params.regionSlug)).then(
      () => null,
      (error: unknown) => ({ error }),
    );
    // Only "my games" depends on who is signed in; the public feed never waits for the account.
    const signedIn = deps.tab === "mine" && (await loadAccount(context.queryClient)) !== null;
    const filter = feedFilterOf(deps, signedIn);
    if (filter) void context.queryClient.prefetchInfiniteQuery(feedQueryOptions({ regionSlug: params.regionSlug, courtId: deps.courtId, filter }));
    const failed = await regionError;
    if (failed) {
      const code = appErrorCode(failed.error);
      if (code === "REGION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw failed.error;
    }
  },
  component: RegionFeedRoute,
  // The shell stands already (the root does not wait here); placeholders fill the page at once and
  // give way as soon as the region is in, without the router's minimum pending time.
  pendingComponent: PagePlaceholder,
  pendingMs: 0,
  pendingMinMs: 0,
});

function RegionFeedRoute() {
  const { regionSlug } = Route.useParams();
  return <RegionFeed regionSlug={regionSlug} search={Route.useSearch()} />;
}
