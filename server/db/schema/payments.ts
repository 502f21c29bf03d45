import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CAPTURE_METHODS, PAYMENT_CURRENCY, PAYMENT_INTENT_STATUSES, PAYMENT_PURPOSES } from "@shared/constants";
import { users } from "./users";

/**
 * One row per payment intent we create at Stripe (game participations, court bookings, tournament
 * participations). `subjectId` names the paying row of the purpose's table (participations.id,
 * court_bookings.id, tournament_participations.id); no foreign key, since it points into three tables.
 * `status` mirrors the intent's status as the newest applied webhook event (or a read: Stripe's answer to
 * our own capture, cancel or refund, or the reconciliation job) reported it, moved only through
 * shared/rules/intent-status.ts; `lastEventCreated` is the newest applied event's `created` (Unix
 * seconds), so an older event arriving late is recognised. Owner: domains/payments/repo.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    stripePaymentIntentId: text("stripe_payment_intent_id").notNull().unique(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    subjectId: integer("subject_id").notNull(),
    /** who pays; null only for a payment whose payer has no account (a tournament participation by e-mail) */
    payerUserId: integer("payer_user_id").references(() => users.id, { onDelete: "set null" }),
    /** the connected account receiving the rest (`transfer_data.destination`); null: the platform keeps it all (no transfer) */
    destinationAccountId: text("destination_account_id"),
    amountCents: integer("amount_cents").notNull(),
    /** what the platform keeps (`application_fee_amount`), shared/rules/fees.ts */
    applicationFeeCents: integer("application_fee_cents").notNull(),
    currency: text("currency").notNull().default(PAYMENT_CURRENCY),
    captureMethod: text("capture_method", { enum: CAPTURE_METHODS }).notNull(),
    status: text("status", { enum: PAYMENT_INTENT_STATUSES }).notNull(),
    /** what Stripe's refunds gave back of the captured amount (the charge's `amount_refunded` less any uncaptured rest) */
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    /** what was captured (the intent's `amount_received`); 0 until it succeeded */
    amountReceivedCents: integer("amount_received_cents").notNull().default(0),
    /** the caller's attempt for this purpose and subject (1, 2, … after a failed or expired one); part of the idempotency key */
    attempt: integer("attempt").notNull().default(1),
    /** `created` (Unix seconds) of the newest webhook event applied to this row; null: none yet */
    lastEventCreated: bigint("last_event_created", { mode: "number" }),
    /** when the reconciliation job last read this intent from Stripe (domains/payments/reconcile.ts) */
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one intent per attempt of a subject: a retried startPayment finds its row (domains/payments/service.ts)
    uniqueIndex("payments_subject_attempt_unique").on(t.purpose, t.subjectId, t.attempt),
    index("payments_payer_idx").on(t.payerUserId),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check("payments_fee_within_amount", sql`${t.applicationFeeCents} >= 0 and ${t.applicationFeeCents} <= ${t.amountCents}`),
    check("payments_refund_within_amount", sql`${t.amountRefundedCents} >= 0 and ${t.amountRefundedCents} <= ${t.amountCents}`),
    check("payments_received_within_amount", sql`${t.amountReceivedCents} >= 0 and ${t.amountReceivedCents} <= ${t.amountCents}`),
    check("payments_attempt_positive", sql`${t.attempt} >= 1`),
  ],
);

/**
 * Every Stripe webhook event applied, by Stripe's event id: inserted in the same transaction as the
 * event's effect, so an event delivered again (Stripe retries, at-least-once) finds its row and
 * changes nothing. `created` is the event's Unix seconds; `objectId` the object it is about
 * (`pi_…`, `acct_…`). Owner: domains/payments/repo.
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    stripeEventId: text("stripe_event_id").primaryKey(),
    type: text("type").notNull(),
    objectId: text("object_id").notNull(),
    created: bigint("created", { mode: "number" }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_webhook_events_object_idx").on(t.objectId, t.created)],
);

/**
 * A webhook event that could not be applied (issue 26: payments needing attention): kept with its error
 * until staff reconcile the object it names (or Stripe's retry applies it, which sets `resolvedAt`).
 * Owner: domains/payments/repo.
 */
export const paymentWebhookFailures = pgTable(
  "payment_webhook_failures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    stripeEventId: text("stripe_event_id").notNull(),
    type: text("type").notNull(),
    objectId: text("object_id"),
    error: text("error").notNull(),
    attempts: integer("attempts").notNull().default(1),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("payment_webhook_failures_event_unique").on(t.stripeEventId), index("payment_webhook_failures_open_idx").on(t.lastFailedAt).where(sql`${t.resolvedAt} is null`)],
);
