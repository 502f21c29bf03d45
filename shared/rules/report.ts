import { REPORT_MAX_LENGTH, REPORT_MIN_LENGTH } from "../constants";

/** Reporting a game (spec 000 sections 4, 5, 6, 8). */

export type ReportProblem = "UNAUTHENTICATED" | "GAME_NOT_FOUND" | "GAME_NOT_PAST" | "NO_PARTICIPATION" | "OWN_GAME" | "ALREADY_REPORTED";

/**
 * Why this user cannot report this game. One problem, in this order: who you are
 * (UNAUTHENTICATED), whether the game exists (GAME_NOT_FOUND), then the problems no waiting can fix
 * before the one that waiting fixes - OWN_GAME (so an organiser who did not play hears the real
 * reason, not "you did not take part"), NO_PARTICIPATION (active: not queued, not cancelled),
 * ALREADY_REPORTED, and last GAME_NOT_PAST. gameEnded: see reportOpen.
 */
export function reportProblem(o: {
  signedIn: boolean;
  gameFound: boolean;
  gameEnded: boolean;
  isParticipant: boolean;
  isCreator: boolean;
  alreadyReported: boolean;
}): ReportProblem | null {
  if (!o.signedIn) return "UNAUTHENTICATED";
  if (!o.gameFound) return "GAME_NOT_FOUND";
  if (o.isCreator) return "OWN_GAME";
  if (!o.isParticipant) return "NO_PARTICIPATION";
  if (o.alreadyReported) return "ALREADY_REPORTED";
  if (!o.gameEnded) return "GAME_NOT_PAST";
  return null;
}

/**
 * Reports are possible from exactly the start. The spec shows the button "after the start" but
 * allows a report "only for a past game"; read literally the button would fail for the length of
 * the game. The reasons (organiser did not show up, court not available, too few players) are
 * known at kick-off, so we read "past" as "no longer upcoming": the server passes
 * gameEnded = reportOpen(start, now) (server/domains/participation/README.md).
 */
export function reportOpen(start: Date, now: Date): boolean {
  return now.getTime() >= start.getTime();
}

/** The "report game" button: an active participant, not the creator, not yet reported, from exactly the start. */
export function showReportButton(o: { isParticipant: boolean; isCreator: boolean; hasReported: boolean; queued: boolean; start: Date; now: Date }): boolean {
  return o.isParticipant && !o.isCreator && !o.hasReported && !o.queued && reportOpen(o.start, o.now);
}

/**
 * The description: 20 to 1000 characters after trimming, counted as JavaScript string length
 * (UTF-16 units, like the textarea's maxlength and zod's .max), so an emoji counts 2.
 */
export function reportTextProblem(text: string): "report_too_short" | "report_too_long" | null {
  const length = text.trim().length;
  if (length < REPORT_MIN_LENGTH) return "report_too_short";
  if (length > REPORT_MAX_LENGTH) return "report_too_long";
  return null;
}
