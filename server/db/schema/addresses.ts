import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's postal addresses (spec 001 section 3 "Address"); the first (lowest id) is the one used, e.g.
 * for payment onboarding. Owner: domains/addresses/repo. `line2` and `state` are "empty" in the old API:
 * stored as '' rather than null, so the wrapper reads a string as before.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    postalCode: text("postal_code").notNull(),
    town: text("town").notNull(),
    state: text("state").notNull().default(""),
    /** ISO 3166-1 alpha-2, upper case */
    country: text("country").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.id), check("addresses_country_alpha2", sql`${t.country} ~ '^[A-Z]{2}$'`)],
);
