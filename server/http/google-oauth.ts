import type { Env, Hono } from "hono";
import { SESSION_COOKIE } from "@shared/constants";
import type { Deps } from "../context";
import { completeGoogleConnection } from "../domains/calendar/service";
import { validateSessionToken } from "../domains/auth/sessions";
import { GOOGLE_OAUTH_CALLBACK_PATH } from "../integrations/google/client";
import { parseCookies } from "./cookies";

/**
 * Google's redirect after the consent page (GET ?code&state&scope, or ?error=access_denied&state), a
 * top-level navigation that carries the session cookie (SameSite=Lax). The browser always goes on to
 * the profile, with ?google=connected or ?google=<error code> for the calendar section to show.
 */
export function mountGoogleOAuth<E extends Env>(app: Hono<E>, deps: Deps) {
  app.get(GOOGLE_OAUTH_CALLBACK_PATH, async (c) => {
    const q = (k: string) => c.req.query(k) ?? null;
    const token = parseCookies(c.req.header("cookie") ?? null)[SESSION_COOKIE];
    const session = token ? await validateSessionToken(deps, token) : null;
    const location = await completeGoogleConnection(deps, { code: q("code"), state: q("state"), error: q("error"), sessionUserId: session?.viewer.userId ?? null });
    return c.redirect(location, 302);
  });
}
