import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { participations } from "./participation";

/**
 * Counters of anonymous guests' joins and comments (domains/participation/guest-limits.ts), one row
 * per key (kind, and the hashed client address or device token) with a fixed window. In the database,
 * so every server process counts against the same rows; the row is locked for the counting
 * transaction, so simultaneous requests are counted one after another.
 */
export const guestThrottle = pgTable(
  "guest_throttle",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("guest_throttle_window_idx").on(t.windowStartedAt)],
);

/**
 * Where a guest participation came from: the client address (hashed; IPv6 by its /64) and the
 * hashed guest key of the browser or app (an HttpOnly cookie). The address caps guest places per
 * game; the key proves, when the native wrapper names the participation by id alone, that the
 * account attaching it signs in from the browser or app that made it.
 */
export const guestOrigins = pgTable(
  "guest_origins",
  {
    participationId: integer("participation_id")
      .primaryKey()
      .references(() => participations.id, { onDelete: "cascade" }),
    gameId: integer("game_id").notNull(),
    addressHash: text("address_hash").notNull(),
    guestKeyHash: text("guest_key_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("guest_origins_game_address_idx").on(t.gameId, t.addressHash)],
);
