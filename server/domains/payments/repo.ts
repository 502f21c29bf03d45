import { and, asc, eq, isNull, lt, max, ne, notInArray, sql } from "drizzle-orm";
import { FINAL_INTENT_STATUSES } from "@shared/rules/intent-status";
import type { DbOrTx, Tx } from "../../db/client";
import { paymentWebhookEvents, paymentWebhookFailures, payments } from "../../db/schema";

/**
 * The only module that writes `payments` and `payment_webhook_events` (README Layout): the payments
 * service creates rows, the webhooks and the reconciliation job move their mirror.
 */
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
/** What the mirror may change: Stripe's status and amounts, the newest event's time, the last read. */
export type PaymentMirrorChanges = Partial<
  Pick<NewPaymentRow, "status" | "amountReceivedCents" | "amountRefundedCents" | "lastEventCreated" | "reconciledAt">
>;

/**
 * Inserts the row of a newly created intent unless one exists for the intent or for the subject's
 * attempt (a retried startPayment); returns the row of the subject's attempt either way.
 */
export async function insertPayment(tx: Tx, values: NewPaymentRow): Promise<PaymentRow> {
  await tx.insert(payments).values(values).onConflictDoNothing();
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, values.purpose), eq(payments.subjectId, values.subjectId), eq(payments.attempt, values.attempt ?? 1)))
    .limit(1);
  if (rows[0]) return rows[0];
  // The intent's row exists under another attempt: only possible when a caller reused an intent.
  const byIntent = await findPaymentByIntentId(tx, values.stripePaymentIntentId);
  if (!byIntent) throw new Error(`payment row for ${values.stripePaymentIntentId} neither inserted nor found`);
  return byIntent;
}

export async function findPayment(db: DbOrTx, paymentId: number): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return rows[0] ?? null;
}

export async function findPaymentByIntentId(db: DbOrTx, intentId: string): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).limit(1);
  return rows[0] ?? null;
}

/** The row of an intent, locked until the transaction ends: events about one intent apply one at a time. */
export async function lockPaymentByIntentId(tx: Tx, intentId: string): Promise<PaymentRow | null> {
  const rows = await tx.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).limit(1).for("update");
  return rows[0] ?? null;
}

export async function updatePaymentMirror(tx: Tx, paymentId: number, changes: PaymentMirrorChanges, now: Date): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ ...changes, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  return row;
}

/** A changed amount of an unpaid intent (service.ts updatePaymentAmount), after Stripe accepted it. */
export async function updatePaymentAmount(tx: Tx, paymentId: number, amounts: { amountCents: number; applicationFeeCents: number }, now: Date): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ ...amounts, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  return row;
}

/**
 * Rows whose intent may still change at Stripe (not final) and that nothing touched for a while:
 * the reconciliation job reads them, those read longest ago first.
 */
export async function paymentsToReconcile(db: DbOrTx, opts: { quietSince: Date; limit: number }): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(notInArray(payments.status, [...FINAL_INTENT_STATUSES]), lt(payments.updatedAt, opts.quietSince)))
    .orderBy(sql`coalesce(${payments.reconciledAt}, ${payments.createdAt})`, asc(payments.id))
    .limit(opts.limit);
}

/* ---------- webhook events ---------- */

export type WebhookEventRecord = { stripeEventId: string; type: string; objectId: string; created: number };

/** Records an event as applied; false when it already was (a redelivery): then nothing may change. */
export async function insertWebhookEvent(tx: Tx, event: WebhookEventRecord, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(paymentWebhookEvents)
    .values({ ...event, appliedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.stripeEventId });
  return rows.length > 0;
}

/** The newest `created` of the applied events of one type about one object, other than `exceptEventId`. */
export async function newestEventCreated(tx: Tx, objectId: string, type: string, exceptEventId: string): Promise<number | null> {
  const [row] = await tx
    .select({ created: max(paymentWebhookEvents.created) })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.objectId, objectId), eq(paymentWebhookEvents.type, type), ne(paymentWebhookEvents.stripeEventId, exceptEventId)));
  return row?.created ?? null;
}

/**
 * Serialises the events about one connected account for the rest of the transaction (a transaction-
 * scoped advisory lock, namespace 1003): their order check and the user's update cannot interleave.
 */
export async function lockAccountEvents(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_EVENTS_LOCK}, hashtext(${accountId}))`);
}
const ACCOUNT_EVENTS_LOCK = 1003;

// ---- webhook events that could not be applied (issue 26: payments needing attention; payments/attention.ts) ----

export type WebhookFailureRow = typeof paymentWebhookFailures.$inferSelect;

/** Records a failed application of an event (one row per event; a repeated failure counts up). */
export async function recordWebhookFailure(db: DbOrTx, event: { stripeEventId: string; type: string; objectId: string | null; error: string }, now: Date): Promise<void> {
  await db
    .insert(paymentWebhookFailures)
    .values({ ...event, firstFailedAt: now, lastFailedAt: now })
    .onConflictDoUpdate({
      target: paymentWebhookFailures.stripeEventId,
      set: { error: event.error, lastFailedAt: now, attempts: sql`${paymentWebhookFailures.attempts} + 1` },
    });
}

/** A later successful application of the event resolves its failure (by nobody: Stripe's retry did). */
export async function resolveWebhookFailureOfEvent(tx: Tx, stripeEventId: string, now: Date): Promise<void> {
  await tx
    .update(paymentWebhookFailures)
    .set({ resolvedAt: now })
    .where(and(eq(paymentWebhookFailures.stripeEventId, stripeEventId), isNull(paymentWebhookFailures.resolvedAt)));
}

export async function lockWebhookFailure(tx: Tx, id: number): Promise<WebhookFailureRow | null> {
  const rows = await tx.select().from(paymentWebhookFailures).where(eq(paymentWebhookFailures.id, id)).for("update");
  return rows[0] ?? null;
}

export async function findWebhookFailure(db: DbOrTx, id: number): Promise<WebhookFailureRow | null> {
  const rows = await db.select().from(paymentWebhookFailures).where(eq(paymentWebhookFailures.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function markWebhookFailureResolved(tx: Tx, id: number, resolvedById: number, now: Date): Promise<WebhookFailureRow> {
  const rows = await tx.update(paymentWebhookFailures).set({ resolvedAt: now, resolvedById }).where(eq(paymentWebhookFailures.id, id)).returning();
  return rows[0]!;
}
