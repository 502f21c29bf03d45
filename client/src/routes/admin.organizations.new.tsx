import { createFileRoute } from "@tanstack/react-router";
import { OrganizationCreateScreen } from "@client/features/admin/organizations/organization-screen";

/** /admin/organizations/new: a new organisation. */
export const Route = createFileRoute("/admin/organizations/new")({ component: OrganizationCreateScreen });
