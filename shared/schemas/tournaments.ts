import { z } from "zod";
import { DESCRIPTION_MAX_LENGTH, GAME_MODE_MAX, GAME_MODE_MIN } from "../constants";
import { zId, zPlainText, zSlug } from "./common";
import { ZCourtRef, ZPersonRef } from "./games";

/**
 * Tournaments (spec 001 sections 2.10, 3, 5, 9; issue 25). Limits the spec does not give are ours
 * (server/domains/tournaments/README.md "Tournament limits").
 */
export const TOURNAMENT = {
  nameMax: 100,
  /** descriptions like a game's; rules, cancellation policy and terms are longer legal texts */
  descriptionMax: DESCRIPTION_MAX_LENGTH,
  legalTextMax: 10_000,
  locationNameMax: 100,
  urlMax: 2000,
  maxTeamsMin: 2,
  maxTeamsMax: 128,
  /** players per team: from the game mode (a team's size on the pitch) up to 30; default 15 (spec 001 section 9) */
  maxPlayersDefault: 15,
  maxPlayersMax: 30,
  /** per team or per player, integer cents */
  priceMaxCents: 100_000,
  /** a tournament lasts at most this long (end minus start) */
  maxDurationHours: 72,
  /** and starts at most this far ahead */
  maxDaysAhead: 730,
  /** business tournaments: the price includes 19 % VAT (spec 001 sections 2.10, 9) */
  vatPercent: 19,
} as const;

/** A team's payment (spec 001 sections 3, 4): paid means Paid or PaidExternally (cash, marked by the organiser). */
export const TOURNAMENT_PAYMENT_STATUSES = ["Open", "Paid", "PaidExternally", "Refunded"] as const;
export type TournamentPaymentStatus = (typeof TOURNAMENT_PAYMENT_STATUSES)[number];
/** Invoice countries (spec 001 sections 5, 9). */
export const INVOICE_COUNTRIES = ["DE", "AT"] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An optional link people follow (sign-up, plan, group): http(s) only, one line; "" means none. */
const zLink = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ error: "url_invalid" })
    .trim()
    .max(TOURNAMENT.urlMax, { error: "url_invalid" })
    .regex(/^[^\s\u0000-\u001f\u007f-\u009f]+$/, { error: "url_invalid" })
    .pipe(z.url({ protocol: /^https?$/, error: "url_invalid" }))
    .nullable(),
);

const zDescription = zPlainText(TOURNAMENT.descriptionMax, "description_too_long");
const zLegalText = zPlainText(TOURNAMENT.legalTextMax, "tournament_text_too_long");

/** The fields of a tournament, shared by create and update. */
const tournamentFields = {
  name: zPlainText(TOURNAMENT.nameMax, "tournament_name_too_long", { singleLine: true }).min(1, { error: "tournament_name_required" }),
  description: zDescription,
  descriptionEn: zDescription.nullable(),
  rules: zLegalText,
  rulesEn: zLegalText.nullable(),
  cancellationPolicy: zLegalText,
  cancellationPolicyEn: zLegalText.nullable(),
  termsOfParticipation: zLegalText,
  termsOfParticipationEn: zLegalText.nullable(),
  startTime: z.date({ error: "start_time_required" }),
  endTime: z.date({ error: "end_time_required" }),
  /** a court from the list, or a place by name (at least one of them) */
  courtId: zId.nullable(),
  locationName: zPlainText(TOURNAMENT.locationNameMax, "location_name_too_long", { singleLine: true }).nullable(),
  /** the feed the tournament is listed in; left out: the court's region, else the organiser's */
  regionId: zId.nullable(),
  maxTeams: z
    .number({ error: "max_teams_range" })
    .int({ error: "max_teams_range" })
    .min(TOURNAMENT.maxTeamsMin, { error: "max_teams_range" })
    .max(TOURNAMENT.maxTeamsMax, { error: "max_teams_range" }),
  /** players per team on the pitch, as a game's mode */
  gameMode: z.number({ error: "game_mode_range" }).int({ error: "game_mode_range" }).min(GAME_MODE_MIN, { error: "game_mode_range" }).max(GAME_MODE_MAX, { error: "game_mode_range" }),
  maxPlayers: z
    .number({ error: "max_players_range" })
    .int({ error: "max_players_range" })
    .min(GAME_MODE_MIN, { error: "max_players_range" })
    .max(TOURNAMENT.maxPlayersMax, { error: "max_players_range" }),
  participationPriceCents: z
    .number({ error: "price_invalid" })
    .int({ error: "price_invalid" })
    .min(0, { error: "price_negative" })
    .max(TOURNAMENT.priceMaxCents, { error: "tournament_price_too_high" }),
  /** the price is per player (a team pays it times its player count), else per team */
  pricePerPlayer: z.boolean(),
  /** 19 % VAT included, teams give invoice data and get an invoice */
  business: z.boolean(),
  signupUrl: zLink,
  planUrl: zLink,
  whatsappGroupUrl: zLink,
  /** the single-player game people without a team can join */
  singlePlayerGameId: zId.nullable(),
};

type ShapeFields = {
  startTime: Date;
  endTime: Date;
  gameMode: number;
  maxPlayers: number;
  courtId: number | null;
  locationName: string | null;
};
type ShapeIssue = { path: keyof ShapeFields; code: string };

/**
 * Rules that couple fields: the end after the start and at most 72 hours later, a team's maximum at least its
 * game mode, a court or a place's name. The create form and input check them; the service checks them again on the
 * merged values of an update.
 */
export function tournamentShapeIssues(v: ShapeFields): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  const end = endTimeProblem(v.startTime, v.endTime);
  if (end) issues.push({ path: "endTime", code: end });
  const maxPlayers = maxPlayersProblem(v.gameMode, v.maxPlayers);
  if (maxPlayers) issues.push({ path: "maxPlayers", code: maxPlayers });
  const place = placeProblem(v.courtId, v.locationName);
  if (place) issues.push({ path: "locationName", code: place });
  return issues;
}

function endTimeProblem(start: Date, end: Date): string | null {
  if (end.getTime() <= start.getTime()) return "end_before_start";
  if (end.getTime() - start.getTime() > TOURNAMENT.maxDurationHours * HOUR_MS) return "tournament_too_long";
  return null;
}

/** A team needs at least the players of one side on the pitch. */
function maxPlayersProblem(gameMode: number, maxPlayers: number): string | null {
  if (maxPlayers < gameMode) return "max_players_below_game_mode";
  return null;
}

function placeProblem(courtId: number | null, locationName: string | null): string | null {
  if (courtId === null && !locationName) return "tournament_place_required";
  return null;
}

/** The start must lie ahead, at most two years (server refuses with these codes; the form shows them before). */
export function tournamentStartProblem(start: Date, now: Date): "TOURNAMENT_IN_PAST" | "TOURNAMENT_TOO_FAR_AHEAD" | null {
  if (start.getTime() <= now.getTime()) return "TOURNAMENT_IN_PAST";
  if (start.getTime() - now.getTime() > TOURNAMENT.maxDaysAhead * DAY_MS) return "TOURNAMENT_TOO_FAR_AHEAD";
  return null;
}

const TOURNAMENT_DEFAULTS = {
  description: "",
  descriptionEn: null,
  rules: "",
  rulesEn: null,
  cancellationPolicy: "",
  cancellationPolicyEn: null,
  termsOfParticipation: "",
  termsOfParticipationEn: null,
  courtId: null,
  locationName: null,
  regionId: null,
  gameMode: 5,
  maxPlayers: TOURNAMENT.maxPlayersDefault,
  participationPriceCents: 0,
  pricePerPlayer: false,
  business: false,
  signupUrl: null,
  planUrl: null,
  whatsappGroupUrl: null,
  singlePlayerGameId: null,
} as const;

/** A new tournament (unpublished until `publish`): name, start, end and maxTeams are needed, everything else has a default. */
export const ZCreateTournamentInput = z
  .object(
    Object.fromEntries(
      Object.entries(tournamentFields).map(([k, s]) => [k, k in TOURNAMENT_DEFAULTS ? (s as z.ZodType).default(TOURNAMENT_DEFAULTS[k as keyof typeof TOURNAMENT_DEFAULTS] as never) : s]),
    ) as {
      [K in keyof typeof tournamentFields]: K extends keyof typeof TOURNAMENT_DEFAULTS ? z.ZodDefault<(typeof tournamentFields)[K]> : (typeof tournamentFields)[K];
    },
  )
  .superRefine((v, ctx) => {
    for (const issue of tournamentShapeIssues(v)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.code });
  });
export type TCreateTournamentInput = z.input<typeof ZCreateTournamentInput>;

/** An edit: the fields that change; the service checks the coupled rules on the result. */
export const ZUpdateTournamentInput = z.object({
  tournamentId: zId,
  ...(Object.fromEntries(Object.entries(tournamentFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof tournamentFields]: z.ZodOptional<(typeof tournamentFields)[K]>;
  }),
});
export type TUpdateTournamentInput = z.input<typeof ZUpdateTournamentInput>;

export const ZTournamentIdInput = z.object({ tournamentId: zId });
export type TTournamentIdInput = z.input<typeof ZTournamentIdInput>;

/** The region's upcoming tournaments, by its id (the native wrapper) or its slug (the web feed). */
export const ZUpcomingTournamentsInput = z
  .object({ regionId: zId.optional(), regionSlug: zSlug.optional() })
  .refine((v) => v.regionId !== undefined || v.regionSlug !== undefined, { error: "region_required", path: ["regionId"] });
export type TUpcomingTournamentsInput = z.input<typeof ZUpcomingTournamentsInput>;

const ZRegionSummary = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

/** A tournament in a list (/tournaments, the feed's tab). */
export const ZTournamentListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.date(),
  endTime: z.date(),
  locationName: z.string().nullable(),
  court: ZCourtRef.nullable(),
  region: ZRegionSummary,
  gameMode: z.number().int(),
  maxTeams: z.number().int(),
  maxPlayers: z.number().int(),
  /** teams registered and not on the waiting list (cancelled and refunded ones do not count) */
  teamAmount: z.number().int(),
  /** teamAmount at or above maxTeams: a new team goes on the waiting list (spec 001 section 2.10) */
  full: z.boolean(),
  participationPriceCents: z.number().int(),
  pricePerPlayer: z.boolean(),
  business: z.boolean(),
  /** the VAT included in the price (19 for business tournaments), null when none is shown */
  vatPercentIncluded: z.number().int().nullable(),
  organizer: ZPersonRef,
  publishedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
});
export type TTournamentListItem = z.infer<typeof ZTournamentListItem>;

/** The tournament page. */
export const ZTournament = ZTournamentListItem.extend({
  description: z.string(),
  descriptionEn: z.string().nullable(),
  rules: z.string(),
  rulesEn: z.string().nullable(),
  cancellationPolicy: z.string(),
  cancellationPolicyEn: z.string().nullable(),
  termsOfParticipation: z.string(),
  termsOfParticipationEn: z.string().nullable(),
  signupUrl: z.string().nullable(),
  planUrl: z.string().nullable(),
  /** a plan generated in the app (server/domains/tournaments/plan.ts), shown at /tournament/{id}/plan when there is no planUrl */
  hasPlan: z.boolean(),
  whatsappGroupUrl: z.string().nullable(),
  singlePlayerGame: z.object({ id: z.number().int(), startTime: z.date() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** what the viewer may do; the server enforces the same */
  viewer: z.object({
    /** the organiser or an admin: edit, publish, cancel, and (later) the teams overview and the channel */
    canManage: z.boolean(),
  }),
});
export type TTournament = z.infer<typeof ZTournament>;

export const ZTournamentList = z.array(ZTournamentListItem);

/** A team's invoice data as answered (null until given; spec 001 section 3). */
export const ZTeamInvoiceFields = {
  invoiceCompanyName: z.string().nullable(),
  invoiceLine1: z.string().nullable(),
  invoiceLine2: z.string().nullable(),
  invoicePostalCode: z.string().nullable(),
  invoiceTown: z.string().nullable(),
  invoiceCountry: z.enum(INVOICE_COUNTRIES).nullable(),
  invoiceEmail: z.string().nullable(),
  invoiceHint: z.string().nullable(),
};

/** A registered team as its organiser sees it (spec 001 section 3 "Tournament participation"). */
export const ZTournamentParticipation = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  teamName: z.string(),
  user: z.object({ id: z.number().int() }).nullable(),
  paymentStatus: z.enum(TOURNAMENT_PAYMENT_STATUSES),
  playerCount: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  paymentReminderSentAt: z.date().nullable(),
  ...ZTeamInvoiceFields,
  /** on the waiting list */
  queue: z.boolean(),
  cancelledAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TTournamentParticipation = z.infer<typeof ZTournamentParticipation>;

