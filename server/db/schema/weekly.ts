import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { gameSettingColumns } from "./game-settings";
import { users } from "./users";

/**
 * Weekly sessions (spec 000 section 3 "Game template"): what every week's game is made from, and the start
 * of the latest week (a game that took place, or a week skipped). Owner: domains/weekly/repo.
 */
export const gameTemplates = pgTable(
  "game_templates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    /** what each week's game takes: organisation, region, court and the game's settings (declared once with `games`) */
    ...gameSettingColumns(),
    /**
     * The secret of a private session's share link (/weekly-sessions/{id}/latest?key=…, domains/weekly/README.md):
     * 128 random bits as 32 hex digits, made by the database like games.share_key; only its managers are given it.
     */
    shareKey: text("share_key")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** the organiser's own place in each week's game (players incl. themself, as at creation) */
    organiserPlayerCount: smallint("organiser_player_count").notNull().default(1),
    playsHimself: boolean("plays_himself").notNull().default(true),
    /** the start of the latest week: its game's start, or the start of a week skipped ("does not take place") */
    latestStartTime: timestamp("latest_start_time", { withTimezone: true }).notNull(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** the next week's start the organiser was last reminded to confirm (domains/weekly/reminder.ts): once per week */
    confirmationRemindedFor: timestamp("confirmation_reminded_for", { withTimezone: true }),
    /** the regulars may join a new week's game before everybody else (server/domains/weekly/README.md "Weekly sessions") */
    regularsHeadStart: boolean("regulars_head_start").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("game_templates_creator_idx").on(t.creatorId),
    check("game_templates_price_cents_range", sql`${t.priceCents} >= 0 and ${t.priceCents} <= 10000`),
  ],
);
