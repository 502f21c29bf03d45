import { createHash, randomBytes } from "node:crypto";
import type { calendar_v3 } from "@googleapis/calendar";
import type { ErrorCode } from "@shared/errors";
import { startOfBerlinDay } from "@shared/rules/berlin-calendar";
import { GOOGLE_RETURN_PARAM, type TCalendar, type TCalendarStatus, type TCourtCalendarLink, type TGoogleCredentials, type TImportResult, type TSetCalendarForCourtInput } from "@shared/schemas/calendar";
import type { Ctx, Deps } from "../../context";
import type { GoogleCalendarApi } from "../../integrations/google/client";
import { GoogleError } from "../../integrations/google/client";
import { AppError } from "../../lib/errors";
import * as occupancy from "../bookings/occupancy";
import { ensureSubCourt, setCourtCalendarLink } from "../courts/service";
import * as repo from "./repo";
import { requireViewer } from "../auth/viewer";

/**
 * Court owners' Google calendars (spec 001 sections 2.5, 4, 7, 9): the OAuth link (connectGoogle and
 * its callback), choosing a calendar per court, and the import that turns the calendar's events into
 * occupied time on every sub-court of the court (the same exclusion constraint as every booking, so an
 * import can never double-book; where something else was first the event records the conflict instead).
 *
 * Google's failures map to error codes here only: unreachable → GOOGLE_UNAVAILABLE (503), a revoked
 * link → GOOGLE_AUTH_FAILED (kept on the link as its last error, so the profile says "connect again"),
 * a calendar gone → GOOGLE_CALENDAR_NOT_FOUND.
 */

const STATE_TTL_MS = 10 * 60_000;
/** Refresh a little before Google's expiry, so a token never expires between check and use. */
const REFRESH_MARGIN_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** The import window (spec 001 section 9): yesterday (events still running) to 90 days ahead. */
export const IMPORT_PAST_DAYS = 1;
export const IMPORT_FUTURE_DAYS = 90;
const SUMMARY_MAX = 500;
const BROKEN: ErrorCode = "GOOGLE_AUTH_FAILED";

function google(deps: Pick<Deps, "google">): GoogleCalendarApi {
  if (!deps.google) throw new AppError("GOOGLE_UNAVAILABLE_HERE");
  return deps.google;
}

/** Court owners and admins link calendars (spec 001 section 6). */
async function requireCalendarUser(ctx: Ctx): Promise<{ userId: number; isAdmin: boolean }> {
  const viewer = requireViewer(ctx);
  const flags = await repo.ownerFlags(ctx.deps.db, viewer.userId);
  if (!flags) throw new AppError("UNAUTHENTICATED");
  if (!flags.isCourtOwner && !flags.isAdmin) throw new AppError("FORBIDDEN");
  return { userId: viewer.userId, isAdmin: flags.isAdmin };
}

async function requireOwnCourt(ctx: Ctx, courtId: number) {
  const user = await requireCalendarUser(ctx);
  const court = await repo.findCourt(ctx.deps.db, courtId);
  if (!court) throw new AppError("COURT_NOT_FOUND");
  if (court.ownerId !== user.userId && !user.isAdmin) throw new AppError("FORBIDDEN");
  return court;
}

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GoogleError) {
    if (error.kind === "revoked" || error.kind === "unauthorized") return new AppError("GOOGLE_AUTH_FAILED");
    if (error.kind === "not_found") return new AppError("GOOGLE_CALENDAR_NOT_FOUND");
    return new AppError("GOOGLE_UNAVAILABLE");
  }
  throw error;
}

// ------------------------------------------------------------------------------------------
// the link

/** connectGoogle: Google's consent page for this owner; the browser is sent there (state: 10 minutes, single use). */
export async function connectGoogle(ctx: Ctx): Promise<{ url: string }> {
  const user = await requireCalendarUser(ctx);
  const api = google(ctx.deps);
  const state = randomBytes(32).toString("base64url");
  const now = ctx.deps.clock.now();
  await repo.insertState(ctx.deps.db, { stateHash: hashState(state), userId: user.userId, returnPath: "/profile", expiresAt: new Date(now.getTime() + STATE_TTL_MS) }, now);
  return { url: api.consentUrl(state) };
}

/**
 * Google's redirect back (GET /api/google/oauth/callback?code&state, or ?error=access_denied&state):
 * the state must be one we issued (unexpired, unused) to the user whose session this browser carries,
 * so nobody can link their Google account to somebody else's Kickrunde account. Answers where the
 * browser goes next: /profile?google=connected, or ?google=<error code>.
 */
export async function completeGoogleConnection(
  deps: Deps,
  params: { code: string | null; state: string | null; error: string | null; sessionUserId: number | null },
): Promise<string> {
  const back = (returnPath: string, outcome: string) => `${returnPath}?${GOOGLE_RETURN_PARAM}=${encodeURIComponent(outcome)}`;
  if (!deps.google) return back("/profile", "GOOGLE_UNAVAILABLE_HERE");
  if (!params.state || params.state.length > 200) return back("/profile", "GOOGLE_AUTH_FAILED");
  const now = deps.clock.now();
  const pending = await repo.consumeState(deps.db, hashState(params.state), now);
  if (!pending || pending.userId !== params.sessionUserId) return back("/profile", "GOOGLE_AUTH_FAILED");
  if (params.error || !params.code || params.code.length > 2000) return back(pending.returnPath, "GOOGLE_AUTH_FAILED");
  try {
    const tokens = await deps.google.exchangeCode(params.code);
    const cipher = deps.google.cipher;
    await repo.saveCredentials(deps.db, {
      userId: pending.userId,
      refreshTokenEnc: cipher.encrypt(tokens.refreshToken, pending.userId),
      accessTokenEnc: cipher.encrypt(tokens.accessToken, pending.userId),
      accessTokenExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
      now,
    });
  } catch (error) {
    const code = error instanceof GoogleError ? asAppError(error).code : null;
    if (!code) throw error;
    deps.logger.warn("google: connecting failed", { userId: pending.userId, code, error: (error as Error).message });
    return back(pending.returnPath, code);
  }
  // Courts linked before (a link renewed after it broke) are imported right away.
  await deps.jobs.send("google-calendar-import", { userId: pending.userId }, { singletonKey: `google-import-${pending.userId}` });
  return back(pending.returnPath, "connected");
}

/** googleCredentials of an account (spec 001 section 3): null when no Google account is linked. */
export async function googleCredentialsOf(deps: Pick<Deps, "db">, userId: number): Promise<TGoogleCredentials | null> {
  const row = await repo.findCredentials(deps.db, userId);
  if (!row) return null;
  return { broken: row.lastImportError === BROKEN, lastImportAt: row.lastImportAt, lastImportError: row.lastImportError };
}

/** The profile's calendar integration section: the link, and the owner's courts with their calendars. */
export async function calendarStatus(ctx: Ctx): Promise<TCalendarStatus> {
  const user = await requireCalendarUser(ctx);
  const [credentials, courts] = await Promise.all([googleCredentialsOf(ctx.deps, user.userId), repo.ownedCourtLinks(ctx.deps.db, user.userId)]);
  const counts = await repo.eventCounts(ctx.deps.db, courts.map((c) => c.id), ctx.deps.clock.now());
  return {
    available: ctx.deps.google !== null,
    googleCredentials: credentials,
    courts: courts.map((c) => ({ ...c, importedEvents: counts.get(c.id)?.events ?? 0, conflicts: counts.get(c.id)?.conflicts ?? 0 })),
  };
}

/**
 * Runs `use` with a valid access token of the user: the stored one, or a refreshed one (stored again,
 * encrypted). A token Google refuses once is refreshed and the call tried again; a refresh Google
 * refuses (invalid_grant: access revoked) marks the link broken.
 */
async function withAccessToken<T>(deps: Deps, userId: number, use: (accessToken: string) => Promise<T>): Promise<T> {
  const api = google(deps);
  const row = await repo.findCredentials(deps.db, userId);
  if (!row) throw new AppError("GOOGLE_NOT_CONNECTED");
  if (row.lastImportError === BROKEN) throw new AppError(BROKEN);
  const markBroken = async () => {
    await repo.updateCredentials(deps.db, userId, { lastImportError: BROKEN, accessTokenEnc: null, accessTokenExpiresAt: null, updatedAt: deps.clock.now() });
    return new AppError(BROKEN);
  };
  const refresh = async () => {
    const refreshToken = api.cipher.decrypt(row.refreshTokenEnc, userId);
    // Not made with this key (GOOGLE_TOKEN_KEY changed): only connecting again helps.
    if (refreshToken === null) throw await markBroken();
    let fresh;
    try {
      fresh = await api.refresh(refreshToken);
    } catch (error) {
      if (error instanceof GoogleError && error.kind === "revoked") throw await markBroken();
      throw asAppError(error);
    }
    await repo.updateCredentials(deps.db, userId, {
      accessTokenEnc: api.cipher.encrypt(fresh.accessToken, userId),
      accessTokenExpiresAt: fresh.expiresAt,
      ...(fresh.refreshToken && fresh.refreshToken !== refreshToken ? { refreshTokenEnc: api.cipher.encrypt(fresh.refreshToken, userId) } : {}),
      updatedAt: deps.clock.now(),
    });
    return fresh.accessToken;
  };
  const stored = row.accessTokenEnc ? api.cipher.decrypt(row.accessTokenEnc, userId) : null;
  // Google's expiry is wall time (the SDK computed it from Date.now()), not the injectable clock's "now".
  const valid = stored !== null && row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
  let token = valid ? stored : await refresh();
  try {
    return await use(token);
  } catch (error) {
    if (!(error instanceof GoogleError && error.kind === "unauthorized")) throw asAppError(error);
  }
  token = await refresh();
  try {
    return await use(token);
  } catch (error) {
    if (error instanceof GoogleError && error.kind === "unauthorized") throw await markBroken();
    throw asAppError(error);
  }
}

/** listCalendars: the calendars of the owner's Google account. */
export async function listCalendars(ctx: Ctx): Promise<TCalendar[]> {
  const user = await requireCalendarUser(ctx);
  return calendarsOf(ctx.deps, user.userId);
}

async function calendarsOf(deps: Deps, userId: number): Promise<TCalendar[]> {
  const items = await withAccessToken(deps, userId, (token) => google(deps).listCalendars(token));
  return items
    .filter((c) => c.id && !c.deleted)
    .map((c) => ({ id: c.id!, summary: c.summaryOverride ?? c.summary ?? c.id! }));
}

/**
 * setCalendarForCourt (courtId, calendarIdGoogle, calendarName): the court's owner (or an admin) links
 * one of the owner's calendars. Events of a calendar linked before are removed with their occupancies.
 */
export async function setCalendarForCourt(ctx: Ctx, input: TSetCalendarForCourtInput): Promise<TCourtCalendarLink> {
  const court = await requireOwnCourt(ctx, input.courtId);
  google(ctx.deps);
  if (court.ownerId === null) throw new AppError("GOOGLE_NOT_CONNECTED");
  const calendars = await calendarsOf(ctx.deps, court.ownerId);
  if (!calendars.some((c) => c.id === input.calendarIdGoogle)) throw new AppError("GOOGLE_CALENDAR_NOT_FOUND");
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    await occupancy.lockCourt(tx, court.id);
    await repo.deleteCourtEvents(tx, court.id, input.calendarIdGoogle);
    await setCourtCalendarLink(tx, court.id, { calendarName: input.calendarName, calendarIdGoogle: input.calendarIdGoogle }, now);
    // The first import follows at once (the job), not only at the next 5-minute run.
    await ctx.deps.jobs.send("google-calendar-import", { userId: court.ownerId! }, { singletonKey: `google-import-${court.ownerId}` }, tx);
  });
  return { id: court.id, name: court.name, calendarName: input.calendarName, calendarIdGoogle: input.calendarIdGoogle };
}

/** deleteCalendarFromCourt (courtId): the link goes, and the imported events with their occupancies. */
export async function deleteCalendarFromCourt(ctx: Ctx, input: { courtId: number }): Promise<TCourtCalendarLink> {
  const court = await requireOwnCourt(ctx, input.courtId);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    await occupancy.lockCourt(tx, court.id);
    await repo.deleteCourtEvents(tx, court.id);
    await setCourtCalendarLink(tx, court.id, { calendarName: null, calendarIdGoogle: null }, now);
  });
  return { id: court.id, name: court.name, calendarName: null, calendarIdGoogle: null };
}

/** importGoogleBookings: imports the owner's linked calendars now. */
export async function importGoogleBookings(ctx: Ctx): Promise<TImportResult> {
  const user = await requireCalendarUser(ctx);
  google(ctx.deps);
  return importForOwner(ctx.deps, user.userId);
}

// ------------------------------------------------------------------------------------------
// the import

type Wanted = { googleEventId: string; summary: string | null; startsAt: Date; endsAt: Date; googleUpdatedAt: Date | null };

/** What an event occupies, or null when it occupies nothing (cancelled, free/transparent, no times). All-day: that Berlin day 00:00–24:00. */
export function occupiedTime(e: calendar_v3.Schema$Event): Wanted | null {
  if (!e.id || e.status === "cancelled" || e.transparency === "transparent") return null;
  const start = e.start?.dateTime ? new Date(e.start.dateTime) : e.start?.date ? safeDay(e.start.date) : null;
  const end = e.end?.dateTime ? new Date(e.end.dateTime) : e.end?.date ? safeDay(e.end.date) : null;
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start >= end) return null;
  const summary = e.summary ? e.summary.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").trim().slice(0, SUMMARY_MAX) || null : null;
  const updated = e.updated ? new Date(e.updated) : null;
  return { googleEventId: e.id, summary, startsAt: start, endsAt: end, googleUpdatedAt: updated && !Number.isNaN(updated.getTime()) ? updated : null };
}

function safeDay(day: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? startOfBerlinDay(day) : null;
}

/**
 * Imports every linked court of an owner. Each court is applied in its own transaction under the
 * court's lock (with app and manual bookings of the same court one at a time); a court whose calendar
 * is gone does not stop the others. The link's last import time and error are recorded for the profile.
 */
export async function importForOwner(deps: Deps, userId: number): Promise<TImportResult> {
  const api = google(deps);
  const total: TImportResult = { imported: 0, updated: 0, removed: 0, conflicts: 0 };
  const courts = await repo.linkedCourts(deps.db, userId);
  const now = deps.clock.now();
  const from = new Date(now.getTime() - IMPORT_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + IMPORT_FUTURE_DAYS * DAY_MS);
  let failure: AppError | null = null;
  try {
    if (!(await repo.findCredentials(deps.db, userId))) throw new AppError("GOOGLE_NOT_CONNECTED");
    for (const court of courts) {
      let events: calendar_v3.Schema$Event[];
      try {
        events = await withAccessToken(deps, userId, (token) => api.listEvents(token, court.calendarIdGoogle, from, to));
      } catch (error) {
        const e = asAppError(error);
        if (e.code !== "GOOGLE_CALENDAR_NOT_FOUND") throw e;
        failure ??= e;
        continue;
      }
      const r = await applyEvents(deps, court, events, from, to, now);
      total.imported += r.imported;
      total.updated += r.updated;
      total.removed += r.removed;
      total.conflicts += r.conflicts;
    }
  } catch (error) {
    failure = asAppError(error);
  }
  if (failure?.code !== "GOOGLE_NOT_CONNECTED") {
    await repo.updateCredentials(deps.db, userId, { lastImportAt: failure ? undefined : now, lastImportError: failure?.code ?? null, updatedAt: now });
  }
  if (failure) throw failure;
  return total;
}

async function applyEvents(
  deps: Deps,
  court: { id: number; name: string; calendarIdGoogle: string },
  events: calendar_v3.Schema$Event[],
  from: Date,
  to: Date,
  now: Date,
): Promise<TImportResult> {
  const wanted = new Map<string, Wanted>();
  for (const e of events) {
    const w = occupiedTime(e);
    if (w) wanted.set(w.googleEventId, w);
  }
  return deps.db.transaction(async (tx) => {
    const result: TImportResult = { imported: 0, updated: 0, removed: 0, conflicts: 0 };
    await occupancy.lockCourt(tx, court.id);
    // The link may have changed or gone while Google answered: then these events are not this court's any more.
    const current = await repo.findCourt(tx, court.id);
    if (current?.calendarIdGoogle !== court.calendarIdGoogle) return result;
    const subs = await ensureSubCourt(tx, court, now);
    // Rows in the window, and rows of wanted events stored outside it (an event moved into the window).
    const inWindow = await repo.eventsInWindow(tx, court.id, court.calendarIdGoogle, from, to);
    const known = new Set(inWindow.map((r) => r.id));
    const existing = [...inWindow, ...(await repo.eventsByGoogleIds(tx, court.id, court.calendarIdGoogle, [...wanted.keys()])).filter((r) => !known.has(r.id))];
    const occupied = await occupancy.subCourtsHeldByEvents(tx, court.id, new Date(from.getTime() - 400 * 24 * 3600_000), new Date(to.getTime() + 400 * 24 * 3600_000));
    /** Occupies every sub-court the event does not hold yet; answers the sub-courts something else holds. */
    const occupyAll = async (eventId: number, w: Wanted, held: Set<number>) => {
      const conflicts: number[] = [];
      for (const sub of subs) {
        if (held.has(sub.id)) continue;
        const ok = await occupancy.occupyForEvent(tx, { courtId: court.id, subCourtId: sub.id, startsAt: w.startsAt, endsAt: w.endsAt, externalEventId: eventId });
        if (!ok) conflicts.push(sub.id);
      }
      return conflicts;
    };

    const seen = new Set<string>();
    for (const row of existing) {
      const w = wanted.get(row.googleEventId);
      if (!w) continue;
      seen.add(row.googleEventId);
      const moved = row.startsAt.getTime() !== w.startsAt.getTime() || row.endsAt.getTime() !== w.endsAt.getTime();
      let held = occupied.get(row.id) ?? new Set<number>();
      if (moved) {
        await occupancy.releaseEvent(tx, row.id);
        held = new Set();
      }
      // Also retried when nothing moved: a conflicting booking may have gone, or a sub-court been added.
      const missing = subs.some((s) => !held.has(s.id));
      const conflicts = missing ? await occupyAll(row.id, w, held) : [];
      const changedConflicts = conflicts.length !== row.conflictingSubCourtIds.length || conflicts.some((c, i) => c !== row.conflictingSubCourtIds[i]);
      const renamed = row.summary !== w.summary;
      if (moved || renamed || changedConflicts) {
        await repo.updateEvent(tx, row.id, { summary: w.summary, startsAt: w.startsAt, endsAt: w.endsAt, googleUpdatedAt: w.googleUpdatedAt, conflictingSubCourtIds: conflicts, importedAt: now });
        if (moved || renamed) result.updated++;
      }
      if (conflicts.length > 0) result.conflicts++;
    }

    // Gone from Google (deleted, cancelled, turned free) within the window: removed with their occupancies.
    const gone = inWindow.filter((r) => !seen.has(r.googleEventId));
    await repo.deleteEvents(tx, gone.map((r) => r.id));
    result.removed = gone.length;

    for (const w of wanted.values()) {
      if (seen.has(w.googleEventId)) continue;
      const row = await repo.insertEvent(tx, { courtId: court.id, calendarIdGoogle: court.calendarIdGoogle, ...w, importedAt: now });
      const conflicts = await occupyAll(row.id, w, new Set());
      if (conflicts.length > 0) {
        await repo.updateEvent(tx, row.id, { conflictingSubCourtIds: conflicts });
        result.conflicts++;
      }
      result.imported++;
    }
    return result;
  });
}

// ------------------------------------------------------------------------------------------
// the job

/**
 * The "google-calendar-import" job: every 5 minutes for every owner with a working link (pg-boss's
 * cron makes one job per run across all server processes), or for one owner (`userId`) right after
 * connecting or linking. Failures are recorded on the link and logged; the next run tries again.
 */
export async function handleGoogleImport(deps: Deps, job: { userId?: number }): Promise<void> {
  if (!deps.google) return;
  const userIds = job.userId !== undefined ? [job.userId] : await repo.connectedUserIds(deps.db, BROKEN);
  for (const userId of userIds) {
    try {
      const r = await importForOwner(deps, userId);
      if (r.imported + r.updated + r.removed > 0) deps.logger.info("google: calendars imported", { userId, ...r });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code !== "GOOGLE_NOT_CONNECTED") deps.logger.warn("google: import failed", { userId, code: error.code });
    }
  }
}
