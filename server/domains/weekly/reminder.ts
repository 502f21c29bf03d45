import type { Language } from "@shared/constants";
import { confirmationOpensAt, weeklyState } from "@shared/rules/weekly-session";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { WeeklyReminderJob } from "../../jobs/definitions";
import { bookingLabel } from "../../integrations/push/texts";
import { notifyUsers } from "../notifications/notify-users";
import * as repo from "./repo";

/**
 * The organiser's reminder when confirming next week opens (issue 16): a push to each of the creator's
 * devices and a mail (receiveGameEmails), linking to the session's page. One job per window, planned for
 * the moment it opens; the handler decides from the template as it is then, so a job planned for a
 * week that was answered, a deactivated session or a deleted one sends nothing, and each week is
 * reminded at most once (`confirmation_reminded_for`, and the notice is claimed in the notifications
 * ledger, notifications/notify-users.ts). A window left unanswered plans the next one, so an
 * organiser who never answers still hears each week until the session is deactivated.
 */
export async function scheduleConfirmationReminder(deps: Pick<Deps, "jobs">, tx: Tx, t: { id: number; latestStartTime: Date; deactivatedAt: Date | null }) {
  if (t.deactivatedAt !== null) return;
  await planAt(deps, tx, t.id, confirmationOpensAt(t.latestStartTime));
}

async function planAt(deps: Pick<Deps, "jobs">, tx: Tx, templateId: number, opensAt: Date) {
  const data: WeeklyReminderJob = { templateId, opensAt: opensAt.toISOString() };
  await deps.jobs.send("weekly-confirmation-reminder", data, { startAfter: opensAt, singletonKey: `${templateId}:${data.opensAt}` }, tx);
}

export async function handleConfirmationReminder(deps: Deps, job: WeeklyReminderJob) {
  await deps.db.transaction(async (tx) => {
    const t = await repo.lockTemplate(tx, job.templateId);
    if (!t || t.deactivatedAt !== null) return;
    const now = deps.clock.now();
    // Ran early (clocks differ): fail so pg-boss retries it later instead of dropping it.
    if (now.getTime() < new Date(job.opensAt).getTime()) throw new Error("weekly reminder ran before its time");
    const state = weeklyState(t, now, (await repo.upcomingGameOf(tx, t.id, now))?.id ?? null);
    if (state.kind === "waiting") return planAt(deps, tx, t.id, state.opensAt);
    if (state.kind !== "open") return;
    // the window after this one, should this week go unanswered
    await planAt(deps, tx, t.id, confirmationOpensAt(state.nextStart));
    if (t.confirmationRemindedFor?.getTime() === state.nextStart.getTime()) return;
    await repo.updateTemplate(tx, t.id, { confirmationRemindedFor: state.nextStart });
    const name = t.title || (await repo.templateRefs(tx, t)).court?.name || "Kickrunde";
    const link = `${deps.config.publicUrl}/weekly-sessions/${t.id}`;
    const session = (language: Language) => bookingLabel(language, { courtName: name, startTime: state.nextStart });
    await notifyUsers(deps, tx, {
      push: { to: { userIds: [t.creatorId] }, key: "weeklyConfirm", params: (d) => ({ game: session(d.language) }), url: link, tag: `weekly-${t.id}` },
      mail: { userIds: [t.creatorId], audience: "game", template: (u) => ({ name: "weekly-confirmation-open", data: { firstName: u.firstName, session: session(u.language), link } }) },
      // once per session and week in the dispatcher's ledger, whatever happens to the job
      once: { kind: `weekly_confirmation:${state.nextStart.toISOString()}`, sourceId: t.id },
    });
    deps.logger.info("weekly confirmation reminder", { templateId: t.id, nextStart: state.nextStart.toISOString() });
  });
}
