import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TCreateTournamentInput } from "@shared/schemas/tournaments";
import type { Deps } from "../../context";
import { organizations, tournamentParticipations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createRegion } from "../../testing/factories";
import { connectAccount, signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
let region: { id: number };
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  region = await createRegion(deps);
  organizationId = (await deps.db.insert(organizations).values({ name: "Team-Verein" }).returning())[0]!.id;
});
afterEach(() => testClock.reset());

const H = 3_600_000;
const NOW = new Date("2026-08-03T10:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * H);
const START = 24 * 5;
const END = START + 8;

async function tournament(overrides: Partial<TCreateTournamentInput> = {}) {
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  if ((overrides.participationPriceCents ?? 0) > 0) await connectAccount(deps, org.user.id);
  const t = await org.caller.tournaments.create({ name: `Team-Cup ${Math.random()}`, startTime: at(START), endTime: at(END), maxTeams: 2, locationName: "Halle", regionId: region.id, ...overrides });
  await org.caller.tournaments.publish({ tournamentId: t.id });
  return { org, t };
}

async function registered(tournamentId: number, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = await signedInPlayer(deps, { firstName: `Kapitän ${i}` });
    const r = await p.caller.tournaments.register({ tournamentId, teamName: `Team ${i}`, lastName: "Muster", phoneNumber: "0151 23456789", applicationLanguage: i % 2 ? "en" : "de" });
    out.push({ ...p, team: r.participation });
  }
  return out;
}

const mailsTo = async (email: string) =>
  (await deps.jobs.boss.findJobs<{ to: string; language: string; template: { name: string } }>("send-mail", { data: { to: email } })).map((m) => [m.data.template.name, m.data.language]);

describe("cancelling a registration", () => {
  test("the registrant until the start, the organiser until the end; the first waiting team moves up and is told to pay", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ participationPriceCents: 3000 });
    const [a, b, c, d] = await registered(t.id, 4);
    expect([c!.team.waitingPosition, d!.team.waitingPosition]).toEqual([1, 2]);
    expect(await errorData(b!.caller.tournaments.cancelRegistration({ participationId: a!.team.id }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });

    const cancelled = await a!.caller.tournaments.cancelRegistration({ participationId: a!.team.id });
    expect(cancelled).toMatchObject({ cancelledAt: NOW, canCancel: false, canPay: false, paymentStatus: "Open" });
    expect((await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, a!.team.id)))[0]!.cancelledById).toBe(a!.user.id);
    expect(await errorData(a!.caller.tournaments.cancelRegistration({ participationId: a!.team.id }))).toEqual({ code: "TEAM_CANCELLED" });
    // c moved up (promotedAt), d is first now
    const [cMine] = await c!.caller.tournaments.myTeams({ tournamentId: t.id });
    expect(cMine).toMatchObject({ queue: false, waitingPosition: null, canPay: true });
    expect((await d!.caller.tournaments.myTeams({ tournamentId: t.id }))[0]).toMatchObject({ queue: true, waitingPosition: 1 });
    const cRow = (await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, c!.team.id)))[0]!;
    expect(cRow.promotedAt).toEqual(NOW);
    expect(await mailsTo(c!.user.email)).toEqual([["tournament-moved-up-pay", "de"]]);

    // after the start the team itself may no longer; the organiser may until the end
    testClock.freeze(at(START));
    expect(await errorData(b!.caller.tournaments.cancelRegistration({ participationId: b!.team.id }))).toEqual({ code: "TOURNAMENT_STARTED" });
    const byOrganiser = await org.caller.tournaments.cancelRegistration({ participationId: b!.team.id });
    expect(byOrganiser.cancelledAt).toEqual(at(START));
    expect(await mailsTo(b!.user.email)).toContainEqual(["tournament-team-cancelled", "en"]);
    // d moves up; after the end nobody cancels
    expect((await d!.caller.tournaments.myTeams({ tournamentId: t.id }))[0]).toMatchObject({ queue: false });
    testClock.freeze(at(END));
    expect(await errorData(org.caller.tournaments.cancelRegistration({ participationId: d!.team.id }))).toEqual({ code: "TOURNAMENT_OVER" });
  });
});

describe("the organiser's side", () => {
  test("teams: totals and rows for the organiser and admins, FORBIDDEN for others; markPaid records cash", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ participationPriceCents: 2000, maxTeams: 3 });
    const [a, b, c, d] = await registered(t.id, 4);
    await a!.caller.tournaments.cancelRegistration({ participationId: a!.team.id }); // d moves up
    expect(await errorData(b!.caller.tournaments.teams({ tournamentId: t.id }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData((await callerFor(deps)).caller.tournaments.teams({ tournamentId: t.id }))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(b!.caller.tournaments.markPaid({ participationId: b!.team.id }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData(c!.caller.tournaments.markPaid({ participationId: b!.team.id }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });

    const row = await org.caller.tournaments.markPaid({ participationId: b!.team.id });
    expect(row).toMatchObject({ paymentStatus: "PaidExternally", paidAt: NOW, canMarkPaid: false, canRemind: false, user: { id: b!.user.id, firstName: "Kapitän 1" } });
    expect(await errorData(org.caller.tournaments.markPaid({ participationId: b!.team.id }))).toEqual({ code: "TEAM_NOTHING_TO_PAY" });

    const overview = await org.caller.tournaments.teams({ tournamentId: t.id });
    expect(overview.tournament).toMatchObject({ id: t.id, name: t.name, business: false });
    expect(overview.totals).toEqual({ registrations: 4, paid: 1, unpaid: 2, cancelled: 1, waiting: 0 });
    expect(overview.teams.map((r) => r.teamName)).toEqual(["Team 1", "Team 2", "Team 3", "Team 0"]);
    const open = overview.teams.find((r) => r.id === c!.team.id)!;
    // no reminder in the first day after registering (shared/rules/tournament-reminder.ts)
    expect(open).toMatchObject({ canRemind: false, reminderBlockedUntil: at(24), canMarkPaid: true, canCancel: true, phoneNumber: "+4915123456789", email: c!.user.email });
    testClock.freeze(at(24));
    expect((await org.caller.tournaments.teams({ tournamentId: t.id })).teams.find((r) => r.id === c!.team.id)).toMatchObject({ canRemind: true, reminderBlockedUntil: null });
    const admin = await signedInPlayer(deps, { isAdmin: true });
    expect((await admin.caller.tournaments.teams({ tournamentId: t.id })).totals.registrations).toBe(4);
    void d;
  });
});

describe("cancelling the tournament and deleting an account", () => {
  test("a cancelled tournament tells every team; the teams of a deleted account are cancelled before the start only", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ maxTeams: 3 });
    const [a, b] = await registered(t.id, 2);
    await org.caller.tournaments.cancel({ tournamentId: t.id });
    expect(await mailsTo(a!.user.email)).toContainEqual(["tournament-cancelled", "de"]);
    expect(await mailsTo(b!.user.email)).toContainEqual(["tournament-cancelled", "en"]);

    const { t: upcoming } = await tournament({ maxTeams: 2 });
    const [owner, , waiting] = await registered(upcoming.id, 3);
    const { t: running } = await tournament({ startTime: at(1), endTime: at(9) });
    const ownTeamRunning = (await owner!.caller.tournaments.register({ tournamentId: running.id, teamName: "Läuft", lastName: "M", phoneNumber: "0151 23456789" })).participation;
    testClock.freeze(at(2));
    await owner!.caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
    const rows = await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.userId, owner!.user.id));
    expect(rows.find((r) => r.id === owner!.team.id)).toMatchObject({ cancelledAt: at(2) });
    // the running tournament's team stays
    expect(rows.find((r) => r.id === ownTeamRunning.id)).toMatchObject({ cancelledAt: null });
    expect((await waiting!.caller.tournaments.myTeams({ tournamentId: upcoming.id }))[0]).toMatchObject({ queue: false });
  });
});
