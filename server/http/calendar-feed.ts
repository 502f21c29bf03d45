import { createHash } from "node:crypto";
import { ERRORS, httpStatusOf } from "@shared/errors";
import type { Env, Hono } from "hono";
import type { Deps } from "../context";
import { calendarFeedFile } from "../domains/calendar-feed/service";

/** `<43 base64url characters>.ics`; anything else (longer, shorter, other characters) is not a feed. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** At most this many answers per feed token in FEED_WINDOW_MS: calendar apps poll every 15 minutes to every few hours. */
export const FEED_REQUESTS_PER_WINDOW = 30;
export const FEED_WINDOW_MS = 10 * 60_000;
/** Tokens counted at once; beyond, the longest-counted one is forgotten (its count starts again). */
const COUNTED_TOKENS_MAX = 10_000;

/**
 * The per-token throttle (README "Calendar feed throttle"): a fixed window per token, counted by this process (so N
 * processes allow N times as many). Returns null when the request may go on, else the seconds until the window ends.
 * Keyed by a hash of the token: the secret itself is not kept in memory longer than the request.
 */
export function feedThrottle(now: () => number): (token: string) => number | null {
  const windows = new Map<string, { start: number; count: number }>();
  return (token) => {
    const key = createHash("sha256").update(token).digest("base64url");
    const t = now();
    let window = windows.get(key);
    if (!window || t - window.start >= FEED_WINDOW_MS) {
      windows.delete(key);
      if (windows.size >= COUNTED_TOKENS_MAX) windows.delete(windows.keys().next().value!);
      window = { start: t, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    return window.count > FEED_REQUESTS_PER_WINDOW ? Math.max(1, Math.ceil((window.start + FEED_WINDOW_MS - t) / 1000)) : null;
  };
}

/**
 * GET /api/calendar/<token>.ics: a user's calendar subscription (domains/calendar-feed). The token is the only key
 * (calendar apps send no cookies): a malformed, unknown or revoked one gets the same 404. The body depends only on
 * the data (README "Same data, same bytes"), so its hash is the ETag and a poll with If-None-Match gets a bodiless
 * 304; calendar apps may keep it 15 minutes. A plain GET that changes nothing the user sees: no CSRF header. More
 * than FEED_REQUESTS_PER_WINDOW requests of one token in FEED_WINDOW_MS get 429 with Retry-After.
 * Mount before the `/api/*` not-found route.
 */
export function mountCalendarFeed<E extends Env>(app: Hono<E>, deps: Deps): void {
  const throttle = feedThrottle(() => deps.clock.now().getTime());
  app.get("/api/calendar/:file", async (c) => {
    const notFound = () => c.json({ error: { code: "NOT_FOUND", message: ERRORS.NOT_FOUND.message } }, httpStatusOf("NOT_FOUND"));
    const match = FEED_FILE.exec(c.req.param("file"));
    if (!match) return notFound();
    // before the database: a leaked or looping subscription costs a counter, not a query
    const wait = throttle(match[1]!);
    if (wait !== null) {
      c.header("Retry-After", String(wait));
      return c.json({ error: { code: "CALENDAR_FEED_RATE_LIMITED", message: ERRORS.CALENDAR_FEED_RATE_LIMITED.message } }, httpStatusOf("CALENDAR_FEED_RATE_LIMITED"));
    }
    let file: { body: string } | null;
    try {
      file = await calendarFeedFile(deps, match[1]!);
    } catch (e) {
      deps.logger.error("calendar feed failed", { error: String(e) });
      return c.json({ error: { code: "UNEXPECTED", message: ERRORS.UNEXPECTED.message } }, httpStatusOf("UNEXPECTED"));
    }
    if (!file) return notFound();
    const etag = `"${createHash("sha256").update(file.body).digest("base64url").slice(0, 32)}"`;
    const headers = {
      ETag: etag,
      "Cache-Control": "private, max-age=900",
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="kickrunde.ics"',
    };
    const asked = c.req.header("if-none-match");
    if (asked && asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return c.body(null, 304, headers);
    return c.body(file.body, 200, headers);
  });
}
