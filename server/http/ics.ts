import { httpStatusOf } from "@shared/errors";
import { FALLBACK_LANGUAGE, type Language } from "@shared/constants";
import { supportedLanguage } from "@shared/schemas/common";
import { SHARE_KEY_PATTERN } from "@shared/schemas/games";
import type { Hono } from "hono";
import type { Ctx, Deps } from "../context";
import { courtBooking } from "../domains/bookings/service";
import { gameById } from "../domains/games/read";
import { tournament } from "../domains/tournaments/service";
import { AppError } from "../lib/errors";
import { buildIcal, type IcalEvent } from "../lib/ical";
import { languageFromAcceptLanguage } from "./game-preview";
import type { DownloadEnv } from "./pdf-download";
import { createRequestContext } from "./request-context";

/** Ids as the database has them (integer, 1 to 2^31 − 1): anything else is not one of ours. */
const MAX_ID = 2_147_483_647;

export const CALENDAR_KINDS = ["game", "booking", "tournament"] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

const TEXT = {
  de: { game: "Kickrunde", booking: "Platzbuchung", subCourt: "Feld" },
  en: { game: "Kickrunde", booking: "Court booking", subCourt: "Pitch" },
} as const;

type EventData = Omit<IcalEvent, "now" | "uid">;

const place = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(", ") || null;

/** The event of one game, booking or tournament as the viewer may see it (each service's own access check). */
async function loadEvent(ctx: Ctx, kind: CalendarKind, id: number, lang: Language, shareKey: string | null): Promise<EventData> {
  const base = ctx.deps.config.publicUrl.replace(/\/$/, "");
  const t = TEXT[lang];
  if (kind === "game") {
    const game = await gameById(ctx, id, shareKey);
    const title = game.title ?? (game.court ? `${t.game} · ${game.court.name}` : t.game);
    return {
      title,
      start: game.startTime,
      end: game.endTime,
      location: place(game.court?.name, game.court?.address) ?? game.region.name,
      geo: game.court ? { latitude: game.court.latitude, longitude: game.court.longitude } : null,
      url: `${base}/game/${game.id}${game.shareKey ? `?key=${game.shareKey}` : ""}`,
      cancelled: game.cancelledAt !== null,
    };
  }
  if (kind === "booking") {
    // the renter, the court's owner and admins; anybody else: COURT_BOOKING_NOT_FOUND (bookings/service.ts)
    const booking = await courtBooking(ctx, id);
    return {
      title: `${t.booking} · ${booking.court.name}`,
      start: booking.startTime,
      end: booking.endTime,
      location: place(booking.court.name, booking.subCourt ? `${t.subCourt} ${booking.subCourt.name}` : null, booking.court.address),
      url: `${base}/court-booking/${booking.id}`,
      cancelled: booking.status === "CA" || booking.status === "DE",
    };
  }
  const page = await tournament(ctx, id);
  return {
    title: page.name,
    start: page.startTime,
    end: page.endTime,
    location: place(page.locationName ?? page.court?.name, page.court?.address) ?? page.region.name,
    geo: page.court ? { latitude: page.court.latitude, longitude: page.court.longitude } : null,
    url: `${base}/tournament/${page.id}`,
    cancelled: page.cancelledAt !== null,
  };
}

/**
 * GET /api/calendar/{game|booking|tournament}/{id}.ics: the event as an RFC 5545 file (lib/ical.ts), for the "Add to
 * calendar" button in a browser (in the native wrapper the button posts createEvent instead). Each object's own
 * access rule decides: a private game needs its share key (`?key=` or the browser's share-key cookie), a booking
 * only for its renter, the court's owner and admins, an unpublished tournament only for its organiser and admins; to
 * everybody else it answers 404 like an unknown id. Texts in `?lang=` or the Accept-Language language. A plain GET
 * (changes nothing), so no CSRF header. Mount before the `/api/*` not-found route.
 */
export function mountCalendarFiles(app: Hono<DownloadEnv>, deps: Deps): void {
  app.get("/api/calendar/:kind/:file", async (c) => {
    const resHeaders = new Headers();
    try {
      const kind = c.req.param("kind");
      const match = /^([1-9][0-9]{0,9})\.ics$/.exec(c.req.param("file"));
      const id = match ? Number(match[1]) : 0;
      if (!(CALENDAR_KINDS as readonly string[]).includes(kind) || !match || id > MAX_ID) throw new AppError("NOT_FOUND");
      const lang = supportedLanguage(c.req.query("lang") ?? "") ?? languageFromAcceptLanguage(c.req.header("accept-language")) ?? FALLBACK_LANGUAGE;
      const key = c.req.query("key");
      const ctx = await createRequestContext(deps, c.req.raw, resHeaders, c.env?.server?.requestIP(c.req.raw)?.address ?? null);
      const event = await loadEvent(ctx, kind as CalendarKind, id, lang, key && SHARE_KEY_PATTERN.test(key) ? key : null);
      const host = new URL(deps.config.publicUrl).hostname;
      const body = buildIcal({ ...event, uid: `${kind}-${id}@${host}`, now: deps.clock.now() });
      const headers = new Headers({
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="kickrunde-${kind}-${id}.ics"`,
        "Cache-Control": "private, no-store",
      });
      for (const cookie of resHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
      return new Response(body, { status: 200, headers });
    } catch (e) {
      if (!(e instanceof AppError)) deps.logger.error("calendar file failed", { path: c.req.path, error: String(e) });
      const error = e instanceof AppError ? e : new AppError("UNEXPECTED");
      const res = c.json({ error: { ...error.toData(), message: error.message } }, httpStatusOf(error.code));
      for (const cookie of resHeaders.getSetCookie()) res.headers.append("Set-Cookie", cookie);
      return res;
    }
  });
}
