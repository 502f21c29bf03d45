import type Stripe from "stripe";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findUserByStripeAccountId } from "../users/service";
import { applyAccountState } from "./connected-accounts";
import { applyIntent } from "./mirror";
import { callStripe } from "./provider";
import * as repo from "./repo";

/**
 * Payments needing attention (issue 26): a verified webhook event whose application threw is kept in
 * `payment_webhook_failures` with its error; a later delivery that applies it resolves it (webhooks.ts),
 * and staff can reconcile the object it names on demand: read it from Stripe now and apply it through
 * the functions the webhooks and the 15-minute reconciliation use (mirror.ts, connected-accounts.ts).
 */

export type WebhookFailureRow = repo.WebhookFailureRow;

/** Never throws: a failure to record is logged (the 503 still makes Stripe deliver the event again). */
export async function recordWebhookFailure(deps: Deps, event: Stripe.Event, error: unknown): Promise<void> {
  const id = (event.data.object as { id?: unknown }).id;
  const message = (error instanceof AppError ? `${error.code}: ${String(error.cause ?? error.message)}` : String(error)).slice(0, 1000);
  try {
    await repo.recordWebhookFailure(deps.db, { stripeEventId: event.id, type: event.type, objectId: typeof id === "string" && id ? id : null, error: message }, deps.clock.now());
  } catch (e) {
    deps.logger.error("stripe webhook failure not recorded", { event: event.id, error: String(e) });
  }
}

/**
 * Reads the failure's object from Stripe and applies it (an intent, an intent's charge, a connected
 * account). True when it was read and applied (or there is nothing at Stripe to apply: an event about no
 * object of ours), false when Stripe could not be asked (payments off, Stripe unreachable): try again.
 */
export async function reconcileFailureObject(deps: Deps, failure: WebhookFailureRow): Promise<boolean> {
  const payments = deps.payments;
  if (!payments) return false;
  const objectId = failure.objectId;
  if (!objectId) return true;
  try {
    if (objectId.startsWith("pi_") || objectId.startsWith("ch_")) {
      let intentId = objectId;
      if (objectId.startsWith("ch_")) {
        const charge = await callStripe(deps, "reconcile", () => payments.stripe.charges.retrieve(objectId));
        if (typeof charge.payment_intent !== "string") return true;
        intentId = charge.payment_intent;
      }
      const intent = await callStripe(deps, "reconcile", () => payments.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] }));
      await deps.db.transaction(async (tx) => {
        const locked = await repo.lockPaymentByIntentId(tx, intentId);
        if (locked) await applyIntent(deps, tx, locked, intent, { eventCreated: null, cause: { kind: "read" } }, deps.clock.now());
      });
      return true;
    }
    if (objectId.startsWith("acct_")) {
      const account = await callStripe(deps, "reconcile", () => payments.stripe.accounts.retrieve(objectId));
      await deps.db.transaction(async (tx) => {
        await repo.lockAccountEvents(tx, account.id);
        if (await findUserByStripeAccountId(tx, account.id)) await applyAccountState(tx, account, deps.clock.now());
      });
      return true;
    }
    return true; // a type we do not act on: nothing at Stripe to apply
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // gone at Stripe: nothing left to apply
    if (error.code === "PAYMENT_NOT_FOUND" || error.code === "PAYMENT_ACCOUNT_NOT_READY") return true;
    deps.logger.warn("reconciling a webhook failure could not read from Stripe", { failureId: failure.id, code: error.code });
    return false;
  }
}

export function findWebhookFailure(deps: Deps, id: number): Promise<WebhookFailureRow | null> {
  return repo.findWebhookFailure(deps.db, id);
}

/** Marks the failure resolved by a staff member, in the caller's transaction (with its audit entry). */
export async function resolveWebhookFailure(tx: Tx, id: number, resolvedById: number, now: Date): Promise<{ before: WebhookFailureRow; after: WebhookFailureRow }> {
  const before = await repo.lockWebhookFailure(tx, id);
  if (!before) throw new AppError("WEBHOOK_FAILURE_NOT_FOUND");
  const after = before.resolvedAt ? before : await repo.markWebhookFailureResolved(tx, id, resolvedById, now);
  return { before, after };
}
