import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The last organiser-invoice number of a year (gapless, one row locked per number drawn). */
export const organizerInvoiceCounters = pgTable("organizer_invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * The monthly invoice for the platform fees charged to an organiser (spec 001 section 3 "Organizer
 * invoice", issue 26): one per organiser and Berlin month with fees, made by a job, its PDF stored like
 * uploads. Amounts are integer cents; the fees already include VAT (gross), which the invoice shows.
 * Owner: domains/accounting.
 */
export const organizerInvoices = pgTable(
  "organizer_invoices",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sequence: integer("sequence").notNull(),
    /** the printed number, e.g. "KRO-2026-00042" */
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    /** seller, buyer and one line per game as printed */
    snapshot: jsonb("snapshot").notNull(),
    storageKey: text("storage_key").notNull(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("organizer_invoices_user_month").on(t.userId, t.year, t.month)],
);
