import { createFileRoute, notFound, redirect } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { UserNotFound } from "@client/features/users/user-not-found";
import { UserScreen } from "@client/features/users/user-screen";
import { userGamesQueryOptions, userQueryOptions } from "@client/features/users/user-queries";

function parseUserId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

type UserSearch = { "next-game"?: true };

export const Route = createFileRoute("/user/$id")({
  // ?next-game jumps to the user's first upcoming hosted game (spec 001 section 2.6).
  validateSearch: (search: Record<string, unknown>): UserSearch =>
    "next-game" in search && search["next-game"] !== false ? { "next-game": true } : {},
  loaderDeps: ({ search }) => ({ nextGame: search["next-game"] === true }),
  loader: async ({ context, params, deps }) => {
    const id = parseUserId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(userQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "USER_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
    if (!deps.nextGame) return { noNextGame: false };
    const next = await context.queryClient.fetchQuery(userGamesQueryOptions(id, "hosted", 1, true)).catch(() => null);
    const game = next?.objects[0];
    if (game) throw redirect({ to: "/game/$id", params: { id: String(game.id) }, replace: true });
    return { noNextGame: true };
  },
  notFoundComponent: UserNotFound,
  component: UserRoute,
});

function UserRoute() {
  const { id } = Route.useParams();
  const { noNextGame } = Route.useLoaderData();
  return <UserScreen userId={Number(id)} noNextGame={noNextGame} />;
}
