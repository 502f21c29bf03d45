import { type Entrant, type Fixture, type FixturePlan } from "@shared/matchday/fixtures";
import { type MatchResult, resolveFixtures } from "@shared/matchday/results";
import type { Tx } from "../../db/client";
import { publishOnCommit } from "../../integrations/realtime";
import * as planRepo from "./plan-repo";
import type { MatchRow } from "./plan-repo";
import type * as repo from "./repo";

/**
 * How a plan's results resolve (issue 29; README "Fixtures and live results", "Withdrawn teams"): the stored matches as
 * the pure functions' plan, the knock-out's places filled from the results, and the walkovers of withdrawn teams.
 * Apart from plan.ts so that the team actions (a team leaving) reach it without importing the tournaments' service.
 */

export const planChannel = (tournamentId: number) => `tournament-plan:${tournamentId}`;

// ---- the stored plan as the pure functions' plan

export const sourceOf = (e: Entrant): string | null =>
  "team" in e ? null : "groupPlace" in e ? `group:${e.groupPlace.group}:${e.groupPlace.place}` : "winnerOf" in e ? `winner:${e.winnerOf.slice(1)}` : `loser:${e.loserOf.slice(1)}`;

function entrantOf(teamId: number | null, source: string | null): Entrant {
  if (source === null) return { team: String(teamId) };
  const [kind, a, b] = source.split(":");
  if (kind === "group") return { groupPlace: { group: a!, place: Number(b) } };
  return kind === "winner" ? { winnerOf: `m${a}` } : { loserOf: `m${a}` };
}

export function fixturePlanOf(matches: MatchRow[]): FixturePlan {
  const fixtures: Fixture[] = matches.map((m) => ({
    id: `m${m.number}`,
    stage: m.stage === "knockout" ? "ko" : m.stage,
    ...(m.groupLabel !== null ? { group: m.groupLabel } : {}),
    round: m.round,
    ...(m.roundOf !== null ? { roundOf: m.roundOf } : {}),
    slot: 0,
    pitch: m.pitch,
    home: entrantOf(m.homeTeamId, m.homeSource),
    away: entrantOf(m.awayTeamId, m.awaySource),
  }));
  const groups = new Map<string, string[]>();
  for (const m of [...matches].sort((a, b) => a.number - b.number)) {
    if (m.stage !== "group") continue;
    const teams = groups.get(m.groupLabel!) ?? [];
    for (const id of [m.homeTeamId, m.awayTeamId]) if (!teams.includes(String(id))) teams.push(String(id));
    groups.set(m.groupLabel!, teams);
  }
  return { matches: fixtures, slots: [], groups: [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([name, teams]) => ({ name, teams })) };
}

const resultsOf = (matches: MatchRow[]): MatchResult[] =>
  matches.flatMap((m) =>
    m.homeGoals === null || m.awayGoals === null ? [] : [{ match: `m${m.number}`, homeGoals: m.homeGoals, awayGoals: m.awayGoals, ...(m.winner ? { winner: m.winner } : {}) }],
  );

/** The organiser's lots as the standings take them (team ids as the pure functions' strings). */
export type Draws = Record<string, number[]>;
const drawOrdersOf = (draws: Draws) => Object.fromEntries(Object.entries(draws).map(([group, teams]) => [group, teams.map(String)]));

export function resolved(matches: MatchRow[], draws: Draws) {
  return resolveFixtures(fixturePlanOf(matches), resultsOf(matches), { drawOrders: drawOrdersOf(draws) });
}

export const teamNumber = (id: string | null) => (id === null ? null : Number(id));

/** Fills (or refills) the knock-out's places from the results; `all` is updated in place. */
export async function refillKnockout(tx: Tx, all: MatchRow[], draws: Draws): Promise<void> {
  const byNumber = new Map(resolved(all, draws).matches.map((r) => [Number(r.id.slice(1)), r]));
  for (const k of all) {
    if (k.stage !== "knockout") continue;
    const r = byNumber.get(k.number)!;
    const home = teamNumber(r.homeTeam);
    const away = teamNumber(r.awayTeam);
    if (home !== k.homeTeamId || away !== k.awayTeamId) {
      await planRepo.setTeams(tx, k.id, home, away);
      Object.assign(k, { homeTeamId: home, awayTeamId: away, version: k.version + 1 });
    }
  }
}

/** The walkover's score: the opponent wins 2:0 (the usual scoring of a match not played, README "Withdrawn teams"). */
export const FORFEIT_GOALS = 2;

/**
 * A match not played yet between a withdrawn team and one still in gets the walkover: FORFEIT_GOALS:0 for the one
 * still in, marked with the side that withdrew; the knock-out's places are refilled and the step repeats (a walkover
 * can put a withdrawn team into the next round's match). Results entered before stay. `all` is the plan's matches as
 * the caller holds them (updated in place). Returns whether anything changed. Under the tournament's lock (the
 * caller's) or the plan's row lock (enterResult, drawLots).
 */
export async function applyForfeits(tx: Tx, all: MatchRow[], draws: Draws, now: Date): Promise<boolean> {
  const ids = [...new Set(all.flatMap((m) => [m.homeTeamId, m.awayTeamId]).filter((id): id is number => id !== null))];
  const withdrawn = await planRepo.withdrawnTeams(tx, ids);
  if (withdrawn.size === 0) return false;
  let changed = false;
  // each pass settles at least one match, so the plan's length bounds the passes
  for (let pass = 0; pass <= all.length; pass++) {
    const due = all.filter(
      (m) => m.homeGoals === null && m.homeTeamId !== null && m.awayTeamId !== null && withdrawn.has(m.homeTeamId) !== withdrawn.has(m.awayTeamId),
    );
    if (due.length === 0) break;
    for (const m of due) {
      const forfeit = withdrawn.has(m.homeTeamId!) ? "home" : "away";
      const score = forfeit === "home" ? { homeGoals: 0, awayGoals: FORFEIT_GOALS } : { homeGoals: FORFEIT_GOALS, awayGoals: 0 };
      await planRepo.saveResult(tx, m.id, { ...score, winner: null, resultById: null, resultAt: now, forfeit });
      Object.assign(m, { ...score, winner: null, forfeit, version: m.version + 1 });
    }
    await refillKnockout(tx, all, draws);
    changed = true;
  }
  return changed;
}

/**
 * A team left the tournament (team-actions.ts, under the tournament's lock): its matches not played yet in the
 * tournament's own plan become walkovers for their opponents, published live. Nothing without a plan.
 */
export async function afterTeamLeft(tx: Tx, t: repo.TournamentRow, now: Date): Promise<void> {
  if (t.planUrl !== null || t.cancelledAt !== null) return;
  const plan = await planRepo.findPlan(tx, t.id, true);
  if (!plan || !(await applyForfeits(tx, await planRepo.matchesOf(tx, t.id), plan.draws, now))) return;
  const version = await planRepo.bumpVersion(tx, t.id);
  await publishOnCommit(tx, { channel: planChannel(t.id), id: version });
}

