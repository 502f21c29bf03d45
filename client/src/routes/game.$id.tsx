import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode, isRequestError } from "@client/lib/errors";
import { GameLoadError, GameNotFound } from "@client/features/games/game-not-found";
import { gameQueryOptions, parseGameId } from "@client/features/games/game-query";
import { ErrorScreen } from "@client/features/shell/error-screen";

/** Loads the game for /game/{id} and its sub-pages; unknown ids show the game's not-found text. */
export const Route = createFileRoute("/game/$id")({
  loader: async ({ context, params }) => {
    const id = parseGameId(params.id);
    if (id === null) throw notFound();
    try {
      const game = await context.queryClient.ensureQueryData(gameQueryOptions(id));
      // The header shows the game's city, also when it is not the user's own (useCurrentRegionSlug).
      return { regionSlug: game.region.slug };
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "GAME_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  notFoundComponent: GameNotFound,
  // A failed request gets a retry in place; only a crash while drawing gets the fallback screen.
  errorComponent: ({ error }) => (isRequestError(error) ? <GameLoadError error={error} /> : <ErrorScreen error={error} />),
});
