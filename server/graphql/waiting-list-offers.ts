import { ZOfferInput } from "@shared/schemas/waiting-list-offers";
import * as offers from "../domains/participation/offers";
import { resolver } from "./resolve";

/**
 * Waiting-list offers close to kick-off (issue 29; server/domains/participation/README.md "Waiting-list offers close
 * to kick-off"): new operations for the wrapper, the twins of participation.offers, acceptOffer and declineOffer.
 */
export const waitingListOfferTypeDefs = /* GraphQL */ `
  "An open offer of a freed place: the participation holding it, its name and until when it may be accepted"
  type WaitingListOffer { participationId: ID! name: String! expiresAt: DateTime! }
  "own: the caller's open offer; holders: every open offer (for those who manage the game, else empty); managed: accepting leads to paying"
  type GameOffers { own: WaitingListOffer holders: [WaitingListOffer!]! managed: Boolean! }
  "An accepted offer: the participation now playing; in a managed game with its reservation to pay"
  type AcceptedOffer { participationId: ID! queue: Boolean! paymentStatus: String! paymentReservationExpiresAt: DateTime }
  type DeclinedOffer { ok: Boolean! }

  extend type Query {
    "the open offers of a game as the caller may see them (a guest names its participation with its guestToken)"
    waitingListOffers(gameId: ID!, participationId: ID, guestToken: String): GameOffers!
  }
  extend type Mutation {
    "the holder takes the offered place (a guest with participationId and guestToken)"
    acceptWaitingListOffer(gameId: ID!, participationId: ID, guestToken: String): AcceptedOffer!
    "the holder declines: the place goes to the next in line"
    declineWaitingListOffer(gameId: ID!, participationId: ID, guestToken: String): DeclinedOffer!
  }
`;

export const waitingListOfferQueries = {
  waitingListOffers: resolver(ZOfferInput, offers.gameOffers),
};

export const waitingListOfferMutations = {
  acceptWaitingListOffer: resolver(ZOfferInput, offers.acceptOffer),
  declineWaitingListOffer: resolver(ZOfferInput, offers.declineOffer),
};
