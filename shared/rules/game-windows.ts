import {
  AUTO_CANCEL_BEFORE_START_MINUTES,
  CANCEL_BLOCKED_BEFORE_START_MINUTES,
  EDIT_BLOCKED_BEFORE_START_MINUTES,
  GAME_MAX_MONTHS_AHEAD,
  MANAGED_PAYMENT_MAX_DAYS_AHEAD,
  MIN_PLAYERS_WARNING_HOURS,
  MISSING_PLAYERS_TIP_THRESHOLD,
  MISSING_PLAYERS_TIP_WITHIN_HOURS,
  MORNING_HINT_BEFORE_HOUR,
  NIGHT_HINT_BEFORE_HOUR,
  START_MINUTE_STEP,
  TAKES_PLACE_PROMPT_HOURS,
} from "../constants";
import { addBerlinMonths, berlinParts } from "./berlin-calendar";

/**
 * Time windows of a game (spec 000 sections 4, 5, 9). Every window is half-open: a phase that
 * starts "N before start" begins at exactly start - N, to the millisecond.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const before = (start: Date, ms: number) => new Date(start.getTime() - ms);

export function gameEndTime(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + durationMinutes * MINUTE_MS);
}

/**
 * Edits are blocked for past games and games starting within 30 minutes (spec 000 section 4).
 * Exactly 30 minutes before the start the game starts "within 30 minutes", so editing is allowed
 * only while now < start - 30 min.
 */
export function canEditGame(start: Date, now: Date): boolean {
  return now.getTime() < start.getTime() - EDIT_BLOCKED_BEFORE_START_MINUTES * MINUTE_MS;
}

export type CancelGameCheck = "ok" | "shortNotice" | "started";

/**
 * Cancelling is blocked within 1 hour before the start ('shortNotice', from exactly start - 60 min)
 * and during or after the game ('started', from exactly the start) (spec 000 section 4).
 */
export function canCancelGame(start: Date, now: Date): CancelGameCheck {
  if (now.getTime() >= start.getTime()) return "started";
  if (now.getTime() >= start.getTime() - CANCEL_BLOCKED_BEFORE_START_MINUTES * MINUTE_MS) return "shortNotice";
  return "ok";
}

/** The game is cancelled automatically at this time if the minimum is not reached. */
export function autoCancelAt(start: Date): Date {
  return before(start, AUTO_CANCEL_BEFORE_START_MINUTES * MINUTE_MS);
}

/** From here the organiser is warned that the minimum is not reached. */
export function minPlayersWarningAt(start: Date): Date {
  return before(start, MIN_PLAYERS_WARNING_HOURS * HOUR_MS);
}

/** From here the organiser is asked whether the game takes place. */
export function takesPlacePromptAt(start: Date): Date {
  return before(start, TAKES_PLACE_PROMPT_HOURS * HOUR_MS);
}

export type MinPlayersPhase = "none" | "warning" | "takesPlacePrompt" | "tooLate";

/**
 * Which minimum-players notice applies now, for a game below its minimum (spec 000 section 4):
 * warning in [start-8h, start-3h), prompt in [start-3h, start-1h), and from the auto-cancel time on
 * it is too late to decide.
 */
export function minPlayersPhase(start: Date, now: Date): MinPlayersPhase {
  const t = now.getTime();
  if (t >= autoCancelAt(start).getTime()) return "tooLate";
  if (t >= takesPlacePromptAt(start).getTime()) return "takesPlacePrompt";
  if (t >= minPlayersWarningAt(start).getTime()) return "warning";
  return "none";
}

export type StartTimeProblem = "GAME_IN_PAST" | "START_TIME_STEP" | "GAME_TOO_FAR_AHEAD" | "MANAGED_PAYMENT_TOO_FAR_AHEAD";

/**
 * Why a start time cannot be chosen, or null (spec 000 section 5). Checked in this order:
 * - GAME_IN_PAST: start <= now (a game starting this very millisecond has already started).
 * - START_TIME_STEP: Berlin minutes not a multiple of 5, or any seconds/milliseconds.
 * - MANAGED_PAYMENT_TOO_FAR_AHEAD: managed payment and more than 6 x 24 h ahead; checked before the
 *   two-month limit because it is the stricter one and so the message that helps.
 * - GAME_TOO_FAR_AHEAD: later than the same Berlin wall time 2 calendar months on (end of month clamped).
 * The limits themselves are allowed (exactly 6 x 24 h, exactly 2 months).
 */
export function startTimeProblem(start: Date, now: Date, opts: { isManagedPayment: boolean }): StartTimeProblem | null {
  const s = start.getTime();
  if (s <= now.getTime()) return "GAME_IN_PAST";
  if (berlinParts(start).minute % START_MINUTE_STEP !== 0 || s % MINUTE_MS !== 0) return "START_TIME_STEP";
  if (opts.isManagedPayment && s - now.getTime() > MANAGED_PAYMENT_MAX_DAYS_AHEAD * DAY_MS) return "MANAGED_PAYMENT_TOO_FAR_AHEAD";
  if (s > addBerlinMonths(now, GAME_MAX_MONTHS_AHEAD).getTime()) return "GAME_TOO_FAR_AHEAD";
  return null;
}

/** Hint next to the start time picker: before 08:00 Berlin "night", 08:00 to 10:59 "morning". */
export function startTimeHint(start: Date): "night" | "morning" | null {
  const { hour } = berlinParts(start);
  if (hour < NIGHT_HINT_BEFORE_HOUR) return "night";
  if (hour < MORNING_HINT_BEFORE_HOUR) return "morning";
  return null;
}

/**
 * The "missing players" tip: more than 4 players short and the start within the next 24 hours
 * (exactly 24 h before counts as within); never once the game has started.
 */
export function isMissingPlayersTipShown(start: Date, now: Date, minPlayers: number, playersIn: number): boolean {
  const untilStart = start.getTime() - now.getTime();
  return (
    minPlayers - playersIn > MISSING_PLAYERS_TIP_THRESHOLD &&
    untilStart > 0 &&
    untilStart <= MISSING_PLAYERS_TIP_WITHIN_HOURS * HOUR_MS
  );
}
