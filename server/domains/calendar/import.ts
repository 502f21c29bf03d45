import type { calendar_v3 } from "@googleapis/calendar";
import { startOfBerlinDay } from "@shared/rules/berlin-calendar";
import type { TImportResult } from "@shared/schemas/calendar";
import type { Deps } from "../../context";
import { AppError } from "../../lib/errors";
import * as occupancy from "../bookings/occupancy";
import { ensureSubCourt } from "../courts/service";
import { asAppError, BROKEN, google, withAccessToken } from "./google-access";
import * as repo from "./repo";

const DAY_MS = 24 * 3600_000;
/** The import window (spec 001 section 9): yesterday (events still running) to 90 days ahead. */
export const IMPORT_PAST_DAYS = 1;
export const IMPORT_FUTURE_DAYS = 90;
const SUMMARY_MAX = 500;

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
