import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { games } from "./games";
import { users } from "./users";

/**
 * Balanced teams at kick-off (issue 29; teams/repo owns both tables; server/domains/teams/README.md).
 */

/**
 * An organiser's skill rating of a player after a game: 10..90 (the rating screen's five steps, SKILL_STEPS in
 * shared/matchday/skill.ts), one per rater, game and player (a second rating replaces the first). Never shown to
 * the rated player; the balancer turns a player's ratings into their estimate.
 */
export const skillRatings = pgTable(
  "skill_ratings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    ratedUserId: integer("rated_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    raterId: integer("rater_id").references(() => users.id, { onDelete: "set null" }),
    gameId: integer("game_id").references(() => games.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("skill_ratings_rated_user_idx").on(t.ratedUserId),
    uniqueIndex("skill_ratings_once").on(t.raterId, t.gameId, t.ratedUserId),
    check("skill_ratings_rating_range", sql`${t.rating} >= 10 and ${t.rating} <= 90`),
  ],
);

/** A player slot: a participation id, or "<participation id>+<n>" for the n-th friend of an "Ich + n" participation. */
export type StoredTeamSide = { players: string[]; bib: "orange" | "yellow" | "blue" | null };
export type StoredTeams = { sides: StoredTeamSide[]; fixed: { id: string; side: number }[] };

/**
 * A game's teams: the line-up (sides of player slots with their bib colour), the seed it was drawn with, the
 * players the organiser dragged (kept on a reshuffle) and whether players may build the teams. `version` counts
 * every write (two phones: a write names the version it saw).
 */
export const gameTeams = pgTable("game_teams", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  seed: integer("seed").notNull().default(0),
  /** null: not built yet (the row may exist for playersMayBuild alone) */
  teams: jsonb("teams").$type<StoredTeams>(),
  /** the organiser lets any active player build, reshuffle and move */
  playersMayBuild: boolean("players_may_build").notNull().default(false),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  version: integer("version").notNull().default(1),
});
