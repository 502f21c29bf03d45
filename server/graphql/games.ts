import { ZCancelGameInput, ZCreateGameInput, ZGameByIdInput, ZSearchGamesInput, ZUpdateGameInput } from "@shared/schemas/games";
import type { TGame, TGameListItem } from "@shared/schemas/games";
import * as chat from "../domains/chat/service";
import { createGame } from "../domains/games/create";
import { cancelGame, updateGame } from "../domains/games/manage";
import { gameById, searchGames } from "../domains/games/read";
import { legacy, resolver, ZNoArgs, type Args } from "./resolve";

/** Game operations under the old API's names (spec 000 section 7). Prices travel in euros there. */
export const gameTypeDefs = /* GraphQL */ `
  type Person { id: ID! firstName: String! profileImageUrl: String "where the viewer may see it (players on a game page)" reliabilityRating: Int }
  type GameCourt { id: ID! name: String! imageUrl: String address: String }
  type GameParticipation {
    id: ID! player: Person firstName: String playerCount: Int! playsHimself: Boolean!
    bringsBall: Boolean! bringsBibs: Boolean! queue: Boolean! createdAt: DateTime!
    guestProfile: GuestRef organizerReliabilityFeedback: String
    "green (comes always), yellow (about 8 of 10), red (about 4 of 10) or grey (unknown), for every viewer"
    participationColour: String!
    "managers and the player themself: BO booked, CA cancelled, DE declined, PA paid, RE requested, TP to pay, WD withdrawn (managed payment only)"
    paymentCode: String
    "managers only: the cash request, its decline and message, and how many paid"
    requestedExternalPaymentAt: DateTime declinedExternalPaymentAt: DateTime externalPaymentMessage: String payed: Int
    "managers and the player themself (null for others): None, Open, Approved, Captured, Released, PaidExternally or Expired; the Open place's deadline; free cancellation until; the total (euros, and cents)"
    paymentStatus: String paymentReservationExpiresAt: DateTime paymentCanCancelUntil: DateTime totalPrice: Float totalPriceCents: Int
    "null: the list holds current participations only"
    cancelledAt: DateTime
    "the player themself only (null for others): they reported the game; its pushes reach them"
    hasReported: Boolean notificationsEnabled: Boolean
  }
  type Game {
    id: ID! title: String description: String descriptionEn: String startTime: DateTime! endTime: DateTime!
    duration: Int! gameType: String! gameMode: Int level: String! gender: String! price: Float! priceCents: Int!
    isManagedPayment: Boolean! instantCapture: Boolean externalPaymentRequestsAllowed: Boolean
    minPlayers: Int! maxPlayers: Int teams: Int cancelledAt: DateTime cancellationReason: String
    cancellationMessage: String highestParticipantsAmountReached: Int participantsAmount: Int!
    receivedOrganizerReliabilityFeedback: Boolean
    "a private game's share key for those who may see it: its link is /game/{id}?key=…, and retrieveGame(id, shareKey) opens it to others; null for public games"
    shareKey: String
    creator: Person! court: GameCourt participations: [GameParticipation!]! distance: Float
    "the weekly session the game belongs to (spec 000 section 3), and until when only its regulars may join"
    gameTemplate: GameTemplateRef regularsOnlyUntil: DateTime
    "the game chat (spec 000 section 7: retrieveGame returns the game with participations and comments)"
    comments: [Comment!]!
    "an organisation game's organisation (retrieveGame; null in lists)"
    organization: Organization
    "the old records' names: locationName is the court's name (null without a court), name the title"
    locationName: String name: String
  }
  type GameTemplateRef { id: ID! isActive: Boolean! }
  type CreateGame { id: ID! }
  type GameMutation { game: Game! }

  extend type Query {
    searchGames(longitude: Float!, latitude: Float!, startTime: DateTime, distance: Float): [Game!]!
    "a private game answers only to its organiser, players and admins, or with its shareKey (else GAME_NOT_FOUND, as for an unknown id)"
    retrieveGame(id: ID!, shareKey: String): Game!
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
      externalPaymentRequestsAllowed: Boolean, updateFutureGames: Boolean, removeMaxPlayers: Boolean,
      isRecurringGame: Boolean, gameTemplateId: ID, deviceToken: String, userAgent: String
    ): GameMutation!
    cancelGame(id: ID!, cancellationReason: String!, cancellationMessage: String): GameMutation!
  }
`;

/** A game as the old API answers it: duration, price in euros and distance under their old names; lists carry no participations. */
export function gameOut(g: TGame | TGameListItem) {
  return {
    ...g,
    duration: g.durationMinutes,
    price: g.priceCents / 100,
    distance: "distanceKm" in g ? g.distanceKm : null,
    participations: "participations" in g ? g.participations.map(participationOut) : [],
    organization: "organization" in g ? g.organization : null,
    locationName: g.court?.name ?? null,
    name: g.title,
  };
}

/** A guest's entry carries its guest profile (spec 000 section 3: guestProfile with id, firstName, reliabilityRating). */
function participationOut(p: TGame["participations"][number]) {
  const guestProfile = p.guestProfileId !== null ? { id: p.guestProfileId, firstName: p.firstName ?? "", reliabilityRating: p.guestReliabilityRating } : null;
  return { ...p, guestProfile, totalPrice: p.totalPriceCents === null ? null : p.totalPriceCents / 100 };
}

const gameMutation = (game: TGame) => ({ game: gameOut(game) });
export const gamePage = (page: { objects: TGameListItem[]; hasNext: boolean }) => ({ objects: page.objects.map(gameOut), hasNext: page.hasNext });

/** Enumerations travel upper-case here; old clients may send them as the spec writes them ("Mixed", "All", "Public"). */
const upper = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);

/** createGame's and updateGame's old names and units; the shared schema fills in a new game's defaults. */
const gameArgs = ({ duration, price, level, gender, gameType, ...rest }: Args) => ({
  ...rest,
  durationMinutes: duration,
  priceCents: typeof price === "number" ? Math.round(price * 100) : undefined,
  level: upper(level),
  gender: upper(gender),
  gameType: upper(gameType),
});

export const gameQueries = {
  searchGames: resolver(ZSearchGamesInput, searchGames, (games) => games.map(gameOut)),
  retrieveGame: resolver(legacy(ZGameByIdInput, (a) => ({ gameId: a.id, shareKey: a.shareKey ?? undefined })), (ctx, i) => gameById(ctx, i.gameId, i.shareKey), gameOut),
};

export const gameMutations = {
  createGame: resolver({ auth: "user" }, legacy(ZCreateGameInput, gameArgs), createGame),
  updateGame: resolver({ auth: "user" }, legacy(ZUpdateGameInput, gameArgs), updateGame, gameMutation),
  cancelGame: resolver({ auth: "user" }, legacy(ZCancelGameInput, (a) => ({ gameId: a.id, reason: a.cancellationReason, message: a.cancellationMessage })), cancelGame, gameMutation),
};

/** The game chat, loaded only when a query asks for it, through the chat service: whoever may see the game may read its chat. */
export const gameFields = {
  comments: resolver(ZNoArgs, (ctx, _i, game: { id: number; shareKey?: string | null }) => chat.gameComments(ctx, game.id, game.shareKey)),
};
