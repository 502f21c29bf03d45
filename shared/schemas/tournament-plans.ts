import { z } from "zod";
import { zId } from "./common";

/**
 * The contract of a tournament's own plan (issue 29 "Tournament fixtures and live results"; server/domains/tournaments
 * README "Fixtures and live results"): generating it, reading it with its tables and knock-out, entering results,
 * naming referees. Pure bounds here; the rules that depend on the tournament are the service's.
 */

export const PLAN = {
  groupCountMax: 16,
  /** a group plays a round robin of at least this many teams (the best two of each go on) */
  groupSizeMin: 3,
  advance: 2,
  matchMinutesMin: 4,
  matchMinutesMax: 120,
  breakMinutesMax: 60,
  pitchesMax: 16,
  goalsMax: 99,
  refereesMax: 20,
} as const;

export const PLAN_FORMATS = ["groups", "league"] as const;
export const MATCH_STAGES = ["group", "knockout", "league"] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

const int = (min: number, max: number, error: string) => z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export const ZGeneratePlanInput = z.object({
  tournamentId: zId,
  format: z.enum(PLAN_FORMATS, { error: "plan_format_invalid" }),
  /** groups only (a league is one group); ignored for a league */
  groupCount: int(1, PLAN.groupCountMax, "plan_group_count_range").default(2),
  matchMinutes: int(PLAN.matchMinutesMin, PLAN.matchMinutesMax, "plan_match_minutes_range"),
  breakMinutes: int(0, PLAN.breakMinutesMax, "plan_break_minutes_range"),
  pitches: int(1, PLAN.pitchesMax, "plan_pitches_range"),
  /** the first kick-off, within the tournament's start and end */
  startsAt: z.date({ error: "plan_starts_at_required" }),
});
export type TGeneratePlanInput = z.input<typeof ZGeneratePlanInput>;

const zGoals = int(0, PLAN.goalsMax, "plan_goals_range");

export const ZEnterResultInput = z.object({
  matchId: zId,
  homeGoals: zGoals,
  awayGoals: zGoals,
  /** a knock-out match with a level score: who went on (extra time or penalties); refused elsewhere */
  winner: z.enum(["home", "away"], { error: "plan_winner_invalid" }).nullable().default(null),
  /** the match's version the client showed: another save (or new teams) in between is a conflict */
  version: int(0, 1_000_000, "plan_version_invalid"),
});
export type TEnterResultInput = z.input<typeof ZEnterResultInput>;

export const ZSetRefereeInput = z.object({ tournamentId: zId, userId: zId, referee: z.boolean() });

/** The lot for a group's (null: the league's) teams level on every criterion. */
export const ZDrawLotsInput = z.object({ tournamentId: zId, group: z.string().max(2, { error: "invalid" }).regex(/^[A-Z]{1,2}$/, { error: "invalid" }).nullish() });
export type TDrawLotsInput = z.input<typeof ZDrawLotsInput>;
export type TSetRefereeInput = z.input<typeof ZSetRefereeInput>;

export const ZPlanEventsInput = z.object({ tournamentId: zId });

/**
 * Who plays in a slot: a team once known, and where the place comes from while it is not (codes the client words):
 * `group:A:1` first of group A, `winner:7` / `loser:7` of match 7; null for a team drawn into its group or league.
 */
const ZSide = z.object({ teamId: z.number().int().nullable(), source: z.string().nullable() });

export const ZPlanMatch = z.object({
  id: z.number().int(),
  /** the match number shown ("Spiel 7"): the generator's, growing with the rounds (sources name it) */
  number: z.number().int(),
  stage: z.enum(MATCH_STAGES),
  group: z.string().nullable(),
  round: z.number().int(),
  /** knock-out: the places of its round (8 quarter-finals, 4 semi-finals, 2 final) */
  roundOf: z.number().int().nullable(),
  pitch: z.number().int(),
  startsAt: z.date(),
  endsAt: z.date(),
  home: ZSide,
  away: ZSide,
  homeGoals: z.number().int().nullable(),
  awayGoals: z.number().int().nullable(),
  winner: z.enum(["home", "away"]).nullable(),
  /** the side that withdrew before the match: the score is the opponent's walkover */
  forfeit: z.enum(["home", "away"]).nullable(),
  version: z.number().int(),
  resultAt: z.date().nullable(),
});
export type TPlanMatch = z.infer<typeof ZPlanMatch>;

export const ZPlanTableRow = z.object({
  teamId: z.number().int(),
  rank: z.number().int(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
  points: z.number().int(),
});

export const ZPlanTable = z.object({
  /** null for a league */
  group: z.string().nullable(),
  complete: z.boolean(),
  /** teams level after every criterion: the places they hold stay open in the knock-out until the organiser draws lots */
  needsDraw: z.boolean(),
  /** the organiser's lot ordered teams of this table (shown with the table) */
  byLot: z.boolean(),
  rows: z.array(ZPlanTableRow),
});
export type TPlanTable = z.infer<typeof ZPlanTable>;

export const ZTournamentPlan = z.object({
  format: z.enum(PLAN_FORMATS),
  groupCount: z.number().int(),
  matchMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  pitches: z.number().int(),
  startsAt: z.date(),
  generatedAt: z.date(),
  /** grows with every change of the plan (a result, a new plan): the live event's id */
  version: z.number().int(),
  /** every team of the plan; withdrawn: cancelled after the plan was made (its open matches are walkovers) */
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), withdrawn: z.boolean() })),
  matches: z.array(ZPlanMatch),
  tables: z.array(ZPlanTable),
});
export type TTournamentPlan = z.infer<typeof ZTournamentPlan>;

const ZPersonLine = z.object({ userId: z.number().int(), name: z.string(), teamName: z.string().nullable() });

export const ZPlanPage = z.object({
  tournamentId: z.number().int(),
  /** the organiser gave an external plan link: the page shows it and no plan is generated */
  external: z.boolean(),
  /** teams holding a place (what a new plan is drawn from) */
  teamCount: z.number().int(),
  viewer: z.object({
    /** the organiser or an admin: generates, names referees */
    canManage: z.boolean(),
    /** the organiser, an admin or a named referee */
    canEnterResults: z.boolean(),
    /** a new plan may replace the current one (no result yet) */
    canRegenerate: z.boolean(),
  }),
  plan: ZTournamentPlan.nullable(),
  /** the managers' view only (empty for everybody else): the referees, and whom they may name */
  referees: z.array(ZPersonLine),
  refereeCandidates: z.array(ZPersonLine),
});
export type TPlanPage = z.infer<typeof ZPlanPage>;
