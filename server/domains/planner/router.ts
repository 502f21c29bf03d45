import { z } from "zod";
import { ZCreatePlannerInput, ZPlanner, ZPlannerConvertInput, ZPlannerIdInput, ZPoll, ZPollAnswerInput, ZPollInput } from "@shared/schemas/planner";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as planner from "./service";

export const plannerRouter = router({
  create: authedProcedure.input(ZCreatePlannerInput).output(ZPlanner).mutation(({ ctx, input }) => planner.createPlanner(ctx, input)),
  mine: authedProcedure.output(z.array(ZPlanner)).query(({ ctx }) => planner.myPlanners(ctx)),
  get: authedProcedure.input(ZPlannerIdInput).output(ZPlanner).query(({ ctx, input }) => planner.planner(ctx, input.id)),
  close: authedProcedure.input(ZPlannerIdInput).output(ZPlanner).mutation(({ ctx, input }) => planner.closePlanner(ctx, input.id)),
  /** the create-game form made the weekly session from the winner */
  convert: authedProcedure.input(ZPlannerConvertInput).output(ZPlanner).mutation(({ ctx, input }) => planner.convertPlanner(ctx, input)),
  /** the public poll page (no account) */
  poll: publicProcedure.input(ZPollInput).output(ZPoll).query(({ ctx, input }) => planner.poll(ctx, input.token, input.voterKey)),
  answer: publicProcedure.input(ZPollAnswerInput).output(ZPoll).mutation(({ ctx, input }) => planner.answerPoll(ctx, input)),
});
