import { createFileRoute } from "@tanstack/react-router";
import { organizationRouteOptions } from "@client/features/courts/organization-route";

/** /org/{id}: the organisation page (spec 001 section 2.2; /org and /organization show the same screen). */
export const Route = createFileRoute("/org/$id")({ ...organizationRouteOptions });
