import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { RegionFeed, type FeedTab } from "@client/features/games/region-feed";
import { regionQueryOptions } from "@client/features/regions/regions-query";

const TABS: readonly FeedTab[] = ["all", "mine", "tournaments"];

export const Route = createFileRoute("/games/$regionSlug")({
  validateSearch: (search: Record<string, unknown>): { tab?: FeedTab } =>
    TABS.includes(search.tab as FeedTab) && search.tab !== "all" ? { tab: search.tab as FeedTab } : {},
  loader: async ({ context, params }) => {
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
  const { tab } = Route.useSearch();
  return <RegionFeed regionSlug={regionSlug} tab={tab ?? "all"} />;
}
