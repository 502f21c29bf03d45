import { z } from "zod";
import {
  CANCELLATION_REASONS,
  DESCRIPTION_MAX_LENGTH,
  GAME_DEFAULTS,
  GAME_DURATIONS_MINUTES,
  GAME_GENDERS,
  GAME_LEVELS,
  GAME_MODE_MAX,
  GAME_MODE_MIN,
  GAME_TYPES,
  MAX_PLAYERS_ABOVE_TEAMS,
  MIN_PLAYERS_MIN,
  PAYMENT_STATUSES,
  PLAYER_COUNT_MAX,
  PRICE_MAX_CENTS,
  PRICE_STEP_CENTS,
  TAKES_PLACE_MIN_PLAYERS,
  TEAMS_MAX,
  TEAMS_MIN,
  TITLE_MAX_LENGTH,
  TURFS,
} from "../constants";
import { zId, zPlainText, zPushToken, zSlug, zUserAgent } from "./common";
import { PARTICIPATION_COLOURS } from "../rules/player-list";
import { PAYMENT_DISPLAY_CODES } from "../rules/payment-display";
import { ZGameWeather, ZGameWeatherAlert } from "./weather";

export const ZGameLevel = z.enum(GAME_LEVELS);
export const ZGameGender = z.enum(GAME_GENDERS);
export const ZGameType = z.enum(GAME_TYPES);
export const ZCancellationReason = z.enum(CANCELLATION_REASONS, { error: "reason_required" });
export const ZTurf = z.enum(TURFS);

export const ZCourtRef = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  imageUrl: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  turf: ZTurf.nullable(),
  indoor: z.boolean(),
  public: z.boolean(),
  regionId: z.number().int().nullable(),
});
export type TCourtRef = z.infer<typeof ZCourtRef>;

const zPriceCents = z
  .number({ error: "price_invalid" })
  .int({ error: "price_invalid" })
  .min(0, { error: "price_negative" })
  .max(PRICE_MAX_CENTS, { error: "price_too_high" })
  .refine((c) => c % PRICE_STEP_CENTS === 0, { error: "price_step" });

const zDescription = zPlainText(DESCRIPTION_MAX_LENGTH, "description_too_long");

const PLAYERS_LIMIT = TEAMS_MAX * GAME_MODE_MAX + MAX_PLAYERS_ABOVE_TEAMS;
const zPlayersNumber = z.number({ error: "min_players_required" }).int({ error: "min_players_required" }).max(PLAYERS_LIMIT);
/** A game's minimum: 2 or more (spec 000 section 5: the choices exclude 0 and 1), on create and edit. */
const zMinPlayers = zPlayersNumber.min(MIN_PLAYERS_MIN, { error: "min_players_too_low" });

/** Fields a game has, shared by create and update. Coupled rules live in shared/rules/game-form.ts. */
const gameFields = {
  title: zPlainText(TITLE_MAX_LENGTH, "title_too_long", { singleLine: true }).nullable(),
  description: zDescription,
  descriptionEn: zDescription.nullable(),
  startTime: z.date({ error: "start_time_required" }),
  durationMinutes: z
    .number({ error: "duration_invalid" })
    .int()
    .refine((d) => (GAME_DURATIONS_MINUTES as readonly number[]).includes(d), { error: "duration_invalid" }),
  courtId: zId.nullable(),
  teams: z.number().int().min(TEAMS_MIN, { error: "teams_range" }).max(TEAMS_MAX, { error: "teams_range" }),
  gameMode: z.number().int().min(GAME_MODE_MIN, { error: "game_mode_range" }).max(GAME_MODE_MAX, { error: "game_mode_range" }),
  minPlayers: zMinPlayers,
  maxPlayers: z.number().int().min(1).max(PLAYERS_LIMIT).nullable(),
  level: ZGameLevel,
  gender: ZGameGender,
  gameType: ZGameType,
  priceCents: zPriceCents,
  isManagedPayment: z.boolean(),
  instantCapture: z.boolean(),
  externalPaymentRequestsAllowed: z.boolean(),
  isOrganizationGame: z.boolean(),
};

/** Each field with its default where `defaults` names one (the default is the field's output, not checked again). */
function withDefaults<F extends Record<string, z.ZodType>, D extends { [K in keyof F]?: z.output<F[K]> }>(fields: F, defaults: D) {
  return Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, k in defaults ? s.default(defaults[k] as never) : s])) as {
    [K in keyof F]: K extends keyof D ? z.ZodDefault<F[K]> : F[K];
  };
}

/** The device that creates or edits a game follows its notifications (spec 000 section 7); "" means none. */
const deviceFields = {
  deviceToken: z.preprocess((v) => (v === "" ? null : v), zPushToken.nullable().optional()),
  userAgent: zUserAgent.nullable().optional(),
};

/**
 * A new game. Everything but the start time has the draft's default (spec 000 section 3), so a caller
 * may leave it out: the web form sends every field, the native wrapper often only a few.
 */
export const ZCreateGameInput = z.object({
  ...withDefaults(
    {
      ...gameFields,
      playsHimself: z.boolean(),
      bringsBall: z.boolean(),
      bringsBibs: z.boolean(),
    },
    { ...GAME_DEFAULTS, description: "", descriptionEn: null, courtId: null, isOrganizationGame: false },
  ),
  /**
   * the organiser's own participation: players already playing (incl. themself when playsHimself); left
   * out, GAME_DEFAULTS' 1, or for a weekly session's next game the count its template remembers
   */
  playerCount: z.number().int().min(0).max(PLAYER_COUNT_MAX).optional(),
  /** a weekly session: the game and its template (spec 000 section 7) */
  isRecurringGame: z.boolean().default(false),
  /** next week's game of a weekly session ("takes place"): the template gives every field, startTime must be its next start */
  gameTemplateId: zId.nullable().optional(),
  ...deviceFields,
});
export type TCreateGameInput = z.input<typeof ZCreateGameInput>;

export const ZUpdateGameInput = z.object({
  gameId: zId,
  ...Object.fromEntries(Object.entries(gameFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof gameFields]: z.ZodOptional<(typeof gameFields)[K]>;
  },
  /**
   * 2 or more; or 0, the native wrapper's "takes place" (spec 000 section 7: updateGame with only
   * gameId, minPlayers 0 and description), which the service records exactly like games.confirmTakesPlace.
   */
  minPlayers: zPlayersNumber
    .refine((n) => n === TAKES_PLACE_MIN_PLAYERS || n >= MIN_PLAYERS_MIN, { error: "min_players_too_low" })
    .optional(),
  /** set maxPlayers to "no limit" */
  removeMaxPlayers: z.boolean().optional(),
  /** apply to the weekly session's future games too (weekly sessions issue) */
  updateFutureGames: z.boolean().optional(),
  /** the editing device follows the game's notifications, as with createGame */
  ...deviceFields,
});
export type TUpdateGameInput = z.input<typeof ZUpdateGameInput>;

export const ZCancelGameInput = z
  .object({
    gameId: zId,
    reason: ZCancellationReason,
    message: zPlainText(500, "message_too_long").nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "OTHER_REASON" && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: "message_required" });
  });
export type TCancelGameInput = z.input<typeof ZCancelGameInput>;

export const ZGameIdInput = z.object({ gameId: zId });
/** A private game's share key (32 hex digits; server/domains/games/visibility.ts): the secret of its link /game/{id}?key=… */
export const SHARE_KEY_PATTERN = /^[0-9a-f]{32}$/;
export const ZShareKey = z.string().regex(SHARE_KEY_PATTERN);
/** games.byId: the key is needed only for a private game the viewer is not part of. */
export const ZGameByIdInput = ZGameIdInput.extend({ shareKey: ZShareKey.optional() });

export const ZGameFeedFilter = z.enum(["all", "playing", "waiting", "organising"]);
/** Games per feed page: what a phone shows first (about two days of a busy city), ~25 KB of JSON. */
export const FEED_PAGE_SIZE = 50;
export const FEED_PAGE_SIZE_MAX = 100;
/** Where the next feed page starts: the last game's start (epoch ms) and id, as "<ms>.<id>". */
export const ZGameFeedCursor = z
  .string({ error: "invalid" })
  .regex(/^\d{1,15}\.\d{1,10}$/, { error: "invalid" })
  .transform((v) => {
    const [ms, id] = v.split(".");
    return { startTime: new Date(Number(ms)), id: Number(id) };
  })
  .refine((c) => c.id <= 2_147_483_647, { error: "invalid" });
export const gameFeedCursorOf = (game: { startTime: Date; id: number }) => `${game.startTime.getTime()}.${game.id}`;
export const ZGameFeedInput = z.object({
  regionSlug: zSlug,
  courtId: zId.nullable().optional(),
  filter: ZGameFeedFilter.default("all"),
  /** null or absent: the first page; otherwise the `nextCursor` of the page before */
  cursor: ZGameFeedCursor.nullish(),
  limit: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(FEED_PAGE_SIZE_MAX, { error: "invalid" }).default(FEED_PAGE_SIZE),
});
export type TGameFeedInput = z.input<typeof ZGameFeedInput>;

/** Rounded to 7 decimals (about a centimetre in degrees): PostgreSQL's float arithmetic refuses denormals such as 5e-323. */
const rounded = (v: number) => Math.round(v * 1e7) / 1e7;

export const ZSearchGamesInput = z.object({
  latitude: z.number().min(-90).max(90).transform(rounded),
  longitude: z.number().min(-180).max(180).transform(rounded),
  startTime: z.date().optional(),
  /** kilometres */
  distance: z.number().positive().max(500).transform((v) => Math.max(rounded(v), 0.001)).default(25),
});

/** games.onCourt: the court page's upcoming games. */
export const ZGamesOnCourtInput = z.object({ courtId: zId });

export const ZPersonRef = z.object({ id: z.number().int(), firstName: z.string(), profileImageUrl: z.string().nullable() });

/** A game in a list (feed, search): no participations, one query for all. */
export const ZGameListItem = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  startTime: z.date(),
  endTime: z.date(),
  durationMinutes: z.number().int(),
  gameType: ZGameType,
  level: ZGameLevel,
  gender: ZGameGender,
  priceCents: z.number().int(),
  isManagedPayment: z.boolean(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int().nullable(),
  participantsAmount: z.number().int(),
  cancelledAt: z.date().nullable(),
  court: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable(), address: z.string().nullable() }).nullable(),
  creator: ZPersonRef,
  /** distance from the search centre in km (searchGames only) */
  distanceKm: z.number().nullable(),
  /** the cached forecast for the start hour of a game on an outdoor court (feed and game page; server/domains/weather); absent: none known */
  weather: ZGameWeather.nullable().optional(),
});
export type TGameListItem = z.infer<typeof ZGameListItem>;

export const ZGameFeed = z.object({
  region: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  /** one page, by start time then id */
  games: z.array(ZGameListItem),
  /** the `cursor` of the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type TGameFeed = z.infer<typeof ZGameFeed>;

export const ZGameParticipation = z.object({
  id: z.number().int(),
  player: ZPersonRef.extend({ reliabilityRating: z.number().int().nullable() }).nullable(),
  firstName: z.string().nullable(),
  /** guests: their profile page /guest/{id} */
  guestProfileId: z.number().int().nullable(),
  /** guests' reliability (0-100, null = unknown); only for those who may see reliability */
  guestReliabilityRating: z.number().int().nullable(),
  /** the player's participation colour (shared/rules/player-list.ts), for every viewer */
  participationColour: z.enum(PARTICIPATION_COLOURS),
  playerCount: z.number().int(),
  playsHimself: z.boolean(),
  bringsBall: z.boolean(),
  bringsBibs: z.boolean(),
  queue: z.boolean(),
  createdAt: z.date(),
  /** attendance feedback; only for those who manage the game */
  organizerReliabilityFeedback: z.enum(["CAME", "CAME_LATE", "DID_NOT_COME"]).nullable(),
  /**
   * the payment's display code (shared/rules/payment-display.ts: BO, CA, DE, PA, RE, TP, WD) for managers
   * and the player themself; null for everybody else, in games without managed payment, and without a payment
   */
  paymentCode: z.enum(PAYMENT_DISPLAY_CODES).nullable(),
  /** managers only (null for everybody else): the player's cash request, its decline and message (spec 000 section 3) */
  requestedExternalPaymentAt: z.date().nullable(),
  declinedExternalPaymentAt: z.date().nullable(),
  externalPaymentMessage: z.string().nullable(),
  /** managers only: how many of the participation's players paid (playerCount when paid, else 0; spec 000 section 3 "payed") */
  payed: z.number().int().nullable(),
  /** managers and the player themself (null for everybody else): the payment's status, reservation, free-cancellation deadline and total in cents (spec 000 section 3) */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  paymentReservationExpiresAt: z.date().nullable(),
  paymentCanCancelUntil: z.date().nullable(),
  totalPriceCents: z.number().int().nullable(),
  /** null in this list of current participations (cancelled ones are cancelledParticipations) */
  cancelledAt: z.date().nullable(),
  /** the player themself only (null for everybody else): they reported the game; they get its pushes */
  hasReported: z.boolean().nullable(),
  notificationsEnabled: z.boolean().nullable(),
});

/** Cancelled and removed participations, for the organiser's attendance list. */
export const ZCancelledParticipation = z.object({
  id: z.number().int(),
  player: ZPersonRef.nullable(),
  firstName: z.string().nullable(),
  playerCount: z.number().int(),
  cancelledAt: z.date(),
  removed: z.boolean(),
  shortNotice: z.boolean(),
  /** the payment's display code in a managed-payment game (CA, or WD when the reservation ran out); null otherwise */
  paymentCode: z.enum(PAYMENT_DISPLAY_CODES).nullable(),
});

/** The game page. */
export const ZGame = ZGameListItem.omit({ distanceKm: true }).extend({
  description: z.string(),
  descriptionEn: z.string().nullable(),
  teams: z.number().int(),
  gameMode: z.number().int(),
  instantCapture: z.boolean(),
  externalPaymentRequestsAllowed: z.boolean(),
  highestParticipantsAmountReached: z.number().int(),
  cancelledBy: ZPersonRef.nullable(),
  cancellationReason: ZCancellationReason.nullable(),
  cancellationMessage: z.string().nullable(),
  /** the organisation's fee percentage sets the managed-payment fee (spec 000 sections 3, 9; the payout calculator) */
  organization: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable(), gameApplicationFeePercentage: z.number() }).nullable(),
  court: ZCourtRef.nullable(),
  region: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  receivedOrganizerReliabilityFeedback: z.boolean(),
  /** the organiser confirmed "takes place" below the minimum (minPlayers was set to 0) */
  minPlayersConfirmedAt: z.date().nullable(),
  /** a private game's share key, for those who may share it (the link is /game/{id}?key=…); null for public games */
  shareKey: z.string().nullable(),
  /** the weekly session the game belongs to (spec 000 section 3: the gameTemplate relation) */
  gameTemplate: z.object({ id: z.number().int(), isActive: z.boolean() }).nullable(),
  /** a weekly session's new game is open only to its regulars until then (the regulars' head start); null when it holds nobody back (over, or the session has no regulars) */
  regularsOnlyUntil: z.date().nullable(),
  participations: z.array(ZGameParticipation),
  /** managers only (null for everybody else, and once the game is cancelled): the weather warning sent 3 hours before the start (server/domains/weather) */
  weatherAlert: ZGameWeatherAlert.nullable().optional(),
  /** managers only (empty for everybody else) */
  cancelledParticipations: z.array(ZCancelledParticipation),
  /** what the viewer may do; the server decides and enforces the same rules */
  viewer: z.object({
    canManage: z.boolean(),
    canSeeReliability: z.boolean(),
    isAdmin: z.boolean(),
    /** the signed-in viewer is one of the weekly session's regulars (joins during the regulars' head start) */
    isRegular: z.boolean(),
    /** the signed-in viewer's own current participation */
    participation: z
      .object({
        id: z.number().int(),
        queue: z.boolean(),
        playerCount: z.number().int(),
        playsHimself: z.boolean(),
        bringsBall: z.boolean(),
        bringsBibs: z.boolean(),
        hasReported: z.boolean(),
        paymentStatus: z.string(),
        /** the viewer's own cash request and its decline (a newer request than the decline is pending) */
        requestedExternalPaymentAt: z.date().nullable(),
        declinedExternalPaymentAt: z.date().nullable(),
        /** after a change to a managed-payment game: cancelling stays free until then (spec 000 section 5) */
        paymentCanCancelUntil: z.date().nullable(),
      })
      .nullable(),
  }),
});
export type TGame = z.infer<typeof ZGame>;

export const ZCourtSearchInput = z.object({
  regionSlug: zSlug.optional(),
  name: zPlainText(100, "invalid", { singleLine: true }).optional(),
});
export const ZCourtList = z.array(ZCourtRef);
