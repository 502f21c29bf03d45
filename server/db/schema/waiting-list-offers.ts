import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { games } from "./games";
import { participations } from "./participation";

/**
 * Waiting-list offers close to kick-off (issue 29; participation/offers.ts owns it; server/domains/participation/README.md
 * "Waiting-list offers close to kick-off"). Within 24 hours of the start a freed place is offered to the first in line
 * for a while instead of being given at once. One row per offer; an open offer holds its place. A participation holds
 * at most one open offer (the partial unique index), and every transition runs under the game's row lock.
 */
export const waitingListOffers = pgTable(
  "waiting_list_offers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    participationId: integer("participation_id")
      .notNull()
      .references(() => participations.id, { onDelete: "cascade" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** open: holds the place; accepted: moved up; declined / expired: passed on; ended: the game was cancelled or started, or the holder left */
    status: text("status", { enum: ["open", "accepted", "declined", "expired", "ended"] }).notNull().default("open"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waiting_list_offers_open_idx").on(t.participationId).where(sql`${t.status} = 'open'`),
    index("waiting_list_offers_game_idx").on(t.gameId),
    check("waiting_list_offers_status", sql`${t.status} in ('open', 'accepted', 'declined', 'expired', 'ended')`),
  ],
);

export type WaitingListOfferRow = typeof waitingListOffers.$inferSelect;
