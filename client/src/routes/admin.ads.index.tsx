import { createFileRoute } from "@tanstack/react-router";
import { adminAdsQueryOptions } from "@client/features/ads/ads-queries";
import { AdsAdminScreen } from "@client/features/ads/ads-admin-screen";

/** /admin/ads: the advertisements with their counters (issue 26). */
export const Route = createFileRoute("/admin/ads/")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminAdsQueryOptions());
  },
  component: AdsAdminScreen,
});
