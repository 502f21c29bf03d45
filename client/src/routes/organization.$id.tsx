import { createFileRoute } from "@tanstack/react-router";
import { organizationLoader } from "@client/features/courts/organization-loader";
import { OrganizationNotFound, OrganizationScreen } from "@client/features/courts/organization-screen";

/** /organization/{id}: the organisation page (spec 001 section 2.2; /org and /organization show the same screen). */
export const Route = createFileRoute("/organization/$id")({
  loader: organizationLoader,
  notFoundComponent: OrganizationNotFound,
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const { id } = Route.useParams();
  return <OrganizationScreen organizationId={Number(id)} />;
}
