/**
 * Changes to a managed-payment game that players paid for under other conditions (spec 000 section 5
 * "Warnings on managed-payment changes", section 9 "Change notice: 24 hours free cancellation"). The
 * edit form warns before saving such a change and the server gives every affected player free
 * cancellation for 24 hours; both ask this one function.
 */

/** Game mode up by more than 2 per team, minimum players up by more than 4 (spec 000 section 5). */
export const MANAGED_CHANGE_GAME_MODE_LIMIT = 2;
export const MANAGED_CHANGE_MIN_PLAYERS_LIMIT = 4;
/** "Change notice: 24 hours free cancellation" (spec 000 section 9). */
export const MANAGED_CHANGE_FREE_CANCEL_HOURS = 24;

/** The fields of a game a warned change can touch. */
export type ManagedGameShape = {
  startTime: Date;
  courtId: number | null;
  teams: number;
  gameMode: number;
  maxPlayers: number | null;
  durationMinutes: number;
  minPlayers: number;
};

export type ManagedPaymentChangeWarning =
  | "startTime"
  | "court"
  | "teams"
  | "moreSubstitutes"
  | "shorterDuration"
  | "gameModeUp"
  | "minPlayersUp";

/**
 * Places on the bench: the maximum minus the players on the pitch (teams x players per team), never
 * below 0 (a maximum below a full line-up has no bench, so raising it up to the line-up adds none);
 * no maximum means an unlimited bench.
 */
export function substitutes(g: Pick<ManagedGameShape, "maxPlayers" | "teams" | "gameMode">): number {
  return g.maxPlayers === null ? Number.POSITIVE_INFINITY : Math.max(0, g.maxPlayers - g.teams * g.gameMode);
}

/**
 * The warned changes from `before` to `after`, in this order (empty: no warning):
 * - startTime: the start moved, by any amount, earlier or later.
 * - court: the place changed. A game's place is its court (`courtId`, the only location a game
 *   has), so "place" and "changing the court" of the spec are one warning: another court, a court
 *   removed (private games may have none) or a courtless game getting one.
 * - teams: the team count changed, up or down.
 * - moreSubstitutes: the bench grew (`substitutes` above): a higher maximum, fewer teams, a smaller
 *   game mode or removing the maximum, as long as the bench really gets longer.
 * - shorterDuration: the duration went down.
 * - gameModeUp: players per team up by more than 2 (+3 warns, +2 does not).
 * - minPlayersUp: the minimum up by more than 4 (+5 warns, +4 does not).
 * Everything else (title, description, level, gender, a lower minimum, a longer game...) is free.
 */
export function managedPaymentChangeWarnings(before: ManagedGameShape, after: ManagedGameShape): ManagedPaymentChangeWarning[] {
  const warnings: ManagedPaymentChangeWarning[] = [];
  if (before.startTime.getTime() !== after.startTime.getTime()) warnings.push("startTime");
  if (before.courtId !== after.courtId) warnings.push("court");
  if (before.teams !== after.teams) warnings.push("teams");
  if (substitutes(after) > substitutes(before)) warnings.push("moreSubstitutes");
  if (after.durationMinutes < before.durationMinutes) warnings.push("shorterDuration");
  if (after.gameMode - before.gameMode > MANAGED_CHANGE_GAME_MODE_LIMIT) warnings.push("gameModeUp");
  if (after.minPlayers - before.minPlayers > MANAGED_CHANGE_MIN_PLAYERS_LIMIT) warnings.push("minPlayersUp");
  return warnings;
}

/** Until when an affected player may cancel free after a warned change made at `now`. */
export function freeCancellationUntil(now: Date): Date {
  return new Date(now.getTime() + MANAGED_CHANGE_FREE_CANCEL_HOURS * 3_600_000);
}
