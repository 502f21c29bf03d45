import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { CANCELLATION_REASONS } from "@shared/constants";
import { gameSettingColumns } from "./game-settings";
import { users } from "./users";
import { gameTemplates } from "./weekly";

export const games = pgTable(
  "games",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    /** organisation, region (the feed a game appears in), court, and the settings a weekly session's template shares */
    ...gameSettingColumns(),
    /**
     * The secret of a private game's share link (/game/{id}?key=…, domains/games/visibility.ts): 128 random
     * bits as 32 hex digits, made by the database for every game (public ones never need it).
     */
    shareKey: text("share_key")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    /** start + duration, stored so overlap and "upcoming" queries use an index */
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    highestParticipantsAmountReached: smallint("highest_participants_amount_reached").notNull().default(0),
    receivedOrganizerReliabilityFeedback: boolean("received_organizer_reliability_feedback").notNull().default(false),
    minPlayersConfirmedAt: timestamp("min_players_confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** null with cancelledAt set: cancelled automatically */
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    cancellationReason: text("cancellation_reason", { enum: CANCELLATION_REASONS }),
    cancellationMessage: text("cancellation_message"),
    /** the weekly session this game is a week of (null: a single game) */
    gameTemplateId: integer("game_template_id").references(() => gameTemplates.id, { onDelete: "set null" }),
    /** until then only the session's regulars may join (the head start; null: open to everybody) */
    regularsOnlyUntil: timestamp("regulars_only_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // start time, then id: the order of the feed's and the search's pages, so a page of games starting at the same
    // time is read in index order and stops at the page's end (with (region, start) alone, every game of that start
    // time was read and sorted; server/db/README.md)
    index("games_region_start_id_idx").on(t.regionId, t.startTime, t.id),
    index("games_court_start_id_idx").on(t.courtId, t.startTime, t.id),
    index("games_creator_created_idx").on(t.creatorId, t.createdAt),
    index("games_template_start_idx").on(t.gameTemplateId, t.startTime),
    check("games_price_cents_range", sql`${t.priceCents} >= 0 and ${t.priceCents} <= 10000`),
    check("games_max_players_positive", sql`${t.maxPlayers} is null or ${t.maxPlayers} >= 1`),
  ],
);

/**
 * What happened to a game, for notifications (sent once that issue lands) and the history:
 * one kind of server/domains/games/events.ts each (type + payload), written only through games/core.ts recordGameEvent.
 */
export const gameEvents = pgTable(
  "game_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("game_events_game_idx").on(t.gameId, t.createdAt)],
);
