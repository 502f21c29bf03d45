import { ZLoginInput, ZRegisterInput, ZUpdateLanguageInput } from "@shared/schemas/auth";
import {
  ZConfirmEmailInput,
  ZDeleteAccountInput,
  ZEditProfileInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
} from "@shared/schemas/account";
import { ZUserByIdInput } from "@shared/schemas/users";
import * as accounts from "../domains/accounts/service";
import * as auth from "../domains/auth/service";
import * as regions from "../domains/regions/service";
import * as users from "../domains/users/service";
import { AppError } from "../lib/errors";
import { parseArgs } from "./errors";
import { chatMutations, chatQueries, chatTypeDefs } from "./chat";
import { gameMutations, gameQueries, gameTypeDefs } from "./games";
import { notificationMutations, notificationQueries, notificationTypeDefs } from "./notifications";
import { participationMutations, participationQueries, participationTypeDefs } from "./participation";
import { uploadMutations, uploadTypeDefs } from "./uploads";
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
  }
  type Group { id: ID! name: String! }
  type Organization { id: ID! name: String! imageUrl: String gameApplicationFeePercentage: Float! }
  type MyAccount {
    id: ID! email: String! emailVerifiedAt: DateTime firstName: String! lastName: String dateOfBirth: String
    profileImageUrl: String receiveGameEmails: Boolean! region: RegionRef isCourtOwner: Boolean! isAdmin: Boolean!
    groups: [Group!]! organization: Organization applicationLanguage: String!
    reliabilityRating: Int punctualityRating: Int headedRegions: [RegionRef!]! createdAt: DateTime!
  }

  type TokenAuth { token: String! refreshExpiresIn: Int! payload: TokenPayload! }
  type TokenPayload { userId: ID! exp: Int! }
  type Register { id: ID! token: String! refreshExpiresIn: Int! }
  type Logout { ok: Boolean! }
  type UpdateLanguage { ok: Boolean! user: MyAccount! }

  type PublicUser {
    id: ID! firstName: String! profileImageUrl: String region: RegionRef isAdmin: Boolean! isCommunityManager: Boolean!
    headedRegions: [RegionRef!]! emailVerified: Boolean! createdAt: DateTime!
  }
  type Flag { success: Boolean! }

  type Query {
    myAccount: MyAccount!
    regions: [Region!]!
    user(id: ID!): PublicUser!
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
    deleteAccount(confirmation: String): Flag!
  }
`;

export const typeDefs = [accountTypeDefs, gameTypeDefs, participationTypeDefs, uploadTypeDefs, chatTypeDefs, notificationTypeDefs];

const tokenAnswer = (s: auth.AuthSession) => ({
  token: s.token,
  refreshExpiresIn: s.refreshExpiresIn,
  payload: { userId: s.userId, exp: s.refreshExpiresIn },
});

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

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
  editProfile: (_p, args, { ctx }) => accounts.editProfile(ctx, parseArgs(ZEditProfileInput, defined(args))),
  // The confirmation word is checked on the server too ('löschen' or 'delete'), on both transports.
  deleteAccount: async (_p, args, { ctx }) => {
    await accounts.deleteAccount(ctx, parseArgs(ZDeleteAccountInput, { confirmation: args.confirmation ?? "" }));
    return { success: true };
  },
  ...gameMutations,
  ...participationMutations,
  ...uploadMutations,
  ...chatMutations,
  ...notificationMutations,
  tokenAuth: async (_p, args, { ctx }) => tokenAnswer(await auth.login(ctx, parseArgs(ZLoginInput, args))),
  refreshToken: async (_p, _args, { ctx }) => tokenAnswer(await auth.refresh(ctx)),
  logout: (_p, _args, { ctx }) => auth.logout(ctx),
  register: async (_p, args, { ctx }) => {
    // The old payload sends the language as any string; only its first two letters count (spec 001 section 3).
    const language = typeof args.language === "string" ? args.language.slice(0, 2).toLowerCase() : undefined;
    const session = await auth.register(ctx, parseArgs(ZRegisterInput, { ...args, language }));
    return { id: session.userId, token: session.token, refreshExpiresIn: session.refreshExpiresIn };
  },
  updateLanguage: async (_p, args, { ctx }) => {
    const input = parseArgs(ZUpdateLanguageInput, args);
    return { ok: true, user: await users.updateLanguage(ctx, input.applicationLanguage) };
  },
};

/** Every mutation needs the CSRF header and a same-origin Origin, as on tRPC. */
function withCsrf(resolver: Resolver): Resolver {
  return (parent, args, context) => {
    if (!context.ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
    return resolver(parent, args, context);
  };
}

export const resolvers = {
  Query: {
    myAccount: (_p: unknown, _a: unknown, { ctx }: GqlContext) => users.myAccount(ctx),
    regions: (_p: unknown, _a: unknown, { ctx }: GqlContext) => regions.listRegions(ctx),
    user: (_p: unknown, args: { id: string }, { ctx }: GqlContext) => users.userById(ctx, parseArgs(ZUserByIdInput, { id: Number(args.id) }).id),
    ...gameQueries,
    ...participationQueries,
    ...chatQueries,
    ...notificationQueries,
  },
  Mutation: Object.fromEntries(Object.entries(mutations).map(([name, r]) => [name, withCsrf(r)])),
};
