import { createFileRoute, notFound } from "@tanstack/react-router";
import { adminRegionsQueryOptions } from "@client/features/admin/admin-queries";
import { parseAdminId } from "@client/features/admin/admin-route";
import { RegionEditScreen } from "@client/features/admin/regions/region-edit-screen";

/** /admin/regions/{id}: edit a city. */
export const Route = createFileRoute("/admin/regions/$id")({
  loader: ({ context, params }) => {
    if (parseAdminId(params.id) === null) throw notFound();
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminRegionsQueryOptions());
  },
  component: RegionEditRoute,
});

function RegionEditRoute() {
  return <RegionEditScreen id={Number(Route.useParams().id)} />;
}
