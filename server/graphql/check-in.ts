import { ZCheckInInput, ZCheckInStatusInput, ZCheckInsInput, ZSetCheckInInput } from "@shared/schemas/check-in";
import * as checkIns from "../domains/participation/check-in";
import { resolver } from "./resolve";

/**
 * Check-in at the pitch (issue 29; server/domains/participation/README.md "Check-in at the pitch"): new
 * operations for the wrapper, which takes the position from the device the same way as the browser.
 */
export const checkInTypeDefs = /* GraphQL */ `
  "A participation's check-in at the pitch; checkedInAt null: not checked in. method: location or organizer"
  type CheckInState { participationId: ID! checkedInAt: DateTime method: String late: Boolean! }
  "The caller's own check-in; participationId null without an active place in the game"
  type OwnCheckIn { participationId: ID checkedInAt: DateTime method: String late: Boolean! }
  "One active participation in the organiser's check-in list; prefill: what it pre-fills on the rating (CAME, CAME_LATE or null)"
  type GameCheckIn { participationId: ID! checkedInAt: DateTime method: String late: Boolean! playerCount: Int! prefill: String }
  type GameCheckIns { gameId: ID! checkedInPlayers: Int! players: Int! participations: [GameCheckIn!]! }

  extend type Query {
    "the caller's own check-in (a guest's with their guestToken)"
    myGameCheckIn(gameId: ID!, guestToken: String): OwnCheckIn!
    "the organiser's check-in list of a game"
    gameCheckIns(gameId: ID!): GameCheckIns!
  }
  extend type Mutation {
    "the player checks in near the court (the position is only compared with the court's, never stored)"
    checkInAtGame(gameId: ID!, latitude: Float!, longitude: Float!, accuracy: Float, guestToken: String): CheckInState!
    "the organiser checks a player in (checkedIn true) or out"
    setGameCheckIn(gameId: ID!, participationId: ID!, checkedIn: Boolean!): CheckInState!
  }
`;

export const checkInQueries = {
  myGameCheckIn: resolver(ZCheckInStatusInput, checkIns.ownCheckIn),
  gameCheckIns: resolver({ auth: "user" }, ZCheckInsInput, checkIns.gameCheckIns),
};

export const checkInMutations = {
  checkInAtGame: resolver(ZCheckInInput, checkIns.checkIn),
  setGameCheckIn: resolver({ auth: "user" }, ZSetCheckInInput, checkIns.setCheckIn),
};
