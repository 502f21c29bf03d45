import {
  ZCourtBookingIdInput,
  ZCourtBookingsInput,
  ZCreateCourtBookingInput,
  ZCreateManualBookingInput,
  ZManualBookingIdInput,
  ZOccupiedTimesInput,
  ZUpdateCourtBookingInput,
  zInstant,
  type TCourtBooking,
} from "@shared/schemas/bookings";
import { z } from "zod";
import * as manual from "../domains/bookings/manual";
import * as bookings from "../domains/bookings/service";
import type { Ctx } from "../context";
import { legacy, resolver, ZNoArgs, type Args } from "./resolve";

/**
 * Court bookings under the old API's names (spec 001 section 7): courtBooking(id), courtBookings(isCustomer),
 * createCourtBooking(duration, startTime, courtId), updateCourtBooking(id, subCourtId, status),
 * occupiedTimes(courtId), createManualCourtBooking and createManualCourtBookingSeries(courtId, subCourtId,
 * title, startTime, endTime, recurrences), deleteManualCourtBooking(Series)(id). Money travels in euros
 * beside the cents, as on Game and Court.
 */
export const bookingTypeDefs = /* GraphQL */ `
  type BookingPerson { id: ID! firstName: String! lastName: String }
  type BookingCourt { id: ID! name: String! address: String imageUrl: String }
  type BookingDiscount { name: String! "percent off" relativeAmount: Int! }
  type BookingViewer { isRenter: Boolean! isOwner: Boolean! canAccept: Boolean! canDecline: Boolean! canCancel: Boolean! canPay: Boolean! }
  type CourtBooking {
    id: ID!
    "OP Offen, RE Angefragt, TP Zahlung notwendig, BO Gebucht, DE Abgelehnt, CA Storniert"
    status: String!
    "minutes"
    duration: Int!
    startTime: DateTime! endTime: DateTime!
    court: BookingCourt! subCourt: SubCourt subCourts: [SubCourt!]!
    "euros: what the renter pays, the owner's earning (80 %), the platform's fee, the price before the discount"
    price: Float! earning: Float! fee: Float! listPrice: Float!
    priceCents: Int! earningCents: Int! feeCents: Int! listPriceCents: Int!
    discount: BookingDiscount
    renter: BookingPerson!
    "the court's owner"
    rentee: BookingPerson
    "only for the renter while the booking waits for payment (TP)"
    stripePaymentIntentClientSecret: String
    paymentDueAt: DateTime
    createdAt: DateTime!
    viewer: BookingViewer!
  }
  type OccupiedTime { startTime: DateTime! endTime: DateTime! }
  type ManualCourtBooking { id: ID! title: String! startTime: DateTime! endTime: DateTime! courtId: ID! subCourtId: ID! seriesId: ID }
  type ManualCourtBookingSeries {
    id: ID! title: String! courtId: ID! subCourtId: ID! startTime: DateTime! endTime: DateTime!
    "weeks after the first booking"
    recurrences: Int!
    terminatingDate: DateTime!
    manualCourtBookings: [ManualCourtBooking!]!
  }
  type DeletedId { id: ID! }
  extend type SubCourt {
    "the owner's and admins' alone (empty for anybody else), from now over the owner calendar's six weeks: app bookings (requested, to pay, booked), single manual bookings, series"
    courtBookings: [CourtBooking!]!
    manualCourtBookings: [ManualCourtBooking!]!
    manualCourtBookingSeries: [ManualCourtBookingSeries!]!
  }
  extend type Court {
    "court(id) with its occupied times (spec 001 section 7): when every sub-court is taken, between start and end (default: six weeks from today)"
    occupiedTimes(start: DateTime, end: DateTime): [OccupiedTime!]!
  }

  extend type Query {
    courtBooking(id: ID!): CourtBooking!
    "isCustomer true: my bookings; false: the rentals of my courts"
    courtBookings(isCustomer: Boolean): [CourtBooking!]!
    "times in which every sub-court of the court is occupied; start and end narrow the range (at most 6 weeks)"
    occupiedTimes(courtId: ID!, start: DateTime, end: DateTime): [OccupiedTime!]!
  }
  extend type Mutation {
    createCourtBooking(duration: Int!, startTime: DateTime!, courtId: ID!): CourtBooking!
    "TP accepts (with subCourtId when the court has several), DE declines, CA cancels, BO reports a finished payment"
    updateCourtBooking(id: ID!, subCourtId: ID, status: String!): CourtBooking!
    createManualCourtBooking(courtId: ID!, subCourtId: ID!, title: String!, startTime: DateTime!, endTime: DateTime!, recurrences: Int): ManualCourtBooking!
    createManualCourtBookingSeries(courtId: ID!, subCourtId: ID!, title: String!, startTime: DateTime!, endTime: DateTime!, recurrences: Int): ManualCourtBookingSeries!
    deleteManualCourtBooking(id: ID!): DeletedId!
    deleteManualCourtBookingSeries(id: ID!): DeletedId!
  }
`;

const euros = (cents: number) => cents / 100;

function bookingOut(b: TCourtBooking) {
  const { checkout: _checkout, ...rest } = b;
  return { ...rest, price: euros(b.priceCents), earning: euros(b.earningCents), fee: euros(b.feeCents), listPrice: euros(b.listPriceCents) };
}

/** Status codes travel upper-case; a loose client may send them lower-case. */
const upper = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);

export const bookingQueries = {
  courtBooking: resolver({ auth: "user" }, ZCourtBookingIdInput, (ctx, i) => bookings.courtBooking(ctx, i.id), bookingOut),
  courtBookings: resolver({ auth: "user" }, ZCourtBookingsInput, bookings.courtBookings, (list) => list.map(bookingOut)),
  occupiedTimes: resolver(
    legacy(ZOccupiedTimesInput, (a: Args) => ({ courtId: a.courtId, from: a.start ?? undefined, to: a.end ?? undefined })),
    bookings.occupiedTimes,
    (t) => t.occupied,
  ),
};

/** Fields of other types: a court's occupied times (spec 001 section 7, "court: id, also with occupied times start and end"). */
export const bookingCourtFields = {
  occupiedTimes: resolver(
    z.object({ start: zInstant.optional(), end: zInstant.optional() }),
    (ctx, i, court: { id: number }) => bookings.occupiedTimes(ctx, { courtId: court.id, from: i.start, to: i.end }),
    (t) => t.occupied,
  ),
};

/** A sub-court's schedule once per request, however many of its three lists a query asks for. */
const schedules = new WeakMap<Ctx, Map<number, ReturnType<typeof manual.subCourtBookings>>>();
function scheduleOf(ctx: Ctx, subCourtId: number) {
  let byId = schedules.get(ctx);
  if (!byId) schedules.set(ctx, (byId = new Map()));
  let schedule = byId.get(subCourtId);
  if (!schedule) byId.set(subCourtId, (schedule = manual.subCourtBookings(ctx, subCourtId)));
  return schedule;
}

/** Spec 001 section 3: a court's sub-courts with their bookings, loaded only when a query asks for them. */
export const bookingSubCourtFields = {
  courtBookings: resolver(ZNoArgs, async (ctx, _i, sub: { id: number }) => (await scheduleOf(ctx, sub.id)).courtBookings, (list) => list.map(bookingOut)),
  manualCourtBookings: resolver(ZNoArgs, async (ctx, _i, sub: { id: number }) => (await scheduleOf(ctx, sub.id)).manualCourtBookings),
  manualCourtBookingSeries: resolver(ZNoArgs, async (ctx, _i, sub: { id: number }) => (await scheduleOf(ctx, sub.id)).manualCourtBookingSeries, (list) =>
    list.map(({ bookings: entries, ...s }) => ({ ...s, manualCourtBookings: entries })),
  ),
};

export const bookingMutations = {
  createCourtBooking: resolver({ auth: "user" }, ZCreateCourtBookingInput, bookings.createCourtBooking, bookingOut),
  updateCourtBooking: resolver({ auth: "user" }, legacy(ZUpdateCourtBookingInput, (a: Args) => ({ ...a, status: upper(a.status) })), bookings.updateCourtBooking, bookingOut),
  createManualCourtBooking: resolver({ auth: "user" }, ZCreateManualBookingInput, manual.createManualBooking),
  createManualCourtBookingSeries: resolver({ auth: "user" }, ZCreateManualBookingInput, manual.createManualSeries, ({ bookings: list, ...s }) => ({ ...s, manualCourtBookings: list })),
  deleteManualCourtBooking: resolver({ auth: "user" }, ZManualBookingIdInput, (ctx, i) => manual.deleteManualBooking(ctx, i.id)),
  deleteManualCourtBookingSeries: resolver({ auth: "user" }, ZManualBookingIdInput, (ctx, i) => manual.deleteManualSeries(ctx, i.id)),
};
