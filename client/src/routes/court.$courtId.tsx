import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { CourtNotFound, CourtScreen } from "@client/features/courts/court-screen";
import { courtQueryOptions, parseEntityId } from "@client/features/courts/court-queries";

/** Kept as the string "true": the app's query strings turn a boolean into a bare flag, and the spec names ?created=true. */
type CourtSearch = { created?: "true" };

export const Route = createFileRoute("/court/$courtId")({
  // ?created=true right after creating the court: the success banner (spec 001 section 2.2).
  validateSearch: (search: Record<string, unknown>): CourtSearch =>
    "created" in search && search.created !== false && search.created !== "false" ? { created: "true" } : {},
  loader: async ({ context, params }) => {
    const id = parseEntityId(params.courtId);
    if (id === null) throw notFound();
    try {
      const court = await context.queryClient.ensureQueryData(courtQueryOptions(id));
      return { regionSlug: court.region?.slug ?? null };
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "COURT_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      // Network or server trouble: the screen shows it with a retry in place.
      return { regionSlug: null };
    }
  },
  notFoundComponent: CourtNotFound,
  component: CourtRoute,
});

function CourtRoute() {
  const { courtId } = Route.useParams();
  const { created } = Route.useSearch();
  return <CourtScreen courtId={Number(courtId)} created={created === "true"} />;
}
