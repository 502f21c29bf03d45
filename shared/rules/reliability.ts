import {
  GAME_DEFAULTS,
  type RELIABILITY_FEEDBACK,
  RATING_CLOSES_AFTER_END_DAYS,
  RATING_HISTORY_WINDOW,
  RATING_MIN_ACTIVE_PARTICIPATIONS,
  RATING_MIN_HISTORY,
  RATING_OPENS_AFTER_START_MINUTES,
} from "../constants";
import { gameEndTime } from "./game-windows";

/**
 * Attendance feedback and the reliability and punctuality ratings (spec 000 sections 4, 9). The
 * colour of a rating is reliabilityColour in player-list.ts, its 0..10 display reliabilityShown.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Ratings are stored 0..100 (spec 000 section 3). */
export const RATING_MAX = 100;

export type ReliabilityFeedback = (typeof RELIABILITY_FEEDBACK)[number];
export type RatingWindow = "notYet" | "open" | "closed";

/**
 * Feedback is open from exactly start + 1 h until just before end + 7 days (half-open: closed at
 * exactly end + 7 d); an admin may rate at any time. A missing duration counts as 60 minutes
 * (spec 000 section 9).
 */
export function ratingWindow(o: { start: Date; durationMinutes: number | null; now: Date; isAdmin: boolean }): RatingWindow {
  if (o.isAdmin) return "open";
  const t = o.now.getTime();
  if (t < o.start.getTime() + RATING_OPENS_AFTER_START_MINUTES * MINUTE_MS) return "notYet";
  const end = gameEndTime(o.start, o.durationMinutes ?? GAME_DEFAULTS.durationMinutes);
  if (t >= end.getTime() + RATING_CLOSES_AFTER_END_DAYS * DAY_MS) return "closed";
  return "open";
}

export type RateProblem = "GAME_CANCELLED" | "TOO_FEW_PLAYERS_TO_RATE" | "RATING_NOT_OPEN" | "RATING_CLOSED";

/**
 * Why attendance cannot be rated (spec 000 sections 4, 8), facts about the game first, then time:
 * a cancelled game, fewer than 2 active participations (not queued, not cancelled; one participation
 * of 2 players is still one: an organiser alone with "+1" has nobody to rate), then the window.
 */
export function rateProblem(
  o: { cancelled: boolean; window: RatingWindow; activeParticipations: number },
): RateProblem | null {
  const active = o.activeParticipations;
  if (o.cancelled) return "GAME_CANCELLED";
  if (active < RATING_MIN_ACTIVE_PARTICIPATIONS) return "TOO_FEW_PLAYERS_TO_RATE";
  if (o.window === "notYet") return "RATING_NOT_OPEN";
  if (o.window === "closed") return "RATING_CLOSED";
  return null;
}

/**
 * The rating prompt: creator or admin, no organiser feedback yet, from exactly start + 1 h
 * (spec 000 section 4). Pass the actor's ratingWindow to also hide it once a creator can no longer
 * rate (7 days after the end); without it the prompt follows the spec literally and never ends.
 */
export function showRatingPrompt(o: { isCreatorOrAdmin: boolean; receivedFeedback: boolean; start: Date; now: Date; window?: RatingWindow }): boolean {
  if (!o.isCreatorOrAdmin || o.receivedFeedback) return false;
  if (o.now.getTime() < o.start.getTime() + RATING_OPENS_AFTER_START_MINUTES * MINUTE_MS) return false;
  return o.window === undefined || o.window === "open";
}

/*
 * ## How reliability and punctuality are computed (server/domains/participation/README.md)
 *
 * Both ratings run from 0 to 100 (shown 0 to 10) and are recomputed from the player's history:
 *
 * - Reliability counts rated participations and short-notice cancellations (cancelled within
 *   48 hours before the start). Weights: CAME 1, CAME_LATE 1 (late, but there), short-notice
 *   cancellation 0.5 (the organiser was at least told), DID_NOT_COME 0.
 * - Punctuality counts only games the player attended: CAME 1, CAME_LATE 0. A no-show or a
 *   cancellation says nothing about punctuality; reliability already pays for it, so it is not
 *   punished twice.
 * - A participation without feedback (the organiser did not rate) and cancellations made earlier
 *   than 48 hours before the start count for nothing. If a participation has feedback and is also
 *   marked short-notice, the feedback counts (the organiser saw what happened).
 * - Each rating uses the player's 20 most recent events that count for it (newest by time), so
 *   old habits fade out; the rating is round(100 x average weight).
 * - Until at least 3 events count for a rating it is null, "unknown": shown grey and never treated
 *   as bad. New players are not penalised for having no history. (A player with three
 *   short-notice cancellations and no games has three events: 50, not unknown.)
 */
export const RELIABILITY_WEIGHTS = { CAME: 1, CAME_LATE: 1, DID_NOT_COME: 0, SHORT_NOTICE_CANCELLATION: 0.5 } as const;
export const PUNCTUALITY_WEIGHTS = { CAME: 1, CAME_LATE: 0 } as const;

export type RatingHistoryEvent = { feedback: ReliabilityFeedback | null; shortNoticeCancellation: boolean; at: Date };

/** The average weight of the most recent RATING_HISTORY_WINDOW weights (newest first), or null with too few. */
function rate(weightsNewestFirst: number[]): number | null {
  const recent = weightsNewestFirst.slice(0, RATING_HISTORY_WINDOW);
  if (recent.length < RATING_MIN_HISTORY) return null;
  const sum = recent.reduce((a, b) => a + b, 0);
  return Math.round((RATING_MAX * sum) / recent.length);
}

export function computeRatings(history: readonly RatingHistoryEvent[]): { reliabilityRating: number | null; punctualityRating: number | null } {
  const newestFirst = [...history].sort((a, b) => b.at.getTime() - a.at.getTime());
  const reliability: number[] = [];
  const punctuality: number[] = [];
  for (const e of newestFirst) {
    if (e.feedback !== null) {
      reliability.push(RELIABILITY_WEIGHTS[e.feedback]);
      if (e.feedback !== "DID_NOT_COME") punctuality.push(PUNCTUALITY_WEIGHTS[e.feedback]);
    } else if (e.shortNoticeCancellation) {
      reliability.push(RELIABILITY_WEIGHTS.SHORT_NOTICE_CANCELLATION);
    }
  }
  return { reliabilityRating: rate(reliability), punctualityRating: rate(punctuality) };
}
