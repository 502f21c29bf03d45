import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { TEAM_ENDINGS, teamSettlementOf, statusAfterSettlement, type TeamEnding } from "@shared/rules/tournament-settlement";
import { TOURNAMENT_PAYMENT_STATUSES, type TournamentPaymentStatus } from "@shared/schemas/tournaments";
import type { Deps } from "../../context";
import { organizations, payments, tournamentParticipations } from "../../db/schema";
import type { TeamPaymentReleaseJob } from "../../jobs/definitions";
import { createRegion } from "../../testing/factories";
import { connectAccount, emulatorOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { handleTeamPaymentRelease } from "./team-payment";

/**
 * The team settlement table (shared/rules/tournament-settlement.ts) walked against the Stripe emulator and the
 * database: for every payment status and every way a registration ends, what happens at Stripe and to the team is
 * what the table says.
 */

let deps: Deps;
let atStripe: ReturnType<typeof stripeActions>;
let region: { id: number };
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
  region = await createRegion(deps);
  organizationId = (await deps.db.insert(organizations).values({ name: "Abrechnungs-Verein" }).returning())[0]!.id;
});

const NOW = new Date("2026-09-07T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const intentOf = (id: string) => deps.payments!.stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
const chargeOf = (pi: Stripe.PaymentIntent) => pi.latest_charge as Stripe.Charge | null;
const teamRow = async (id: number) => (await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, id)))[0]!;

async function runReleaseJobs(participationId: number) {
  for (const j of await deps.jobs.boss.findJobs<TeamPaymentReleaseJob>("tournament-team-payment-release", { data: { participationId } })) {
    await atStripe(() => handleTeamPaymentRelease(deps, j.data));
  }
}

async function scene(status: TournamentPaymentStatus) {
  testClock.freeze(NOW);
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  await connectAccount(deps, org.user.id);
  const t = await org.caller.tournaments.create({ name: `Abrechnung ${status}`, startTime: hours(72), endTime: hours(80), maxTeams: 4, locationName: "Halle", regionId: region.id, participationPriceCents: 5000 });
  await org.caller.tournaments.publish({ tournamentId: t.id });
  const p = await signedInPlayer(deps);
  const r = await p.caller.tournaments.register({ tournamentId: t.id, teamName: "Settle", lastName: "M", phoneNumber: "0151 23456789" });
  const teamId = r.participation.id;
  const [payment] = (await deps.db.select().from(payments).where(eq(payments.subjectId, teamId))).filter((x) => x.purpose === "tournament");
  if (status === "Paid" || status === "Refunded") await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
  // a refund made in Stripe's dashboard, outside the app
  if (status === "Refunded") {
    await atStripe(() => deps.payments!.stripe.refunds.create({ payment_intent: payment!.stripePaymentIntentId }));
    // the organiser is told (the place is free again)
    const mails = await deps.jobs.boss.findJobs<{ template: { name: string } }>("send-mail", { data: { to: org.user.email } });
    expect(mails.map((m) => m.data.template.name)).toContain("tournament-refunded-outside");
  }
  if (status === "PaidExternally") {
    await org.caller.tournaments.markPaid({ participationId: teamId });
    await runReleaseJobs(teamId);
  }
  expect((await teamRow(teamId)).paymentStatus).toBe(status);
  const before = chargeOf(await intentOf(payment!.stripePaymentIntentId))?.amount_refunded ?? 0;
  return { org, t, p, teamId, intentId: payment!.stripePaymentIntentId, amountCents: payment!.amountCents, feeCents: payment!.applicationFeeCents, refundedBefore: before };
}

async function end(s: Awaited<ReturnType<typeof scene>>, ending: TeamEnding) {
  switch (ending) {
    case "teamCancels":
      return void (await s.p.caller.tournaments.cancelRegistration({ participationId: s.teamId }));
    case "organiserCancelsTeam":
      return void (await s.org.caller.tournaments.cancelRegistration({ participationId: s.teamId }));
    case "tournamentCancelled":
      return void (await s.org.caller.tournaments.cancel({ tournamentId: s.t.id }));
    case "accountDeleted":
      return void (await s.p.caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" }));
  }
}

const cells = TOURNAMENT_PAYMENT_STATUSES.flatMap((status) => TEAM_ENDINGS.map((ending) => [status, ending] as const));

describe("every way a registration ends settles its money (status × ending)", () => {
  test.each(cells)("%s, %s", async (status, ending) => {
    const s = await scene(status);
    await end(s, ending);
    await runReleaseJobs(s.teamId);
    const pi = await intentOf(s.intentId);
    const row = await teamRow(s.teamId);
    expect(row.paymentStatus).toBe(statusAfterSettlement(status, ending));
    if (ending !== "tournamentCancelled") expect(row.cancelledAt).toEqual(NOW);
    const outcome = teamSettlementOf(status, ending);
    if (outcome === "release") {
      expect(pi.status).toBe("canceled");
    } else if (outcome === "refund") {
      expect(pi.status).toBe("succeeded");
      expect(chargeOf(pi)!.amount_refunded).toBe(s.amountCents);
      expect(emulatorOf(deps).applicationFeeRefundedCents(s.intentId)).toBe(s.feeCents);
      expect(row.refundedAt).toEqual(NOW);
    } else {
      expect(outcome).toBe("nothing");
      // cash: the intent was given up when it was marked paid; refunded: nothing more goes back
      expect(pi.status).toBe(status === "PaidExternally" ? "canceled" : "succeeded");
      expect(chargeOf(pi)?.amount_refunded ?? 0).toBe(s.refundedBefore);
    }
  });
});
