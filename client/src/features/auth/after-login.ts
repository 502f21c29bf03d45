import { safeRedirectPath } from "@shared/rules/safe-redirect";

export type AuthSearch = { redirect?: string; court?: string; game?: string; logout?: boolean };

/** Reads the login and register query (?redirect, ?court, ?game, ?logout) leniently. */
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const text = (value: unknown) =>
    typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
  const result: AuthSearch = {};
  const redirect = text(search.redirect);
  const court = text(search.court);
  const game = text(search.game);
  if (redirect) result.redirect = redirect;
  if (court && /^\d+$/.test(court)) result.court = court;
  if (game && /^[\w-]+$/.test(game)) result.game = game;
  if ("logout" in search && search.logout !== false) result.logout = true;
  return result;
}

/**
 * Where to go after signing in or registering (spec 001 section 2.3): the stored origin, else the
 * court, else the game, else the own profile. Only same-app paths are followed.
 */
export function afterLoginHref(search: AuthSearch, userId: number): string {
  const origin = safeRedirectPath(search.redirect);
  if (origin) return origin;
  if (search.court) return `/court/${search.court}`;
  if (search.game) return `/game/${search.game}`;
  return `/user/${userId}`;
}
