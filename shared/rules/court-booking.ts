import { COURT_BOOKING, type CourtBookingStatus } from "../constants";
import { berlinParts } from "./berlin-calendar";

/**
 * Court booking rules (spec 001 sections 2.8, 4, 9; server/domains/bookings/README.md "Court bookings"): price from the
 * court's hourly prices and discount, the owner's 80 % share, the booking grid, and who may move a
 * booking's status. Pure: the server enforces them, the client shows the same numbers.
 */

export type Availability = { weekday: number; startTime: string; endTime: string; pricePerHourCents: number };
export type Discount = { name: string; relativeAmount: number; validUntil: Date | null; minPriceToApplyCents: number };

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The list price of `duration` minutes from `start` (Berlin wall time), or null when some minute of it
 * lies outside the court's opening windows of that weekday (0 = Monday). A booking spanning two windows
 * pays each minute at its window's price (the cheaper one where windows overlap); the sum is rounded
 * to whole cents once.
 */
export function listPriceCents(availabilities: readonly Availability[], start: Date, duration: number): number | null {
  const p = berlinParts(start);
  const weekday = p.weekday - 1;
  const from = p.hour * 60 + p.minute;
  if (from + duration > 24 * 60) return null;
  const windows = availabilities
    .filter((a) => a.weekday === weekday)
    .map((a) => ({ from: minutesOf(a.startTime), to: a.endTime.startsWith("24") ? 24 * 60 : minutesOf(a.endTime), price: a.pricePerHourCents }));
  let sum = 0;
  for (let minute = from; minute < from + duration; minute++) {
    let price: number | null = null;
    for (const w of windows) if (minute >= w.from && minute < w.to && (price === null || w.price < price)) price = w.price;
    if (price === null) return null;
    sum += price;
  }
  return Math.round(sum / 60);
}

/** The discount applies to a booking made at `now` with this list price (spec 001 section 3: relativeAmount, validUntil, minPriceToApply). */
export function discountApplies(discount: Discount | null, listPrice: number, now: Date): discount is Discount {
  if (!discount) return false;
  if (discount.validUntil && now.getTime() > discount.validUntil.getTime()) return false;
  return listPrice >= discount.minPriceToApplyCents;
}

export type BookingPrice = {
  listPriceCents: number;
  priceCents: number;
  earningCents: number;
  feeCents: number;
  discount: { name: string; relativeAmount: number } | null;
};

/** What the renter pays, what the owner earns (80 % of the price after discount) and the platform's fee. */
export function bookingPrice(listPrice: number, discount: Discount | null, now: Date): BookingPrice {
  const applies = discountApplies(discount, listPrice, now);
  const priceCents = applies ? listPrice - Math.round((listPrice * discount.relativeAmount) / 100) : listPrice;
  const earningCents = Math.round((priceCents * COURT_BOOKING.ownerSharePercent) / 100);
  return {
    listPriceCents: listPrice,
    priceCents,
    earningCents,
    feeCents: priceCents - earningCents,
    discount: applies ? { name: discount.name, relativeAmount: discount.relativeAmount } : null,
  };
}

/** Why a booking cannot start at `start` (requested at `now`), or null: future, on the 30-minute grid in Berlin, at most 90 days ahead. */
export function bookingStartProblem(start: Date, now: Date): "BOOKING_START_INVALID" | null {
  if (start.getTime() <= now.getTime()) return "BOOKING_START_INVALID";
  if (start.getTime() - now.getTime() > COURT_BOOKING.maxDaysAhead * 24 * 3600_000) return "BOOKING_START_INVALID";
  if (start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return "BOOKING_START_INVALID";
  if (berlinParts(start).minute % COURT_BOOKING.stepMinutes !== 0) return "BOOKING_START_INVALID";
  return null;
}

export type BookingActor = "renter" | "owner" | "provider" | "system";

/**
 * The state machine (spec 001 section 4): who may move a booking from `from` to `to`.
 * - RE → TP (accept) and RE → DE (decline): the owner (admins act as owner).
 * - RE → CA: the renter withdraws the request; the system when nobody answered before the start.
 * - TP → BO: the provider (the payment succeeded); TP → CA: renter, owner, or the system at the payment deadline.
 * - BO → CA: the owner before the start; the renter until 48 hours before the start (money back in full).
 * OP ("Offen") is accepted as a status code but never entered: a booking is requested when created.
 */
export function bookingTransitionProblem(
  from: CourtBookingStatus,
  to: CourtBookingStatus,
  ctx: { actor: BookingActor; started: boolean; hoursToStart: number },
): "BOOKING_TRANSITION_NOT_ALLOWED" | "BOOKING_CANCEL_TOO_LATE" | "FORBIDDEN" | null {
  const allowed: Partial<Record<CourtBookingStatus, Partial<Record<CourtBookingStatus, readonly BookingActor[]>>>> = {
    RE: { TP: ["owner"], DE: ["owner"], CA: ["renter", "system"], BO: ["owner"] },
    TP: { BO: ["provider"], CA: ["renter", "owner", "system"] },
    BO: { CA: ["renter", "owner"] },
  };
  const actors = allowed[from]?.[to];
  if (!actors) return "BOOKING_TRANSITION_NOT_ALLOWED";
  if (!actors.includes(ctx.actor)) return ctx.actor === "renter" || ctx.actor === "owner" ? "FORBIDDEN" : "BOOKING_TRANSITION_NOT_ALLOWED";
  if (ctx.actor !== "system" && ctx.actor !== "provider" && ctx.started) return "BOOKING_TRANSITION_NOT_ALLOWED";
  if (from === "BO" && ctx.actor === "renter" && ctx.hoursToStart < COURT_BOOKING.renterCancelHours) return "BOOKING_CANCEL_TOO_LATE";
  return null;
}

/** Merges [start, end) intervals that touch or overlap; input in any order. */
export function mergeIntervals<T extends { start: number; end: number }>(intervals: readonly T[]): { start: number; end: number }[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/**
 * The times in which every one of `subCourtIds` is occupied ("Ausgebucht"): the intersection over the
 * sub-courts of each one's merged occupied times. A court without sub-courts is never fully booked.
 */
export function fullyBooked(subCourtIds: readonly number[], occupied: readonly { subCourtId: number; start: number; end: number }[]): { start: number; end: number }[] {
  if (subCourtIds.length === 0) return [];
  let acc: { start: number; end: number }[] | null = null;
  for (const id of subCourtIds) {
    const mine = mergeIntervals(occupied.filter((o) => o.subCourtId === id));
    if (acc === null) {
      acc = mine;
      continue;
    }
    const next: { start: number; end: number }[] = [];
    for (const a of acc) for (const b of mine) {
      const start = Math.max(a.start, b.start);
      const end = Math.min(a.end, b.end);
      if (start < end) next.push({ start, end });
    }
    acc = mergeIntervals(next);
    if (acc.length === 0) break;
  }
  return acc ?? [];
}
