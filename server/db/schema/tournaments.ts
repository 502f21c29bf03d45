import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { INVOICE_COUNTRIES, TOURNAMENT_PAYMENT_STATUSES } from "@shared/schemas/tournaments";
import { courts } from "./courts";
import { games } from "./games";
import { organizations } from "./organizations";
import { payments } from "./payments";
import { regions } from "./regions";
import { users } from "./users";

/** The tables of the tournaments domain (tournaments/repo owns both; spec 001 section 3). */

export const tournaments = pgTable(
  "tournaments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en"),
    rules: text("rules").notNull().default(""),
    rulesEn: text("rules_en"),
    cancellationPolicy: text("cancellation_policy").notNull().default(""),
    cancellationPolicyEn: text("cancellation_policy_en"),
    termsOfParticipation: text("terms_of_participation").notNull().default(""),
    termsOfParticipationEn: text("terms_of_participation_en"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    maxTeams: smallint("max_teams").notNull(),
    /** players per team at most (spec 001 section 9: default 15) */
    maxPlayers: smallint("max_players").notNull().default(15),
    /** the place by name, when there is no court (or besides it) */
    locationName: text("location_name"),
    courtId: integer("court_id").references(() => courts.id, { onDelete: "set null" }),
    /** the feed it is listed in: the one chosen, else the court's region, else the organiser's */
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    /** players per team on the pitch, as a game's mode */
    gameMode: smallint("game_mode").notNull().default(5),
    /** per team, or per player when pricePerPlayer; integer cents, gross (VAT included for business tournaments) */
    participationPriceCents: integer("participation_price_cents").notNull().default(0),
    pricePerPlayer: boolean("price_per_player").notNull().default(false),
    /** 19 % VAT included; teams give invoice data and get an invoice */
    business: boolean("business").notNull().default(false),
    signupUrl: text("signup_url"),
    planUrl: text("plan_url"),
    whatsappGroupUrl: text("whatsapp_group_url"),
    singlePlayerGameId: integer("single_player_game_id").references(() => games.id, { onDelete: "set null" }),
    organizerId: integer("organizer_id")
      .notNull()
      .references(() => users.id),
    /** the organiser's organisation when it was created (admins may have none) */
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    /** null: a draft only its organiser and admins see */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tournaments_region_start_idx").on(t.regionId, t.startTime),
    index("tournaments_organizer_idx").on(t.organizerId, t.startTime),
    index("tournaments_court_start_idx").on(t.courtId, t.startTime),
    check("tournaments_price_range", sql`${t.participationPriceCents} >= 0 and ${t.participationPriceCents} <= 100000`),
    check("tournaments_max_teams_range", sql`${t.maxTeams} between 2 and 128`),
    check("tournaments_max_players_range", sql`${t.maxPlayers} between ${t.gameMode} and 30`),
    check("tournaments_game_mode_range", sql`${t.gameMode} between 1 and 11`),
    check("tournaments_end_after_start", sql`${t.endTime} > ${t.startTime}`),
    check("tournaments_place", sql`${t.courtId} is not null or ${t.locationName} is not null`),
  ],
);

/**
 * A team registered for a tournament (spec 001 section 3 "Tournament participation"). Active, on the waiting list
 * (`queue`, in order of `createdAt`) or cancelled (`cancelledAt`). The contact fields are the registering person's;
 * `userId` is their account (null once it is deleted). The invoice fields are asked for in business tournaments.
 */
export const tournamentParticipations = pgTable(
  "tournament_participations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    teamName: text("team_name").notNull(),
    paymentStatus: text("payment_status", { enum: TOURNAMENT_PAYMENT_STATUSES }).notNull().default("Open"),
    /** players of the team (what a per-player price is multiplied by) */
    playerCount: smallint("player_count").notNull().default(1),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    paymentReminderSentAt: timestamp("payment_reminder_sent_at", { withTimezone: true }),
    invoiceCompanyName: text("invoice_company_name"),
    invoiceLine1: text("invoice_line1"),
    invoiceLine2: text("invoice_line2"),
    invoicePostalCode: text("invoice_postal_code"),
    invoiceTown: text("invoice_town"),
    invoiceCountry: text("invoice_country", { enum: INVOICE_COUNTRIES }),
    invoiceEmail: text("invoice_email"),
    invoiceHint: text("invoice_hint"),
    /** on the waiting list: the tournament was full when the team registered */
    queue: boolean("queue").notNull().default(false),
    /** what the team owes in integer cents (gross): the price, times playerCount when the price is per player */
    amountCents: integer("amount_cents").notNull().default(0),
    /** the team's current payment (payments domain); a new attempt replaces it */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** how many payment attempts were started (part of the payment's idempotency key) */
    paymentAttempts: smallint("payment_attempts").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** when the team moved up from the waiting list (and was asked to pay) */
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    /** the language the registering person used (mails and pushes to the team) */
    language: text("language", { enum: ["de", "en"] }).notNull().default("de"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** the team count and the waiting list's order read this */
    index("tournament_participations_tournament_idx").on(t.tournamentId, t.queue, t.createdAt),
    index("tournament_participations_user_idx").on(t.userId),
    /** one active team of each name per tournament */
    uniqueIndex("tournament_participations_team_name_unique")
      .on(t.tournamentId, sql`lower(${t.teamName})`)
      .where(sql`${t.cancelledAt} is null`),
    check("tournament_participations_player_count", sql`${t.playerCount} between 1 and 30`),
    check("tournament_participations_amount", sql`${t.amountCents} >= 0`),
    index("tournament_participations_payment_idx").on(t.paymentId),
  ],
);

/** A news message of a tournament's channel (spec 001 sections 2.10, 3 "Channel message"), by the organiser or an admin. */
export const tournamentChannelMessages = pgTable(
  "tournament_channel_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tournament_channel_messages_tournament_idx").on(t.tournamentId, t.createdAt)],
);

/** Who has seen a channel message (spec 001 section 3 "readBy"): marked when shown. */
export const tournamentChannelReads = pgTable(
  "tournament_channel_reads",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => tournamentChannelMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("tournament_channel_reads_user_idx").on(t.userId)],
);

/**
 * The last invoice number given out per year (gapless: taken with `update … returning` in the transaction that
 * writes the invoice, so a number is never given twice and never skipped).
 */
export const tournamentInvoiceCounters = pgTable("tournament_invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/** A business team's invoice (spec 001 sections 2.10, 9): one per paid participation, its PDF stored like uploads. */
export const tournamentInvoices = pgTable(
  "tournament_invoices",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    participationId: integer("participation_id")
      .notNull()
      .references(() => tournamentParticipations.id, { onDelete: "restrict" }),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "restrict" }),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** the printed number, e.g. "KR-2026-00042" */
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    vatPercent: smallint("vat_percent").notNull(),
    /** seller, buyer and line items as printed (the invoice must not change when the data behind it does) */
    snapshot: jsonb("snapshot").notNull(),
    /** where the PDF is stored (integrations/storage) */
    storageKey: text("storage_key").notNull(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    /**
     * a cancellation invoice ("Stornorechnung") names the invoice it cancels; its amounts are the original's,
     * negated on the PDF, and it takes the next number of the same counter
     */
    cancelsInvoiceId: integer("cancels_invoice_id").references((): AnyPgColumn => tournamentInvoices.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** one invoice per participation, and at most one cancellation of it */
    uniqueIndex("tournament_invoices_participation_unique").on(t.participationId).where(sql`${t.cancelsInvoiceId} is null`),
    uniqueIndex("tournament_invoices_cancels_unique").on(t.cancelsInvoiceId),
    uniqueIndex("tournament_invoices_year_sequence_unique").on(t.year, t.sequence),
    index("tournament_invoices_tournament_idx").on(t.tournamentId),
    check("tournament_invoices_sum", sql`${t.netCents} + ${t.vatCents} = ${t.grossCents}`),
  ],
);
