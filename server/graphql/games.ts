import { ZCancelGameInput, ZCreateGameInput, ZGameIdInput, ZSearchGamesInput, ZUpdateGameInput } from "@shared/schemas/games";
import { GAME_DEFAULTS } from "@shared/constants";
import type { TGame, TGameListItem } from "@shared/schemas/games";
import * as chat from "../domains/chat/service";
import * as games from "../domains/games/service";
import { definedArgs, gqlId, parseArgs } from "./errors";
import type { GqlContext, GqlResolver } from "./types";

/** Game operations under the old API's names (spec 000 section 7). Prices travel in euros there. */
export const gameTypeDefs = /* GraphQL */ `
  type Person { id: ID! firstName: String! profileImageUrl: String "where the viewer may see it (players on a game page)" reliabilityRating: Int }
  type GameCourt { id: ID! name: String! imageUrl: String address: String }
  type GameParticipation {
    id: ID! player: Person firstName: String playerCount: Int! playsHimself: Boolean!
    bringsBall: Boolean! bringsBibs: Boolean! queue: Boolean! createdAt: DateTime!
    guestProfile: GuestRef organizerReliabilityFeedback: String
  }
  type Game {
    id: ID! title: String description: String descriptionEn: String startTime: DateTime! endTime: DateTime!
    duration: Int! gameType: String! gameMode: Int level: String! gender: String! price: Float! priceCents: Int!
    isManagedPayment: Boolean! instantCapture: Boolean externalPaymentRequestsAllowed: Boolean
    minPlayers: Int! maxPlayers: Int teams: Int cancelledAt: DateTime cancellationReason: String
    cancellationMessage: String highestParticipantsAmountReached: Int participantsAmount: Int!
    receivedOrganizerReliabilityFeedback: Boolean
    creator: Person! court: GameCourt participations: [GameParticipation!]! distance: Float
    "the game chat (spec 000 section 7: retrieveGame returns the game with participations and comments)"
    comments: [Comment!]!
  }
  type CreateGame { id: ID! }
  type GameMutation { game: Game! }

  extend type Query {
    searchGames(longitude: Float!, latitude: Float!, startTime: DateTime, distance: Float): [Game!]!
    retrieveGame(id: ID!): Game!
  }
  extend type Mutation {
    createGame(
      description: String, descriptionEn: String, minPlayers: Int, maxPlayers: Int, startTime: DateTime!, courtId: ID,
      price: Float, level: String, gender: String, isManagedPayment: Boolean, duration: Int, teams: Int,
      isRecurringGame: Boolean, gameType: String, title: String, gameTemplateId: ID, isOrganizationGame: Boolean,
      instantCapture: Boolean, gameMode: Int, externalPaymentRequestsAllowed: Boolean, deviceToken: String, userAgent: String,
      playerCount: Int, playsHimself: Boolean, bringsBall: Boolean, bringsBibs: Boolean
    ): CreateGame!
    updateGame(
      gameId: ID!, description: String, descriptionEn: String, minPlayers: Int, maxPlayers: Int, startTime: DateTime,
      courtId: ID, price: Float, level: String, gender: String, isManagedPayment: Boolean, duration: Int, teams: Int,
      gameType: String, title: String, isOrganizationGame: Boolean, instantCapture: Boolean, gameMode: Int,
      externalPaymentRequestsAllowed: Boolean, updateFutureGames: Boolean, removeMaxPlayers: Boolean
    ): GameMutation!
    cancelGame(id: ID!, cancellationReason: String!, cancellationMessage: String): GameMutation!
  }
`;

const euroToCents = (price: unknown) => (typeof price === "number" ? Math.round(price * 100) : undefined);

export function gameOut(g: TGame | TGameListItem) {
  return {
    ...g,
    duration: g.durationMinutes,
    price: g.priceCents / 100,
    distance: "distanceKm" in g ? g.distanceKm : null,
    participations: "participations" in g ? g.participations.map(participationOut) : [],
    // Loaded only when a query asks for it (graphql-js calls a function-valued field), through the chat
    // service, so the game chat reads the same everywhere; whoever may see the game may read its chat.
    comments: (_args: unknown, { ctx }: GqlContext) => chat.gameComments(ctx, g.id),
  };
}

/** A guest's entry carries its guest profile (spec 000 section 3: guestProfile with id, firstName, reliabilityRating). */
function participationOut(p: TGame["participations"][number]) {
  const guestProfile = p.guestProfileId !== null ? { id: p.guestProfileId, firstName: p.firstName ?? "", reliabilityRating: p.guestReliabilityRating } : null;
  return { ...p, guestProfile };
}

/** Enumerations travel upper-case here; old clients may send them as the spec writes them ("Mixed", "All", "Public"). */
const enumArg = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);

/** The old field names mapped onto the shared schema's. */
function gameFieldsFrom(args: Record<string, unknown>) {
  return definedArgs({
    title: args.title,
    description: args.description,
    descriptionEn: args.descriptionEn,
    startTime: args.startTime,
    durationMinutes: args.duration,
    courtId: gqlId(args.courtId),
    teams: args.teams,
    gameMode: args.gameMode,
    minPlayers: args.minPlayers,
    maxPlayers: args.maxPlayers,
    level: enumArg(args.level),
    gender: enumArg(args.gender),
    gameType: enumArg(args.gameType),
    priceCents: euroToCents(args.price),
    isManagedPayment: args.isManagedPayment,
    instantCapture: args.instantCapture,
    externalPaymentRequestsAllowed: args.externalPaymentRequestsAllowed,
    isOrganizationGame: args.isOrganizationGame,
  });
}

export const gameQueries: Record<string, GqlResolver> = {
  searchGames: async (_p, args, { ctx }) => (await games.searchGames(ctx, parseArgs(ZSearchGamesInput, definedArgs(args)))).map(gameOut),
  retrieveGame: async (_p, args, { ctx }) => gameOut(await games.gameById(ctx, parseArgs(ZGameIdInput, { gameId: gqlId(args.id) }).gameId)),
};

export const gameMutations: Record<string, GqlResolver> = {
  createGame: async (_p, args, { ctx }) => {
    const input = parseArgs(ZCreateGameInput, {
      ...GAME_DEFAULTS,
      description: "",
      descriptionEn: null,
      courtId: null,
      isOrganizationGame: false,
      ...definedArgs({ playerCount: args.playerCount, playsHimself: args.playsHimself, bringsBall: args.bringsBall, bringsBibs: args.bringsBibs }),
      ...gameFieldsFrom(args),
    });
    return games.createGame(ctx, input);
  },
  updateGame: async (_p, args, { ctx }) => {
    const input = parseArgs(ZUpdateGameInput, {
      gameId: gqlId(args.gameId),
      ...gameFieldsFrom(args),
      ...definedArgs({ removeMaxPlayers: args.removeMaxPlayers, updateFutureGames: args.updateFutureGames }),
    });
    return { game: gameOut(await games.updateGame(ctx, input)) };
  },
  cancelGame: async (_p, args, { ctx }) => {
    const input = parseArgs(ZCancelGameInput, { gameId: gqlId(args.id), reason: args.cancellationReason, message: args.cancellationMessage });
    return { game: gameOut(await games.cancelGame(ctx, input)) };
  },
};
