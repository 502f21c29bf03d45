import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode, isRequestError } from "@client/lib/errors";
import { ErrorScreen } from "@client/features/shell/error-screen";
import { TournamentLoadError, TournamentNotFound } from "@client/features/tournaments/tournament-not-found";
import { parseTournamentId, tournamentQueryOptions } from "@client/features/tournaments/tournament-queries";

/** Loads the tournament for /tournament/{id} and its sub-pages; unknown ids show the tournament's not-found text. */
export const Route = createFileRoute("/tournament/$id")({
  loader: async ({ context, params }) => {
    const id = parseTournamentId(params.id);
    if (id === null) throw notFound();
    try {
      const tournament = await context.queryClient.ensureQueryData(tournamentQueryOptions(id));
      // The header shows the tournament's city (useCurrentRegionSlug).
      return { regionSlug: tournament.region.slug };
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "TOURNAMENT_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  notFoundComponent: TournamentNotFound,
  // A failed request: "Turnier konnte nicht geladen werden" with a retry in place (spec 001 section 8).
  errorComponent: ({ error }) => (isRequestError(error) ? <TournamentLoadError error={error} /> : <ErrorScreen error={error} />),
});
