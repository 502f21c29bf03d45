import { ZLoginInput, ZRefreshInput, ZRegisterInput, ZUpdateLanguageInput } from "@shared/schemas/auth";
import {
  ZConfirmEmailInput,
  ZEditProfileInput,
  ZNativeDeleteAccountInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
} from "@shared/schemas/account";
import { USER_GAMES_PAGE_SIZE, ZGameListFieldArgs, ZMyAccountArgs, ZUserArgs, type TGamePageSizes } from "@shared/schemas/users";
import * as accounts from "../domains/accounts/service";
import * as auth from "../domains/auth/service";
import * as notifications from "../domains/notifications/service";
import * as paymentOnboarding from "../domains/payments/onboarding";
import * as regions from "../domains/regions/service";
import { accountHasPhoneNumber, accountTeams } from "../domains/tournaments/registration";
import { profileGames } from "../domains/users/games";
import * as users from "../domains/users/service";
import { showRateAppHint } from "../domains/users/rate-app-hint";
import { AppError } from "../lib/errors";
import { addressMutations, addressQueries, addressTypeDefs } from "./addresses";
import { adMutations, adQueries, adTournamentFields, adTypeDefs } from "./ads";
import { calendarAccountFields, calendarMutations, calendarQueries, calendarTypeDefs } from "./calendar";
import { calendarFeedMutations, calendarFeedQueries, calendarFeedTypeDefs } from "./calendar-feed";
import { chatMutations, chatQueries, chatTypeDefs, conversationFields, gameChatFields } from "./chat";
import { bookingCourtFields, bookingMutations, bookingQueries, bookingSubCourtFields, bookingTypeDefs } from "./bookings";
import { weeklyAccountFields, weeklyMutations, weeklyQueries, weeklyTypeDefs } from "./weekly";
import { accountingQueries, accountingTypeDefs } from "./accounting";
import { tournamentChannelMutations, tournamentFields, tournamentQueries, tournamentTeamMutations, tournamentTeamQueries, tournamentTypeDefs } from "./tournaments";
import { courtMutations, courtQueries, courtTypeDefs } from "./courts";
import { gameFields, gameMutations, gamePage, gameQueries, gameTypeDefs } from "./games";
import { notificationMutations, notificationQueries, notificationTypeDefs } from "./notifications";
import { participationMutations, participationQueries, participationTypeDefs } from "./participation";
import { checkInMutations, checkInQueries, checkInTypeDefs } from "./check-in";
import { waitingListOfferMutations, waitingListOfferQueries, waitingListOfferTypeDefs } from "./waiting-list-offers";
import { paymentOnboardingMutations, paymentOnboardingTypeDefs } from "./payment-onboarding";
import { plannerMutations, plannerQueries, plannerTypeDefs } from "./planner";
import { tournamentPlanMutations, tournamentPlanQueries, tournamentPlanTypeDefs } from "./tournament-plans";
import { teamsMutations, teamsQueries, teamsTypeDefs } from "./teams";
import { resolver, ZNoArgs, type GqlResolver } from "./resolve";
import { uploadMutations, uploadTypeDefs } from "./uploads";
import { weatherTypeDefs } from "./weather";
import type { Ctx } from "../context";

/**
 * The compatibility API for the native wrapper, named as the old API (spec 001 section 7).
 * Every resolver is `resolver(shared input schema, service, presenter)` (resolve.ts), calling the
 * same service as tRPC; parity.test.ts holds the object types to the shared output schemas. Later
 * issues add their operations to typeDefs and resolvers the same way.
 */
const accountTypeDefs = /* GraphQL */ `
  scalar DateTime

  type RegionRef { id: ID! slug: String! name: String! latitude: Float! longitude: Float! }
  type RegionHead { id: ID! firstName: String! }
  type Region {
    id: ID! name: String! slug: String! imgUrl: String latitude: Float! longitude: Float!
    perimeter: Float! featured: Boolean! mapZoomLevel: Int!
    whatsappGroupUrl: String telegramGroupUrl: String whatsappChannelUrl: String telegramChannelUrl: String
    head: RegionHead
    "subscriptions over all regions; null below 50, like regionSubscriberCount"
    totalSubscriberCount: Int
    "devices subscribed to this region; null below 50 (the page shows the count from 50 on)"
    regionSubscriberCount: Int
  }
  "A page of a user's games: the first pageSize (default 5; load more asks for 5 more) and whether more exist."
  type UserGames { objects: [Game!]! hasNext: Boolean! }
  type Group { id: ID! name: String! }
  type Organization { id: ID! name: String! imageUrl: String gameApplicationFeePercentage: Float! }
  type MyAccount {
    id: ID! email: String! emailVerifiedAt: DateTime firstName: String! lastName: String dateOfBirth: String
    profileImageUrl: String receiveGameEmails: Boolean! region: RegionRef isCourtOwner: Boolean! isAdmin: Boolean!
    groups: [Group!]! organization: Organization applicationLanguage: String!
    reliabilityRating: Int punctualityRating: Int headedRegions: [RegionRef!]! createdAt: DateTime!
    "the payment account (spec 001 section 3); paymentBusinessType is Stripe's: individual, company, non_profit, government_entity"
    hasPaymentAccount: Boolean! paymentOnboardingCompleted: Boolean! paymentChargesEnabled: Boolean! paymentPayoutsEnabled: Boolean!
    paymentBusinessType: String
    "the payment provider's monthly fee (2 EUR) was deducted this month"
    stripeMonthlyFeePaid: Boolean!
    hostedGames(pageSize: Int, upcoming: Boolean): UserGames!
    attendedGames(pageSize: Int, upcoming: Boolean): UserGames!
    queueGames(pageSize: Int, upcoming: Boolean): UserGames!
    "a phone number is on file: one of the account's tournament team registrations keeps one (the only place the app stores phone numbers)"
    hasPhoneNumber: Boolean!
    "the tournament teams the account registered, of any tournament, the latest tournament first"
    teams: [AccountTeam!]!
    "the account's weekly sessions (as myGameTemplates)"
    gameTemplates: [GameTemplate!]!
  }
  "A tournament team the account registered; paymentStatus Open, Paid, PaidExternally or Refunded, as on TournamentParticipation"
  type AccountTeam {
    id: ID! teamName: String! tournamentId: ID! tournamentName: String! startTime: DateTime! paymentStatus: String! queue: Boolean! cancelledAt: DateTime
  }

  type TokenAuth { token: String! refreshExpiresIn: Int! payload: TokenPayload! }
  type TokenPayload { userId: ID! exp: Int! }
  type Register { id: ID! token: String! refreshExpiresIn: Int! }
  type Logout { ok: Boolean! }
  type UpdateLanguage { ok: Boolean! user: MyAccount! }

  type PublicUser {
    id: ID! firstName: String! profileImageUrl: String region: RegionRef isAdmin: Boolean! isCommunityManager: Boolean!
    "a founder (FOUNDER_USER_IDS): the direct chat opens with a greeting"
    isFounder: Boolean!
    headedRegions: [RegionRef!]! emailVerified: Boolean! createdAt: DateTime!
    hostedGames(pageSize: Int, upcoming: Boolean): UserGames!
    attendedGames(pageSize: Int, upcoming: Boolean): UserGames!
    "private to its owner: empty on anybody else's profile"
    queueGames(pageSize: Int, upcoming: Boolean): UserGames!
  }
  type Flag { success: Boolean! }

  type Query {
    "updatePaymentDetails: true reads the payment account from the provider first (the check after onboarding)"
    myAccount(updatePaymentDetails: Boolean, hostedGamesPageSize: Int, attendedGamesPageSize: Int, queueGamesPageSize: Int): MyAccount!
    regions: [Region!]!
    user(id: ID!, hostedGamesPageSize: Int, attendedGamesPageSize: Int, queueGamesPageSize: Int): PublicUser!
    "whether the app should ask the viewer to rate it now (users README, The rate-app hint); false for visitors"
    showRateAppHint: Boolean!
  }

  type Mutation {
    tokenAuth(email: String!, password: String!): TokenAuth!
    refreshToken(refreshToken: String): TokenAuth!
    logout: Logout!
    register(
      email: String!, password: String!, firstName: String!, lastName: String, regionSlug: String!,
      language: String, deviceToken: String, dateOfBirth: String
    ): Register!
    updateLanguage(applicationLanguage: String!): UpdateLanguage!
    requestPasswordReset(email: String!): Flag!
    resetPassword(resetToken: String!, newPassword: String!): Flag!
    confirmEmail(emailToken: String!): Flag!
    requestEmailConfirmation: Flag!
    editProfile(
      email: String, password: String, firstName: String, lastName: String, regionSlug: String,
      dateOfBirth: String, receiveGameEmails: Boolean
    ): MyAccount!
    "the wrapper confirms in its own screen; a confirmation sent anyway must be the word"
    deleteAccount(confirmation: String): Flag!
  }
`;

export const typeDefs = [accountTypeDefs, gameTypeDefs, participationTypeDefs, checkInTypeDefs, waitingListOfferTypeDefs, uploadTypeDefs, chatTypeDefs, notificationTypeDefs, addressTypeDefs, paymentOnboardingTypeDefs, courtTypeDefs, bookingTypeDefs, calendarTypeDefs, calendarFeedTypeDefs, weeklyTypeDefs, plannerTypeDefs, tournamentTypeDefs, tournamentPlanTypeDefs, adTypeDefs, accountingTypeDefs, weatherTypeDefs, teamsTypeDefs];

const tokenAnswer = (s: auth.AuthSession) => ({
  token: s.token,
  refreshExpiresIn: s.refreshExpiresIn,
  payload: { userId: s.userId, exp: s.refreshExpiresIn },
});
const success = () => ({ success: true });

const mutations: Record<string, GqlResolver> = {
  requestPasswordReset: resolver(ZRequestPasswordResetInput, accounts.requestPasswordReset, success),
  resetPassword: resolver(ZResetPasswordInput, accounts.resetPassword, success),
  confirmEmail: resolver(ZConfirmEmailInput, accounts.confirmEmail, success),
  requestEmailConfirmation: resolver({ auth: "user" }, ZNoArgs, accounts.requestEmailConfirmation, (r) => ({ success: r.sent })),
  editProfile: resolver({ auth: "user" }, ZEditProfileInput, accounts.editProfile),
  // Documented without arguments (spec 001 section 7): the wrapper confirms in its own screen; the
  // web client's tRPC call carries the typed word.
  deleteAccount: resolver({ auth: "user" }, ZNativeDeleteAccountInput, accounts.deleteAccount, success),
  ...gameMutations,
  ...participationMutations,
  ...checkInMutations,
  ...waitingListOfferMutations,
  ...uploadMutations,
  ...chatMutations,
  ...notificationMutations,
  ...addressMutations,
  ...paymentOnboardingMutations,
  ...courtMutations,
  ...bookingMutations,
  ...weeklyMutations,
  ...plannerMutations,
  ...teamsMutations,
  ...calendarMutations,
  ...calendarFeedMutations,
  ...tournamentChannelMutations,
  ...tournamentTeamMutations,
  ...tournamentPlanMutations,
  ...adMutations,
  tokenAuth: resolver({ staleSession: "allowed" }, ZLoginInput, auth.login, tokenAnswer),
  refreshToken: resolver({ staleSession: "allowed" }, ZRefreshInput, auth.refresh, tokenAnswer),
  logout: resolver({ staleSession: "allowed" }, ZNoArgs, auth.logout),
  register: resolver({ staleSession: "allowed" }, ZRegisterInput, accounts.register, (s) => ({ id: s.userId, token: s.token, refreshExpiresIn: s.refreshExpiresIn })),
  updateLanguage: resolver({ auth: "user" }, ZUpdateLanguageInput, (ctx, i) => users.updateLanguage(ctx, i.applicationLanguage), (user) => ({ ok: true, user })),
};

/**
 * The paged game lists of MyAccount and PublicUser (spec 001 sections 2.6, 3): the page size comes
 * from the field's `pageSize`, else from the query's `hostedGamesPageSize` etc. (guestProfile's
 * naming), else 5. They load only when asked for.
 */
type WithPages = { id: number; pageSizes?: TGamePageSizes };
const gameList = (kind: "hosted" | "attended" | "queue", sizeArg: keyof TGamePageSizes) =>
  resolver(
    ZGameListFieldArgs,
    (ctx, field, parent: WithPages) =>
      profileGames(ctx, { userId: parent.id, kind, limit: field.pageSize ?? parent.pageSizes?.[sizeArg] ?? USER_GAMES_PAGE_SIZE, upcoming: field.upcoming === true }),
    gamePage,
  );
const userGameLists = {
  hostedGames: gameList("hosted", "hostedGamesPageSize"),
  attendedGames: gameList("attended", "attendedGamesPageSize"),
  queueGames: gameList("queue", "queueGamesPageSize"),
};

/**
 * The regions' subscriber counts, only when a query asks for them: one grouped query per request,
 * however many regions are listed.
 */
const countsOfRequest = new WeakMap<Ctx, ReturnType<typeof notifications.regionSubscriberCounts>>();
function subscriberCounts(ctx: Ctx) {
  let counts = countsOfRequest.get(ctx);
  if (!counts) countsOfRequest.set(ctx, (counts = notifications.regionSubscriberCounts(ctx)));
  return counts;
}

/** Every mutation needs the CSRF header and a same-origin Origin, as on tRPC. */
function withCsrf(resolve: GqlResolver): GqlResolver {
  const checked: GqlResolver = (parent, args, context, info) => {
    if (!context.ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
    return resolve(parent, args, context, info);
  };
  return Object.assign(checked, { auth: resolve.auth });
}

export const resolvers = {
  Query: {
    // The old API refuses visitors here; tRPC's users.myAccount answers them null (the web client asks who is signed in).
    myAccount: resolver({ auth: "user" }, ZMyAccountArgs, (ctx, i) => paymentOnboarding.myAccountWithPaymentDetails(ctx, i.updatePaymentDetails === true), (account, { updatePaymentDetails: _, ...pageSizes }) => ({ ...account, pageSizes })),
    regions: resolver(ZNoArgs, regions.listRegions),
    user: resolver(ZUserArgs, (ctx, i) => users.userById(ctx, i.id), (user, { id: _, ...pageSizes }) => ({ ...user, pageSizes })),
    showRateAppHint: resolver(ZNoArgs, showRateAppHint),
    ...gameQueries,
    ...participationQueries,
    ...checkInQueries,
    ...waitingListOfferQueries,
    ...chatQueries,
    ...notificationQueries,
    ...addressQueries,
    ...courtQueries,
    ...bookingQueries,
    ...weeklyQueries,
    ...plannerQueries,
    ...teamsQueries,
    ...calendarQueries,
    ...calendarFeedQueries,
    ...tournamentQueries,
    ...tournamentTeamQueries,
    ...tournamentPlanQueries,
    ...accountingQueries,
    ...adQueries,
  },
  Mutation: Object.fromEntries(Object.entries(mutations).map(([name, r]) => [name, withCsrf(r)])),
  MyAccount: {
    ...userGameLists,
    ...calendarAccountFields,
    ...weeklyAccountFields,
    hasPhoneNumber: resolver(ZNoArgs, accountHasPhoneNumber),
    teams: resolver(ZNoArgs, accountTeams),
  },
  CurrentGameChat: gameChatFields,
  Conversation: conversationFields,
  PublicUser: userGameLists,
  Game: gameFields,
  Tournament: { ...tournamentFields, ...adTournamentFields },
  Court: bookingCourtFields,
  SubCourt: bookingSubCourtFields,
  Region: {
    totalSubscriberCount: resolver(ZNoArgs, async (ctx) => (await subscriberCounts(ctx)).total),
    regionSubscriberCount: resolver(ZNoArgs, async (ctx, _i, region: { id: number }) => (await subscriberCounts(ctx)).byRegion(region.id)),
  },
};
