import { SHARE_KEY_PATTERN } from "@shared/schemas/games";
import { serializeCookie } from "./cookies";

/**
 * A private game's share key, kept by the browser that opened its link /game/{id}?key=… (server/app.ts):
 * the cookie `kr_share_{gameId}`, so the page's later calls (players, chat, joining) carry it without the
 * client passing it along (domains/games/visibility.ts).
 */
export const SHARE_KEY_COOKIE_PREFIX = "kr_share_";
const SHARE_KEY_MAX_AGE = 365 * 24 * 60 * 60;

export function shareKeyCookie(gameId: number, key: string, secure: boolean): string {
  return serializeCookie(`${SHARE_KEY_COOKIE_PREFIX}${gameId}`, key, { httpOnly: true, secure, maxAge: SHARE_KEY_MAX_AGE });
}

/** The share keys among the request's cookies, by game id; null when there are none. */
export function shareKeysOf(cookies: Record<string, string>): Record<number, string> | null {
  let keys: Record<number, string> | null = null;
  for (const [name, value] of Object.entries(cookies)) {
    if (!name.startsWith(SHARE_KEY_COOKIE_PREFIX)) continue;
    const id = name.slice(SHARE_KEY_COOKIE_PREFIX.length);
    if (!/^[1-9][0-9]{0,9}$/.test(id) || !SHARE_KEY_PATTERN.test(value)) continue;
    (keys ??= {})[Number(id)] = value;
  }
  return keys;
}
