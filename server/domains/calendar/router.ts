import { z } from "zod";
import { ZPersonalGoogle, ZCalendar, ZCalendarCourtInput, ZCalendarStatus, ZConnectGoogle, ZCourtCalendarLink, ZImportResult, ZSetCalendarForCourtInput } from "@shared/schemas/calendar";
import { router } from "../../trpc/init";
import { authedProcedure } from "../../trpc/procedures";
import * as calendar from "./service";

export const calendarRouter = router({
  /** the profile's calendar integration section: the Google link and the owner's courts with their calendars */
  status: authedProcedure.output(ZCalendarStatus).query(({ ctx }) => calendar.calendarStatus(ctx)),
  /** Google's consent page; the browser is sent there */
  connectGoogle: authedProcedure.output(ZConnectGoogle).mutation(({ ctx }) => calendar.connectGoogle(ctx)),
  listCalendars: authedProcedure.output(z.array(ZCalendar)).query(({ ctx }) => calendar.listCalendars(ctx)),
  setCalendarForCourt: authedProcedure.input(ZSetCalendarForCourtInput).output(ZCourtCalendarLink).mutation(({ ctx, input }) => calendar.setCalendarForCourt(ctx, input)),
  deleteCalendarFromCourt: authedProcedure.input(ZCalendarCourtInput).output(ZCourtCalendarLink).mutation(({ ctx, input }) => calendar.deleteCalendarFromCourt(ctx, input)),
  /** issue 29: the personal card (every signed-in user): Google's busy times in the join step's overlap warning */
  personal: authedProcedure.output(ZPersonalGoogle).query(({ ctx }) => calendar.personalGoogle(ctx)),
  connectPersonal: authedProcedure.output(ZConnectGoogle).mutation(({ ctx }) => calendar.connectPersonalGoogle(ctx)),
  disconnectPersonal: authedProcedure.output(ZPersonalGoogle).mutation(({ ctx }) => calendar.disconnectPersonalGoogle(ctx)),
  importGoogleBookings: authedProcedure.output(ZImportResult).mutation(({ ctx }) => calendar.importGoogleBookings(ctx)),
});
