import { createFileRoute, redirect } from "@tanstack/react-router";
import { getStoredRegionSlug } from "@client/lib/storage";
import { RegionChooser } from "@client/features/regions/region-chooser";
import { regionsQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/")({
  // A stored region (or the account's) opens its feed directly (spec 001 section 2.2).
  beforeLoad: ({ context }) => {
    const slug = getStoredRegionSlug() ?? context.account?.region?.slug;
    if (slug) throw redirect({ to: "/games/$regionSlug", params: { regionSlug: slug }, replace: true });
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(regionsQueryOptions());
  },
  component: () => <RegionChooser target="games" />,
});
