import { DESCRIPTION_MAX_LENGTH, GAME_DEFAULTS, TITLE_MAX_LENGTH, type Language } from "@shared/constants";
import { canCreateGame, euroInputToCents, priceProblem, type GameFormValues } from "@shared/rules/game-form";
import { startTimeProblem } from "@shared/rules/game-windows";
import { formatMoney } from "@shared/rules/money";
import type { TCourtRef, TCreateGameInput, TGame, TUpdateGameInput } from "@shared/schemas/games";
import { partsOf, startInstant } from "./start-time-options";

type Level = TGame["level"];
type Gender = TGame["gender"];
type GameType = TGame["gameType"];
export type FormCourt = Pick<TCourtRef, "id" | "name" | "address" | "imageUrl" | "turf" | "indoor" | "public">;

/** Everything the create and edit-details forms hold. Price is kept as typed text until blur. */
export type GameFormState = GameFormValues & {
  day: string | null;
  hour: number | null;
  minute: number | null;
  durationMinutes: number;
  court: FormCourt | null;
  priceText: string;
  level: Level;
  gender: Gender;
  gameType: GameType;
  title: string;
  description: string;
  descriptionEn: string;
  isOrganizationGame: boolean;
  instantCapture: boolean;
  externalPaymentRequestsAllowed: boolean;
  bringsBall: boolean;
  bringsBibs: boolean;
  /** create only: a weekly session, the game and its template (spec 000 section 7, isRecurringGame) */
  isRecurringGame: boolean;
};

/** "5,50" for 550 cents in German, "5.50" in English; empty for 0 so the field shows its hint. */
export function priceTextOf(cents: number, locale: Language): string {
  return cents === 0 ? "" : formatMoney(cents, locale, "plain");
}

/** The defaults of spec 000 section 3 (Game draft); organisation games default on for organisation users. */
export function initialCreateState(options: { day: string; hasOrganization: boolean; court: FormCourt | null }): GameFormState {
  return {
    teams: GAME_DEFAULTS.teams,
    gameMode: GAME_DEFAULTS.gameMode,
    minPlayers: GAME_DEFAULTS.minPlayers,
    maxPlayers: GAME_DEFAULTS.maxPlayers,
    playerCount: GAME_DEFAULTS.playerCount,
    playsHimself: GAME_DEFAULTS.playsHimself,
    minPlayersCustomised: false,
    priceCents: GAME_DEFAULTS.priceCents,
    isManagedPayment: GAME_DEFAULTS.isManagedPayment,
    day: options.day,
    hour: null,
    minute: null,
    durationMinutes: GAME_DEFAULTS.durationMinutes,
    court: options.court,
    priceText: "",
    level: GAME_DEFAULTS.level,
    gender: GAME_DEFAULTS.gender,
    gameType: GAME_DEFAULTS.gameType,
    title: "",
    description: "",
    descriptionEn: "",
    isOrganizationGame: options.hasOrganization,
    instantCapture: GAME_DEFAULTS.instantCapture,
    externalPaymentRequestsAllowed: GAME_DEFAULTS.externalPaymentRequestsAllowed,
    bringsBall: GAME_DEFAULTS.bringsBall,
    bringsBibs: GAME_DEFAULTS.bringsBibs,
    isRecurringGame: false,
  };
}

/** The edit-details form starts from the game as it is. */
export function initialEditState(game: TGame, locale: Language): GameFormState {
  const { day, hour, minute } = partsOf(game.startTime);
  return {
    teams: game.teams,
    gameMode: game.gameMode,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    playerCount: game.participantsAmount,
    playsHimself: true,
    // The organiser's minimum is kept when teams or mode change.
    minPlayersCustomised: true,
    priceCents: game.priceCents,
    isManagedPayment: game.isManagedPayment,
    day,
    hour,
    minute,
    durationMinutes: game.durationMinutes,
    court: game.court,
    priceText: priceTextOf(game.priceCents, locale),
    level: game.level,
    gender: game.gender,
    gameType: game.gameType,
    title: game.title ?? "",
    description: game.description,
    descriptionEn: game.descriptionEn ?? "",
    isOrganizationGame: game.organization !== null,
    instantCapture: game.instantCapture,
    externalPaymentRequestsAllowed: game.externalPaymentRequestsAllowed,
    bringsBall: false,
    bringsBibs: false,
    isRecurringGame: false,
  };
}

export function startOf(state: GameFormState): Date | null {
  return startInstant(state.day, state.hour, state.minute);
}

/** The typed price in cents, or null when it is not a number. */
export function typedPriceCents(state: Pick<GameFormState, "priceText">): number | null {
  return state.priceText.trim() === "" ? 0 : euroInputToCents(state.priceText);
}

/**
 * The price field's problem as a message key: `validation_<code>` for the schema codes,
 * `error_MANAGED_PRICE_TOO_LOW` for the managed-payment minimum.
 */
export function priceErrorKey(state: Pick<GameFormState, "priceText" | "isManagedPayment">): string | null {
  const cents = typedPriceCents(state);
  if (cents === null) return "validation_price_invalid";
  const problem = priceProblem(cents, state.isManagedPayment);
  if (problem === null) return null;
  return problem === "MANAGED_PRICE_TOO_LOW" ? "error_MANAGED_PRICE_TOO_LOW" : `validation_${problem}`;
}

export function descriptionErrorKey(text: string): string | null {
  return text.trim().length > DESCRIPTION_MAX_LENGTH ? "validation_description_too_long" : null;
}

export function titleErrorKey(text: string): string | null {
  return text.trim().length > TITLE_MAX_LENGTH ? "validation_title_too_long" : null;
}

/** The start time's problem as `error_<CODE>` (the same codes the server sends), or null. */
export function startErrorKey(state: GameFormState, now: Date): string | null {
  const start = startOf(state);
  if (!start) return null;
  const problem = startTimeProblem(start, now, { isManagedPayment: state.isManagedPayment });
  return problem ? `error_${problem}` : null;
}

/**
 * Create is enabled per spec 000 section 5 (and only with a start time the server will take);
 * `notifications`: the organiser wants them on this device, and whether the permission is blocked.
 */
export function canSubmitCreate(state: GameFormState, now: Date, notifications = { wanted: false, denied: false }): boolean {
  const priceCents = typedPriceCents(state);
  return (
    priceCents !== null &&
    titleErrorKey(state.title) === null &&
    startErrorKey(state, now) === null &&
    descriptionErrorKey(state.descriptionEn) === null &&
    canCreateGame({
      descriptionValid: descriptionErrorKey(state.description) === null,
      startTime: startOf(state),
      minPlayers: state.minPlayers,
      courtChosen: state.court !== null,
      maxPlayers: state.maxPlayers,
      playerCount: state.playerCount,
      isManagedPayment: state.isManagedPayment,
      priceCents,
      notificationsDenied: notifications.denied,
      wantsNotifications: notifications.wanted,
    })
  );
}

/**
 * The edit-details save is disabled if the description is invalid, the price is not a number or
 * negative, or managed payment is set without the right to it (spec 000 section 5).
 */
export function canSubmitEdit(state: GameFormState, options: { mayUseManagedPayment: boolean }): boolean {
  const priceCents = typedPriceCents(state);
  return (
    descriptionErrorKey(state.description) === null &&
    descriptionErrorKey(state.descriptionEn) === null &&
    titleErrorKey(state.title) === null &&
    priceCents !== null &&
    priceCents >= 0 &&
    !(state.isManagedPayment && !options.mayUseManagedPayment) &&
    startOf(state) !== null
  );
}

const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** `deviceToken`: this device's push token when the organiser wants notifications (spec 000 section 7). */
export function createPayload(state: GameFormState, options: { canSetTitle: boolean; deviceToken?: string | null }): TCreateGameInput {
  const start = startOf(state);
  if (!start || !state.court) throw new Error("createPayload: start time and court are required");
  return {
    title: options.canSetTitle ? textOrNull(state.title) : null,
    description: state.description.trim(),
    descriptionEn: textOrNull(state.descriptionEn),
    startTime: start,
    durationMinutes: state.durationMinutes,
    courtId: state.court.id,
    teams: state.teams,
    gameMode: state.gameMode,
    minPlayers: state.minPlayers,
    maxPlayers: state.maxPlayers,
    level: state.level,
    gender: state.gender,
    gameType: state.gameType,
    priceCents: typedPriceCents(state) ?? 0,
    isManagedPayment: state.isManagedPayment,
    instantCapture: state.isManagedPayment && state.instantCapture,
    externalPaymentRequestsAllowed: state.isManagedPayment && state.externalPaymentRequestsAllowed,
    isOrganizationGame: state.isOrganizationGame,
    playerCount: state.playerCount,
    playsHimself: state.playsHimself,
    bringsBall: state.bringsBall,
    bringsBibs: state.bringsBibs,
    isRecurringGame: state.isRecurringGame,
    deviceToken: options.deviceToken ?? null,
    userAgent: typeof navigator === "undefined" ? null : navigator.userAgent.slice(0, 1000),
  };
}

/** Only what changed, so the server's edit rules see the real change. */
export function updatePayload(game: TGame, state: GameFormState, options: { canSetTitle: boolean }): TUpdateGameInput {
  const payload: TUpdateGameInput = { gameId: game.id };
  const start = startOf(state);
  if (start && start.getTime() !== game.startTime.getTime()) payload.startTime = start;
  if (state.durationMinutes !== game.durationMinutes) payload.durationMinutes = state.durationMinutes;
  if (state.teams !== game.teams) payload.teams = state.teams;
  if (state.gameMode !== game.gameMode) payload.gameMode = state.gameMode;
  if (state.minPlayers !== game.minPlayers) payload.minPlayers = state.minPlayers;
  if (state.maxPlayers !== game.maxPlayers) {
    if (state.maxPlayers === null) payload.removeMaxPlayers = true;
    else payload.maxPlayers = state.maxPlayers;
  }
  if (state.level !== game.level) payload.level = state.level;
  if (state.gender !== game.gender) payload.gender = state.gender;
  const priceCents = typedPriceCents(state) ?? game.priceCents;
  if (priceCents !== game.priceCents) payload.priceCents = priceCents;
  if (state.isManagedPayment !== game.isManagedPayment) payload.isManagedPayment = state.isManagedPayment;
  const instantCapture = state.isManagedPayment && state.instantCapture;
  if (instantCapture !== game.instantCapture) payload.instantCapture = instantCapture;
  const external = state.isManagedPayment && state.externalPaymentRequestsAllowed;
  if (external !== game.externalPaymentRequestsAllowed) payload.externalPaymentRequestsAllowed = external;
  if (state.description.trim() !== game.description) payload.description = state.description.trim();
  const descriptionEn = textOrNull(state.descriptionEn);
  if (descriptionEn !== game.descriptionEn) payload.descriptionEn = descriptionEn;
  if (options.canSetTitle) {
    const title = textOrNull(state.title);
    if (title !== game.title) payload.title = title;
  }
  return payload;
}

/** True when the update would change nothing. */
export function isEmptyUpdate(payload: TUpdateGameInput): boolean {
  return Object.keys(payload).every((key) => key === "gameId");
}
