import { ZTournamentIdInput, ZUpcomingTournamentsInput, type TTournament, type TTournamentListItem, type TTournamentParticipation } from "@shared/schemas/tournaments";
import * as tournaments from "../domains/tournaments/service";
import * as tournamentChannel from "../domains/tournaments/channel";
import { sendPaymentReminder } from "../domains/tournaments/reminders";
import { ZMarkChannelMessageReadInput, ZParticipationIdInput, ZSendChannelMessageInput, type TTeamOverviewRow } from "@shared/schemas/tournament-teams";
import type { z } from "zod";
import { ZCompleteRegistrationInput, ZRegisterTeamInput, ZUpdateRegistrationInput } from "@shared/schemas/tournament-teams";
import * as registration from "../domains/tournaments/registration";
import * as teamActions from "../domains/tournaments/team-actions";
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
  "a news message of the channel (spec 001 section 3): sender, message, createdAt, readBy"
  type TournamentChannelMessage {
    id: ID! tournamentId: ID! message: String! sender: Person "the same as sender" author: Person createdAt: DateTime!
    "the viewer has seen it" read: Boolean!
    "who has seen it: everyone for the organiser and admins, else the viewer alone"
    readBy: [TournamentParticipationUser!]!
  }
  type MarkChannelMessageReadResult { ok: Boolean! success: Boolean! }
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
    signupUrl: String planUrl: String hasPlan: Boolean! whatsappGroupUrl: String singlePlayerGame: TournamentGameRef
    organization: TournamentOrganization createdAt: DateTime updatedAt: DateTime viewer: TournamentViewer
    "the news channel, oldest first: for the organiser, admins and users with a paid team; empty for everybody else"
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
  type CreateTournamentParticipationResult {
    participation: TournamentParticipation!
    "the old API's generated password: never one (a new account is mailed a link to set its password), always null"
    newUserPassword: String
  }
  type DeleteTournamentParticipationResult { ok: Boolean! success: Boolean! participation: TournamentParticipation! }
  extend type Query {
    "a team, for its registrant, the organiser and admins (with the payment's client secret for its registrant)"
    tournamentParticipation(id: ID!): TournamentParticipation!
  }
  extend type Mutation {
    "registers a team; signed in, names and e-mail come from the account; an unknown e-mail gets a new account, signed in"
    createTournamentParticipation(
      tournamentId: ID!, email: String, firstName: String, lastName: String, phoneNumber: String!, teamName: String!,
      applicationLanguage: String, playerCount: Int
    ): CreateTournamentParticipationResult!
    "contact data; the player count only while unpaid"
    updateTournamentParticipation(
      tournamentParticipationId: ID!, teamName: String, firstName: String, lastName: String, phoneNumber: String, playerCount: Int
    ): TournamentParticipation!
    "the invoice data of a business tournament's team"
    completeTournamentParticipation(
      tournamentParticipationId: ID!, invoiceCompanyName: String!, invoiceLine1: String!, invoiceLine2: String,
      invoicePostalCode: String!, invoiceTown: String!, invoiceCountry: String!, invoiceEmail: String, invoiceHint: String
    ): TournamentParticipation!
    "cancels the team (its registrant before the start, the organiser or an admin until the end); paid money goes back"
    deleteTournamentParticipation(tournamentParticipationId: ID!): DeleteTournamentParticipationResult!
  }
  extend type Mutation {
    "the organiser or an admin reminds an Open team of its fee (at most once a week, the first a day after registering)"
    sendPaymentReminder(tournamentParticipationId: ID!): TournamentParticipation!
    "the organiser or an admin writes to the paid teams"
    sendChannelMessage(tournamentId: ID!, message: String!): TournamentChannelMessage!
    "whoever may see the channel; marking again changes nothing"
    markChannelMessageRead(tournamentChannelMessageId: ID!): MarkChannelMessageReadResult!
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
  channelMessages: resolver(ZNoArgs, (ctx, _i, t: TournamentParent) => tournamentChannel.channelMessagesWithReaders(ctx, t.id), (list) => list.map(channelMessageOut)),
};

const channelMessageOut = <M extends { sender: unknown }>(m: M) => ({ ...m, author: m.sender });
const teamRowOut = (row: TTeamOverviewRow) => ({ ...row, team: { id: row.id, name: row.teamName }, paymentIntentClientSecret: null });

/** A team's id under the old API's name. */
const byParticipationId = <S extends z.ZodObject<{ participationId: z.ZodType }>>(shared: S) =>
  legacy(shared, ({ tournamentParticipationId, ...rest }) => ({ ...rest, participationId: tournamentParticipationId }));

/** The old API's team { id, name } beside the participation. */
const teamOut = <P extends { id: number; teamName: string }>(p: P) => ({ ...p, team: { id: p.id, name: p.teamName } });

/** The teams under the old API's names (spec 001 section 7); every answer is the team as its registrant sees it. */
export const tournamentTeamQueries = {
  tournamentParticipation: resolver({ auth: "user" }, legacy(ZParticipationIdInput, (a) => ({ participationId: a.id })), (ctx, i) => registration.wrapperParticipation(ctx, i.participationId), teamOut),
};

export const tournamentTeamMutations = {
  createTournamentParticipation: resolver(
    legacy(ZRegisterTeamInput, (a) => ({ ...a, applicationLanguage: typeof a.applicationLanguage === "string" ? a.applicationLanguage.toLowerCase() : a.applicationLanguage })),
    registration.registerForWrapper,
    (r) => ({ ...r, participation: teamOut(r.participation) }),
  ),
  updateTournamentParticipation: resolver({ auth: "user" }, byParticipationId(ZUpdateRegistrationInput), async (ctx, i) => {
    await registration.updateRegistration(ctx, i);
    return registration.wrapperParticipation(ctx, i.participationId);
  }, teamOut),
  completeTournamentParticipation: resolver({ auth: "user" }, byParticipationId(ZCompleteRegistrationInput), async (ctx, i) => {
    await registration.completeRegistration(ctx, i);
    return registration.wrapperParticipation(ctx, i.participationId);
  }, teamOut),
  deleteTournamentParticipation: resolver({ auth: "user" }, byParticipationId(ZParticipationIdInput), async (ctx, i) => {
    await teamActions.cancelRegistration(ctx, i.participationId);
    return { ok: true, success: true, participation: teamOut(await registration.wrapperParticipation(ctx, i.participationId)) };
  }),
};

/** The channel and the payment reminder under the old API's names (spec 001 section 7). */
export const tournamentChannelMutations = {
  sendPaymentReminder: resolver(
    { auth: "user" },
    legacy(ZParticipationIdInput, (a) => ({ participationId: a.tournamentParticipationId })),
    (ctx, i) => sendPaymentReminder(ctx, i.participationId),
    teamRowOut,
  ),
  // a new message is read by its sender alone
  sendChannelMessage: resolver({ auth: "user" }, ZSendChannelMessageInput, tournamentChannel.sendChannelMessage, (m) => channelMessageOut({ ...m, readBy: m.sender ? [{ id: m.sender.id }] : [] })),
  markChannelMessageRead: resolver(
    { auth: "user" },
    ZMarkChannelMessageReadInput,
    (ctx, i) => tournamentChannel.markChannelMessageRead(ctx, i.tournamentChannelMessageId),
    () => ({ ok: true, success: true }),
  ),
};
