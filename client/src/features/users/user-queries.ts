import { trpc } from "@client/lib/trpc";

/** Query options of the profile page, apart from its screens so the route's loader stays out of the entry chunk. */
export type UserGamesKind = "hosted" | "attended" | "queue";

export function userQueryOptions(id: number) {
  return trpc.users.byId.queryOptions({ id });
}

export function userGamesQueryOptions(userId: number, kind: UserGamesKind, limit: number, upcoming = false) {
  return trpc.users.games.queryOptions({ userId, kind, limit, upcoming });
}
