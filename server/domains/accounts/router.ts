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
  deleteAccount: authedProcedure.input(ZDeleteAccountInput).output(ZOk).mutation(({ ctx, input }) => accounts.deleteAccount(ctx, input)),
});
