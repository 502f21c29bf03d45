import { ZAuthResult, ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import { z } from "zod";
import { publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as auth from "./service";

export const authRouter = router({
  register: publicProcedure.input(ZRegisterInput).output(ZAuthResult).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(ZLoginInput).output(ZAuthResult).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(({ ctx }) => auth.logout(ctx)),
  refresh: publicProcedure.output(ZAuthResult).mutation(({ ctx }) => auth.refresh(ctx)),
});
