import { ZAuthResult, ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import { z } from "zod";
import { publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as accounts from "../accounts/service";
import * as auth from "./service";

/** The auth calls work while the session's access part is stale (README "Access and refresh"); everything else is refused until refreshed. */
const sessionProcedure = publicProcedure.meta({ staleSession: "allowed" });

export const authRouter = router({
  // Creating an account is the accounts domain's use case; the procedure keeps its public name.
  register: sessionProcedure.input(ZRegisterInput).output(ZAuthResult).mutation(({ ctx, input }) => accounts.register(ctx, input)),
  login: sessionProcedure.input(ZLoginInput).output(ZAuthResult).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: sessionProcedure.output(z.object({ ok: z.literal(true) })).mutation(({ ctx }) => auth.logout(ctx)),
  refresh: sessionProcedure.output(ZAuthResult).mutation(({ ctx }) => auth.refresh(ctx)),
});
