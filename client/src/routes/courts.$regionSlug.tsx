import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { CourtsScreen } from "@client/features/courts/courts-screen";
import { regionCourtsQueryOptions } from "@client/features/courts/court-queries";

export const Route = createFileRoute("/courts/$regionSlug")({
  loader: async ({ context, params }) => {
    if (!/^[a-z0-9-]{1,80}$/.test(params.regionSlug)) throw notFound();
    try {
      await context.queryClient.ensureQueryData(regionCourtsQueryOptions(params.regionSlug));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "REGION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      // Anything else (network, server): the screen shows the error with a retry in place.
    }
    return { regionSlug: params.regionSlug };
  },
  component: CourtsRoute,
});

function CourtsRoute() {
  return <CourtsScreen regionSlug={Route.useParams().regionSlug} />;
}
