import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { users } from "../../db/schema";
import { startPaymentWorkers } from "../../jobs/workers";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, organiserWithAccount, serveWebhooks } from "../../testing/payment-fixtures";
import { reconcilePayments, RECONCILE_QUIET_MINUTES, requestReconciliation } from "./reconcile";
import { findPayment, startPayment, type StartPaymentInput } from "./service";

let deps: Deps;
let organiser: { userId: number; accountId: string };
let served: ReturnType<typeof serveWebhooks>;
let subject = 0;
beforeAll(async () => {
  deps = await testDeps();
  organiser = await organiserWithAccount(deps);
  served = serveWebhooks(deps);
});
afterAll(async () => {
  emulatorOf(deps).resumeDeliveries({ deliverHeld: false });
  await served.close();
});

const input = (over: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  purpose: "tournament",
  subjectId: 700_000 + ++subject + Math.floor(Math.random() * 1000) * 1000,
  payerUserId: null,
  destinationAccountId: organiser.accountId,
  amountCents: 4000,
  applicationFeeCents: 279,
  captureMethod: "manual",
  attempt: 1,
  ...over,
});

const flags = async (userId: number) =>
  (
    await deps.db
      .select({ done: users.paymentOnboardingCompleted, charges: users.paymentChargesEnabled, payouts: users.paymentPayoutsEnabled })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

/** Runs `activity` while Stripe's webhooks are lost (held, then dropped). */
async function withDroppedWebhooks(activity: () => Promise<void>): Promise<number> {
  const emulator = emulatorOf(deps);
  await emulator.waitForDeliveries();
  emulator.pauseDeliveries();
  await activity();
  const dropped = emulator.heldEvents.length;
  emulator.resumeDeliveries({ deliverHeld: false });
  return dropped;
}

const later = (minutes: number) => testClock.freeze(new Date(Date.now() + minutes * 60_000));

describe("reconciliation heals missed webhooks", () => {
  test("a capture, a refund and an onboarding whose webhooks were dropped: the run reads them from Stripe and sets them right", async () => {
    const emulator = emulatorOf(deps);
    const stripe = deps.payments!.stripe;
    const started = await startPayment(deps, null, input());
    emulator.confirm(started.intentId, "success");
    await emulator.waitForDeliveries();
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_capture");
    const unpaid = await startPayment(deps, null, input());
    const onboarding = await organiserWithAccount(deps, { complete: false });

    const dropped = await withDroppedWebhooks(async () => {
      await stripe.paymentIntents.capture(started.intentId);
      await stripe.refunds.create({ payment_intent: started.intentId, amount: 1500 });
      await stripe.paymentIntents.cancel(unpaid.intentId);
      emulator.completeOnboarding(onboarding.accountId);
    });
    expect(dropped).toBeGreaterThanOrEqual(6);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "requires_capture", amountReceivedCents: 0, amountRefundedCents: 0 });
    expect(await flags(onboarding.userId)).toEqual({ done: false, charges: false, payouts: false });

    // rows touched within the quiet time are left to their webhooks
    const early = await reconcilePayments(deps, { limit: 1000 });
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_capture");
    expect(early.accountsChanged).toBeGreaterThanOrEqual(1); // accounts have no quiet time
    expect(await flags(onboarding.userId)).toEqual({ done: true, charges: true, payouts: true });

    later(RECONCILE_QUIET_MINUTES + 1);
    const report = await reconcilePayments(deps, { limit: 1000 });
    expect(report.intentsChanged).toBeGreaterThanOrEqual(2);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 4000, amountRefundedCents: 1500 });
    expect((await findPayment(deps, unpaid.paymentId))?.status).toBe("canceled");

    // final rows are not read again; a second run changes nothing of these
    const again = await reconcilePayments(deps, { limit: 1000 });
    expect(again.intentsChanged).toBe(0);
  });

  test("the pg-boss job, asked for on demand, does the same", async () => {
    await startPaymentWorkers(deps);
    const schedules = await deps.jobs.boss.getSchedules("payments-reconcile");
    expect(schedules.map((s) => s.cron)).toEqual(["*/15 * * * *"]);
    const emulator = emulatorOf(deps);
    const started = await startPayment(deps, null, input({ captureMethod: "automatic" }));
    await withDroppedWebhooks(async () => {
      emulator.confirm(started.intentId, "success");
    });
    expect((await findPayment(deps, started.paymentId))?.status).toBe("requires_payment_method");
    later(RECONCILE_QUIET_MINUTES + 1);
    await requestReconciliation(deps);
    const jobs = await settledJobs(deps, "payments-reconcile", {});
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.every((j) => j.state === "completed")).toBe(true);
    expect(await findPayment(deps, started.paymentId)).toMatchObject({ status: "succeeded", amountReceivedCents: 4000 });
  });

  test("without payments the run reads nothing", async () => {
    expect(await reconcilePayments({ ...deps, payments: null })).toEqual({ intentsRead: 0, intentsChanged: 0, accountsRead: 0, accountsChanged: 0, failed: 0 });
  });
});
