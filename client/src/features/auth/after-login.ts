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

/**
 * The query of a sign-in or registration entry shown on the page `pathname` + `searchStr`: come back
 * to this page afterwards. On the sign-in and registration pages the destination they were given is
 * passed on instead.
 */
export function returnSearch(pathname: string, searchStr: string): AuthSearch {
  if (pathname === "/login" || pathname === "/register") {
    const { redirect, court, game } = parseAuthSearch(Object.fromEntries(new URLSearchParams(searchStr)));
    return { ...(redirect ? { redirect } : {}), ...(court ? { court } : {}), ...(game ? { game } : {}) };
  }
  const here = `${pathname}${searchStr}`;
  return safeRedirectPath(here) ? { redirect: here } : {};
}

/** `/login?redirect=…` (or /register) as a plain href, for links outside the typed router. */
export function authHref(path: "/login" | "/register", search: AuthSearch): string {
  const params = new URLSearchParams();
  if (search.redirect) params.set("redirect", search.redirect);
  if (search.court) params.set("court", search.court);
  if (search.game) params.set("game", search.game);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
