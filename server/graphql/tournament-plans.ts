import { ZDrawLotsInput, ZEnterResultInput, ZGeneratePlanInput, ZSetRefereeInput } from "@shared/schemas/tournament-plans";
import { ZTournamentIdInput } from "@shared/schemas/tournaments";
import * as plan from "../domains/tournaments/plan";
import { resolver } from "./resolve";

/**
 * A tournament's own plan (issue 29) for the native wrapper: new, so the old API documents none of it; the names
 * follow the wrapper's style (`tournamentPlan`, `generateTournamentPlan`, `enterTournamentResult`,
 * `setTournamentReferee`), the answers are the same page as tRPC's `tournaments.plan`. Live changes are the web's
 * server-sent events (`tournaments.onPlanChange`); the wrapper reads the plan again.
 */
export const tournamentPlanTypeDefs = /* GraphQL */ `
  "a side of a match: the team once known; while not, where it comes from (group:A:1, winner:7, loser:7)"
  type TournamentPlanSide { teamId: ID source: String }
  type TournamentPlanMatch {
    id: ID! number: Int! "group, knockout or league" stage: String! group: String round: Int!
    "knock-out: the places of its round (2 the final)"
    roundOf: Int
    pitch: Int! startsAt: DateTime! endsAt: DateTime! home: TournamentPlanSide! away: TournamentPlanSide!
    homeGoals: Int awayGoals: Int "a level knock-out score: home or away went through" winner: String
    "the side (home or away) that withdrew before the match: the score is the opponent's walkover"
    forfeit: String
    "the version a save must carry (grows with each result and each change of its teams)"
    version: Int!
    resultAt: DateTime
  }
  type TournamentPlanTableRow {
    teamId: ID! rank: Int! played: Int! won: Int! drawn: Int! lost: Int! goalsFor: Int! goalsAgainst: Int! goalDifference: Int! points: Int!
  }
  type TournamentPlanTable {
    "null for a league" group: String complete: Boolean! needsDraw: Boolean!
    "the organiser's lot ordered teams of this table"
    byLot: Boolean!
    rows: [TournamentPlanTableRow!]!
  }
  "withdrawn: cancelled after the plan was made (its open matches are walkovers)"
  type TournamentPlanTeam { id: ID! name: String! withdrawn: Boolean! }
  type TournamentPlan {
    "groups or league" format: String! groupCount: Int! matchMinutes: Int! breakMinutes: Int! pitches: Int!
    startsAt: DateTime! generatedAt: DateTime! version: Int!
    teams: [TournamentPlanTeam!]! matches: [TournamentPlanMatch!]! tables: [TournamentPlanTable!]!
  }
  type TournamentPlanViewer { canManage: Boolean! canEnterResults: Boolean! canRegenerate: Boolean! }
  type TournamentPlanPerson { userId: ID! name: String! teamName: String }
  type TournamentPlanPage {
    tournamentId: ID! "the organiser gave an external plan link" external: Boolean! teamCount: Int!
    viewer: TournamentPlanViewer! plan: TournamentPlan
    "for the organiser and admins; empty for everybody else"
    referees: [TournamentPlanPerson!]!
    refereeCandidates: [TournamentPlanPerson!]!
  }
  extend type Query {
    "the tournament's own plan with tables and knock-out, for everybody who may see the tournament"
    tournamentPlan(tournamentId: ID!): TournamentPlanPage!
  }
  extend type Mutation {
    "the organiser or an admin draws the plan from the teams holding a place, until the first result"
    generateTournamentPlan(
      tournamentId: ID!, "groups or league" format: String!, groupCount: Int, matchMinutes: Int!, breakMinutes: Int!, pitches: Int!, startsAt: DateTime!
    ): TournamentPlanPage!
    "the organiser, an admin or a named referee; version: the match's version shown (RESULT_CONFLICT when it changed)"
    enterTournamentResult(matchId: ID!, homeGoals: Int!, awayGoals: Int!, winner: String, version: Int!): TournamentPlanPage!
    "the organiser or an admin names (referee: true) or removes a registered team's account as referee"
    setTournamentReferee(tournamentId: ID!, userId: ID!, referee: Boolean!): TournamentPlanPage!
    "the organiser draws lots for a complete table's teams level on every criterion (group null: the league)"
    drawTournamentLots(tournamentId: ID!, group: String): TournamentPlanPage!
  }
`;

export const tournamentPlanQueries = {
  tournamentPlan: resolver(ZTournamentIdInput, (ctx, i) => plan.planPage(ctx, i.tournamentId)),
};

export const tournamentPlanMutations = {
  generateTournamentPlan: resolver({ auth: "user" }, ZGeneratePlanInput, plan.generatePlan),
  enterTournamentResult: resolver({ auth: "user" }, ZEnterResultInput, plan.enterResult),
  setTournamentReferee: resolver({ auth: "user" }, ZSetRefereeInput, plan.setReferee),
  drawTournamentLots: resolver({ auth: "user" }, ZDrawLotsInput, plan.drawLots),
};
