import { createFileRoute } from "@tanstack/react-router";
import { adminRegionsQueryOptions } from "@client/features/admin/admin-queries";
import { RegionsScreen } from "@client/features/admin/regions/regions-screen";

/** /admin/regions: the cities. */
export const Route = createFileRoute("/admin/regions/")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminRegionsQueryOptions());
  },
  component: RegionsScreen,
});
