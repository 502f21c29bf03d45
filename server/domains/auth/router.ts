import { ZAuthResult, ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import { z } from "zod";
import { publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as accounts from "../accounts/service";
import * as auth from "./service";

export const authRouter = router({
  // Creating an account is the accounts domain's use case; the procedure keeps its public name.
  register: publicProcedure.input(ZRegisterInput).output(ZAuthResult).mutation(({ ctx, input }) => accounts.register(ctx, input)),
  login: publicProcedure.input(ZLoginInput).output(ZAuthResult).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(({ ctx }) => auth.logout(ctx)),
  refresh: publicProcedure.output(ZAuthResult).mutation(({ ctx }) => auth.refresh(ctx)),
});
