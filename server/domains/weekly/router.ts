import { z } from "zod";
import { ZGameTemplate, ZGameTemplateIdInput, ZUpdateGameTemplateInput, ZWeeklyLatest, ZWeeklyLatestInput } from "@shared/schemas/weekly";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as weekly from "./service";

export const weeklyRouter = router({
  mine: authedProcedure.output(z.array(ZGameTemplate)).query(({ ctx }) => weekly.myGameTemplates(ctx)),
  /** the burger menu's weekly sessions entry appears only for users with templates */
  hasAny: publicProcedure.output(z.boolean()).query(({ ctx }) => weekly.hasGameTemplates(ctx)),
  get: authedProcedure.input(ZGameTemplateIdInput).output(ZGameTemplate).query(({ ctx, input }) => weekly.gameTemplate(ctx, input.id)),
  /** the share link; a private session's link carries its key */
  latest: publicProcedure.input(ZWeeklyLatestInput).output(ZWeeklyLatest).query(({ ctx, input }) => weekly.latestGameOf(ctx, input.id, input.key)),
  update: authedProcedure.input(ZUpdateGameTemplateInput).output(ZGameTemplate).mutation(({ ctx, input }) => weekly.updateGameTemplate(ctx, input)),
  delete: authedProcedure.input(ZGameTemplateIdInput).output(z.object({ id: z.number().int() })).mutation(({ ctx, input }) => weekly.deleteGameTemplate(ctx, input.id)),
});
