import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { pushDevices, tournamentParticipations } from "../../db/schema";
import { errorData } from "../../testing/caller";
import { settledJobs } from "../../testing/jobs";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../../testing/tournament-fixtures";

/** Payment reminders (spec 001 sections 2.10, 4, 9) with the fake clock: every edge of the window, who may, the notices. */

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Erinnerung e.V.", (world) => ({ deps, region, organizationId } = world));

const REGISTERED = new Date("2026-06-01T08:00:00Z");
const H = 3_600_000;
const DAY = 24 * H;
const at = (ms: number) => new Date(REGISTERED.getTime() + ms);

/** A free tournament (publishing a priced one needs the organiser's payment account): the team's amount is its own column. */
async function setup(extra: Partial<typeof tournamentParticipations.$inferInsert> = {}) {
  testClock.freeze(REGISTERED);
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  const t = await org.caller.tournaments.create({
    name: `Erinnerungs-Cup ${crypto.randomUUID().slice(0, 6)}`,
    startTime: at(30 * DAY),
    endTime: at(30 * DAY + 8 * H),
    maxTeams: 8,
    locationName: "Sportpark",
    regionId: region.id,
  });
  await org.caller.tournaments.publish({ tournamentId: t.id });
  const player = await signedInPlayer(deps);
  const [team] = await deps.db
    .insert(tournamentParticipations)
    .values({
      tournamentId: t.id,
      userId: player.user.id,
      teamName: "FC Erinnerung",
      firstName: "Ana",
      lastName: "Test",
      email: `team-${crypto.randomUUID().slice(0, 8)}@example.org`,
      phoneNumber: "+4915123456789",
      amountCents: 6000,
      createdAt: REGISTERED,
      ...extra,
    })
    .returning();
  return { org, t, player, team: team! };
}

describe("the reminder window (fake clock)", () => {
  test("none in the first day; then one; the next 7 days after it, to the millisecond", async () => {
    const { org, team } = await setup();
    const remind = () => errorData(org.caller.tournaments.sendPaymentReminder({ participationId: team.id }));
    testClock.freeze(at(DAY - 1));
    expect(await remind()).toEqual({ code: "PAYMENT_REMINDER_TOO_EARLY", details: { until: at(DAY).toISOString() } });
    testClock.freeze(at(DAY));
    const row = await org.caller.tournaments.sendPaymentReminder({ participationId: team.id });
    expect(row).toMatchObject({ id: team.id, paymentReminderSentAt: at(DAY), reminderBlockedUntil: at(8 * DAY), canRemind: false, amountCents: 6000, user: { id: team.userId } });
    testClock.freeze(at(8 * DAY - 1));
    expect(await remind()).toEqual({ code: "PAYMENT_REMINDER_TOO_EARLY", details: { until: at(8 * DAY).toISOString() } });
    testClock.freeze(at(8 * DAY));
    expect(await remind()).toEqual({ code: "OK" });
    const [stored] = await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, team.id));
    expect(stored!.paymentReminderSentAt).toEqual(at(8 * DAY));
  });

  test("only an Open team holding a place: paid, waiting or cancelled ones are NOT_OPEN", async () => {
    for (const extra of [{ paymentStatus: "Paid" as const }, { paymentStatus: "PaidExternally" as const }, { paymentStatus: "Refunded" as const }, { queue: true }, { cancelledAt: REGISTERED }]) {
      const { org, team } = await setup(extra);
      testClock.freeze(at(2 * DAY));
      expect({ extra, error: await errorData(org.caller.tournaments.sendPaymentReminder({ participationId: team.id })) }).toEqual({ extra, error: { code: "PAYMENT_REMINDER_NOT_OPEN" } });
    }
  });

  test("not after the tournament's end, not once it is cancelled", async () => {
    const { org, t, team } = await setup();
    testClock.freeze(at(30 * DAY + 8 * H));
    expect(await errorData(org.caller.tournaments.sendPaymentReminder({ participationId: team.id }))).toEqual({ code: "TOURNAMENT_OVER" });
    const second = await setup();
    testClock.freeze(at(2 * DAY));
    await second.org.caller.tournaments.cancel({ tournamentId: second.t.id });
    expect(await errorData(second.org.caller.tournaments.sendPaymentReminder({ participationId: second.team.id }))).toEqual({ code: "TOURNAMENT_CANCELLED" });
    expect(t.id).not.toBe(second.t.id);
  });

  test("two reminders at once: exactly one goes out", async () => {
    const { org, team } = await setup({ language: "en" });
    testClock.freeze(at(2 * DAY));
    const both = await Promise.all([0, 1].map(() => errorData(org.caller.tournaments.sendPaymentReminder({ participationId: team.id }))));
    expect(both.map((r) => r.code).sort()).toEqual(["OK", "PAYMENT_REMINDER_TOO_EARLY"]);
    expect(await settledJobs(deps, "send-mail", { to: team.email })).toHaveLength(1);
  });
});

describe("who may remind, and what the team gets", () => {
  test("the organiser and admins; the team's registrant FORBIDDEN; anybody else (and an unknown team) not found", async () => {
    const { player, team } = await setup();
    testClock.freeze(at(2 * DAY));
    const other = await signedInPlayer(deps, { organizationId });
    expect(await errorData(player.caller.tournaments.sendPaymentReminder({ participationId: team.id }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData(other.caller.tournaments.sendPaymentReminder({ participationId: team.id }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });
    const admin = await signedInPlayer(deps, { isAdmin: true });
    expect(await errorData(admin.caller.tournaments.sendPaymentReminder({ participationId: team.id }))).toEqual({ code: "OK" });
    expect(await errorData(admin.caller.tournaments.sendPaymentReminder({ participationId: 999_999 }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });
  });

  test("push to the team's user and mail to the team's address, in the team's language with the amount and the link; without an account the mail alone", async () => {
    const { org, t, player, team } = await setup({ language: "en" });
    const phone = `reminder-${crypto.randomUUID()}`;
    await deps.db.insert(pushDevices).values({ deviceToken: phone, kind: "fcm", userId: player.user.id, language: "de" });
    testClock.freeze(at(2 * DAY));
    await org.caller.tournaments.sendPaymentReminder({ participationId: team.id });
    const [push] = await settledJobs(deps, "send-push", { deviceToken: phone });
    expect(push!.data.message).toMatchObject({ title: t.name, body: "Payment reminder: the entry fee of €60.00 for FC Erinnerung is still open.", url: `${deps.config.publicUrl}/tournament/${t.id}` });
    const [mail] = await settledJobs(deps, "send-mail", { to: team.email });
    expect(mail!.data).toMatchObject({ language: "en", template: { name: "tournament-payment-reminder", data: { tournament: t.name, team: "FC Erinnerung", amountCents: 6000, link: `${deps.config.publicUrl}/tournament/${t.id}` } } });

    const accountless = await setup({ userId: null });
    testClock.freeze(at(2 * DAY));
    expect(await accountless.org.caller.tournaments.sendPaymentReminder({ participationId: accountless.team.id })).toMatchObject({ user: null, paymentReminderSentAt: at(2 * DAY) });
    expect((await settledJobs(deps, "send-mail", { to: accountless.team.email })).map((j) => j.data.language)).toEqual(["de"]);
  });
});
