import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { organizationQueryOptions, parseEntityId } from "@client/features/courts/court-queries";
import { OrganizationNotFound, OrganizationScreen } from "@client/features/courts/organization-screen";

/** /org/{id}: the organisation page (spec 001 section 2.2; /org and /organization show the same screen). */
export const Route = createFileRoute("/org/$id")({
  loader: async ({ context, params }) => {
    const id = parseEntityId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(organizationQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "ORGANIZATION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      // Network or server trouble: the screen shows it with a retry in place.
    }
  },
  notFoundComponent: OrganizationNotFound,
  component: OrganizationRoute,
});

function OrganizationRoute() {
  return <OrganizationScreen organizationId={Number(Route.useParams().id)} />;
}
