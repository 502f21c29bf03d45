import * as onboarding from "../domains/payments/onboarding";
import { resolver, ZNoArgs } from "./resolve";

/**
 * The payment onboarding's calls (spec 001 section 7), both without arguments:
 * `createStripeAccountLink` answers `{ url }`, the hosted onboarding the browser is sent to;
 * `resetPaymentAccount` answers `{ success }` (the restart; the account's fields come with
 * myAccount). The check after the return is `myAccount(updatePaymentDetails: true)` (schema.ts).
 */
export const paymentOnboardingTypeDefs = /* GraphQL */ `
  type CreateStripeAccountLink { url: String! }

  extend type Mutation {
    "Stripe's hosted onboarding for the signed-in user; creates the connected account the first time"
    createStripeAccountLink: CreateStripeAccountLink!
    "forgets the connected account, so onboarding starts again with a new one"
    resetPaymentAccount: Flag!
  }
`;

export const paymentOnboardingMutations = {
  createStripeAccountLink: resolver({ auth: "user" }, ZNoArgs, onboarding.createStripeAccountLink),
  resetPaymentAccount: resolver({ auth: "user" }, ZNoArgs, onboarding.resetPaymentAccount, () => ({ success: true })),
};
