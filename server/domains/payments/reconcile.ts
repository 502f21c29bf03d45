import type { Deps } from "../../context";
import type { PaymentsReconcileJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { findIncompletePaymentAccounts, findUserByStripeAccountId } from "../users/service";
import { applyAccountState } from "./connected-accounts";
import { accountDiffersFromUser, applyIntent } from "./mirror";
import { callStripe } from "./provider";
import * as repo from "./repo";

/**
 * Heals missed webhooks (Stripe gives up on an endpoint after three days; a deploy or an outage can
 * drop some): reads from Stripe the intents of `payments` rows that are not final and that nothing
 * touched for RECONCILE_QUIET_MINUTES, and the connected accounts of users whose onboarding is not
 * complete, and applies what it reads through the same functions the webhooks use (mirror.ts,
 * connected-accounts.ts). A pg-boss job every 15 minutes (jobs/workers.ts), runnable on demand
 * (`requestReconciliation`, or this function). Reading is idempotent: running it twice, or beside
 * the webhooks, changes nothing twice.
 */

/** A row younger than this is probably still receiving its webhooks. */
export const RECONCILE_QUIET_MINUTES = 5;
/** Rows and accounts read per run; the ones read longest ago come first, so a backlog drains over runs. */
export const RECONCILE_BATCH = 100;
export const RECONCILE_CRON = "*/15 * * * *";

export type ReconcileReport = { intentsRead: number; intentsChanged: number; accountsRead: number; accountsChanged: number; failed: number };

export async function reconcilePayments(deps: Deps, job: PaymentsReconcileJob = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { intentsRead: 0, intentsChanged: 0, accountsRead: 0, accountsChanged: 0, failed: 0 };
  const payments = deps.payments;
  if (!payments) return report;
  const limit = job.limit ?? RECONCILE_BATCH;
  const now = deps.clock.now();

  const rows = await repo.paymentsToReconcile(deps.db, { quietSince: new Date(now.getTime() - RECONCILE_QUIET_MINUTES * 60_000), limit });
  for (const row of rows) {
    const intent = await readOrSkip(deps, report, { paymentId: row.id }, () =>
      payments.stripe.paymentIntents.retrieve(row.stripePaymentIntentId, { expand: ["latest_charge"] }),
    );
    if (!intent) continue;
    report.intentsRead++;
    const changed = await deps.db.transaction(async (tx) => {
      const locked = await repo.lockPaymentByIntentId(tx, row.stripePaymentIntentId);
      if (!locked) return false;
      const result = await applyIntent(deps, tx, locked, intent, { eventCreated: null, cause: { kind: "read" } }, deps.clock.now());
      return result.outcome === "changed";
    });
    if (changed) report.intentsChanged++;
  }

  for (const { userId, stripeAccountId } of await findIncompletePaymentAccounts(deps.db, limit)) {
    const account = await readOrSkip(deps, report, { userId }, () => payments.stripe.accounts.retrieve(stripeAccountId));
    if (!account) continue;
    report.accountsRead++;
    const changed = await deps.db.transaction(async (tx) => {
      await repo.lockAccountEvents(tx, account.id);
      const user = await findUserByStripeAccountId(tx, account.id);
      if (!user) return false;
      // applied even when unchanged: it touches the user's updated_at, so the next run reads others first
      await applyAccountState(tx, account, deps.clock.now());
      return accountDiffersFromUser(user, account);
    });
    if (changed) report.accountsChanged++;
  }
  if (report.intentsChanged || report.accountsChanged || report.failed) deps.logger.info("payments reconciled", report);
  return report;
}

/** One read from Stripe; a failure is counted and logged (by callStripe) and the run goes on with the next. */
async function readOrSkip<T>(deps: Deps, report: ReconcileReport, about: Record<string, number>, read: () => Promise<T>): Promise<T | null> {
  try {
    return await callStripe(deps, "reconcile", read);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    report.failed++;
    deps.logger.warn("reconciliation could not read from Stripe", { ...about, code: error.code });
    return null;
  }
}

/** Asks for a run now (e.g. after an outage); one waiting run at a time. */
export async function requestReconciliation(deps: Deps): Promise<void> {
  await deps.jobs.send("payments-reconcile", {}, { singletonKey: "payments-reconcile" });
}
