import { MANAGED_PRICE_MIN_CENTS, MAX_PLAYERS_ABOVE_TEAMS, MIN_PLAYERS_MIN, PLAYER_COUNT_MAX, PRICE_MAX_CENTS, PRICE_STEP_CENTS } from "../constants";

/**
 * The coupled fields of the create/edit game form (spec 000 section 5). The form calls these on
 * each change and the server runs the same checks, so both always agree.
 */

/** Durations up to 90 minutes are shown in minutes, longer ones in hours (spec 000 section 9). */
export const DURATION_IN_MINUTES_UP_TO = 90;

export type GameFormValues = {
  teams: number;
  gameMode: number;
  minPlayers: number;
  maxPlayers: number | null;
  playerCount: number;
  playsHimself: boolean;
  minPlayersCustomised: boolean;
  priceCents: number;
  isManagedPayment: boolean;
};

/** maxPlayers rises to minPlayers, then playerCount falls to maxPlayers (null = no limit). */
function settle(v: GameFormValues): GameFormValues {
  const maxPlayers = v.maxPlayers !== null && v.maxPlayers < v.minPlayers ? v.minPlayers : v.maxPlayers;
  const playerCount = maxPlayers !== null && v.playerCount > maxPlayers ? maxPlayers : v.playerCount;
  return { ...v, maxPlayers, playerCount };
}

/**
 * Teams or game mode changed: minPlayers becomes teams x gameMode unless the user chose it
 * (never below MIN_PLAYERS_MIN, so 1 team of 1 gives 2), then maxPlayers is raised to
 * minPlayers if below it, then playerCount lowered to maxPlayers if above it.
 */
export function applyTeamsOrMode(v: GameFormValues, change: { teams?: number; gameMode?: number }): GameFormValues {
  const teams = change.teams ?? v.teams;
  const gameMode = change.gameMode ?? v.gameMode;
  const minPlayers = v.minPlayersCustomised ? v.minPlayers : Math.max(teams * gameMode, MIN_PLAYERS_MIN);
  return settle({ ...v, teams, gameMode, minPlayers });
}

/** The user chose a minimum: it is now customised (teams/mode no longer move it); maxPlayers rises to it if below. */
export function applyMinPlayers(v: GameFormValues, min: number): GameFormValues {
  return settle({ ...v, minPlayers: min, minPlayersCustomised: true });
}

/**
 * The user chose a maximum (null = no limit): a minimum above it is lowered to match (spec 000
 * section 5 "Lowering maxPlayers below minPlayers lowers minPlayers to match"), but never below
 * MIN_PLAYERS_MIN (a maximum of 1 then rises to 2), and playerCount is lowered to it if above.
 */
export function applyMaxPlayers(v: GameFormValues, max: number | null): GameFormValues {
  const minPlayers = max !== null && max < v.minPlayers ? Math.max(max, MIN_PLAYERS_MIN) : v.minPlayers;
  return settle({ ...v, maxPlayers: max, minPlayers });
}

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Max-players choices besides "no limit": teams x gameMode up to 100 more. */
export function maxPlayersOptions(teams: number, gameMode: number): number[] {
  const base = teams * gameMode;
  return range(base, base + MAX_PLAYERS_ABOVE_TEAMS);
}

/** Min-players choices: 2 up to the largest max-players choice (0 and 1 are never offered). */
export function minPlayersOptions(teams: number, gameMode: number): number[] {
  return range(MIN_PLAYERS_MIN, teams * gameMode + MAX_PLAYERS_ABOVE_TEAMS);
}

/** Player count choices: 0 "no players" (not for organisers), 1 "only me", up to 100. */
export function playerCountOptions(isOrganiser: boolean): number[] {
  return range(isOrganiser ? 1 : 0, PLAYER_COUNT_MAX);
}

/** On blur the price is rounded to the nearest 0.50 euro (half up: 0.25 -> 0.50) and clamped to 0..100 euro. NaN -> 0. */
export function roundPriceToStep(cents: number): number {
  if (Number.isNaN(cents)) return 0;
  const rounded = Math.floor(cents / PRICE_STEP_CENTS + 0.5) * PRICE_STEP_CENTS;
  return Math.min(PRICE_MAX_CENTS, Math.max(0, rounded));
}

/**
 * A typed euro amount in cents: '5', '5,5', '5.50', '5,50 €', '€5', ',5', '5,' and a leading minus
 * (so the form can say "must not be negative"). Comma or point as decimal separator, at most two
 * decimals, no thousands separators (the cap is 100 euro). Anything else is null.
 */
export function euroInputToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^€\s*/, "").replace(/\s*€$/, "");
  const match = /^(-?)(\d*)(?:[.,](\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign = "", euros = "", decimals] = match;
  if (euros === "" && !decimals) return null;
  const cents = Number(euros || "0") * 100 + Number((decimals ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

export type PriceProblem = "price_negative" | "price_too_high" | "price_step" | "MANAGED_PRICE_TOO_LOW";

/** Why a price is not accepted, or null. The lower-case codes match the zod messages of shared/schemas/games.ts. */
export function priceProblem(priceCents: number, isManagedPayment: boolean): PriceProblem | null {
  if (priceCents < 0) return "price_negative";
  if (priceCents > PRICE_MAX_CENTS) return "price_too_high";
  if (!Number.isInteger(priceCents) || priceCents % PRICE_STEP_CENTS !== 0) return "price_step";
  if (isManagedPayment && priceCents < MANAGED_PRICE_MIN_CENTS) return "MANAGED_PRICE_TOO_LOW";
  return null;
}

export type CreateGameReadiness = {
  descriptionValid: boolean;
  startTime: Date | null;
  minPlayers: number | null;
  courtChosen: boolean;
  maxPlayers: number | null;
  playerCount: number;
  isManagedPayment: boolean;
  priceCents: number;
  notificationsDenied: boolean;
  wantsNotifications: boolean;
};

/**
 * "Create game" is enabled only if (spec 000 section 5): the description is valid, a start time,
 * a minimum and a court are set, notifications are not denied while wanted, maxPlayers is not
 * below playerCount, and the price is acceptable (with managed payment at least 2.50 euro).
 * Start-time limits need "now" and are checked with startTimeProblem.
 */
export function canCreateGame(input: CreateGameReadiness): boolean {
  return (
    input.descriptionValid &&
    input.startTime !== null &&
    input.minPlayers !== null &&
    input.courtChosen &&
    !(input.wantsNotifications && input.notificationsDenied) &&
    !(input.maxPlayers !== null && input.maxPlayers < input.playerCount) &&
    priceProblem(input.priceCents, input.isManagedPayment) === null
  );
}

/**
 * The unit a duration is shown in: up to 90 minutes in minutes, longer in hours (150 -> 2.5 hours).
 * Only the number and unit; the client's `formatDuration` turns them into localised text.
 */
export function durationParts(minutes: number): { value: number; unit: "minutes" | "hours" } {
  return minutes <= DURATION_IN_MINUTES_UP_TO ? { value: minutes, unit: "minutes" } : { value: minutes / 60, unit: "hours" };
}
