import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MATCH_STAGES, PLAN_FORMATS } from "@shared/schemas/tournament-plans";
import { tournamentParticipations, tournaments } from "./tournaments";
import { users } from "./users";

/**
 * A tournament's own plan (issue 29; tournaments/plan-repo.ts owns all three tables): how it was generated, its
 * matches with their results, and the referees the organiser named. Only tournaments without an external plan link.
 */
export const tournamentPlans = pgTable(
  "tournament_plans",
  {
    tournamentId: integer("tournament_id")
      .primaryKey()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    format: text("format", { enum: PLAN_FORMATS }).notNull(),
    /** groups + knock-out: the number of groups; a league: 1 */
    groupCount: smallint("group_count").notNull(),
    matchMinutes: smallint("match_minutes").notNull(),
    breakMinutes: smallint("break_minutes").notNull(),
    pitches: smallint("pitches").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull(),
    /** grows with every change (a result, a new plan): the live event's id */
    version: integer("version").notNull().default(1),
    /** the lots drawn for teams level on every criterion: per group label ("" for a league) the drawn teams, best first */
    draws: jsonb("draws").$type<Record<string, number[]>>().notNull().default({}),
  },
  (t) => [
    check("tournament_plans_group_count", sql`${t.groupCount} between 1 and 16`),
    check("tournament_plans_match_minutes", sql`${t.matchMinutes} between 4 and 120`),
    check("tournament_plans_break_minutes", sql`${t.breakMinutes} between 0 and 60`),
    check("tournament_plans_pitches", sql`${t.pitches} between 1 and 16`),
  ],
);

/**
 * A match of the plan. Group and league matches have both teams from the draw; a knock-out match names where its
 * teams come from (`home_source`: `group:A:1`, `winner:7`, `loser:7`) and gets the team ids once the results decide
 * them. A level knock-out score needs `winner` (extra time or penalties).
 */
export const tournamentMatches = pgTable(
  "tournament_matches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournamentPlans.tournamentId, { onDelete: "cascade" }),
    /** the match number ("Spiel 7"): the generator's, growing with the rounds; sources name it */
    number: smallint("number").notNull(),
    stage: text("stage", { enum: MATCH_STAGES }).notNull(),
    groupLabel: text("group_label"),
    round: smallint("round").notNull(),
    /** knock-out: the places of its round (2: the final) */
    roundOf: smallint("round_of"),
    pitch: smallint("pitch").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    homeTeamId: integer("home_team_id").references(() => tournamentParticipations.id, { onDelete: "set null" }),
    awayTeamId: integer("away_team_id").references(() => tournamentParticipations.id, { onDelete: "set null" }),
    homeSource: text("home_source"),
    awaySource: text("away_source"),
    homeGoals: smallint("home_goals"),
    awayGoals: smallint("away_goals"),
    winner: text("winner", { enum: ["home", "away"] }),
    /** grows with every result saved for the match and every change of its teams: a save carries the version it replaces */
    version: integer("version").notNull().default(0),
    resultById: integer("result_by_id").references(() => users.id, { onDelete: "set null" }),
    resultAt: timestamp("result_at", { withTimezone: true }),
    /** the side that withdrew before playing it: the result is the opponent's walkover (plan.ts applyForfeits) */
    forfeit: text("forfeit", { enum: ["home", "away"] }),
  },
  (t) => [
    uniqueIndex("tournament_matches_number_unique").on(t.tournamentId, t.number),
    index("tournament_matches_tournament_start_idx").on(t.tournamentId, t.startsAt),
    check("tournament_matches_goals", sql`(${t.homeGoals} is null) = (${t.awayGoals} is null) and ${t.homeGoals} between 0 and 99 and ${t.awayGoals} between 0 and 99`),
    check("tournament_matches_winner", sql`${t.winner} is null or (${t.stage} = 'knockout' and ${t.homeGoals} = ${t.awayGoals})`),
    check("tournament_matches_forfeit", sql`${t.forfeit} is null or (${t.forfeit} in ('home', 'away') and ${t.homeGoals} is not null)`),
  ],
);

/** The users the organiser named to enter results (issue 29): accounts of the tournament's registered teams. */
export const tournamentReferees = pgTable(
  "tournament_referees",
  {
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] }), index("tournament_referees_user_idx").on(t.userId)],
);
