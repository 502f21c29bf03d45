import { z } from "zod";

/**
 * The payment onboarding's answers (spec 001 section 7): createStripeAccountLink answers the URL of
 * the provider's hosted onboarding, which the browser is sent to. The account's payment fields come
 * with myAccount (shared/schemas/users.ts).
 */
export const ZAccountLink = z.object({ url: z.string() });
export type TAccountLink = z.infer<typeof ZAccountLink>;
