import { randomInt } from "node:crypto";
import type { z } from "zod";
import { generateFixtures } from "@shared/matchday/fixtures";
import {
  PLAN,
  type TPlanMatch,
  type TPlanPage,
  type TTournamentPlan,
  type ZDrawLotsInput,
  type ZEnterResultInput,
  type ZGeneratePlanInput,
  type ZSetRefereeInput,
} from "@shared/schemas/tournament-plans";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { eventsOn, publishOnCommit } from "../../integrations/realtime";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import * as planRepo from "./plan-repo";
import { applyForfeits, planChannel, refillKnockout, resolved, sourceOf } from "./plan-results";
import type { MatchRow, PlanRow } from "./plan-repo";
import * as repo from "./repo";
import { canManageTournament } from "./service";

/**
 * A tournament's own plan and live results (issue 29; README "Fixtures and live results"): the organiser (or an admin)
 * generates it from the teams holding a place with shared/matchday/fixtures.ts, everybody who sees the tournament
 * reads it with its tables and knock-out (shared/matchday/results.ts), the organiser and the referees they named
 * enter results; each change is published on the plan's live channel in its transaction.
 */

/** The knock-out takes the best two of each group; the longest league (496 matches) still fits a long day on 8 pitches. */
const LEAGUE_TEAMS_MAX = 32;

/** The tournament as `ctx`'s viewer may see it: a draft only for its managers (as the page). */
async function visibleTournament(ctx: Ctx, db: DbOrTx, tournamentId: number, lock = false): Promise<repo.TournamentRow> {
  const t = lock ? await repo.lockTournament(db as Tx, tournamentId) : await repo.findTournament(db, tournamentId);
  if (!t || (t.publishedAt === null && !canManageTournament(ctx.viewer, t))) throw new AppError("TOURNAMENT_NOT_FOUND");
  return t;
}

async function planOut(db: DbOrTx, plan: PlanRow): Promise<TTournamentPlan> {
  const matches = await planRepo.matchesOf(db, plan.tournamentId);
  const { tables } = resolved(matches, plan.draws);
  const ids = [...new Set(matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]).filter((id): id is number => id !== null))];
  const names = await planRepo.teamNames(db, ids);
  const withdrawn = await planRepo.withdrawnTeams(db, ids);
  const step = plan.matchMinutes * 60_000;
  const out: TPlanMatch[] = matches.map((m) => ({
    id: m.id,
    number: m.number,
    stage: m.stage,
    group: m.groupLabel,
    round: m.round,
    roundOf: m.roundOf,
    pitch: m.pitch,
    startsAt: m.startsAt,
    endsAt: new Date(m.startsAt.getTime() + step),
    home: { teamId: m.homeTeamId, source: m.homeSource },
    away: { teamId: m.awayTeamId, source: m.awaySource },
    homeGoals: m.homeGoals,
    awayGoals: m.awayGoals,
    winner: m.winner,
    forfeit: m.forfeit,
    version: m.version,
    resultAt: m.resultAt,
  }));
  return {
    format: plan.format,
    groupCount: plan.groupCount,
    matchMinutes: plan.matchMinutes,
    breakMinutes: plan.breakMinutes,
    pitches: plan.pitches,
    startsAt: plan.startsAt,
    generatedAt: plan.generatedAt,
    version: plan.version,
    teams: [...names].map(([id, name]) => ({ id, name, withdrawn: withdrawn.has(id) })).sort((a, b) => a.name.localeCompare(b.name, "de")),
    matches: out,
    tables: tables.map((t) => ({
      group: t.group,
      complete: t.complete,
      needsDraw: t.standings.needsDraw,
      byLot: t.standings.ties.some((tie) => tie.some((team) => (plan.draws[t.group ?? ""] ?? []).includes(Number(team)))),
      rows: t.standings.rows.map(({ team, ...row }) => ({ teamId: Number(team), ...row })),
    })),
  };
}

async function pageOf(ctx: Ctx, t: repo.TournamentRow): Promise<TPlanPage> {
  const db = ctx.deps.db;
  const canManage = canManageTournament(ctx.viewer, t);
  const referee = !canManage && ctx.viewer !== null && (await planRepo.isReferee(db, t.id, ctx.viewer.userId));
  const plan = t.planUrl === null ? await planRepo.findPlan(db, t.id) : null;
  const hasResults = plan ? await planRepo.hasResults(db, t.id) : false;
  const open = t.cancelledAt === null;
  return {
    tournamentId: t.id,
    external: t.planUrl !== null,
    teamCount: await repo.teamAmount(db, t.id),
    viewer: {
      canManage,
      canEnterResults: open && plan !== null && (canManage || referee),
      canRegenerate: open && canManage && t.planUrl === null && !hasResults,
    },
    plan: plan ? await planOut(db, plan) : null,
    referees: canManage ? (await planRepo.referees(db, t.id)).map((r) => ({ ...r, teamName: null })) : [],
    refereeCandidates: canManage ? await planRepo.refereeCandidates(db, t.id) : [],
  };
}

/** tournaments.plan: everybody who may see the tournament (a published one: everybody, visitors too). */
export async function planPage(ctx: Ctx, tournamentId: number): Promise<TPlanPage> {
  return pageOf(ctx, await visibleTournament(ctx, ctx.deps.db, tournamentId));
}

/**
 * tournaments.generatePlan: the organiser or an admin, for a tournament without a plan link that is neither cancelled
 * nor over, from the teams holding a place in registration order (the seeding). A plan may be replaced until its first
 * result (PLAN_HAS_RESULTS after it).
 */
export async function generatePlan(ctx: Ctx, input: z.output<typeof ZGeneratePlanInput>): Promise<TPlanPage> {
  const viewer = requireViewer(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    // The tournament's row lock orders generating against registrations and against a second generation.
    const t = await visibleTournament(ctx, tx, input.tournamentId, true);
    if (!canManageTournament(viewer, t)) throw new AppError("FORBIDDEN");
    if (t.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    if (t.endTime <= now) throw new AppError("TOURNAMENT_OVER");
    if (t.planUrl !== null) throw new AppError("PLAN_EXTERNAL");
    if (input.startsAt < t.startTime || input.startsAt >= t.endTime) throw new AppError("PLAN_START_OUTSIDE", { fields: [{ path: "startsAt", code: "plan_start_outside" }] });
    const previous = await planRepo.findPlan(tx, t.id, true);
    if (previous && (await planRepo.hasResults(tx, t.id))) throw new AppError("PLAN_HAS_RESULTS");
    const teams = await planRepo.activeTeams(tx, t.id);
    if (teams.length < 2) throw new AppError("PLAN_TOO_FEW_TEAMS");
    const groups = input.format === "groups" ? input.groupCount : 1;
    if (input.format === "groups" && teams.length < groups * PLAN.groupSizeMin)
      throw new AppError("PLAN_GROUPS_TOO_SMALL", { details: { teams: teams.length, groupsMax: Math.floor(teams.length / PLAN.groupSizeMin) }, fields: [{ path: "groupCount", code: "plan_groups_too_small" }] });
    if (input.format === "league" && teams.length > LEAGUE_TEAMS_MAX) throw new AppError("PLAN_LEAGUE_TOO_LARGE");

    const fixtures = generateFixtures({
      teams: teams.map((team) => String(team.id)),
      format: input.format === "league" ? { kind: "league" } : { kind: "groups", groups, advance: PLAN.advance },
      pitches: input.pitches,
      slots: { start: input.startsAt, matchMinutes: input.matchMinutes, breakMinutes: input.breakMinutes },
    });
    // the last match must end within the tournament (the plan's slots are in order; the last is the latest)
    const lastSlot = fixtures.slots.at(-1);
    const endsAt = lastSlot ? new Date(lastSlot.start.getTime() + input.matchMinutes * 60_000) : input.startsAt;
    if (endsAt > t.endTime) throw new AppError("PLAN_PAST_END", { details: { endsAt: endsAt.toISOString() } });
    const matches: planRepo.NewMatch[] = fixtures.matches.map((f) => ({
      number: Number(f.id.slice(1)),
      stage: f.stage === "ko" ? "knockout" : f.stage,
      groupLabel: f.group ?? null,
      round: f.round,
      roundOf: f.roundOf ?? null,
      pitch: f.pitch,
      startsAt: fixtures.slots[f.slot]!.start,
      homeTeamId: "team" in f.home ? Number(f.home.team) : null,
      awayTeamId: "team" in f.away ? Number(f.away.team) : null,
      homeSource: sourceOf(f.home),
      awaySource: sourceOf(f.away),
    }));
    const plan = {
      tournamentId: t.id,
      format: input.format,
      groupCount: groups,
      matchMinutes: input.matchMinutes,
      breakMinutes: input.breakMinutes,
      pitches: input.pitches,
      startsAt: input.startsAt,
      generatedAt: now,
      // a new plan, new tables: no lot drawn yet
      draws: {},
    };
    const version = await planRepo.replacePlan(tx, plan, matches, previous?.version ?? null);
    await publishOnCommit(tx, { channel: planChannel(t.id), id: version });
  });
  return planPage(ctx, input.tournamentId);
}

/** The matches whose teams come from `m` (its group's places, or its winner and loser). */
function dependents(all: MatchRow[], m: MatchRow): MatchRow[] {
  const feeds = (source: string | null) =>
    source !== null && (m.stage === "knockout" ? source === `winner:${m.number}` || source === `loser:${m.number}` : m.stage === "group" && source.startsWith(`group:${m.groupLabel}:`));
  return all.filter((d) => feeds(d.homeSource) || feeds(d.awaySource));
}

/**
 * tournaments.enterResult: the organiser, an admin or a named referee enters or corrects a score. The save carries the
 * match's version it replaces (RESULT_CONFLICT when somebody saved in between: two phones never overwrite each other
 * silently). A level knock-out score needs the winner (extra time or penalties); `winner` counts only there. A result
 * may be corrected while no match it feeds has a result (RESULT_LOCKED). In the same transaction the knock-out's places
 * are filled from the results, and the change is published.
 */
export async function enterResult(ctx: Ctx, input: z.output<typeof ZEnterResultInput>): Promise<TPlanPage> {
  const viewer = requireViewer(ctx);
  const now = ctx.deps.clock.now();
  const found = await planRepo.findMatch(ctx.deps.db, input.matchId);
  if (!found) throw new AppError("MATCH_NOT_FOUND");
  const tournamentId = found.tournamentId;
  await ctx.deps.db.transaction(async (tx) => {
    const t = await visibleTournament(ctx, tx, tournamentId);
    if (!canManageTournament(viewer, t) && !(await planRepo.isReferee(tx, t.id, viewer.userId))) throw new AppError("FORBIDDEN");
    if (t.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    if (t.planUrl !== null) throw new AppError("PLAN_EXTERNAL");
    // One result at a time per tournament: the knock-out's places are computed from all of them.
    const plan = await planRepo.findPlan(tx, t.id, true);
    if (!plan) throw new AppError("MATCH_NOT_FOUND"); // replaced by a new plan meanwhile
    const all = await planRepo.matchesOf(tx, t.id);
    const m = all.find((x) => x.id === input.matchId);
    if (!m) throw new AppError("MATCH_NOT_FOUND");
    if (m.version !== input.version)
      throw new AppError("RESULT_CONFLICT", { details: { homeGoals: m.homeGoals, awayGoals: m.awayGoals, winner: m.winner, version: m.version } });
    if (m.homeTeamId === null || m.awayTeamId === null) throw new AppError("MATCH_NOT_READY");
    const level = input.homeGoals === input.awayGoals;
    if (m.stage === "knockout" && level && input.winner === null) throw new AppError("KNOCKOUT_WINNER_REQUIRED", { fields: [{ path: "winner", code: "plan_winner_required" }] });
    if (m.homeGoals !== null && dependents(all, m).some((d) => d.homeGoals !== null)) throw new AppError("RESULT_LOCKED");

    const winner = m.stage === "knockout" && level ? input.winner : null;
    await planRepo.saveResult(tx, m.id, { homeGoals: input.homeGoals, awayGoals: input.awayGoals, winner, resultById: viewer.userId, resultAt: now });
    Object.assign(m, { homeGoals: input.homeGoals, awayGoals: input.awayGoals, winner });
    Object.assign(m, { forfeit: null });
    // Fill (or, after a correction, refill) the knock-out's places the results decide; a withdrawn team placed there
    // gives its opponent the walkover.
    await refillKnockout(tx, all, plan.draws);
    await applyForfeits(tx, all, plan.draws, now);
    const version = await planRepo.bumpVersion(tx, t.id);
    await publishOnCommit(tx, { channel: planChannel(t.id), id: version });
  });
  return planPage(ctx, tournamentId);
}

/** A uniformly random order of `teams` (Fisher-Yates with the system's random numbers: nobody can predict a lot). */
function shuffled<T>(teams: readonly T[]): T[] {
  const out = [...teams];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * tournaments.drawLots: the organiser or an admin draws lots for the teams of a complete group (or the league) that
 * are level on every criterion (README "Tie-breaks" and "Lots"): the server draws, so the lot is one tap and nobody's
 * choice; the order is kept with the plan (a later tie of other teams gets its own lot), the knock-out's places fill,
 * and the change is published. PLAN_NO_DRAW_NEEDED when that table is not complete or has no open tie.
 */
export async function drawLots(ctx: Ctx, input: z.output<typeof ZDrawLotsInput>): Promise<TPlanPage> {
  const viewer = requireViewer(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const t = await visibleTournament(ctx, tx, input.tournamentId);
    if (!canManageTournament(viewer, t)) throw new AppError("FORBIDDEN");
    if (t.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    if (t.planUrl !== null) throw new AppError("PLAN_EXTERNAL");
    const plan = await planRepo.findPlan(tx, t.id, true);
    if (!plan) throw new AppError("PLAN_NOT_FOUND");
    const all = await planRepo.matchesOf(tx, t.id);
    const group = input.group ?? null;
    const table = resolved(all, plan.draws).tables.find((x) => x.group === group);
    if (!table?.complete || !table.standings.needsDraw) throw new AppError("PLAN_NO_DRAW_NEEDED");
    const key = group ?? "";
    const order = [...(plan.draws[key] ?? [])];
    for (const tie of table.standings.ties) {
      const open = tie.map(Number).filter((team) => !order.includes(team));
      order.push(...shuffled(open));
    }
    const draws = { ...plan.draws, [key]: order };
    await planRepo.saveDraws(tx, t.id, draws);
    await refillKnockout(tx, all, draws);
    await applyForfeits(tx, all, draws, now);
    const version = await planRepo.bumpVersion(tx, t.id);
    await publishOnCommit(tx, { channel: planChannel(t.id), id: version });
  });
  return planPage(ctx, input.tournamentId);
}

/**
 * tournaments.setReferee: the organiser or an admin names (or removes) a referee: the account of a team holding a
 * place (its registrant), at most 20 per tournament. Removing needs no such check; naming twice changes nothing.
 */
export async function setReferee(ctx: Ctx, input: z.output<typeof ZSetRefereeInput>): Promise<TPlanPage> {
  const viewer = requireViewer(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const t = await visibleTournament(ctx, tx, input.tournamentId, true);
    if (!canManageTournament(viewer, t)) throw new AppError("FORBIDDEN");
    if (!input.referee) return planRepo.removeReferee(tx, t.id, input.userId);
    if (t.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    const candidates = await planRepo.refereeCandidates(tx, t.id);
    if (!candidates.some((c) => c.userId === input.userId)) throw new AppError("REFEREE_NOT_ELIGIBLE");
    if (!(await planRepo.isReferee(tx, t.id, input.userId)) && (await planRepo.refereeCount(tx, t.id)) >= PLAN.refereesMax) throw new AppError("REFEREES_TOO_MANY");
    await planRepo.addReferee(tx, t.id, input.userId, ctx.deps.clock.now());
  });
  return planPage(ctx, input.tournamentId);
}

/** Server-sent events: the plan's version after each change, for everybody who may see the tournament. */
export async function* planEvents(ctx: Ctx, tournamentId: number, signal: AbortSignal | undefined) {
  await visibleTournament(ctx, ctx.deps.db, tournamentId);
  yield* eventsOn(ctx.deps.realtime, planChannel(tournamentId), signal);
}
