import { AUTH_STATE_COOKIE, CSRF_COOKIE, SESSION_COOKIE } from "@shared/constants";
import type { SessionCookies } from "../context";

type CookieOptions = { httpOnly?: boolean; secure: boolean; expires?: Date; maxAge?: number };

export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`);
  if (o.maxAge !== undefined) parts.push(`Max-Age=${o.maxAge}`);
  return parts.join("; ");
}

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // a malformed cookie is ignored, not fatal
    }
  }
  return out;
}

/**
 * The session cookie is HttpOnly; `logged_in` is readable so the client knows a session exists
 * and until when (spec 001 section 2.3, "authenticated-state cookie").
 */
export function sessionCookies(resHeaders: Headers, secure: boolean): SessionCookies {
  return {
    set(token, expiresAt) {
      resHeaders.append("Set-Cookie", serializeCookie(SESSION_COOKIE, token, { httpOnly: true, secure, expires: expiresAt }));
      resHeaders.append(
        "Set-Cookie",
        serializeCookie(AUTH_STATE_COOKIE, String(Math.floor(expiresAt.getTime() / 1000)), { secure, expires: expiresAt }),
      );
    },
    clear() {
      resHeaders.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { httpOnly: true, secure, maxAge: 0 }));
      resHeaders.append("Set-Cookie", serializeCookie(AUTH_STATE_COOKIE, "", { secure, maxAge: 0 }));
    },
    setGuestKey(key) {
      resHeaders.append("Set-Cookie", serializeCookie(GUEST_KEY_COOKIE, key, { httpOnly: true, secure, maxAge: GUEST_KEY_MAX_AGE }));
    },
  };
}

/**
 * A random key a browser or app gets with its first guest participation and keeps across sign-in and
 * sign-out: the native wrapper attaches guest participations by id, and only this key shows that the
 * account signs in where they were made (domains/participation/guest-limits.ts).
 */
export const GUEST_KEY_COOKIE = "guest_key";
const GUEST_KEY_MAX_AGE = 2 * 365 * 24 * 60 * 60;

/** The guest key a request carries, if it has the shape the server gives out. */
export function guestKeyOf(cookies: Record<string, string>): string | null {
  const key = cookies[GUEST_KEY_COOKIE];
  return key && /^[a-z0-9]{20,64}$/.test(key) ? key : null;
}

const CSRF_MAX_AGE = 365 * 24 * 60 * 60;

export function csrfCookie(token: string, secure: boolean): string {
  return serializeCookie(CSRF_COOKIE, token, { secure, maxAge: CSRF_MAX_AGE });
}
