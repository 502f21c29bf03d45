import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { participationFeeCents } from "@shared/rules/fees";
import type { TCreateTournamentInput } from "@shared/schemas/tournaments";
import type { Deps } from "../../context";
import { organizations, payments, tournamentParticipations, users } from "../../db/schema";
import type { TeamPaymentReleaseJob } from "../../jobs/definitions";
import { errorData } from "../../testing/caller";
import { createRegion } from "../../testing/factories";
import { connectAccount, emulatorOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { handleTeamPaymentRelease } from "./team-payment";

let deps: Deps;
let region: { id: number };
let organizationId: number;
let atStripe: ReturnType<typeof stripeActions>;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
  region = await createRegion(deps);
  organizationId = (await deps.db.insert(organizations).values({ name: "Zahl-Verein", gameApplicationFeePercentage: 5 }).returning())[0]!.id;
});
afterEach(() => testClock.reset());

const H = 3_600_000;
const NOW = new Date("2026-07-01T10:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * H);

/** A published tournament of an organisation member whose connected account takes charges (or of an admin without one). */
async function tournament(overrides: Partial<TCreateTournamentInput> = {}, opts: { admin?: boolean } = {}) {
  const org = await signedInPlayer(deps, opts.admin ? { isAdmin: true } : { organizationId, regionId: region.id });
  const accountId = opts.admin ? null : await connectAccount(deps, org.user.id);
  const t = await org.caller.tournaments.create({
    name: `Zahl-Cup ${Math.random()}`,
    startTime: at(24 * 10),
    endTime: at(24 * 10 + 8),
    maxTeams: 4,
    locationName: "Halle",
    regionId: region.id,
    participationPriceCents: 4500,
    ...overrides,
  });
  await org.caller.tournaments.publish({ tournamentId: t.id });
  return { org, t, accountId };
}

const registration = (tournamentId: number, over: Record<string, unknown> = {}) => ({
  tournamentId,
  teamName: `Team ${Math.random().toString(36).slice(2, 8)}`,
  lastName: "Muster",
  phoneNumber: "0151 23456789",
  ...over,
});

const teamRow = async (id: number) => (await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, id)))[0]!;
const paymentRows = async (teamId: number) =>
  (await deps.db.select().from(payments).where(eq(payments.subjectId, teamId))).filter((p) => p.purpose === "tournament").sort((a, b) => a.attempt - b.attempt);

async function runReleaseJobs(participationId: number) {
  for (const j of await deps.jobs.boss.findJobs<TeamPaymentReleaseJob>("tournament-team-payment-release", { data: { participationId } })) await handleTeamPaymentRelease(deps, j.data);
}

describe("paying a team's fee", () => {
  test("register offers the payment at once: the fee of one participation with the organisation's percentage, to the organiser's account; paying makes the team Paid", async () => {
    testClock.freeze(NOW);
    const { t, accountId } = await tournament({ participationPriceCents: 1500, pricePerPlayer: true });
    const p = await signedInPlayer(deps);
    const r = await p.caller.tournaments.register(registration(t.id, { playerCount: 6 }));
    expect(r.payment).toMatchObject({ participationId: r.participation.id, amountCents: 9000 });
    expect(r.payment!.checkoutUrl ?? r.payment!.publishableKey).toBeTruthy();
    expect(r.participation.canPay).toBe(true);
    const [row] = await paymentRows(r.participation.id);
    expect(row).toMatchObject({ purpose: "tournament", attempt: 1, amountCents: 9000, destinationAccountId: accountId, captureMethod: "automatic", payerUserId: p.user.id });
    expect(row!.applicationFeeCents).toBe(participationFeeCents({ priceCents: 9000, feePercentage: 5 }));
    const intent = await deps.payments!.stripe.paymentIntents.retrieve(row!.stripePaymentIntentId);
    expect(intent.transfer_data?.destination).toBe(accountId!);
    expect(intent.description).toContain(t.name);

    // paying again before confirming reuses the intent (same attempt, same amount)
    const again = await p.caller.tournaments.pay({ participationId: r.participation.id });
    expect(again.clientSecret).toBe(r.payment!.clientSecret);
    expect(await paymentRows(r.participation.id)).toHaveLength(1);

    await atStripe(() => emulatorOf(deps).confirm(row!.stripePaymentIntentId, "success"));
    const [mine] = await p.caller.tournaments.myTeams({ tournamentId: t.id });
    expect(mine).toMatchObject({ paymentStatus: "Paid", paidAt: NOW, canPay: false });
    expect(await errorData(p.caller.tournaments.pay({ participationId: r.participation.id }))).toEqual({ code: "TEAM_NOTHING_TO_PAY" });
    expect(await errorData(p.caller.tournaments.updateRegistration({ participationId: r.participation.id, playerCount: 7 }))).toEqual({ code: "TEAM_PLAYER_COUNT_LOCKED" });
  });

  test("a business team pays after its invoice data and then gets its invoice job", async () => {
    testClock.freeze(NOW);
    const { t } = await tournament({ business: true });
    const p = await signedInPlayer(deps);
    const r = await p.caller.tournaments.register(registration(t.id));
    expect(r.payment).toBeNull();
    expect(await errorData(p.caller.tournaments.pay({ participationId: r.participation.id }))).toEqual({ code: "TEAM_DATA_INCOMPLETE" });
    await p.caller.tournaments.completeRegistration({ participationId: r.participation.id, invoiceCompanyName: "Kick AG", invoiceLine1: "Weg 2", invoicePostalCode: "1010", invoiceTown: "Wien", invoiceCountry: "AT" });
    const payment = await p.caller.tournaments.pay({ participationId: r.participation.id });
    expect(payment.amountCents).toBe(4500);
    const [row] = await paymentRows(r.participation.id);
    await atStripe(() => emulatorOf(deps).confirm(row!.stripePaymentIntentId, "success"));
    expect((await teamRow(r.participation.id)).paymentStatus).toBe("Paid");
    expect(await deps.jobs.boss.findJobs("tournament-invoice", { data: { participationId: r.participation.id } })).toHaveLength(1);
  });

  test("refusals: somebody else's team, waiting, free, cancelled or ended tournament, an organiser who cannot take charges", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ maxTeams: 2 });
    const players = await Promise.all([1, 2, 3].map(() => signedInPlayer(deps)));
    const teams = [];
    for (const p of players) teams.push((await p.caller.tournaments.register(registration(t.id))).participation);
    expect(await errorData(players[0]!.caller.tournaments.pay({ participationId: teams[1]!.id }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });
    expect(await errorData(org.caller.tournaments.pay({ participationId: teams[1]!.id }))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });
    expect(await errorData(players[2]!.caller.tournaments.pay({ participationId: teams[2]!.id }))).toEqual({ code: "TEAM_ON_WAITING_LIST" });
    await deps.db.update(users).set({ paymentChargesEnabled: false }).where(eq(users.id, org.user.id));
    expect(await errorData(players[1]!.caller.tournaments.pay({ participationId: teams[1]!.id }))).toEqual({ code: "TOURNAMENT_PAYMENTS_NOT_READY" });
    await deps.db.update(users).set({ paymentChargesEnabled: true }).where(eq(users.id, org.user.id));
    testClock.freeze(at(24 * 10 + 8));
    expect(await errorData(players[1]!.caller.tournaments.pay({ participationId: teams[1]!.id }))).toEqual({ code: "TOURNAMENT_OVER" });
    testClock.freeze(NOW);
    await org.caller.tournaments.cancel({ tournamentId: t.id });
    expect(await errorData(players[1]!.caller.tournaments.pay({ participationId: teams[1]!.id }))).toEqual({ code: "TOURNAMENT_CANCELLED" });

    const { t: free } = await tournament({ participationPriceCents: 0 });
    const f = await players[0]!.caller.tournaments.register(registration(free.id));
    expect(f).toMatchObject({ payment: null, participation: { amountCents: 0, canPay: false } });
    expect(await errorData(players[0]!.caller.tournaments.pay({ participationId: f.participation.id }))).toEqual({ code: "TEAM_NOTHING_TO_PAY" });
  });

  test("a priced tournament is published only by an organiser who can take charges, or an admin (then the platform keeps it all)", async () => {
    testClock.freeze(NOW);
    const member = await signedInPlayer(deps, { organizationId, regionId: region.id });
    const priced = await member.caller.tournaments.create({ name: "Ohne Konto", startTime: at(48), endTime: at(56), maxTeams: 4, locationName: "Platz", regionId: region.id, participationPriceCents: 1000 });
    expect(await errorData(member.caller.tournaments.publish({ tournamentId: priced.id }))).toEqual({ code: "TOURNAMENT_PAYMENTS_NOT_READY" });
    const free = await member.caller.tournaments.create({ name: "Kostenlos", startTime: at(48), endTime: at(56), maxTeams: 4, locationName: "Platz", regionId: region.id });
    await member.caller.tournaments.publish({ tournamentId: free.id });
    expect(await errorData(member.caller.tournaments.update({ tournamentId: free.id, participationPriceCents: 500 }))).toEqual({ code: "TOURNAMENT_PAYMENTS_NOT_READY" });

    const { t } = await tournament({}, { admin: true });
    const p = await signedInPlayer(deps);
    const r = await p.caller.tournaments.register(registration(t.id));
    const [row] = await paymentRows(r.participation.id);
    expect(row).toMatchObject({ amountCents: 4500, applicationFeeCents: 0, destinationAccountId: null });
    const intent = await deps.payments!.stripe.paymentIntents.retrieve(row!.stripePaymentIntentId);
    expect(intent.transfer_data).toBeNull();
    expect(intent.application_fee_amount).toBeNull();
    await atStripe(() => emulatorOf(deps).confirm(row!.stripePaymentIntentId, "success"));
    expect((await teamRow(r.participation.id)).paymentStatus).toBe("Paid");
  });

  test("a new player count gives up the open intent; the next pay is a new attempt; a superseded intent paid anyway is refunded", async () => {
    testClock.freeze(NOW);
    const { t } = await tournament({ participationPriceCents: 1000, pricePerPlayer: true });
    const p = await signedInPlayer(deps);
    const r = await p.caller.tournaments.register(registration(t.id, { playerCount: 5 }));
    const [first] = await paymentRows(r.participation.id);
    await p.caller.tournaments.updateRegistration({ participationId: r.participation.id, playerCount: 6 });
    // the customer pays the old page before the job ran: the money goes back
    await atStripe(() => emulatorOf(deps).confirm(first!.stripePaymentIntentId, "success"));
    expect((await teamRow(r.participation.id)).paymentStatus).toBe("Open");
    await atStripe(() => runReleaseJobs(r.participation.id));
    const old = await deps.payments!.stripe.paymentIntents.retrieve(first!.stripePaymentIntentId, { expand: ["latest_charge"] });
    expect((old.latest_charge as { amount_refunded: number }).amount_refunded).toBe(5000);
    const next = await p.caller.tournaments.pay({ participationId: r.participation.id });
    expect(next.amountCents).toBe(6000);
    const rows = await paymentRows(r.participation.id);
    expect(rows.map((x) => [x.attempt, x.amountCents])).toEqual([
      [1, 5000],
      [2, 6000],
    ]);
    await atStripe(() => emulatorOf(deps).confirm(rows[1]!.stripePaymentIntentId, "success"));
    expect(await teamRow(r.participation.id)).toMatchObject({ paymentStatus: "Paid", paymentId: rows[1]!.id, paymentAttempts: 2 });
  });
});
