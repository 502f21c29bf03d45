import { ZAccountLink } from "@shared/schemas/payment-onboarding";
import { ZMyAccount } from "@shared/schemas/users";
import { router } from "../../trpc/init";
import { authedProcedure } from "../../trpc/procedures";
import * as onboarding from "./onboarding";

export const paymentsRouter = router({
  createAccountLink: authedProcedure.output(ZAccountLink).mutation(({ ctx }) => onboarding.createStripeAccountLink(ctx)),
  refreshAccount: authedProcedure.output(ZMyAccount).mutation(({ ctx }) => onboarding.refreshPaymentAccount(ctx)),
  resetAccount: authedProcedure.output(ZMyAccount).mutation(({ ctx }) => onboarding.resetPaymentAccount(ctx)),
});
