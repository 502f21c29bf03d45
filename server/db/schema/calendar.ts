import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { courts } from "./courts";
import { users } from "./users";

/**
 * Court owners' Google calendars (spec 001 sections 3, 9): the account link, consent flows in progress, and the
 * events imported as occupied time. Owner of every table here: domains/calendar/repo (the occupancies the events
 * hold are the bookings domain's, schema/bookings.ts).
 */

/**
 * A court owner's Google account link (spec 001 section 3: googleCredentials). Tokens are encrypted
 * (AES-256-GCM, integrations/google/crypto.ts); the access token is refreshed with the refresh token.
 */
export const googleCredentials = pgTable("google_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  accessTokenEnc: text("access_token_enc"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  lastImportAt: timestamp("last_import_at", { withTimezone: true }),
  lastImportError: text("last_import_error"),
  /**
   * issue 29: the user asked to have their Google calendar's busy times compared when joining a game (connected from
   * the profile's personal card, domains/calendar README "Personal link"); a court owner's link for courts alone
   * leaves it false
   */
  overlapCheck: boolean("overlap_check").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** OAuth `state` values of consent flows in progress (10 minutes, single use). */
export const googleOauthStates = pgTable("google_oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  returnPath: text("return_path").notNull().default("/profile"),
  /** the flow started from the personal card: the link it makes turns the overlap check on */
  overlapCheck: boolean("overlap_check").notNull().default(false),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** An event of the court's linked Google calendar, imported as occupied time (domains/calendar). */
export const courtExternalEvents = pgTable(
  "court_external_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    calendarIdGoogle: text("calendar_id_google").notNull(),
    googleEventId: text("google_event_id").notNull(),
    summary: text("summary"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Google's `updated` of the version imported */
    googleUpdatedAt: timestamp("google_updated_at", { withTimezone: true }),
    /** sub-courts this event could not occupy because something else already did (shown to the owner) */
    conflictingSubCourtIds: integer("conflicting_sub_court_ids").array().notNull().default(sql`'{}'::int[]`),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("court_external_events_unique").on(t.courtId, t.calendarIdGoogle, t.googleEventId),
    index("court_external_events_court_start_idx").on(t.courtId, t.startsAt),
    check("court_external_events_times", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);
