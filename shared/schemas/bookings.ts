import { z } from "zod";
import { COURT_BOOKING, COURT_BOOKING_STATUSES } from "../constants";
import { zId, zPlainText } from "./common";

/**
 * Court bookings, manual bookings and calendars (spec 001 sections 2.8, 3, 4, 5, 7). The tRPC procedures
 * `bookings.*` and `calendar.*` and the GraphQL operations of the call table use these schemas.
 */

export const ZCourtBookingStatus = z.enum(COURT_BOOKING_STATUSES, { error: "booking_status_invalid" });

/** A point in time a client sends: a real date between 2000 and 2100 (anything else names no booking). */
export const zInstant = z
  .date({ error: "date_invalid" })
  .min(new Date("2000-01-01T00:00:00Z"), { error: "date_invalid" })
  .max(new Date("2100-01-01T00:00:00Z"), { error: "date_invalid" });
/** A booking length: 60 or 90 minutes. */
export const zBookingDuration = z
  .number({ error: "booking_duration_invalid" })
  .refine((v) => (COURT_BOOKING.durations as readonly number[]).includes(v), { error: "booking_duration_invalid" });
/** A Berlin calendar date, YYYY-MM-DD. */
export const zBerlinDate = z
  .string({ error: "date_invalid" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "date_invalid" })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v), { error: "date_invalid" });

// ---------------------------------------------------------------------------------------------
// outputs

export const ZBookingPerson = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() });

/** A court booking (spec 001 section 3): the renter sees it, the court's owner sees it, admins see it. */
export const ZCourtBooking = z.object({
  id: z.number().int(),
  status: ZCourtBookingStatus,
  startTime: z.date(),
  endTime: z.date(),
  /** minutes */
  duration: z.number().int(),
  court: z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable(), imageUrl: z.string().nullable() }),
  subCourt: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** the court's sub-courts, for the owner's choice when accepting */
  subCourts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** before any discount */
  listPriceCents: z.number().int(),
  /** what the renter pays */
  priceCents: z.number().int(),
  earningCents: z.number().int(),
  feeCents: z.number().int(),
  discount: z.object({ name: z.string(), relativeAmount: z.number().int() }).nullable(),
  renter: ZBookingPerson,
  /** the court's owner (the one who rents it out) */
  rentee: ZBookingPerson.nullable(),
  /** only for the renter while the booking waits for payment (TP) */
  stripePaymentIntentClientSecret: z.string().nullable(),
  /** how to confirm it: Stripe.js with the publishable key, or the local emulator's checkout page (server/domains/payments/service.ts checkoutOf) */
  checkout: z.object({ publishableKey: z.string().nullable(), checkoutUrl: z.string().nullable() }).nullable(),
  paymentDueAt: z.date().nullable(),
  createdAt: z.date(),
  viewer: z.object({
    isRenter: z.boolean(),
    isOwner: z.boolean(),
    /** what the viewer may do now */
    canAccept: z.boolean(),
    canDecline: z.boolean(),
    canCancel: z.boolean(),
    canPay: z.boolean(),
  }),
});
export type TCourtBooking = z.infer<typeof ZCourtBooking>;

/** A start time on a day of a rentable court, and whether 60 and 90 minutes from there can be requested. */
export const ZBookingSlot = z.object({
  startTime: z.date(),
  /** per duration: the price (after discount) or null when that length does not fit (closed or fully booked) */
  options: z.array(z.object({ duration: z.number().int(), listPriceCents: z.number().int(), priceCents: z.number().int() }).nullable()),
});
export const ZBookingSlots = z.object({
  date: z.string(),
  slots: z.array(ZBookingSlot),
  discount: z.object({ name: z.string(), relativeAmount: z.number().int(), minPriceToApplyCents: z.number().int() }).nullable(),
});
export type TBookingSlots = z.infer<typeof ZBookingSlots>;

/** Fully booked times of a court (every sub-court occupied) and its opening hours, for the public calendar. */
export const ZOccupiedTimes = z.object({
  court: z.object({ id: z.number().int(), name: z.string() }),
  occupied: z.array(z.object({ startTime: z.date(), endTime: z.date() })),
  /** opening windows in the range (bookable times), Berlin wall time turned into instants */
  open: z.array(z.object({ startTime: z.date(), endTime: z.date() })),
});
export type TOccupiedTimes = z.infer<typeof ZOccupiedTimes>;

export const ZCalendarEntryKind = z.enum(["booking", "manual", "series", "external"]);
/** One entry of the owner's calendar ('Buchungsansicht'). */
export const ZCalendarEntry = z.object({
  /** unique in the answer: "booking-12", "manual-5", "external-9" */
  key: z.string(),
  kind: ZCalendarEntryKind,
  /** booking id, manual booking id or external event id */
  id: z.number().int(),
  /** the series of a manual booking */
  seriesId: z.number().int().nullable(),
  title: z.string(),
  startTime: z.date(),
  endTime: z.date(),
  subCourtId: z.number().int().nullable(),
  /** app bookings only */
  status: ZCourtBookingStatus.nullable(),
});
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;
export const ZOwnerCalendar = z.object({
  courts: z.array(z.object({ id: z.number().int(), name: z.string(), subCourts: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
  entries: z.array(ZCalendarEntry),
});
export type TOwnerCalendar = z.infer<typeof ZOwnerCalendar>;

export const ZManualBooking = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: z.date(),
  endTime: z.date(),
  courtId: z.number().int(),
  subCourtId: z.number().int(),
  seriesId: z.number().int().nullable(),
});
export const ZManualBookingSeries = z.object({
  id: z.number().int(),
  title: z.string(),
  courtId: z.number().int(),
  subCourtId: z.number().int(),
  startTime: z.date(),
  endTime: z.date(),
  recurrences: z.number().int(),
  terminatingDate: z.date(),
  bookings: z.array(ZManualBooking),
});

// ---------------------------------------------------------------------------------------------
// inputs

/** createCourtBooking (duration, startTime, courtId) */
export const ZCreateCourtBookingInput = z.object({ courtId: zId, startTime: zInstant, duration: zBookingDuration });
/** courtBooking (id) */
export const ZCourtBookingIdInput = z.object({ id: zId });
/** courtBookings (isCustomer): true = my bookings ('Buchungen - Plätze'), false = rentals of my courts ('Vermietungen - Plätze') */
export const ZCourtBookingsInput = z.object({ isCustomer: z.boolean({ error: "invalid" }).default(true) });
/** waitingRequestCount: requests on the user's courts that wait for an answer. */
export const ZWaitingRequestCount = z.object({ count: z.number().int().min(0) });
export type TWaitingRequestCount = z.infer<typeof ZWaitingRequestCount>;
/**
 * updateCourtBooking (id, subCourtId, status): the owner accepts (TP, with a sub-court when the court
 * has several) or declines (DE); renter or owner cancels (CA); the renter reports a finished payment (BO,
 * checked with the payment provider, never taken on trust).
 */
export const ZUpdateCourtBookingInput = z.object({ id: zId, subCourtId: zId.nullish(), status: ZCourtBookingStatus });
/** The bookable start times of a day. */
export const ZBookingSlotsInput = z.object({ courtId: zId, date: zBerlinDate });
/** occupiedTimes (courtId); from/to narrow the range (default: this week and the next five). */
export const ZOccupiedTimesInput = z.object({ courtId: zId, from: zInstant.optional(), to: zInstant.optional() });
/** The owner calendar: all the owner's courts (or one) between from and to. */
export const ZOwnerCalendarInput = z.object({ courtId: zId.optional(), from: zInstant, to: zInstant });

export const zBookingTitle = zPlainText(COURT_BOOKING.titleMax, "booking_title_too_long", { singleLine: true }).min(1, { error: "booking_title_required" });
/** createManualCourtBooking and its series (courtId, subCourtId, title, startTime, endTime, recurrences) */
export const ZCreateManualBookingInput = z.object({
  courtId: zId,
  subCourtId: zId,
  title: zBookingTitle,
  startTime: zInstant,
  endTime: zInstant,
  /** weeks after the first (series only; min 0, default 2) */
  recurrences: z
    .number({ error: "recurrences_invalid" })
    .int({ error: "recurrences_invalid" })
    .min(0, { error: "recurrences_invalid" })
    .max(COURT_BOOKING.recurrencesMax, { error: "recurrences_invalid" })
    .default(COURT_BOOKING.recurrencesDefault),
});
export type TCreateManualBookingInput = z.input<typeof ZCreateManualBookingInput>;
/** deleteManualCourtBooking(Series) (id) */
export const ZManualBookingIdInput = z.object({ id: zId });
