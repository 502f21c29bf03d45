import { z } from "zod";
import { ZCalendarFeed, ZCalendarOverlap, ZCalendarOverlapsInput } from "@shared/schemas/calendar-feed";
import { router } from "../../trpc/init";
import { authedProcedure } from "../../trpc/procedures";
import * as calendarFeed from "./service";

export const calendarFeedRouter = router({
  get: authedProcedure.output(ZCalendarFeed.nullable()).query(({ ctx }) => calendarFeed.myCalendarFeed(ctx)),
  create: authedProcedure.output(ZCalendarFeed).mutation(({ ctx }) => calendarFeed.createCalendarFeed(ctx)),
  revoke: authedProcedure.output(z.object({ revoked: z.boolean() })).mutation(({ ctx }) => calendarFeed.revokeCalendarFeed(ctx)),
  overlaps: authedProcedure
    .input(ZCalendarOverlapsInput)
    .output(z.array(ZCalendarOverlap))
    .query(({ ctx, input }) => calendarFeed.calendarOverlaps(ctx, input)),
});
