import { z } from "zod";
import { zId, zPlainText } from "./common";
import { ZPersonRef } from "./games";
import { INVOICE_COUNTRIES, TOURNAMENT_PAYMENT_STATUSES, ZTeamInvoiceFields } from "./tournaments";

/**
 * The teams of a tournament: registering, paying, the waiting list, the organiser's overview and actions, payment
 * reminders, the channel and invoices (spec 001 sections 2.10, 3, 4, 5, 7, 9; issue 25). The contract of the
 * `tournaments.*` procedures below and their GraphQL twins. Limits the spec does not give are ours
 * (server/domains/tournaments/README.md).
 */
export const TOURNAMENT_TEAM = {
  teamNameMax: 60,
  personNameMax: 60,
  emailMax: 254,
  companyMax: 100,
  lineMax: 100,
  postalCodeMax: 10,
  townMax: 60,
  invoiceHintMax: 500,
  channelMessageMax: 2000,
  /** spec 001 section 9: after a return from the payment page the page waits this long, then reads again */
  paymentReturnWaitMs: 5000,
  /** spec 001 sections 4, 9: no reminder in the first day after registering, then at most one per 7 days */
  firstReminderAfterHours: 24,
  reminderIntervalDays: 7,
  /** spec 001 section 9: a business team's invoice is issued within a week of paying */
  invoiceWithinDays: 7,
} as const;

const zTeamName = zPlainText(TOURNAMENT_TEAM.teamNameMax, "team_name_too_long", { singleLine: true }).min(1, { error: "team_name_required" });
const zPersonName = (required: string) => zPlainText(TOURNAMENT_TEAM.personNameMax, "name_too_long", { singleLine: true }).min(1, { error: required });
const zEmail = z.string({ error: "email_invalid" }).trim().max(TOURNAMENT_TEAM.emailMax, { error: "email_invalid" }).pipe(z.email({ error: "email_invalid" }));
/** an international phone number; the server parses it with libphonenumber-js (default country DE) and stores E.164 */
const zPhone = z.string({ error: "phone_invalid" }).trim().min(3, { error: "phone_invalid" }).max(30, { error: "phone_invalid" });

/**
 * Registering a team (GraphQL createTournamentParticipation: tournamentId, email, firstName, lastName, phoneNumber,
 * teamName, applicationLanguage, playerCount). Names and e-mail are taken from the account when signed in (then they
 * may be left out); the phone number is always asked. playerCount is needed when the price is per player (gameMode up
 * to maxPlayers), else it defaults to 1.
 */
export const ZRegisterTeamInput = z.object({
  tournamentId: zId,
  teamName: zTeamName,
  firstName: zPersonName("first_name_required").optional(),
  lastName: zPersonName("last_name_required").optional(),
  email: zEmail.optional(),
  phoneNumber: zPhone,
  playerCount: z.number({ error: "player_count_invalid" }).int({ error: "player_count_invalid" }).min(1, { error: "player_count_invalid" }).max(30, { error: "player_count_invalid" }).optional(),
  applicationLanguage: z.enum(["de", "en"]).optional(),
});
export type TRegisterTeamInput = z.input<typeof ZRegisterTeamInput>;

/** A business team's invoice data (spec 001 section 5): asked before payment is offered. */
export const ZInvoiceData = z
  .object({
    invoiceCompanyName: zPlainText(TOURNAMENT_TEAM.companyMax, "company_too_long", { singleLine: true }).min(1, { error: "company_required" }),
    invoiceLine1: zPlainText(TOURNAMENT_TEAM.lineMax, "street_too_long", { singleLine: true }).min(1, { error: "street_required" }),
    invoiceLine2: zPlainText(TOURNAMENT_TEAM.lineMax, "street_too_long", { singleLine: true }).nullable().default(null),
    invoicePostalCode: zPlainText(TOURNAMENT_TEAM.postalCodeMax, "postal_code_invalid", { singleLine: true }).min(1, { error: "postal_code_required" }),
    invoiceTown: zPlainText(TOURNAMENT_TEAM.townMax, "town_too_long", { singleLine: true }).min(1, { error: "town_required" }),
    invoiceCountry: z.enum(INVOICE_COUNTRIES, { error: "country_invalid" }),
    /** a separate address the invoice goes to; null: the team's e-mail */
    invoiceEmail: zEmail.nullable().default(null),
    invoiceHint: zPlainText(TOURNAMENT_TEAM.invoiceHintMax, "invoice_hint_too_long").nullable().default(null),
  });

/** GraphQL completeTournamentParticipation: the invoice fields of a registered team. */
export const ZCompleteRegistrationInput = ZInvoiceData.extend({ participationId: zId });
export type TCompleteRegistrationInput = z.input<typeof ZCompleteRegistrationInput>;

/** GraphQL updateTournamentParticipation: contact data and the player count (the count only while unpaid). */
export const ZUpdateRegistrationInput = z.object({
  participationId: zId,
  teamName: zTeamName.optional(),
  firstName: zPersonName("first_name_required").optional(),
  lastName: zPersonName("last_name_required").optional(),
  phoneNumber: zPhone.optional(),
  playerCount: z.number({ error: "player_count_invalid" }).int({ error: "player_count_invalid" }).min(1, { error: "player_count_invalid" }).max(30, { error: "player_count_invalid" }).optional(),
});
export type TUpdateRegistrationInput = z.input<typeof ZUpdateRegistrationInput>;

/** One team, by its id: cancel (deleteTournamentParticipation), pay, mark paid in cash, remind. */
export const ZParticipationIdInput = z.object({ participationId: zId });
export type TParticipationIdInput = z.input<typeof ZParticipationIdInput>;

/** How to pay a team's fee: as a game's payment (shared/schemas/participation.ts ZParticipationPayment). */
export const ZTeamPayment = z.object({
  participationId: z.number().int(),
  amountCents: z.number().int(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  /** the hosted checkout page; it returns to /tournament/{id}?returned=1&tpid={participationId}&redirect_status=… */
  checkoutUrl: z.string().nullable(),
});
export type TTeamPayment = z.infer<typeof ZTeamPayment>;


/** A team as the registering person sees it on the tournament page (spec 001 section 3 "Tournament participation"). */
export const ZMyTeam = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  teamName: z.string(),
  paymentStatus: z.enum(TOURNAMENT_PAYMENT_STATUSES),
  playerCount: z.number().int(),
  /** what the team owes (gross cents) */
  amountCents: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  ...ZTeamInvoiceFields,
  /** on the waiting list; waitingPosition counts from 1 */
  queue: z.boolean(),
  waitingPosition: z.number().int().nullable(),
  /** a business team without complete invoice data: payment is offered only after it (spec 001 section 2.10) */
  dataComplete: z.boolean(),
  /** Open, not waiting, data complete, amount above 0, tournament not over or cancelled */
  canPay: z.boolean(),
  /** the team may still cancel itself (before the start) */
  canCancel: z.boolean(),
  paidAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  /** the invoice PDF's download path once issued (business tournaments), else null */
  invoiceUrl: z.string().nullable(),
  /** the cancellation invoice's ("Stornorechnung") download path once the invoiced fee was refunded, else null */
  cancellationInvoiceUrl: z.string().nullable(),
  createdAt: z.date(),
});
export type TMyTeam = z.infer<typeof ZMyTeam>;

/** The result of registering: the team, how to pay it now (null: waiting, data missing, free), and the password rule. */
export const ZRegisterTeamResult = z.object({
  participation: ZMyTeam,
  payment: ZTeamPayment.nullable(),
  /** a new account was made for an unknown e-mail: it was signed in and mailed a link to set its password */
  accountCreated: z.boolean(),
  /** the old API's field, kept for the native wrapper: never a password, always null (tournaments README) */
  newUserPassword: z.null(),
});
export type TRegisterTeamResult = z.infer<typeof ZRegisterTeamResult>;

/** A team in the organiser's overview (spec 001 section 2.10 "Teams screen"). */
export const ZTeamOverviewRow = ZMyTeam.extend({
  /** the registering person's account (null: deleted); a chat button when set */
  user: ZPersonRef.nullable(),
  paymentReminderSentAt: z.date().nullable(),
  /** when the next payment reminder may be sent (null: now, or never because not Open) */
  reminderBlockedUntil: z.date().nullable(),
  canRemind: z.boolean(),
  canMarkPaid: z.boolean(),
});
export type TTeamOverviewRow = z.infer<typeof ZTeamOverviewRow>;

export const ZTeamsOverview = z.object({
  tournament: z.object({ id: z.number().int(), name: z.string(), business: z.boolean(), pricePerPlayer: z.boolean(), startTime: z.date() }),
  /** registrations: every team ever registered; paid: Paid or PaidExternally; unpaid: Open; cancelled: Refunded or cancelled */
  totals: z.object({ registrations: z.number().int(), paid: z.number().int(), unpaid: z.number().int(), cancelled: z.number().int(), waiting: z.number().int() }),
  teams: z.array(ZTeamOverviewRow),
});
export type TTeamsOverview = z.infer<typeof ZTeamsOverview>;

/** Channel (spec 001 sections 2.10, 3, 5, 6). */
export const ZSendChannelMessageInput = z.object({
  tournamentId: zId,
  message: zPlainText(TOURNAMENT_TEAM.channelMessageMax, "message_too_long").refine((m) => m.trim().length > 0, { error: "message_required" }),
});
export type TSendChannelMessageInput = z.input<typeof ZSendChannelMessageInput>;
export const ZMarkChannelMessageReadInput = z.object({ tournamentChannelMessageId: zId });
export type TMarkChannelMessageReadInput = z.input<typeof ZMarkChannelMessageReadInput>;
export const ZMarkChannelMessageReadResult = z.object({ ok: z.literal(true) });

export const ZChannelMessage = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  message: z.string(),
  sender: ZPersonRef.nullable(),
  createdAt: z.date(),
  /** the viewer has seen it */
  read: z.boolean(),
});
export type TChannelMessage = z.infer<typeof ZChannelMessage>;

export const ZChannel = z.object({
  tournament: z.object({ id: z.number().int(), name: z.string(), startTime: z.date() }),
  /** the organiser or an admin: the message box */
  canPost: z.boolean(),
  messages: z.array(ZChannelMessage),
});
export type TChannel = z.infer<typeof ZChannel>;
