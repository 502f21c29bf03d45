/**
 * When the app asks a player to rate it (showRateAppHint, spec 001 section 7; users README Decisions
 * "The rate-app hint"). Only people who know the app by playing are asked, at most once in 90 days,
 * never in their first week. Whether the page runs inside the native wrapper is the client's part:
 * only the wrapper can open the store's rating dialog.
 */
export const RATE_APP_HINT_MIN_ATTENDED_GAMES = 3;
export const RATE_APP_HINT_QUIET_DAYS = 90;
export const RATE_APP_HINT_MIN_ACCOUNT_AGE_DAYS = 7;

const DAY_MS = 86_400_000;

export type RateAppHintFacts = {
  now: Date;
  accountCreatedAt: Date;
  /** when the hint was last shown (answered either way), null: never */
  lastShownAt: Date | null;
  /** games the user played in that have begun: not cancelled, not on the waiting list, the game not cancelled */
  attendedGames: number;
};

export function shouldShowRateAppHint(f: RateAppHintFacts): boolean {
  if (f.attendedGames < RATE_APP_HINT_MIN_ATTENDED_GAMES) return false;
  if (f.now.getTime() - f.accountCreatedAt.getTime() < RATE_APP_HINT_MIN_ACCOUNT_AGE_DAYS * DAY_MS) return false;
  if (f.lastShownAt && f.now.getTime() - f.lastShownAt.getTime() < RATE_APP_HINT_QUIET_DAYS * DAY_MS) return false;
  return true;
}
