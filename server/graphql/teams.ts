import {
  ZBuildTeamsInput,
  ZMoveTeamPlayerInput,
  ZRateSkillInput,
  ZReshuffleTeamsInput,
  ZTeamsInput,
  ZTeamsPlayersMayBuildInput,
} from "@shared/schemas/teams";
import * as teams from "../domains/teams/service";
import { resolver } from "./resolve";

/**
 * Balanced teams at kick-off (issue 29; server/domains/teams/README.md): new operations for the wrapper, the
 * same services as tRPC's teams.*. Every write names the `version` of the teams the caller saw (0: none yet).
 */
export const teamsTypeDefs = /* GraphQL */ `
  "A player of a side: slot is the participation id, or '<participation id>+<n>' for the n-th friend of 'Ich + n'"
  type TeamPlayer { slot: String! participationId: ID! userId: ID name: String! friendNumber: Int bringsBibs: Boolean! kept: Boolean! }
  "A side: bib orange, yellow, blue or null (own shirts); strengthShare 0..100 relative to the strongest side"
  type TeamSide { bib: String strengthShare: Int! players: [TeamPlayer!]! }
  type GameTeamsLineUp { seed: Int! sides: [TeamSide!]! updatedAt: DateTime outdated: Boolean! }
  "A player the organiser may rate; myRating 10..90 or null"
  type RatablePlayer { userId: ID! name: String! myRating: Int }
  "window: notYet, open or closed"
  type GameTeams {
    gameId: ID! version: Int! playersMayBuild: Boolean! window: String! opensAt: DateTime! canBuild: Boolean! canManage: Boolean!
    players: Int!
    "checked in at the pitch, friends included; fromCheckedIn: the line-up takes only them (enough are in)"
    checkedIn: Int! fromCheckedIn: Boolean!
    lineUp: GameTeamsLineUp ratable: [RatablePlayer!]! ratingOpen: Boolean!
  }
  extend type Query {
    "the game's teams, for everyone who may see the game"
    gameTeams(gameId: ID!, shareKey: String): GameTeams!
  }
  extend type Mutation {
    "draws teams sides (2..4) from the game's active players"
    buildGameTeams(gameId: ID!, teams: Int!, seed: Int, version: Int!): GameTeams!
    reshuffleGameTeams(gameId: ID!, seed: Int, version: Int!): GameTeams!
    "keeps the player on side (0-based) and balances the others around the kept players"
    moveGameTeamPlayer(gameId: ID!, slot: String!, side: Int!, version: Int!): GameTeams!
    setGameTeamsPlayersMayBuild(gameId: ID!, allowed: Boolean!, version: Int!): GameTeams!
    "the organiser's skill rating of a player of the game, 10..90"
    rateGameSkill(gameId: ID!, userId: ID!, rating: Int!): GameTeams!
  }
`;

export const teamsQueries = {
  gameTeams: resolver(ZTeamsInput, teams.gameTeams),
};

export const teamsMutations = {
  buildGameTeams: resolver({ auth: "user" }, ZBuildTeamsInput, teams.buildTeams),
  reshuffleGameTeams: resolver({ auth: "user" }, ZReshuffleTeamsInput, teams.reshuffleTeams),
  moveGameTeamPlayer: resolver({ auth: "user" }, ZMoveTeamPlayerInput, teams.moveTeamPlayer),
  setGameTeamsPlayersMayBuild: resolver({ auth: "user" }, ZTeamsPlayersMayBuildInput, teams.setPlayersMayBuild),
  rateGameSkill: resolver({ auth: "user" }, ZRateSkillInput, teams.rateSkill),
};
