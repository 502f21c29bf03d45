import { ZGameTemplateIdInput, ZUpdateGameTemplateInput, type TGameTemplate } from "@shared/schemas/weekly";
import { ZNoArgs, legacy, resolver } from "./resolve";
import * as weekly from "../domains/weekly/service";

/**
 * Weekly sessions under the old API's names (spec 000 section 7): myGameTemplates, gameTemplate(id),
 * updateGameTemplate(id, isActive, latestStartTime, courtId), deleteGameTemplate(id). "Takes place" is
 * createGame with gameTemplateId (games.ts). Money in euros beside the cents, as on Game.
 */
export const weeklyTypeDefs = /* GraphQL */ `
  type WeeklyState {
    "deactivated, scheduled (next week's game exists), waiting (confirmation opens at opensAt) or open"
    kind: String!
    nextStart: DateTime!
    opensAt: DateTime
    gameId: ID
  }
  type TemplateCourt { id: ID! name: String! imageUrl: String }
  type TemplateOrganization { id: ID! name: String! gameApplicationFeePercentage: Float! }
  type TemplateCreator { id: ID! firstName: String! }
  type TemplateViewer { canManage: Boolean! canEditCourt: Boolean! }
  type GameTemplate {
    id: ID! latestStartTime: DateTime! deactivatedAt: DateTime isActive: Boolean!
    court: TemplateCourt organization: TemplateOrganization creator: TemplateCreator!
    title: String description: String! descriptionEn: String gameType: String! gameMode: Int! level: String! gender: String!
    "euros" price: Float! priceCents: Int!
    "minutes" duration: Int!
    minPlayers: Int! maxPlayers: Int teams: Int! isManagedPayment: Boolean! instantCapture: Boolean! externalPaymentRequestsAllowed: Boolean!
    regularsHeadStart: Boolean! organiserPlayerCount: Int! playsHimself: Boolean!
    state: WeeklyState! latestGameId: ID
    "a private session's share key, for its managers: its link is /weekly-sessions/{id}/latest?key=…; null for a public one"
    shareKey: String
    viewer: TemplateViewer!
  }
  extend type Query {
    myGameTemplates: [GameTemplate!]!
    gameTemplate(id: ID!): GameTemplate!
  }
  extend type Mutation {
    "isActive toggles; latestStartTime = the next week's start records 'does not take place'; court (the spec's name) or courtId moves the session"
    updateGameTemplate(id: ID!, isActive: Boolean, latestStartTime: DateTime, court: ID, courtId: ID, regularsHeadStart: Boolean): GameTemplate!
    deleteGameTemplate(id: ID!): DeletedId!
  }
`;

function templateOut(t: TGameTemplate) {
  const { durationMinutes, ...rest } = t;
  return { ...rest, duration: durationMinutes, price: t.priceCents / 100 };
}

/** The account's weekly sessions (spec 001 section 3, `gameTemplates`), loaded when myAccount asks for them. */
export const weeklyAccountFields = {
  gameTemplates: resolver(ZNoArgs, weekly.myGameTemplates, (list) => list.map(templateOut)),
};

export const weeklyQueries = {
  myGameTemplates: resolver({ auth: "user" }, ZNoArgs, weekly.myGameTemplates, (list) => list.map(templateOut)),
  gameTemplate: resolver({ auth: "user" }, ZGameTemplateIdInput, (ctx, i) => weekly.gameTemplate(ctx, i.id), templateOut),
};

export const weeklyMutations = {
  updateGameTemplate: resolver({ auth: "user" }, legacy(ZUpdateGameTemplateInput, ({ court, ...a }) => ({ ...a, courtId: a.courtId ?? court })), weekly.updateGameTemplate, templateOut),
  deleteGameTemplate: resolver({ auth: "user" }, ZGameTemplateIdInput, (ctx, i) => weekly.deleteGameTemplate(ctx, i.id)),
};
