import type { z } from "zod";
import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { bookingPrice, bookingStartProblem, fullyBooked, listPriceCents } from "@shared/rules/court-booking";
import type { TBookingSlots, TOccupiedTimes, ZBookingSlotsInput, ZOccupiedTimesInput } from "@shared/schemas/bookings";
import type { Ctx, Deps } from "../../context";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";
import type { RentalCourt } from "./repo";

/**
 * What a court has free (spec 001 sections 2.8, 7): the bookable start times of a day with their prices
 * (bookingSlots), the public calendar's fully booked times and opening windows (occupiedTimes), and the
 * checks a request makes before it is recorded (service.ts createCourtBooking).
 */

const HOUR_MS = 3600_000;

export async function requireRentalCourt(ctx: Pick<Ctx, "deps">, courtId: number): Promise<RentalCourt> {
  const court = await repo.findRentalCourt(ctx.deps.db, courtId);
  if (!court) throw new AppError("COURT_NOT_FOUND");
  if (!court.rentable || court.ownerId === null) throw new AppError("COURT_NOT_RENTABLE");
  return court;
}

/** Occupied [start, end) per sub-court of a court in a range, as milliseconds. */
export async function occupiedMs(db: Deps["db"], courtId: number, from: Date, to: Date) {
  return (await repo.occupanciesOf(db, [courtId], from, to)).map((o) => ({ subCourtId: o.subCourtId, start: o.startsAt.getTime(), end: o.endsAt.getTime() }));
}

/** Whether some sub-court of the court is free for all of [start, end) (a court without sub-courts gets one when accepted: free unless occupied). */
export function someSubCourtFree(subCourtIds: number[], occupied: { subCourtId: number; start: number; end: number }[], start: number, end: number): boolean {
  if (subCourtIds.length === 0) return occupied.every((o) => o.end <= start || o.start >= end);
  return subCourtIds.some((id) => occupied.every((o) => o.subCourtId !== id || o.end <= start || o.start >= end));
}

/** The bookable start times of a Berlin day, each with the price of 60 and 90 minutes (null: does not fit). */
export async function bookingSlots(ctx: Ctx, input: z.output<typeof ZBookingSlotsInput>): Promise<TBookingSlots> {
  const court = await requireRentalCourt(ctx, input.courtId);
  const now = ctx.deps.clock.now();
  const dayStart = berlinDateTimeToInstant(input.date, "00:00");
  const dayEnd = berlinDateTimeToInstant(addBerlinDays(input.date, 1), "00:00");
  const occupied = await occupiedMs(ctx.deps.db, court.id, dayStart, new Date(dayEnd.getTime() + 2 * HOUR_MS));
  const subIds = court.subCourts.map((s) => s.id);
  const weekday = weekdayOfDay(input.date) - 1;
  const slots: TBookingSlots["slots"] = [];
  for (let minute = 0; minute < 24 * 60; minute += COURT_BOOKING.stepMinutes) {
    const hhmm = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    if (!court.availabilities.some((a) => a.weekday === weekday && a.startTime <= hhmm && hhmm < a.endTime)) continue;
    const start = berlinDateTimeToInstant(input.date, hhmm);
    if (berlinDay(start) !== input.date || bookingStartProblem(start, now)) continue;
    const options = COURT_BOOKING.durations.map((duration) => {
      const list = listPriceCents(court.availabilities, start, duration);
      if (list === null || !someSubCourtFree(subIds, occupied, start.getTime(), start.getTime() + duration * 60_000)) return null;
      const price = bookingPrice(list, court.discount, now);
      return { duration, listPriceCents: price.listPriceCents, priceCents: price.priceCents };
    });
    if (options.some((o) => o !== null)) slots.push({ startTime: start, options });
  }
  const d = court.discount;
  const discount = d && (!d.validUntil || d.validUntil.getTime() >= now.getTime()) ? { name: d.name, relativeAmount: d.relativeAmount, minPriceToApplyCents: d.minPriceToApplyCents } : null;
  return { date: input.date, slots, discount };
}

/** occupiedTimes (courtId): the times in which every sub-court is occupied ('Ausgebucht') and the opening windows, for the public calendar. */
export async function occupiedTimes(ctx: Ctx, input: z.output<typeof ZOccupiedTimesInput>): Promise<TOccupiedTimes> {
  const court = await repo.findRentalCourt(ctx.deps.db, input.courtId);
  if (!court) throw new AppError("COURT_NOT_FOUND");
  const now = ctx.deps.clock.now();
  const from = input.from ?? berlinDateTimeToInstant(berlinDay(now), "00:00");
  const to = input.to ?? new Date(from.getTime() + COURT_BOOKING.calendarMaxDays * 24 * HOUR_MS);
  if (to.getTime() <= from.getTime()) throw new AppError("VALIDATION", { fields: [{ path: "to", code: "date_invalid" }] });
  if (to.getTime() - from.getTime() > (COURT_BOOKING.calendarMaxDays + 1) * 24 * HOUR_MS) throw new AppError("BOOKING_RANGE_TOO_LONG");
  const occupied = await occupiedMs(ctx.deps.db, court.id, from, to);
  const full = fullyBooked(
    court.subCourts.map((s) => s.id),
    occupied,
  );
  const open: TOccupiedTimes["open"] = [];
  for (let day = berlinDay(from); berlinDateTimeToInstant(day, "00:00").getTime() < to.getTime(); day = addBerlinDays(day, 1)) {
    const weekday = weekdayOfDay(day) - 1;
    for (const a of court.availabilities.filter((x) => x.weekday === weekday)) {
      open.push({ startTime: berlinDateTimeToInstant(day, a.startTime), endTime: a.endTime.startsWith("24") ? berlinDateTimeToInstant(addBerlinDays(day, 1), "00:00") : berlinDateTimeToInstant(day, a.endTime) });
    }
  }
  return {
    court: { id: court.id, name: court.name },
    occupied: full.map((i) => ({ startTime: new Date(Math.max(i.start, from.getTime())), endTime: new Date(Math.min(i.end, to.getTime())) })),
    open,
  };
}
