import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { GAME_REPORT_STATUSES, PAYMENT_STATUSES, RELIABILITY_FEEDBACK, REMOVAL_REASONS } from "@shared/constants";
import { games } from "./games";
import { payments } from "./payments";
import { users } from "./users";

/** The tables of the participation domain (participation/repo owns them; README "Each table has one owning repo"). */

/** A guest who joined with a first name only; attached to an account when they sign in later. */
export const guestProfiles = pgTable("guest_profiles", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  firstName: text("first_name").notNull(),
  /** the account the guest became, once attached */
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  reliabilityRating: smallint("reliability_rating"),
  punctualityRating: smallint("punctuality_rating"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const gameReports = pgTable(
  "game_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    additionalInformation: text("additional_information").notNull(),
    /** the staff queue (issue 26): OPEN, ANSWERED (the reporter got `answer`), CLOSED */
    status: text("status", { enum: GAME_REPORT_STATUSES }).notNull().default("OPEN"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    handledById: integer("handled_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_reports_once").on(t.gameId, t.userId), index("game_reports_status_idx").on(t.status, t.createdAt)],
);

/**
 * Who plays: one row per player (account or guest) and game, active, queued (waiting list) or
 * cancelled. A cancelled row is reused when the same account joins again, so a user has one row
 * per game; a removed player's row keeps `banned`.
 */
export const participations = pgTable(
  "participations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    guestProfileId: integer("guest_profile_id").references(() => guestProfiles.id, { onDelete: "set null" }),
    /** guests only */
    firstName: text("first_name"),
    /** SHA-256 of the secret a guest got when joining; proves the guest owns the participation */
    guestTokenHash: text("guest_token_hash"),
    /** the push token of the device the participation was made or last changed from (by its owner); a guest's later account may claim it from that device */
    deviceToken: text("device_token"),
    playerCount: smallint("player_count").notNull().default(1),
    playsHimself: boolean("plays_himself").notNull().default(true),
    bringsBall: boolean("brings_ball").notNull().default(false),
    bringsBibs: boolean("brings_bibs").notNull().default(false),
    queue: boolean("queue").notNull().default(false),
    /** when the participation entered the waiting list: the queue's order (first come, first served) */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    notificationsEnabled: boolean("notifications_enabled").notNull().default(false),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("None"),
    totalPriceCents: integer("total_price_cents").notNull().default(0),
    /**
     * Managed payment (domains/participation/payment.ts): the participation's current payment, its
     * attempt (1 for the first intent; a rejoin or a promotion after an expired one makes the next) and,
     * while the status is Open, until when the place waits for the payment.
     */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    paymentAttempt: integer("payment_attempt").notNull().default(0),
    paymentReservationExpiresAt: timestamp("payment_reservation_expires_at", { withTimezone: true }),
    /** after a change to a managed-payment game (spec 000 section 5): cancelling stays free until then */
    paymentCanCancelUntil: timestamp("payment_can_cancel_until", { withTimezone: true }),
    /** cash (spec 000 section 4): the player asked to pay in cash, with an optional message; the organiser declined it */
    requestedExternalPaymentAt: timestamp("requested_external_payment_at", { withTimezone: true }),
    externalPaymentMessage: text("external_payment_message"),
    declinedExternalPaymentAt: timestamp("declined_external_payment_at", { withTimezone: true }),
    /**
     * A paid player's cancellation within 48 h of the start (spec 000 section 4 "Refund on cancellation"):
     * how many replacements it needed when it was made; null for any other participation. The money is
     * kept unless replacements are found (domains/participation/late-cancellation.ts).
     */
    cancellationReplacementsNeeded: smallint("cancellation_replacements_needed"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** cancelled by the player within 48 h of the start (reliability history) */
    cancelledShortNotice: boolean("cancelled_short_notice").notNull().default(false),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedById: integer("removed_by_id").references(() => users.id, { onDelete: "set null" }),
    removalReason: text("removal_reason", { enum: REMOVAL_REASONS }),
    removalMessage: text("removal_message"),
    /** removed by the organiser: may not join this game again */
    banned: boolean("banned").notNull().default(false),
    organizerReliabilityFeedback: text("organizer_reliability_feedback", { enum: RELIABILITY_FEEDBACK }),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    hasReported: boolean("has_reported").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("participations_game_idx").on(t.gameId),
    index("participations_user_idx").on(t.userId),
    index("participations_guest_idx").on(t.guestProfileId),
    index("participations_queue_idx").on(t.gameId, t.queuedAt, t.id).where(sql`${t.queue} and ${t.cancelledAt} is null`),
    uniqueIndex("participations_game_user_unique").on(t.gameId, t.userId).where(sql`${t.userId} is not null`),
    // a guest's first name is unique among the game's current guests (case-insensitive)
    uniqueIndex("participations_game_guest_name_unique")
      .on(t.gameId, sql`lower(${t.firstName})`)
      .where(sql`${t.userId} is null and ${t.cancelledAt} is null`),
    check("participations_player_count_range", sql`${t.playerCount} >= 0 and ${t.playerCount} <= 100`),
  ],
);
