import {
  ZAddOwnParticipationInput,
  ZAttachGuestParticipationsInput,
  ZFeedbackInput,
  ZGuestProfileInput,
  ZJoinGameInput,
  ZReportInput,
  ZRevokeParticipationInput,
  ZSubscribeToGameInput,
  ZUpdateParticipationInput,
} from "@shared/schemas/participation";
import { ZGameIdInput } from "@shared/schemas/games";
import { ZUserByIdInput } from "@shared/schemas/users";
import { zName } from "@shared/schemas/common";
import { z } from "zod";
import * as attendance from "../domains/participation/attendance";
import * as participation from "../domains/participation/service";
import { givenArgs, gqlId, parseArgs } from "./errors";
import { gameOut } from "./games";
import type { GqlResolver } from "./types";

/** Participation operations under the old API's names (spec 000 section 7). */
export const participationTypeDefs = /* GraphQL */ `
  type GuestRef { id: ID! firstName: String! reliabilityRating: Int }
  type Participation { id: ID! queue: Boolean! paymentStatus: String! playerCount: Int! guestProfile: GuestRef }
  type ParticipateInGame { participation: Participation! guestToken: String }
  type UpdateParticipation { participation: Participation! }
  type Ok { ok: Boolean! }
  type Attached { attached: [ID!]! }
  type Subscribed { subscribed: Boolean! }
  type GuestGames { objects: [Game!]! hasNext: Boolean! }
  type GuestProfile {
    id: ID! firstName: String! createdAt: DateTime! reliabilityRating: Int punctualityRating: Int attendedGames: GuestGames!
  }
  input FeedbackItem { participationId: ID! reliabilityFeedback: String! }
  input GuestParticipation { id: ID! guestToken: String! }

  extend type Query {
    guestProfile(id: ID!, attendedGamesPageSize: Int): GuestProfile!
    checkIfDeviceTokenIsSubscribedToGame(deviceToken: String!, gameId: ID!): Subscribed!
  }
  extend type Mutation {
    participateInGame(
      gameId: ID!, playerCount: Int, bringsBall: Boolean, bringsBibs: Boolean, firstName: String, queue: Boolean,
      deviceToken: String, messagingLanguage: String, playsHimself: Boolean
    ): ParticipateInGame!
    updateParticipation(
      participationId: ID!, guestToken: String, payed: Int, playerCount: Int, bringsBibs: Boolean, bringsBall: Boolean,
      paymentStatus: String, queue: Boolean, playerRemovalReason: String, playerRemovalMessage: String,
      playsHimself: Boolean, deviceToken: String, userAgent: String
    ): UpdateParticipation!
    revokeGameParticipation(
      gameId: ID!, userId: ID, playerName: String, guestToken: String, participationId: ID,
      playerRemovalReason: String, playerRemovalMessage: String
    ): Ok!
    addParticipation(gameId: ID!, playerCount: Int!, playsHimself: Boolean, bringsBall: Boolean, bringsBibs: Boolean): Ok!
    "participationIds (native wrapper: proved by the device they were made from) or participations with their guest tokens (web)"
    attachGuestParticipationsToMyAccount(participationIds: [ID!], participations: [GuestParticipation!]): Attached!
    sendReliabilityFeedbackForGame(gameId: ID!, feedback: [FeedbackItem!]!): Ok!
    createGameReport(gameId: ID!, reason: String!, additionalInformation: String!): Ok!
    subscribeToGame(deviceToken: String!, userAgent: String, gameId: ID!): Ok!
  }
`;


export const participationQueries: Record<string, GqlResolver> = {
  guestProfile: async (_p, args, { ctx }) => {
    const profile = await attendance.guestProfile(ctx, parseArgs(ZGuestProfileInput, givenArgs({ id: gqlId(args.id), attendedGamesPageSize: args.attendedGamesPageSize })));
    return {
      ...profile,
      attendedGames: {
        hasNext: profile.attendedGames.hasNext,
        objects: profile.attendedGames.objects.map(gameOut),
      },
    };
  },
  checkIfDeviceTokenIsSubscribedToGame: (_p, args, { ctx }) =>
    participation.isSubscribedToGame(ctx, parseArgs(ZSubscribeToGameInput.pick({ gameId: true, deviceToken: true }), { gameId: gqlId(args.gameId), deviceToken: args.deviceToken })),
};

/** revokeGameParticipation names a guest by first name: a name like any guest's, checked before the lookup. */
const ZPlayerNameInput = z.object({ playerName: zName });

export const participationMutations: Record<string, GqlResolver> = {
  participateInGame: (_p, args, { ctx }) => participation.joinGame(ctx, parseArgs(ZJoinGameInput, givenArgs({ ...args, gameId: gqlId(args.gameId) }))),
  updateParticipation: async (_p, args, { ctx }) => {
    const input = parseArgs(ZUpdateParticipationInput, givenArgs({ ...args, participationId: gqlId(args.participationId) }));
    return { participation: await participation.updateParticipation(ctx, input) };
  },
  revokeGameParticipation: async (_p, args, { ctx }) => {
    const gameId = parseArgs(ZGameIdInput, { gameId: gqlId(args.gameId) }).gameId;
    const named = args.userId ? { userId: parseArgs(ZUserByIdInput, { id: gqlId(args.userId) }).id } : args.playerName != null ? parseArgs(ZPlayerNameInput, { playerName: args.playerName }) : null;
    const participationId = gqlId(args.participationId) ?? (named ? await participation.participationIdFor(ctx, gameId, named) : undefined);
    const input = parseArgs(ZRevokeParticipationInput, givenArgs({ ...args, gameId, participationId, userId: undefined, playerName: undefined }));
    await participation.revokeParticipation(ctx, input);
    return { ok: true };
  },
  addParticipation: async (_p, args, { ctx }) => {
    await attendance.addOwnParticipation(ctx, parseArgs(ZAddOwnParticipationInput, givenArgs({ ...args, gameId: gqlId(args.gameId) })));
    return { ok: true };
  },
  attachGuestParticipationsToMyAccount: (_p, args, { ctx }) =>
    participation.attachGuestParticipations(
      ctx,
      parseArgs(ZAttachGuestParticipationsInput, {
        participations: ((args.participations as { id: string; guestToken: string }[] | null) ?? []).map((p) => ({ id: gqlId(p.id), guestToken: p.guestToken })),
        participationIds: ((args.participationIds as string[] | null) ?? []).map(gqlId),
      }),
    ),
  sendReliabilityFeedbackForGame: (_p, args, { ctx }) =>
    attendance.sendReliabilityFeedback(
      ctx,
      parseArgs(ZFeedbackInput, {
        gameId: gqlId(args.gameId),
        feedback: ((args.feedback as { participationId: string; reliabilityFeedback: string }[]) ?? []).map((f) => ({
          participationId: gqlId(f.participationId),
          reliabilityFeedback: f.reliabilityFeedback,
        })),
      }),
    ),
  createGameReport: (_p, args, { ctx }) => attendance.createGameReport(ctx, parseArgs(ZReportInput, { ...args, gameId: gqlId(args.gameId) })),
  subscribeToGame: (_p, args, { ctx }) => participation.subscribeToGame(ctx, parseArgs(ZSubscribeToGameInput, givenArgs({ ...args, gameId: gqlId(args.gameId) }))),
};
