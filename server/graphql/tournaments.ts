import { ZTournamentIdInput, ZUpcomingTournamentsInput, type TTournament, type TTournamentListItem, type TTournamentParticipation } from "@shared/schemas/tournaments";
import * as tournaments from "../domains/tournaments/service";
import { legacy, resolver, ZNoArgs } from "./resolve";

/**
 * Tournaments under the old API's names (spec 001 section 7): tournament(id) and upcomingTournaments(regionId).
 * One Tournament type for the list and the page: fields only the page has are null in the list. Money in euros
 * beside the cents, as on Game. Creating and managing tournaments has no documented operation (the web client only).
 */
export const tournamentTypeDefs = /* GraphQL */ `
  type TournamentCourt {
    id: ID! name: String! address: String imageUrl: String latitude: Float! longitude: Float!
    turf: String indoor: Boolean! public: Boolean! regionId: ID
  }
  type TournamentRegion { id: ID! slug: String! name: String! }
  type TournamentOrganization { id: ID! name: String! imageUrl: String }
  type TournamentGameRef { id: ID! startTime: DateTime! }
  type TournamentViewer { "the organiser or an admin" canManage: Boolean! }
  type TournamentParticipationUser { id: ID! }
  type TournamentTeam { id: ID! name: String! }
  type TournamentParticipation {
    id: ID! tournamentId: ID! teamName: String! "the old API's team: the participation's id and team name" team: TournamentTeam!
    user: TournamentParticipationUser
    "Open, Paid, PaidExternally or Refunded"
    paymentStatus: String!
    "the card payment's client secret while one is open (from issue 25's payment part; null until then)"
    paymentIntentClientSecret: String
    "false while a business tournament's team still owes its invoice data"
    dataComplete: Boolean!
    playerCount: Int! firstName: String! lastName: String! email: String! phoneNumber: String!
    paymentReminderSentAt: DateTime createdAt: DateTime! cancelledAt: DateTime queue: Boolean!
    invoiceCompanyName: String invoiceLine1: String invoiceLine2: String invoicePostalCode: String invoiceTown: String
    "DE or AT"
    invoiceCountry: String invoiceEmail: String invoiceHint: String
  }
  type TournamentChannelMessage { id: ID! message: String! author: Person createdAt: DateTime! read: Boolean! }
  type Tournament {
    id: ID! name: String! startTime: DateTime! endTime: DateTime! locationName: String
    court: TournamentCourt region: TournamentRegion! gameMode: Int! maxTeams: Int! maxPlayers: Int!
    "teams holding a place (not cancelled, not refunded, not on the waiting list)"
    teamAmount: Int!
    "teamAmount at or above maxTeams: a new team goes on the waiting list"
    full: Boolean!
    "euros" participationPrice: Float! participationPriceCents: Int! pricePerPlayer: Boolean! business: Boolean!
    "19 for business tournaments (VAT included), else null"
    vatPercentIncluded: Int
    organizer: Person! publishedAt: DateTime cancelledAt: DateTime
    description: String descriptionEn: String rules: String rulesEn: String
    cancellationPolicy: String cancellationPolicyEn: String termsOfParticipation: String termsOfParticipationEn: String
    signupUrl: String planUrl: String whatsappGroupUrl: String singlePlayerGame: TournamentGameRef
    organization: TournamentOrganization createdAt: DateTime updatedAt: DateTime viewer: TournamentViewer
    "the organiser's and admins' news (empty until the channel exists, issue 25's next part)"
    channelMessages: [TournamentChannelMessage!]!
    "the teams, for the organiser and admins; empty for everybody else"
    tournamentParticipations: [TournamentParticipation!]!
  }
  extend type Query {
    "published ones for everybody, a draft for its organiser and admins; a cancelled one with cancelledAt"
    tournament(id: ID!): Tournament!
    "the region's published tournaments not cancelled and not over, by start"
    upcomingTournaments(regionId: ID!): [Tournament!]!
  }
`;

export function tournamentOut(t: TTournament | TTournamentListItem) {
  return { ...t, participationPrice: t.participationPriceCents / 100 };
}

function participationOut(p: TTournamentParticipation, business: boolean) {
  const invoiceComplete = Boolean(p.invoiceCompanyName && p.invoiceLine1 && p.invoicePostalCode && p.invoiceTown && p.invoiceCountry);
  return { ...p, team: { id: p.id, name: p.teamName }, paymentIntentClientSecret: null, dataComplete: !business || invoiceComplete };
}

export const tournamentQueries = {
  tournament: resolver(legacy(ZTournamentIdInput, (a) => ({ tournamentId: a.id })), (ctx, i) => tournaments.tournament(ctx, i.tournamentId), tournamentOut),
  upcomingTournaments: resolver(ZUpcomingTournamentsInput, tournaments.upcomingTournaments, (list) => list.map(tournamentOut)),
};

type TournamentParent = { id: number; organizer: { id: number }; business: boolean };

/** A tournament's teams and channel, loaded only when a query asks for them. */
export const tournamentFields = {
  tournamentParticipations: resolver(
    ZNoArgs,
    async (ctx, _i, t: TournamentParent) => (await tournaments.tournamentParticipations(ctx, { id: t.id, organizerId: t.organizer.id })).map((p) => participationOut(p, t.business)),
  ),
  channelMessages: resolver(ZNoArgs, () => []),
};
