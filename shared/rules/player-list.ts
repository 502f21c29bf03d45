import { PROGRESS_CAP_PERCENT_WITHOUT_MAX } from "../constants";

/** Reliability is stored 0 to 100 and shown 0 to 10 (spec 000 section 9). */
export const RELIABILITY_SHOWN_SCALE = 10;
/** Shown scores under 5 are bad, 9 and up good, the rest (5 to 8) middling (spec 000 section 9). */
export const RELIABILITY_MIDDLING_FROM = 5;
export const RELIABILITY_GOOD_FROM = 9;

/** Players in the game: the player counts of active participations, not on the waiting list. */
export function playersIn(participations: { playerCount: number; queue: boolean; cancelledAt?: Date | null }[]): number {
  return participations.reduce((sum, p) => (p.queue || p.cancelledAt ? sum : sum + p.playerCount), 0);
}

export type PlayerListState = "notEnough" | "spotsFree" | "fullWaitingList";

/** Full (waiting list open) wins over "not enough" if a maximum below the minimum ever occurs. */
export function playerListState(count: number, minPlayers: number, maxPlayers: number | null): PlayerListState {
  if (maxPlayers !== null && count >= maxPlayers) return "fullWaitingList";
  return count < minPlayers ? "notEnough" : "spotsFree";
}

/**
 * Width of the player-list bar, whole percent 0..100, rounded down so 100 means really full.
 * With a maximum: count / max. Without: count / min, never above 95 (the bar caps at 95 once the
 * minimum is reached, so below it the bar must not show more than that either); a minimum of 0 is
 * already reached.
 */
export function progressPercent(count: number, minPlayers: number, maxPlayers: number | null): number {
  const clamp = (p: number, cap: number) => Math.min(cap, Math.max(0, Math.floor(p)));
  if (maxPlayers !== null) return maxPlayers <= 0 ? 100 : clamp((count * 100) / maxPlayers, 100);
  if (minPlayers <= 0) return PROGRESS_CAP_PERCENT_WITHOUT_MAX;
  return clamp((count * 100) / minPlayers, PROGRESS_CAP_PERCENT_WITHOUT_MAX);
}

/** Free spots, never negative; null when there is no maximum. */
export function spotsLeft(count: number, maxPlayers: number | null): number | null {
  return maxPlayers === null ? null : Math.max(0, maxPlayers - count);
}

/** The 0..10 score shown for a 0..100 rating, rounded half up (85 -> 9). */
export function reliabilityShown(rating0to100: number): number {
  return Math.round(rating0to100 / RELIABILITY_SHOWN_SCALE);
}

export type ReliabilityColour = "good" | "middling" | "bad" | "unknown";

/**
 * Colour of a reliability score. It follows the shown (rounded) score so that number and colour
 * never disagree: 8.0-8.4 (80-84) shows 8 and is middling, 8.5-8.9 (85-89) shows 9 and is good;
 * likewise 45 shows 5 and is middling. Display the score with reliabilityShown.
 */
export function reliabilityColour(rating0to100: number | null): ReliabilityColour {
  if (rating0to100 === null || Number.isNaN(rating0to100)) return "unknown";
  const shown = reliabilityShown(rating0to100);
  if (shown >= RELIABILITY_GOOD_FROM) return "good";
  return shown >= RELIABILITY_MIDDLING_FROM ? "middling" : "bad";
}

export const PARTICIPATION_COLOURS = ["green", "yellow", "red", "grey"] as const;
export type ParticipationColour = (typeof PARTICIPATION_COLOURS)[number];

const PARTICIPATION_COLOUR_OF: Record<ReliabilityColour, ParticipationColour> = { good: "green", middling: "yellow", bad: "red", unknown: "grey" };

/**
 * The participation colour of a player (spec 000 section 9): green "comes always" (shown 9 and up),
 * yellow "about 8 of 10 times" (5 to 8), red "about 4 of 10 times" (under 5), grey unknown. The
 * bands are the reliability scale's, so colour and score never disagree. Everybody on a game page
 * sees the colour; the score itself only the creator, an admin and the player (section 6).
 */
export function participationColour(rating0to100: number | null): ParticipationColour {
  return PARTICIPATION_COLOUR_OF[reliabilityColour(rating0to100)];
}
