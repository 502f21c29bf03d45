import type { TournamentPaymentStatus } from "../schemas/tournaments";
import { TOURNAMENT_TEAM } from "../schemas/tournament-teams";

const HOUR_MS = 3_600_000;

/**
 * When an organiser may send a team a payment reminder (spec 001 sections 4, 9): only for an Open team (not
 * waiting, not cancelled); none in the first day after registering; after a reminder, the next one 7 days later.
 * Answers null when one may be sent now, "never" when the team cannot be reminded at all, else the time it may.
 * The teams overview shows it, the server refuses before it (PAYMENT_REMINDER_TOO_EARLY).
 */
export function reminderBlockedUntil(
  team: { paymentStatus: TournamentPaymentStatus; queue: boolean; cancelledAt: Date | null; createdAt: Date; paymentReminderSentAt: Date | null },
  now: Date,
): Date | null | "never" {
  if (team.paymentStatus !== "Open" || team.queue || team.cancelledAt) return "never";
  const from = team.paymentReminderSentAt
    ? new Date(team.paymentReminderSentAt.getTime() + TOURNAMENT_TEAM.reminderIntervalDays * 24 * HOUR_MS)
    : new Date(team.createdAt.getTime() + TOURNAMENT_TEAM.firstReminderAfterHours * HOUR_MS);
  return from.getTime() > now.getTime() ? from : null;
}
