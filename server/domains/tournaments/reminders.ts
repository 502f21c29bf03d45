import { reminderBlockedUntil } from "@shared/rules/tournament-reminder";
import type { TTeamOverviewRow } from "@shared/schemas/tournament-teams";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { devicesOfUsers, notifyUsers } from "../notifications/notify-users";
import { enqueueMail } from "../notifications/outbox";
import * as repo from "./repo";
import { teams } from "./team-actions";
import { requireTeam } from "./teams";

/**
 * Payment reminders (spec 001 sections 2.10, 4, 9; README "Payment reminders"): the organiser or an admin reminds an
 * Open team holding a place; none in the first day after registering, then at most one per 7 days
 * (shared/rules/tournament-reminder.ts), checked with the team's row locked so two reminders at once never both go out.
 */

type TeamRow = repo.TournamentParticipationRow;

/**
 * tournaments.sendPaymentReminder: PAYMENT_REMINDER_NOT_OPEN for a team that is not Open or waits or is cancelled,
 * PAYMENT_REMINDER_TOO_EARLY (details.until) inside the window, TOURNAMENT_OVER after the end. Sets
 * paymentReminderSentAt and, in the same transaction, pushes to the team's user and mails the team's address (also
 * without an account), in the team's language, with the amount and a link to the tournament.
 */
export async function sendPaymentReminder(ctx: Ctx, participationId: number): Promise<TTeamOverviewRow> {
  const now = ctx.deps.clock.now();
  const tournamentId = await ctx.deps.db.transaction(async (tx) => {
    // the tournament's row, then the team's (teams.ts requireTeam): a second reminder waits here and sees the first's time
    const { team, t: tournament, manager } = await requireTeam(ctx, tx, participationId, "owner-or-manager", true);
    // the team's registrant learns it may not; anybody else does not learn the team exists
    if (!manager) throw new AppError("FORBIDDEN");
    if (tournament.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    const blocked = reminderBlockedUntil(team, now);
    if (blocked === "never") throw new AppError("PAYMENT_REMINDER_NOT_OPEN");
    if (tournament.endTime.getTime() <= now.getTime()) throw new AppError("TOURNAMENT_OVER");
    if (blocked !== null) throw new AppError("PAYMENT_REMINDER_TOO_EARLY", { details: { until: blocked.toISOString() } });
    await repo.updateTeam(tx, team.id, { paymentReminderSentAt: now, updatedAt: now });
    await remind(ctx, tx, tournament, team);
    return tournament.id;
  });
  // the row as the teams overview shows it (team-actions.ts teams: one mapping)
  return (await teams(ctx, tournamentId)).teams.find((row) => row.id === participationId)!;
}

async function remind(ctx: Ctx, tx: Tx, tournament: repo.TournamentRow, team: TeamRow) {
  const link = `${ctx.deps.config.publicUrl}/tournament/${tournament.id}`;
  // the team's language, not each device's: the registering person chose it for everything about the team
  const devices = team.userId === null ? [] : (await devicesOfUsers(tx, [team.userId])).map((d) => ({ ...d, language: team.language }));
  await notifyUsers(ctx.deps, tx, {
    push: {
      to: { devices },
      key: "tournamentPaymentReminder",
      params: () => ({ game: tournament.name, name: team.teamName, amountCents: team.amountCents }),
      url: link,
      tag: `tournament-reminder-${team.id}`,
    },
  });
  await enqueueMail(
    ctx.deps,
    {
      to: team.email,
      language: team.language,
      template: { name: "tournament-payment-reminder", data: { firstName: team.firstName, tournament: tournament.name, team: team.teamName, amountCents: team.amountCents, link } },
    },
    tx,
  );
}
