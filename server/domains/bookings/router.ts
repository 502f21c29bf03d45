import { z } from "zod";
import {
  ZBookingSlots,
  ZBookingSlotsInput,
  ZCourtBooking,
  ZCourtBookingIdInput,
  ZCourtBookingsInput,
  ZCreateCourtBookingInput,
  ZCreateManualBookingInput,
  ZManualBooking,
  ZManualBookingIdInput,
  ZManualBookingSeries,
  ZOccupiedTimes,
  ZOccupiedTimesInput,
  ZOwnerCalendar,
  ZOwnerCalendarInput,
  ZUpdateCourtBookingInput,
  ZWaitingRequestCount,
} from "@shared/schemas/bookings";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as manual from "./manual";
import * as bookings from "./service";

export const bookingsRouter = router({
  /** the bookable start times of a day with their prices (the court page's booking form) */
  slots: publicProcedure.input(ZBookingSlotsInput).output(ZBookingSlots).query(({ ctx, input }) => bookings.bookingSlots(ctx, input)),
  /** the public availability calendar: fully booked times ('Ausgebucht') and opening windows */
  occupiedTimes: publicProcedure.input(ZOccupiedTimesInput).output(ZOccupiedTimes).query(({ ctx, input }) => bookings.occupiedTimes(ctx, input)),
  create: authedProcedure.input(ZCreateCourtBookingInput).output(ZCourtBooking).mutation(({ ctx, input }) => bookings.createCourtBooking(ctx, input)),
  get: authedProcedure.input(ZCourtBookingIdInput).output(ZCourtBooking).query(({ ctx, input }) => bookings.courtBooking(ctx, input.id)),
  /** requests on my courts waiting for my answer (the menu's and the rentals link's count) */
  waitingRequestCount: authedProcedure.output(ZWaitingRequestCount).query(({ ctx }) => bookings.waitingRequestCount(ctx)),
  list: authedProcedure.input(ZCourtBookingsInput).output(z.array(ZCourtBooking)).query(({ ctx, input }) => bookings.courtBookings(ctx, input)),
  update: authedProcedure.input(ZUpdateCourtBookingInput).output(ZCourtBooking).mutation(({ ctx, input }) => bookings.updateCourtBooking(ctx, input)),
  /** the owner calendar ('Buchungsansicht') */
  calendar: authedProcedure.input(ZOwnerCalendarInput).output(ZOwnerCalendar).query(({ ctx, input }) => manual.ownerCalendar(ctx, input)),
  createManual: authedProcedure.input(ZCreateManualBookingInput).output(ZManualBooking).mutation(({ ctx, input }) => manual.createManualBooking(ctx, input)),
  createSeries: authedProcedure.input(ZCreateManualBookingInput).output(ZManualBookingSeries).mutation(({ ctx, input }) => manual.createManualSeries(ctx, input)),
  deleteManual: authedProcedure.input(ZManualBookingIdInput).output(z.object({ id: z.number().int() })).mutation(({ ctx, input }) => manual.deleteManualBooking(ctx, input.id)),
  deleteSeries: authedProcedure.input(ZManualBookingIdInput).output(z.object({ id: z.number().int() })).mutation(({ ctx, input }) => manual.deleteManualSeries(ctx, input.id)),
});
