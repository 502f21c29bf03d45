import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's personal calendar subscription (issue 29): the secret of `/api/calendar/<token>.ics`. At most one per
 * user; creating again rotates the token (the old URL stops working at once), revoking deletes the row. The token
 * is a bearer capability shown to its owner again and again, like a weekly session's share key, so it is stored as
 * it is (server/domains/calendar-feed/README.md "The token"). Owner: domains/calendar-feed/repo.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** 32 random bytes, base64url without padding (43 characters) */
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** the last time a calendar app fetched the feed (written at most every few minutes) */
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
});
