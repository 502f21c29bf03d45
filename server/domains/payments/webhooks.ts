import type Stripe from "stripe";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@shared/errors";
import { eventMayReport, INTENT_EVENT_STATUSES, isIntentStatus } from "@shared/rules/intent-status";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { constructWebhookEvent } from "../../integrations/stripe/client";
import { AppError } from "../../lib/errors";
import { findUserByStripeAccountId } from "../users/service";
import { applyAccountState } from "./connected-accounts";
import { recordWebhookFailure } from "./attention";
import { accountDiffersFromUser as differs, applyCharge, applyIntent } from "./mirror";
import { callStripe, requirePayments } from "./provider";
import * as repo from "./repo";

/**
 * Stripe's webhooks (POST /api/stripe/webhook, server/app.ts): each event is verified (Stripe's
 * signature scheme and 5-minute tolerance, against every configured endpoint secret), then applied
 * exactly once: its id goes into `payment_webhook_events` in the same transaction as its effect, so a
 * redelivery finds the id and changes nothing. Effects are order-independent: an intent's status
 * moves only as the transition table allows (shared/rules/intent-status.ts), amounts only grow, and an
 * older `account.updated` never overwrites a newer one. Events we do not act on are recorded and
 * answered 200, so Stripe stops sending them.
 *
 * Answers: 200 `{ received: true, outcome }` for every verified event; 400 for a missing or wrong
 * signature or a payload that is no event; 404 when payments are off; 503 only when the database or
 * Stripe's API failed while applying (Stripe delivers it again).
 */

/** What happened to a verified event. */
export type WebhookOutcome =
  /** the mirror or the user changed */
  | "applied"
  /** about something of ours, nothing new (a stale or late event, or the same state again) */
  | "unchanged"
  /** not about anything of ours, or a type we do not act on */
  | "ignored"
  /** delivered before: nothing done */
  | "duplicate";

export type WebhookAnswer = { status: 200 | 400 | 404 | 503; body: { received: true; outcome: WebhookOutcome } | { error: { code: ErrorCode; message: string } } };

/**
 * What a verified event must look like before anything of it reaches the database: the envelope, and
 * for the types we act on the fields we read (Stripe's ids are letters, digits and underscores; amounts
 * integer cents). A signed body of another shape is refused (400), never a 5xx.
 */
const stripeId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9_]{1,250}$`));
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ZEventEnvelope = z.object({
  id: stripeId("evt_"),
  type: z.string().regex(/^[a-z_.]{1,100}$/),
  created: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  data: z.object({ object: z.looseObject({ id: stripeId("").optional() }) }),
});
const ZIntentObject = z.looseObject({
  id: stripeId("pi_"),
  object: z.literal("payment_intent"),
  status: z.string().max(50),
  amount_received: cents,
  latest_charge: stripeId("").nullable().optional(),
});
const ZChargeObject = z.looseObject({
  id: stripeId("ch_"),
  object: z.literal("charge"),
  payment_intent: stripeId("pi_").nullable(),
  amount: cents,
  amount_captured: cents,
  amount_refunded: cents,
  captured: z.boolean(),
});
const ZAccountObject = z.looseObject({
  id: stripeId("acct_"),
  object: z.literal("account"),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  business_type: z.string().max(50).nullable().optional(),
});

function isWellFormed(event: Stripe.Event): boolean {
  if (!ZEventEnvelope.safeParse(event).success) return false;
  const object = event.data.object;
  if (event.type.startsWith("payment_intent.")) return ZIntentObject.safeParse(object).success;
  if (event.type === "charge.refunded") return ZChargeObject.safeParse(object).success;
  if (event.type === "account.updated") return ZAccountObject.safeParse(object).success;
  return true;
}

const refuse = (code: ErrorCode, status: 400 | 404 | 503): WebhookAnswer => ({ status, body: { error: { code, message: ERROR_CODES[code] } } });

export async function handleStripeWebhook(deps: Deps, payload: string, signature: string | undefined): Promise<WebhookAnswer> {
  if (!deps.payments) return refuse("NOT_FOUND", 404);
  if (!signature) return refuse("WEBHOOK_SIGNATURE_INVALID", 400);
  let event: Stripe.Event;
  try {
    event = await constructWebhookEvent(deps.payments, payload, signature);
  } catch {
    return refuse("WEBHOOK_SIGNATURE_INVALID", 400);
  }
  if (!isWellFormed(event)) return refuse("WEBHOOK_EVENT_INVALID", 400);
  try {
    const outcome = await processWebhookEvent(deps, event);
    deps.logger.debug("stripe webhook", { event: event.id, type: event.type, outcome });
    return { status: 200, body: { received: true, outcome } };
  } catch (error) {
    deps.logger.error("stripe webhook not applied, Stripe will deliver it again", {
      event: event.id,
      type: event.type,
      error: String(error),
      cause: error instanceof AppError ? String(error.cause) : undefined,
    });
    // payments needing attention (issue 26): kept until a later delivery applies it or staff reconcile the object
    await recordWebhookFailure(deps, event, error);
    return refuse("WEBHOOK_RETRY_LATER", 503);
  }
}

/** Two events of one second disagree about an object: its current state must be read from Stripe. */
class NeedsRead extends Error {
  constructor(
    readonly kind: "intent" | "account",
    readonly objectId: string,
  ) {
    super(`read ${kind} ${objectId}`);
  }
}

type ReadState = { kind: "intent"; intent: Stripe.PaymentIntent | null } | { kind: "account"; account: Stripe.Account | null };

/**
 * Applies a verified event exactly once (its id recorded in the same transaction). When the event
 * cannot be ordered against what is applied (intent-status.ts "ambiguous"), the transaction is rolled
 * back, the object read from Stripe, and the event applied again with the read state.
 */
export async function processWebhookEvent(deps: Deps, event: Stripe.Event): Promise<WebhookOutcome> {
  let read: ReadState | null = null;
  for (;;) {
    try {
      return await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const fresh = await repo.insertWebhookEvent(tx, { stripeEventId: event.id, type: event.type, objectId: objectIdOf(event), created: event.created }, now);
        // an earlier failure of this event is resolved once it is applied (or found applied)
        await repo.resolveWebhookFailureOfEvent(tx, event.id, now);
        if (!fresh) return "duplicate";
        return applyEvent(deps, tx, event, read, now);
      });
    } catch (error) {
      if (!(error instanceof NeedsRead) || read) throw error;
      read = await readObject(deps, error);
    }
  }
}

function objectIdOf(event: Stripe.Event): string {
  const id = (event.data.object as { id?: unknown }).id;
  return typeof id === "string" ? id : "";
}

async function readObject(deps: Deps, need: NeedsRead): Promise<ReadState> {
  const { stripe } = requirePayments(deps);
  try {
    if (need.kind === "intent") return { kind: "intent", intent: await callStripe(deps, "retrieve", () => stripe.paymentIntents.retrieve(need.objectId)) };
    return { kind: "account", account: await callStripe(deps, "retrieve", () => stripe.accounts.retrieve(need.objectId)) };
  } catch (error) {
    // Gone at Stripe (or never ours): the event is recorded without effect.
    if (error instanceof AppError && (error.code === "PAYMENT_NOT_FOUND" || error.code === "PAYMENT_ACCOUNT_NOT_READY")) {
      return need.kind === "intent" ? { kind: "intent", intent: null } : { kind: "account", account: null };
    }
    throw error;
  }
}

async function applyEvent(deps: Deps, tx: Tx, event: Stripe.Event, read: ReadState | null, now: Date): Promise<WebhookOutcome> {
  if (event.type.startsWith("payment_intent.")) return applyIntentEvent(deps, tx, event, read?.kind === "intent" ? read : null, now);
  if (event.type === "charge.refunded") return applyChargeEvent(deps, tx, event as Stripe.ChargeRefundedEvent, now);
  if (event.type === "account.updated") return applyAccountEvent(tx, event as Stripe.AccountUpdatedEvent, read?.kind === "account" ? read : null, now);
  return "ignored";
}

async function applyIntentEvent(
  deps: Deps,
  tx: Tx,
  event: Stripe.Event,
  read: Extract<ReadState, { kind: "intent" }> | null,
  now: Date,
): Promise<WebhookOutcome> {
  const reported = event.data.object as Stripe.PaymentIntent;
  if (read && !read.intent) return "ignored";
  const row = await repo.lockPaymentByIntentId(tx, reported.id);
  if (!row) return "ignored";
  if (!read && (!isIntentStatus(reported.status) || !eventMayReport(event.type, reported.status))) {
    // `partially_funded` and the like, or an object that contradicts its event's type: not ours to move.
    if (INTENT_EVENT_STATUSES[event.type]) deps.logger.warn("payment intent event with an unexpected status", { event: event.id, type: event.type, status: reported.status });
    return "ignored";
  }
  const result = read
    ? await applyIntent(deps, tx, row, read.intent!, { eventCreated: null, cause: { kind: "read" } }, now)
    : await applyIntent(deps, tx, row, reported, { eventCreated: event.created, cause: { kind: "event", eventId: event.id, type: event.type } }, now);
  if (result.outcome === "ambiguous") throw new NeedsRead("intent", reported.id);
  if (event.type === "payment_intent.payment_failed") {
    // each event is applied once (the ledger above), so the failure is reported once
    const { status, amountReceivedCents, amountRefundedCents } = result.payment;
    const failure = { message: failureMessage(event.data.object) };
    const change = { payment: result.payment, before: { status, amountReceivedCents, amountRefundedCents }, cause: { kind: "event" as const, eventId: event.id, type: event.type }, failure };
    for (const react of deps.paymentReactions) await react(tx, change);
  }
  return result.outcome === "changed" ? "applied" : "unchanged";
}

/** The provider's text for the payer from an intent's last_payment_error (bounded; control characters removed). */
function failureMessage(intent: unknown): string | null {
  const error = (intent as { last_payment_error?: { message?: unknown } | null }).last_payment_error;
  if (typeof error?.message !== "string") return null;
  const text = error.message.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 300);
  return text || null;
}

async function applyChargeEvent(deps: Deps, tx: Tx, event: Stripe.ChargeRefundedEvent, now: Date): Promise<WebhookOutcome> {
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : null;
  if (!intentId) return "ignored";
  const row = await repo.lockPaymentByIntentId(tx, intentId);
  if (!row) return "ignored";
  const result = await applyCharge(deps, tx, row, charge, { kind: "event", eventId: event.id, type: event.type }, now);
  return result.outcome === "changed" ? "applied" : "unchanged";
}

/**
 * A connected account's state onto its user (connected-accounts.ts). The events of one account are
 * serialised; an event older than the newest applied one changes nothing; one of the same second
 * that disagrees with the user's state is settled by reading the account.
 */
async function applyAccountEvent(
  tx: Tx,
  event: Stripe.AccountUpdatedEvent,
  read: Extract<ReadState, { kind: "account" }> | null,
  now: Date,
): Promise<WebhookOutcome> {
  const reported = event.data.object;
  if (read && !read.account) return "ignored";
  await repo.lockAccountEvents(tx, reported.id);
  const user = await findUserByStripeAccountId(tx, reported.id);
  if (!user) return "ignored";
  const account = read?.account ?? reported;
  if (!read) {
    const newest = await repo.newestEventCreated(tx, reported.id, event.type, event.id);
    if (newest !== null && event.created < newest) return "unchanged";
    if (newest !== null && event.created === newest && differs(user, reported)) throw new NeedsRead("account", reported.id);
  }
  if (!differs(user, account)) return "unchanged";
  await applyAccountState(tx, account, now);
  return "applied";
}
