import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import type { Ctx, Deps } from "../context";
import { extendSession, validateSessionToken } from "../domains/auth/sessions";
import { guestKeyOf, parseCookies, sessionCookies } from "./cookies";
import { checkCsrf } from "./csrf";
import { shareKeysOf } from "./share-keys";

/** Private games' share keys the browser keeps (http/share-keys.ts), only when it has any. */
function shareKeysMeta(cookies: Record<string, string>): { shareKeys?: Record<number, string> } {
  const shareKeys = shareKeysOf(cookies);
  return shareKeys ? { shareKeys } : {};
}

/**
 * Builds the transport-independent service context from a web request. Both /trpc and /graphql
 * use it, so sessions, CSRF and the client address are decided in one place.
 * Set-Cookie headers are appended to `resHeaders`. `renewStaleSession`: a page load (not an API call) renews a
 * session whose access part is stale, as the client's refresh would (domains/auth/README.md "Access and refresh").
 */
export async function createRequestContext(
  deps: Deps,
  req: Request,
  resHeaders: Headers,
  remoteAddress: string | null,
  { renewStaleSession = false }: { renewStaleSession?: boolean } = {},
): Promise<Ctx> {
  const cookies = parseCookies(req.headers.get("cookie"));
  const url = new URL(req.url);
  const allowedOrigins = [new URL(deps.config.publicUrl).origin, url.origin];
  const csrfOk = checkCsrf({
    cookieToken: cookies[CSRF_COOKIE],
    headerToken: req.headers.get(CSRF_HEADER),
    origin: req.headers.get("origin"),
    secFetchSite: req.headers.get("sec-fetch-site"),
    allowedOrigins,
  });

  // The native wrapper may send the token as "Authorization: JWT <token>" like the old API.
  const authHeader = req.headers.get("authorization");
  const headerToken = authHeader?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1] ?? null;
  const sessionToken = cookies[SESSION_COOKIE] || headerToken || null;

  const session = sessionToken ? await validateSessionToken(deps, sessionToken) : null;
  const sessionCookieJar = sessionCookies(resHeaders, deps.config.secureCookies);
  if (session?.accessStale && renewStaleSession && sessionToken) {
    session.viewer.sessionExpiresAt = await extendSession(deps, session.viewer.sessionId);
    session.accessStale = false;
    sessionCookieJar.set(sessionToken, session.viewer.sessionExpiresAt);
  }
  // An expired or ended session's cookie is removed, so the client stops showing a signed-in state.
  if (!session && cookies[SESSION_COOKIE]) sessionCookieJar.clear();

  const forwarded = deps.config.trustProxy ? req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return {
    deps,
    viewer: session?.viewer ?? null,
    meta: {
      ip: forwarded || remoteAddress || "unknown",
      userAgent: req.headers.get("user-agent"),
      csrfOk,
      sessionToken: session ? sessionToken : null,
      ...(session?.accessStale ? { sessionStale: true } : {}),
      guestKey: guestKeyOf(cookies),
      ...shareKeysMeta(cookies),
    },
    cookies: sessionCookieJar,
  };
}
