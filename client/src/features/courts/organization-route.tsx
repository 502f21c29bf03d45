import type { QueryClient } from "@tanstack/react-query";
import { notFound, useParams } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { organizationQueryOptions, parseEntityId } from "./court-queries";
import { OrganizationNotFound, OrganizationScreen } from "./organization-screen";

/**
 * The route options shared by /org/{id} and /organization/{id} (spec 001 section 2.2: both show the organisation
 * page): the loader prefetches the organisation, an unknown one is the not-found screen, network or server
 * trouble is left to the screen, which shows it with a retry in place.
 */
export const organizationRouteOptions = {
  loader: async ({ context, params }: { context: { queryClient: QueryClient }; params: { id: string } }) => {
    const id = parseEntityId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(organizationQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "ORGANIZATION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
    }
  },
  notFoundComponent: OrganizationNotFound,
  component: OrganizationRoute,
};

function OrganizationRoute() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <OrganizationScreen organizationId={Number(id)} />;
}
