import { createFileRoute, notFound } from "@tanstack/react-router";
import { adminOrganizationQueryOptions } from "@client/features/admin/admin-queries";
import { parseAdminId } from "@client/features/admin/admin-route";
import { OrganizationScreen } from "@client/features/admin/organizations/organization-screen";

/** /admin/organizations/{id}: one organisation, its fee, logo and members. */
export const Route = createFileRoute("/admin/organizations/$id")({
  loader: ({ context, params }) => {
    const id = parseAdminId(params.id);
    if (id === null) throw notFound();
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminOrganizationQueryOptions(id));
  },
  component: OrganizationRoute,
});

function OrganizationRoute() {
  return <OrganizationScreen id={Number(Route.useParams().id)} />;
}
