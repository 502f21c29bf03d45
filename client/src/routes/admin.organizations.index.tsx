import { createFileRoute } from "@tanstack/react-router";
import { adminOrganizationsQueryOptions } from "@client/features/admin/admin-queries";
import { OrganizationsScreen } from "@client/features/admin/organizations/organizations-screen";

/** /admin/organizations: the organisations. */
export const Route = createFileRoute("/admin/organizations/")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminOrganizationsQueryOptions());
  },
  component: OrganizationsScreen,
});
