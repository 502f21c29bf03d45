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
import * as regions from "../domains/regions/service";
import { profileGames } from "../domains/users/games";
import * as users from "../domains/users/service";
import { AppError } from "../lib/errors";
import { definedArgs, givenArgs, gqlId, parseArgs } from "./errors";
import { chatMutations, chatQueries, chatTypeDefs } from "./chat";
import { gameMutations, gameOut, gameQueries, gameTypeDefs } from "./games";
import { notificationMutations, notificationQueries, notificationTypeDefs } from "./notifications";
import { participationMutations, participationQueries, participationTypeDefs } from "./participation";
import { uploadMutations, uploadTypeDefs } from "./uploads";
import type { Ctx } from "../context";
import type { GqlContext, GqlResolver as Resolver } from "./types";

/**
 * The compatibility API for the native wrapper, named as the old API (spec 001 section 7).
 * Resolvers are thin: parse with the shared schema, call the same service as tRPC.
 * Later issues add their operations to typeDefs and resolvers the same way.
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
    hostedGames(pageSize: Int, upcoming: Boolean): UserGames!
    attendedGames(pageSize: Int, upcoming: Boolean): UserGames!
    queueGames(pageSize: Int, upcoming: Boolean): UserGames!
  }

  type TokenAuth { token: String! refreshExpiresIn: Int! payload: TokenPayload! }
  type TokenPayload { userId: ID! exp: Int! }
  type Register { id: ID! token: String! refreshExpiresIn: Int! }
  type Logout { ok: Boolean! }
  type UpdateLanguage { ok: Boolean! user: MyAccount! }

  type PublicUser {
    id: ID! firstName: String! profileImageUrl: String region: RegionRef isAdmin: Boolean! isCommunityManager: Boolean!
    headedRegions: [RegionRef!]! emailVerified: Boolean! createdAt: DateTime!
    hostedGames(pageSize: Int, upcoming: Boolean): UserGames!
    attendedGames(pageSize: Int, upcoming: Boolean): UserGames!
    "private to its owner: empty on anybody else's profile"
    queueGames(pageSize: Int, upcoming: Boolean): UserGames!
  }
  type Flag { success: Boolean! }

  type Query {
    "updatePaymentDetails is accepted and has no effect until payments exist"
    myAccount(updatePaymentDetails: Boolean, hostedGamesPageSize: Int, attendedGamesPageSize: Int, queueGamesPageSize: Int): MyAccount!
    regions: [Region!]!
    user(id: ID!, hostedGamesPageSize: Int, attendedGamesPageSize: Int, queueGamesPageSize: Int): PublicUser!
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

export const typeDefs = [accountTypeDefs, gameTypeDefs, participationTypeDefs, uploadTypeDefs, chatTypeDefs, notificationTypeDefs];

const tokenAnswer = (s: auth.AuthSession) => ({
  token: s.token,
  refreshExpiresIn: s.refreshExpiresIn,
  payload: { userId: s.userId, exp: s.refreshExpiresIn },
});


const mutations: Record<string, Resolver> = {
  requestPasswordReset: async (_p, args, { ctx }) => {
    await accounts.requestPasswordReset(ctx, parseArgs(ZRequestPasswordResetInput, args));
    return { success: true };
  },
  resetPassword: async (_p, args, { ctx }) => {
    await accounts.resetPassword(ctx, parseArgs(ZResetPasswordInput, args));
    return { success: true };
  },
  confirmEmail: async (_p, args, { ctx }) => {
    await accounts.confirmEmail(ctx, parseArgs(ZConfirmEmailInput, args));
    return { success: true };
  },
  requestEmailConfirmation: async (_p, _args, { ctx }) => ({ success: (await accounts.requestEmailConfirmation(ctx)).sent }),
  editProfile: (_p, args, { ctx }) => accounts.editProfile(ctx, parseArgs(ZEditProfileInput, definedArgs(args))),
  // Documented without arguments (spec 001 section 7): the wrapper confirms in its own screen; the
  // web client's tRPC call carries the typed word.
  deleteAccount: async (_p, args, { ctx }) => {
    parseArgs(ZNativeDeleteAccountInput, args);
    await accounts.deleteAccount(ctx);
    return { success: true };
  },
  ...gameMutations,
  ...participationMutations,
  ...uploadMutations,
  ...chatMutations,
  ...notificationMutations,
  tokenAuth: async (_p, args, { ctx }) => tokenAnswer(await auth.login(ctx, parseArgs(ZLoginInput, args))),
  refreshToken: async (_p, args, { ctx }) => tokenAnswer(await auth.refresh(ctx, parseArgs(ZRefreshInput, args))),
  logout: (_p, _args, { ctx }) => auth.logout(ctx),
  register: async (_p, args, { ctx }) => {
    const session = await auth.register(ctx, parseArgs(ZRegisterInput, givenArgs(args)));
    return { id: session.userId, token: session.token, refreshExpiresIn: session.refreshExpiresIn };
  },
  updateLanguage: async (_p, args, { ctx }) => {
    const input = parseArgs(ZUpdateLanguageInput, args);
    return { ok: true, user: await users.updateLanguage(ctx, input.applicationLanguage) };
  },
};

/**
 * The paged game lists of MyAccount and PublicUser (spec 001 sections 2.6, 3): the page size comes
 * from the field's `pageSize`, else from the query's `hostedGamesPageSize` etc. (guestProfile's
 * naming), else 5. They load only when asked for.
 */
type WithPages = { id: number; pageSizes?: TGamePageSizes };
const gameList =
  (kind: "hosted" | "attended" | "queue", sizeArg: keyof TGamePageSizes) =>
  async (parent: WithPages, args: Record<string, unknown>, { ctx }: GqlContext) => {
    const field = parseArgs(ZGameListFieldArgs, args);
    const limit = field.pageSize ?? parent.pageSizes?.[sizeArg] ?? USER_GAMES_PAGE_SIZE;
    const page = await profileGames(ctx, { userId: parent.id, kind, limit, upcoming: field.upcoming === true });
    return { objects: page.objects.map(gameOut), hasNext: page.hasNext };
  };
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
function withCsrf(resolver: Resolver): Resolver {
  return (parent, args, context) => {
    if (!context.ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
    return resolver(parent, args, context);
  };
}

export const resolvers = {
  Query: {
    myAccount: async (_p: unknown, args: Record<string, unknown>, { ctx }: GqlContext) => {
      const { updatePaymentDetails: _noPaymentsYet, ...pageSizes } = parseArgs(ZMyAccountArgs, args);
      return { ...(await users.myAccount(ctx)), pageSizes };
    },
    regions: (_p: unknown, _a: unknown, { ctx }: GqlContext) => regions.listRegions(ctx),
    user: async (_p: unknown, args: Record<string, unknown>, { ctx }: GqlContext) => {
      const { id, ...pageSizes } = parseArgs(ZUserArgs, { ...args, id: gqlId(args.id) });
      return { ...(await users.userById(ctx, id)), pageSizes };
    },
    ...gameQueries,
    ...participationQueries,
    ...chatQueries,
    ...notificationQueries,
  },
  Mutation: Object.fromEntries(Object.entries(mutations).map(([name, r]) => [name, withCsrf(r)])),
  MyAccount: userGameLists,
  PublicUser: userGameLists,
  Region: {
    totalSubscriberCount: async (_r: unknown, _a: unknown, { ctx }: GqlContext) => (await subscriberCounts(ctx)).total,
    regionSubscriberCount: async (r: { id: number }, _a: unknown, { ctx }: GqlContext) => (await subscriberCounts(ctx)).byRegion(r.id),
  },
};
