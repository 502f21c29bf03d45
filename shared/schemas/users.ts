import { z } from "zod";
import { LANGUAGES, PAYMENT_BUSINESS_TYPES } from "../constants";
import { zId } from "./common";
import { ZRegionRef } from "./regions";

export const ZGroup = z.object({ id: z.number().int(), name: z.string() });

export const ZOrganizationRef = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  gameApplicationFeePercentage: z.number(),
});

/** The signed-in user's own account (spec 001 section 3, fields that exist so far). */
export const ZMyAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  emailVerifiedAt: z.date().nullable(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  receiveGameEmails: z.boolean(),
  region: ZRegionRef.nullable(),
  isCourtOwner: z.boolean(),
  isAdmin: z.boolean(),
  groups: z.array(ZGroup),
  organization: ZOrganizationRef.nullable(),
  applicationLanguage: z.enum(LANGUAGES),
  /** 0-100, null while there is not enough history (shown as "unknown") */
  reliabilityRating: z.number().int().nullable(),
  punctualityRating: z.number().int().nullable(),
  headedRegions: z.array(ZRegionRef),
  createdAt: z.date(),
  /** payment account (spec 001 sections 2.9, 3): a connected account exists */
  hasPaymentAccount: z.boolean(),
  paymentOnboardingCompleted: z.boolean(),
  /** may take money: managed-payment games need it */
  paymentChargesEnabled: z.boolean(),
  paymentPayoutsEnabled: z.boolean(),
  /** Stripe's business type; null until the onboarding chose one */
  paymentBusinessType: z.enum(PAYMENT_BUSINESS_TYPES).nullable(),
  /** the 2 EUR provider fee was deducted this (Berlin) month */
  stripeMonthlyFeePaid: z.boolean(),
});
export type TMyAccount = z.infer<typeof ZMyAccount>;

/** What anybody may see of a user on /user/{id}. */
export const ZPublicUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
  region: ZRegionRef.nullable(),
  isAdmin: z.boolean(),
  /** member of a staff group: shown as "community manager" */
  isCommunityManager: z.boolean(),
  /** one of the founders (server configuration FOUNDER_USER_IDS): their direct chat opens with a greeting (spec 000 section 6) */
  isFounder: z.boolean(),
  headedRegions: z.array(ZRegionRef),
  emailVerified: z.boolean(),
  createdAt: z.date(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZUserByIdInput = z.object({ id: zId });

/** Profile game lists: 5 at first, "load more" asks again with 5 more (spec 001 sections 2.6, 9). */
export const USER_GAMES_PAGE_SIZE = 5;
const zPageSize = z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(100, { error: "invalid" });

/** A page of a user's games (profile lists: page size 5, "load more" adds 5). */
export const ZUserGamesInput = z.object({
  userId: zId,
  kind: z.enum(["hosted", "attended", "queue"]),
  /** how many to show; "load more" asks again with 5 more */
  limit: zPageSize.default(USER_GAMES_PAGE_SIZE),
  /** upcoming games first (the profile's "next game"), else newest first */
  upcoming: z.boolean().default(false),
});

/** GraphQL page sizes of the three lists, named like guestProfile's attendedGamesPageSize; null means 5. */
const zGraphqlPageSize = zPageSize.nullish().transform((v) => v ?? USER_GAMES_PAGE_SIZE);
export const ZGamePageSizes = z.object({
  hostedGamesPageSize: zGraphqlPageSize,
  attendedGamesPageSize: zGraphqlPageSize,
  queueGamesPageSize: zGraphqlPageSize,
});
export type TGamePageSizes = z.output<typeof ZGamePageSizes>;
/** A list field's own arguments (`hostedGames(pageSize: 10)`); they win over the query's. */
export const ZGameListFieldArgs = z.object({ pageSize: zPageSize.nullish(), upcoming: z.boolean().nullish() });

/**
 * The wrapper's myAccount arguments (spec 001 section 7). `updatePaymentDetails: true` reads the
 * payment account's state from the payment provider before answering (the check after onboarding,
 * server/domains/payments/onboarding.ts).
 */
export const ZMyAccountArgs = ZGamePageSizes.extend({ updatePaymentDetails: z.boolean().nullish() });

/** The wrapper's user(id) arguments: the id and the page sizes of the three lists. */
export const ZUserArgs = ZGamePageSizes.extend({ id: zId });
