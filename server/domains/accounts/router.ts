import { z } from "zod";
import {
  ZConfirmEmailInput,
  ZDeleteAccountInput,
  ZEditProfileInput,
  ZEmailConfirmationResult,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
} from "@shared/schemas/account";
import { ZMyAccount } from "@shared/schemas/users";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as accounts from "./service";

const ZOk = z.object({ ok: z.literal(true) });

export const accountsRouter = router({
  requestEmailConfirmation: authedProcedure.output(ZEmailConfirmationResult).mutation(({ ctx }) => accounts.requestEmailConfirmation(ctx)),
  confirmEmail: publicProcedure.input(ZConfirmEmailInput).output(ZOk).mutation(({ ctx, input }) => accounts.confirmEmail(ctx, input)),
  requestPasswordReset: publicProcedure.input(ZRequestPasswordResetInput).output(ZOk).mutation(({ ctx, input }) => accounts.requestPasswordReset(ctx, input)),
  resetPassword: publicProcedure.input(ZResetPasswordInput).output(ZOk).mutation(({ ctx, input }) => accounts.resetPassword(ctx, input)),
  editProfile: authedProcedure.input(ZEditProfileInput).output(ZMyAccount).mutation(({ ctx, input }) => accounts.editProfile(ctx, input)),
  // The web client's call carries the typed confirmation word (spec 001 section 2.5), checked by the input schema.
  deleteAccount: authedProcedure.input(ZDeleteAccountInput).output(ZOk).mutation(({ ctx }) => accounts.deleteAccount(ctx)),
});
