import { sql } from "drizzle-orm";
import { PAYMENT_BUSINESS_TYPES } from "@shared/constants";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { regions } from "./regions";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** stored lower-case; unique */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    profileImageUrl: text("profile_image_url"),
    receiveGameEmails: boolean("receive_game_emails").notNull().default(true),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "set null" }),
    isCourtOwner: boolean("is_court_owner").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    applicationLanguage: text("application_language", { enum: ["de", "en"] }).notNull().default("de"),
    /** 0-100; null while unknown (too little history) */
    reliabilityRating: smallint("reliability_rating"),
    punctualityRating: smallint("punctuality_rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** the account was deleted: personal data removed, the row kept so others' history stays whole */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** blocked by staff (issue 26): no sign-in, every session ended; null: not blocked. Written by domains/admin through users/service. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** when the app last asked this user to rate it (showRateAppHint, domains/users/rate-app-hint.ts) */
    rateAppHintShownAt: timestamp("rate_app_hint_shown_at", { withTimezone: true }),
    /*
     * The payment account (spec 001 section 3): a Stripe Connect account receiving payouts. Written only
     * through users/service.setPaymentAccount (onboarding, `account.updated` webhooks, reset).
     */
    /** the connected account (`acct_…`); null: none yet (`hasPaymentAccount` false) */
    stripeAccountId: text("stripe_account_id"),
    /** Stripe's `details_submitted`: the hosted onboarding was finished */
    paymentOnboardingCompleted: boolean("payment_onboarding_completed").notNull().default(false),
    /** Stripe's `charges_enabled`: managed-payment games may take money for this user */
    paymentChargesEnabled: boolean("payment_charges_enabled").notNull().default(false),
    /** Stripe's `payouts_enabled` */
    paymentPayoutsEnabled: boolean("payment_payouts_enabled").notNull().default(false),
    /** Stripe's `business_type`; null until the onboarding chose one */
    paymentBusinessType: text("payment_business_type", { enum: PAYMENT_BUSINESS_TYPES }),
    /**
     * The Europe/Berlin calendar month whose provider fee (2 EUR) was last deducted, as the month's first
     * day ('2026-11-01'); null: never. "Paid this month" is `= first day of the current Berlin month`,
     * exact at any instant and reset by nothing (a new month simply differs). `stripeMonthlyFeePaid` on
     * myAccount is derived from it (shared/rules/fees.ts monthlyFeePaid).
     */
    stripeMonthlyFeePaidMonth: date("stripe_monthly_fee_paid_month", { mode: "string" }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_region_idx").on(t.regionId),
    uniqueIndex("users_stripe_account_id_unique").on(t.stripeAccountId),
    check("users_monthly_fee_month_first_day", sql`extract(day from ${t.stripeMonthlyFeePaidMonth}) = 1`),
  ],
);

/** Django-style permission groups; staff groups are named in shared/constants.ts. */
export const groups = pgTable("groups", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
});

export const userGroups = pgTable(
  "user_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group_idx").on(t.groupId)],
);
