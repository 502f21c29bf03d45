import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { COURT_BOOKING_EVENT_TYPES, COURT_BOOKING_STATUSES } from "@shared/constants";
import { courtExternalEvents } from "./calendar";
import { courts, subCourts } from "./courts";
import { payments } from "./payments";
import { users } from "./users";

/**
 * Renting courts (spec 001 sections 2.8, 3, 4; server/domains/bookings/README.md "Court bookings"). Owner of every table
 * here: domains/bookings/repo (the imported Google events they may hold are in schema/calendar.ts).
 *
 * No double booking, ever: whatever occupies a sub-court (an accepted app booking, a manual booking, an
 * occurrence of a manual series, an imported Google event) holds a row in `court_occupancies`, whose
 * exclusion constraint refuses two rows on one sub-court with overlapping times. The constraint lives in
 * the migration (drizzle cannot declare it): `exclude using gist (int4range(sub_court_id, sub_court_id, '[]')
 * with &&, tstzrange(starts_at, ends_at) with &&)`. The integer range stands in for btree_gist's `=`, so no
 * extension is needed (PGlite and managed PostgreSQL alike).
 */

/** A renter's booking of a court through the app (status codes OP RE TP BO DE CA). */
export const courtBookings = pgTable(
  "court_bookings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    /** chosen by the owner when accepting (null while requested) */
    subCourtId: integer("sub_court_id").references(() => subCourts.id, { onDelete: "set null" }),
    renterId: integer("renter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: COURT_BOOKING_STATUSES }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    /** the hourly prices over the booked time, before any discount */
    listPriceCents: integer("list_price_cents").notNull(),
    /** what the renter pays: the list price less the discount */
    priceCents: integer("price_cents").notNull(),
    /** the owner's share of priceCents (80 %); the rest is the platform's fee */
    earningCents: integer("earning_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    discountName: text("discount_name"),
    discountRelativeAmount: smallint("discount_relative_amount"),
    /** the current payment attempt (payments.id); set when the owner accepts */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    paymentAttempt: smallint("payment_attempt").notNull().default(0),
    /** accepted bookings must be paid by then, or they are cancelled and the sub-court is free again */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("court_bookings_court_start_idx").on(t.courtId, t.startsAt),
    index("court_bookings_renter_idx").on(t.renterId, t.startsAt),
    index("court_bookings_due_idx").on(t.paymentDueAt),
    check("court_bookings_times", sql`${t.startsAt} < ${t.endsAt}`),
    check("court_bookings_duration", sql`${t.durationMinutes} in (60, 90)`),
    check("court_bookings_money", sql`${t.priceCents} >= 0 and ${t.priceCents} <= ${t.listPriceCents} and ${t.earningCents} + ${t.feeCents} = ${t.priceCents}`),
  ],
);

/** A weekly series of manual bookings made by the owner (spec 001 section 3: terminatingDate, recurrences). */
export const courtManualBookingSeries = pgTable(
  "court_manual_booking_series",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    subCourtId: integer("sub_court_id")
      .notNull()
      .references(() => subCourts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** the first occurrence */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** further weeks after the first occurrence (0: only the first) */
    recurrences: smallint("recurrences").notNull(),
    /** the end of the last occurrence */
    terminatingAt: timestamp("terminating_at", { withTimezone: true }).notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("court_manual_booking_series_court_idx").on(t.courtId)],
);

/** A booking the owner entered by hand (phone, walk-in), alone or as an occurrence of a series. */
export const courtManualBookings = pgTable(
  "court_manual_bookings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    subCourtId: integer("sub_court_id")
      .notNull()
      .references(() => subCourts.id, { onDelete: "cascade" }),
    seriesId: integer("series_id").references(() => courtManualBookingSeries.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("court_manual_bookings_court_start_idx").on(t.courtId, t.startsAt),
    index("court_manual_bookings_series_idx").on(t.seriesId),
    check("court_manual_bookings_times", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * What occupies a sub-court and when: exactly one of booking, manual booking or external event. The
 * exclusion constraint `court_occupancies_no_overlap` (in the migration) makes a double booking impossible,
 * however many server processes try at once.
 */
export const courtOccupancies = pgTable(
  "court_occupancies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    subCourtId: integer("sub_court_id")
      .notNull()
      .references(() => subCourts.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    bookingId: integer("booking_id").references(() => courtBookings.id, { onDelete: "cascade" }),
    manualBookingId: integer("manual_booking_id").references(() => courtManualBookings.id, { onDelete: "cascade" }),
    externalEventId: integer("external_event_id").references(() => courtExternalEvents.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("court_occupancies_court_start_idx").on(t.courtId, t.startsAt),
    uniqueIndex("court_occupancies_booking_unique").on(t.bookingId),
    uniqueIndex("court_occupancies_manual_unique").on(t.manualBookingId),
    index("court_occupancies_external_idx").on(t.externalEventId),
    check("court_occupancies_times", sql`${t.startsAt} < ${t.endsAt}`),
    check("court_occupancies_one_source", sql`num_nonnulls(${t.bookingId}, ${t.manualBookingId}, ${t.externalEventId}) = 1`),
  ],
);

/**
 * What happened to a booking, for the notification dispatcher's ledger (like game_events): requested,
 * accepted, declined, paid, cancelled, expired. `payload` carries what the text needs.
 */
export const courtBookingEvents = pgTable(
  "court_booking_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => courtBookings.id, { onDelete: "cascade" }),
    type: text("type", { enum: COURT_BOOKING_EVENT_TYPES }).notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("court_booking_events_booking_idx").on(t.bookingId)],
);
