import { createFileRoute } from "@tanstack/react-router";
import { RegionCreateScreen } from "@client/features/admin/regions/region-edit-screen";

/** /admin/regions/new: a new city. */
export const Route = createFileRoute("/admin/regions/new")({ component: RegionCreateScreen });
