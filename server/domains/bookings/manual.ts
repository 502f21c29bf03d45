import type { z } from "zod";
import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant, berlinTimeOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TCalendarEntry, TOwnerCalendar, ZCreateManualBookingInput, ZOwnerCalendarInput } from "@shared/schemas/bookings";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireActor, type Actor } from "../users/service";
import * as repo from "./repo";
import type { ManualBookingRow, SeriesRow } from "./repo";
import { isOwnerOf, subCourtSchedule } from "./service";

/**
 * The owner's side of renting (spec 001 sections 2.8, 5, 6): manual bookings (phone, walk-in), weekly
 * series of them, and the calendar ('Buchungsansicht') of everything that occupies the owner's courts.
 * Manual bookings occupy their sub-court like app bookings (repo.occupy: the exclusion constraint), so
 * they can never overlap anything else; a series is created whole or not at all.
 */

const HOUR_MS = 3600_000;

type ManualInput = z.output<typeof ZCreateManualBookingInput>;

async function requireOwnedCourt(ctx: Ctx, actor: Actor, courtId: number) {
  const court = await repo.findRentalCourt(ctx.deps.db, courtId);
  if (!court) throw new AppError("COURT_NOT_FOUND");
  if (!isOwnerOf(actor, court)) throw new AppError("FORBIDDEN");
  return court;
}

function checkInput(input: ManualInput, court: { subCourts: { id: number }[] }) {
  const minutes = (input.endTime.getTime() - input.startTime.getTime()) / 60_000;
  if (!(COURT_BOOKING.durations as readonly number[]).includes(minutes)) {
    throw new AppError("MANUAL_BOOKING_DURATION_INVALID", { fields: [{ path: "endTime", code: "booking_duration_invalid" }] });
  }
  if (!court.subCourts.some((s) => s.id === input.subCourtId)) throw new AppError("SUB_COURT_NOT_FOUND", { fields: [{ path: "subCourtId", code: "invalid" }] });
}

const manualOut = (r: ManualBookingRow) => ({ id: r.id, title: r.title, startTime: r.startsAt, endTime: r.endsAt, courtId: r.courtId, subCourtId: r.subCourtId, seriesId: r.seriesId });

/** createManualCourtBooking (courtId, subCourtId, title, startTime, endTime): one booking; `recurrences` is the series' business. */
export async function createManualBooking(ctx: Ctx, input: ManualInput) {
  const actor = await requireActor(ctx);
  const court = await requireOwnedCourt(ctx, actor, input.courtId);
  checkInput(input, court);
  const now = ctx.deps.clock.now();
  const row = await ctx.deps.db.transaction(async (tx) => {
    const m = await repo.insertManualBooking(tx, {
      courtId: court.id,
      subCourtId: input.subCourtId,
      title: input.title,
      startsAt: input.startTime,
      endsAt: input.endTime,
      createdById: actor.id,
      createdAt: now,
    });
    if (!(await repo.occupy(tx, { courtId: court.id, subCourtId: input.subCourtId, startsAt: m.startsAt, endsAt: m.endsAt, manualBookingId: m.id }))) {
      throw new AppError("BOOKING_SLOT_TAKEN", { details: { startTime: m.startsAt.toISOString() } });
    }
    return m;
  });
  return manualOut(row);
}

/**
 * createManualCourtBookingSeries (… recurrences): the first booking and `recurrences` more, one week
 * apart at the same Berlin wall time (19:00 stays 19:00 across daylight-saving changes). All or nothing:
 * when one occurrence is taken the whole series is refused, naming that occurrence.
 */
export async function createManualSeries(ctx: Ctx, input: ManualInput) {
  const actor = await requireActor(ctx);
  const court = await requireOwnedCourt(ctx, actor, input.courtId);
  checkInput(input, court);
  const now = ctx.deps.clock.now();
  const durationMs = input.endTime.getTime() - input.startTime.getTime();
  const day = berlinDay(input.startTime);
  const wall = berlinTimeOfDay(input.startTime);
  const occurrences = Array.from({ length: input.recurrences + 1 }, (_, k) => {
    const start = k === 0 ? input.startTime : berlinDateTimeToInstant(addBerlinDays(day, 7 * k), wall);
    return { start, end: new Date(start.getTime() + durationMs) };
  });
  const last = occurrences[occurrences.length - 1]!;
  const { series, bookings } = await ctx.deps.db.transaction(async (tx) => {
    const series = await repo.insertSeries(tx, {
      courtId: court.id,
      subCourtId: input.subCourtId,
      title: input.title,
      startsAt: input.startTime,
      endsAt: input.endTime,
      recurrences: input.recurrences,
      terminatingAt: last.end,
      createdById: actor.id,
      createdAt: now,
    });
    const bookings: ManualBookingRow[] = [];
    for (const o of occurrences) {
      const m = await repo.insertManualBooking(tx, {
        courtId: court.id,
        subCourtId: input.subCourtId,
        seriesId: series.id,
        title: input.title,
        startsAt: o.start,
        endsAt: o.end,
        createdById: actor.id,
        createdAt: now,
      });
      if (!(await repo.occupy(tx, { courtId: court.id, subCourtId: input.subCourtId, startsAt: o.start, endsAt: o.end, manualBookingId: m.id }))) {
        throw new AppError("BOOKING_SLOT_TAKEN", { details: { startTime: o.start.toISOString() } });
      }
      bookings.push(m);
    }
    return { series, bookings };
  });
  return seriesOut(series, bookings);
}

/**
 * A sub-court's courtBookings, manualCourtBookings (single ones) and manualCourtBookingSeries (each with its
 * bookings) for the wrapper's court (spec 001 section 3): the owner's and admins' alone (subCourtSchedule).
 */
export async function subCourtBookings(ctx: Ctx, subCourtId: number) {
  const { courtBookings, manual } = await subCourtSchedule(ctx, subCourtId);
  const seriesIds = [...new Set(manual.flatMap((m) => (m.seriesId === null ? [] : [m.seriesId])))];
  const series = await Promise.all(
    seriesIds.map(async (id) => {
      const [s, bookings] = await Promise.all([repo.findSeries(ctx.deps.db, id), repo.manualBookingsOfSeries(ctx.deps.db, id)]);
      return s ? seriesOut(s, bookings) : null;
    }),
  );
  return {
    courtBookings,
    manualCourtBookings: manual.filter((m) => m.seriesId === null).map(manualOut),
    manualCourtBookingSeries: series.filter((s) => s !== null),
  };
}

function seriesOut(s: SeriesRow, bookings: ManualBookingRow[]) {
  return {
    id: s.id,
    title: s.title,
    courtId: s.courtId,
    subCourtId: s.subCourtId,
    startTime: s.startsAt,
    endTime: s.endsAt,
    recurrences: s.recurrences,
    terminatingDate: s.terminatingAt,
    bookings: bookings.map(manualOut),
  };
}

/** deleteManualCourtBooking (id): the sub-court is free again. */
export async function deleteManualBooking(ctx: Ctx, id: number): Promise<{ id: number }> {
  const actor = await requireActor(ctx);
  const m = await repo.findManualBooking(ctx.deps.db, id);
  if (!m) throw new AppError("MANUAL_BOOKING_NOT_FOUND");
  const court = await repo.findRentalCourt(ctx.deps.db, m.courtId);
  if (!court || !isOwnerOf(actor, court)) throw new AppError("MANUAL_BOOKING_NOT_FOUND");
  await ctx.deps.db.transaction((tx) => repo.deleteManualBooking(tx, m.id));
  return { id: m.id };
}

/** deleteManualCourtBookingSeries (id): the series and all its bookings. */
export async function deleteManualSeries(ctx: Ctx, id: number): Promise<{ id: number }> {
  const actor = await requireActor(ctx);
  const s = await repo.findSeries(ctx.deps.db, id);
  if (!s) throw new AppError("MANUAL_BOOKING_NOT_FOUND");
  const court = await repo.findRentalCourt(ctx.deps.db, s.courtId);
  if (!court || !isOwnerOf(actor, court)) throw new AppError("MANUAL_BOOKING_NOT_FOUND");
  await ctx.deps.db.transaction((tx) => repo.deleteSeries(tx, s.id));
  return { id: s.id };
}

/**
 * The owner calendar ('Buchungsansicht'): the owner's courts with their sub-courts and every entry between
 * from and to: app bookings that are requested, to pay or booked, manual bookings and series, imported events.
 * An admin may name any court. A query writes nothing: a court without sub-courts is listed without any (its
 * requests still show); accepting a request or importing its Google calendar gives it one (courts/README.md).
 */
export async function ownerCalendar(ctx: Ctx, input: z.output<typeof ZOwnerCalendarInput>): Promise<TOwnerCalendar> {
  const actor = await requireActor(ctx);
  if (input.to.getTime() <= input.from.getTime()) throw new AppError("VALIDATION", { fields: [{ path: "to", code: "date_invalid" }] });
  if (input.to.getTime() - input.from.getTime() > (COURT_BOOKING.calendarMaxDays + 1) * 24 * HOUR_MS) throw new AppError("BOOKING_RANGE_TOO_LONG");
  let courtList = await repo.ownedCourts(ctx.deps.db, actor.id);
  if (input.courtId !== undefined) {
    const court = await repo.findRentalCourt(ctx.deps.db, input.courtId);
    if (!court || !isOwnerOf(actor, court)) throw new AppError("COURT_NOT_FOUND");
    courtList = [{ id: court.id, name: court.name }];
  }
  const ids = courtList.map((c) => c.id);
  const subs = await repo.subCourtsOf(ctx.deps.db, ids);
  const rows = await repo.calendarRows(ctx.deps.db, ids, input.from, input.to);
  const renters = new Map((await repo.people(ctx.deps.db, [...new Set(rows.bookings.map((b) => b.renterId))])).map((p) => [p.id, p]));
  const occupancies = await repo.occupanciesOf(ctx.deps.db, ids, input.from, input.to);
  const entries: TCalendarEntry[] = [
    ...rows.bookings.map((b) => {
      const r = renters.get(b.renterId);
      return {
        key: `booking-${b.id}`,
        kind: "booking" as const,
        id: b.id,
        seriesId: null,
        title: r ? [r.firstName, r.lastName].filter(Boolean).join(" ") : "",
        startTime: b.startsAt,
        endTime: b.endsAt,
        subCourtId: b.subCourtId,
        status: b.status,
      };
    }),
    ...rows.manual.map((m) => ({
      key: `manual-${m.id}`,
      kind: m.seriesId === null ? ("manual" as const) : ("series" as const),
      id: m.id,
      seriesId: m.seriesId,
      title: m.title,
      startTime: m.startsAt,
      endTime: m.endsAt,
      subCourtId: m.subCourtId,
      status: null,
    })),
    // an imported event shows once per sub-court it occupies
    ...rows.external.flatMap((e) => {
      const on = occupancies.filter((o) => o.externalEventId === e.id);
      return (on.length > 0 ? on.map((o) => o.subCourtId) : [null]).map((subCourtId) => ({
        key: `external-${e.id}-${subCourtId ?? 0}`,
        kind: "external" as const,
        id: e.id,
        seriesId: null,
        title: e.summary ?? "Google",
        startTime: e.startsAt,
        endTime: e.endsAt,
        subCourtId,
        status: null,
      }));
    }),
  ].sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.key.localeCompare(b.key));
  return {
    courts: courtList.map((c) => ({ id: c.id, name: c.name, subCourts: subs.filter((s) => s.courtId === c.id).map((s) => ({ id: s.id, name: s.name })) })),
    entries,
  };
}
