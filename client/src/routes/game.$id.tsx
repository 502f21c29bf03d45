import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode, isNetworkError } from "@client/lib/errors";
import { GameLoadError, GameNotFound } from "@client/features/games/game-not-found";
import { gameQueryOptions, parseGameId } from "@client/features/games/game-query";
import { ErrorScreen } from "@client/features/shell/error-screen";

/** Loads the game for /game/{id} and its sub-pages; unknown ids show the game's not-found text. */
export const Route = createFileRoute("/game/$id")({
  loader: async ({ context, params }) => {
    const id = parseGameId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(gameQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "GAME_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  notFoundComponent: GameNotFound,
  errorComponent: ({ error }) => (isNetworkError(error) || appErrorCode(error) ? <GameLoadError /> : <ErrorScreen error={error} />),
});
