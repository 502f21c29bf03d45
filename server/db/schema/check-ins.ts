import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { games } from "./games";
import { participations } from "./participation";
import { users } from "./users";

/**
 * Check-ins at the pitch (issue 29; participation/check-in-repo.ts owns it; server/domains/participation/README.md
 * "Check-in at the pitch"). One row per checked-in participation; checking out deletes it. The time is the
 * server's clock; no position is ever stored (it is compared with the court's and dropped).
 */
export const checkIns = pgTable(
  "check_ins",
  {
    participationId: integer("participation_id")
      .primaryKey()
      .references(() => participations.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull(),
    /** location: the player at the court; organizer: tapped in the organiser's list */
    method: text("method", { enum: ["location", "organizer"] }).notNull(),
    /** who checked in: the player, or the organiser; null for a guest (or a deleted account) */
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("check_ins_game_idx").on(t.gameId), check("check_ins_method", sql`${t.method} in ('location', 'organizer')`)],
);
