import { createFileRoute } from "@tanstack/react-router";
import { adminOverviewQueryOptions } from "@client/features/admin/admin-queries";
import { AdminHomeScreen } from "@client/features/admin/admin-home-screen";

/** /admin: the console's home, a card per section with what waits there. */
export const Route = createFileRoute("/admin/")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminOverviewQueryOptions());
  },
  component: AdminHomeScreen,
});
