import type { z } from "zod";
import { balanceTeams, type BalanceResult } from "@shared/matchday/balance";
import { medianSkill, SKILL_PRIOR, skillEstimate } from "@shared/matchday/skill";
import { canManageGame } from "@shared/rules/game-permissions";
import { ratingWindow } from "@shared/rules/reliability";
import { drawsCheckedIn, teamsOpenAt, teamsWindow as windowAt, type TeamsWindow } from "@shared/rules/teams-window";
import {
  TEAMS_MIN_PER_SIDE,
  TEAMS_SEED_MAX,
  type TGameTeams,
  type TTeamPlayer,
  type ZBuildTeamsInput,
  type ZMoveTeamPlayerInput,
  type ZRateSkillInput,
  type ZReshuffleTeamsInput,
  type ZTeamsInput,
  type ZTeamsPlayersMayBuildInput,
} from "@shared/schemas/teams";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { StoredTeams } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { lockGame, type GameRow } from "../games/core";
import { checkedInParticipationIds } from "../participation/check-in";
import { requireVisible, requireVisibleGame } from "../games/visibility";
import { actorOrNull, requireActor, type Actor } from "../users/service";
import * as repo from "./repo";

/*
 * Balanced teams at kick-off (issue 29; README.md here). The organiser (or, when the organiser allows it, any
 * active player) builds 2..4 sides from the game's active players from 30 minutes before the start until the end;
 * shared/matchday/balance.ts draws them, skill estimates come from organisers' skill ratings (skill.ts). Every
 * write runs under the game's lock and names the version it saw (two phones at the pitch).
 *
 * Who is drawn (README.md "Who is in the teams"): the checked-in players (participation/check-in.ts) once they fill
 * the sides' minimum, else every active player.
 */

type Slot = Omit<TTeamPlayer, "kept"> & { group: string | null };

/** Every player of the active participations as a slot: the participation's own player and its friends ("Ich + n"). */
function slotsOf(players: readonly repo.ActivePlayer[]): Slot[] {
  const out: Slot[] = [];
  for (const p of players) {
    const group = p.playerCount > 1 ? String(p.participationId) : null;
    const base = { participationId: p.participationId, userId: null, name: p.firstName, group };
    if (p.playsHimself && p.playerCount > 0) {
      out.push({ ...base, slot: String(p.participationId), userId: p.userId, friendNumber: null, bringsBibs: p.bringsBibs });
    }
    const friends = p.playsHimself ? p.playerCount - 1 : p.playerCount;
    // the bibs are the participation's: with its player, or with its first friend when the organiser does not play
    for (let n = 1; n <= friends; n++) {
      out.push({ ...base, slot: `${p.participationId}+${n}`, friendNumber: n, bringsBibs: !p.playsHimself && n === 1 && p.bringsBibs });
    }
  }
  return out;
}

/** Who a line-up of `teams` sides is drawn from: the players checked in when they are enough for it, else all. */
type Pool = { players: repo.ActivePlayer[]; fromCheckedIn: boolean; checkedIn: number };

function poolOf(players: repo.ActivePlayer[], checkedIn: ReadonlySet<number>, teams: number): Pool {
  const present = players.filter((p) => checkedIn.has(p.participationId));
  const count = slotsOf(present).length;
  return drawsCheckedIn({ checkedInPlayers: count, teams, minPerSide: TEAMS_MIN_PER_SIDE }) ? { players: present, fromCheckedIn: true, checkedIn: count } : { players, fromCheckedIn: false, checkedIn: count };
}

/** The default number of sides a first build offers (the screen's preselection). */
const DEFAULT_TEAMS = 2;

/**
 * Each slot's skill: an account's estimate from its ratings (shared/matchday/skill.ts, shrunk towards SKILL_PRIOR);
 * a guest, a friend or an unrated player gets the median of the rated players' estimates in this game (README.md
 * "Skill"), so unknown players change no side's strength relative to the others.
 */
async function skillsOf(db: DbOrTx, slots: readonly Slot[], now: Date): Promise<Map<string, number>> {
  const userIds = [...new Set(slots.flatMap((s) => (s.userId === null ? [] : [s.userId])))];
  const byUser = new Map<number, { value: number; at: Date }[]>();
  for (const r of await repo.ratingsOf(db, userIds)) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ value: r.rating, at: r.at });
    byUser.set(r.userId, list);
  }
  const estimates = new Map<number, number>();
  for (const [userId, ratings] of byUser) estimates.set(userId, skillEstimate({ ratings, now, prior: SKILL_PRIOR }));
  const prior = medianSkill([...estimates.values()]);
  return new Map(slots.map((s) => [s.slot, (s.userId !== null ? estimates.get(s.userId) : undefined) ?? prior]));
}

/** Building and changing teams: [start - 30 min, end) (shared/rules/teams-window.ts). */
function teamsWindow(game: Pick<GameRow, "startTime" | "endTime">, now: Date): TeamsWindow {
  return windowAt({ start: game.startTime, end: game.endTime, now });
}

/** The skill rating: from the start until the attendance rating closes (end + 7 days); admins at any time after the start. */
function skillRatingWindow(game: GameRow, now: Date, isAdmin: boolean): TeamsWindow {
  if (now.getTime() < game.startTime.getTime()) return "notYet";
  return ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin }) === "closed" ? "closed" : "open";
}

function isActivePlayer(actor: Actor | null, players: readonly repo.ActivePlayer[]) {
  return actor !== null && players.some((p) => p.userId === actor.id);
}

function mayBuild(actor: Actor | null, game: GameRow, row: repo.GameTeamsRow | null, players: readonly repo.ActivePlayer[]) {
  return canManageGame(actor, game) || (!!row?.playersMayBuild && isActivePlayer(actor, players));
}

/** What every viewer of the game sees; the managers also their rating list. */
async function view(db: DbOrTx, game: GameRow, actor: Actor | null, row: repo.GameTeamsRow | null, now: Date): Promise<TGameTeams> {
  const players = await repo.activeParticipations(db, game.id);
  const pool = poolOf(players, await checkedInParticipationIds(db, game.id), row?.teams?.sides.length ?? DEFAULT_TEAMS);
  const slots = slotsOf(pool.players);
  const canManage = canManageGame(actor, game);
  let lineUp: TGameTeams["lineUp"] = null;
  if (row?.teams) {
    const bySlot = new Map(slots.map((s) => [s.slot, s]));
    const skills = await skillsOf(db, slots, now);
    const kept = new Set(row.teams.fixed.map((f) => f.id));
    const placed = new Set(row.teams.sides.flatMap((s) => s.players));
    const sides = row.teams.sides.map((side) => {
      const members = side.players.flatMap((id) => {
        const s = bySlot.get(id);
        if (!s) return [];
        const { group: _group, ...player } = s;
        return [{ ...player, kept: kept.has(id) }];
      });
      return { bib: side.bib, strength: members.reduce((sum, p) => sum + (skills.get(p.slot) ?? 0), 0), players: members };
    });
    const strongest = Math.max(0, ...sides.map((s) => s.strength));
    lineUp = {
      seed: row.seed,
      sides: sides.map(({ strength, ...s }) => ({ ...s, strengthShare: strongest > 0 ? Math.round((100 * strength) / strongest) : 100 })),
      updatedAt: row.publishedAt,
      outdated: slots.some((s) => !placed.has(s.slot)) || [...placed].some((id) => !bySlot.has(id)),
    };
  }
  let ratable: TGameTeams["ratable"] = [];
  if (canManage && actor) {
    const mine = await repo.ratingsBy(db, actor.id, game.id);
    ratable = players
      .filter((p) => p.userId !== null && p.userId !== actor.id && p.playsHimself)
      .map((p) => ({ userId: p.userId!, name: p.firstName, myRating: mine.get(p.userId!) ?? null }));
  }
  return {
    gameId: game.id,
    version: row?.version ?? 0,
    playersMayBuild: row?.playersMayBuild ?? false,
    window: teamsWindow(game, now),
    opensAt: teamsOpenAt(game.startTime),
    canBuild: game.cancelledAt === null && mayBuild(actor, game, row, players),
    canManage,
    players: slotsOf(players).length,
    checkedIn: pool.checkedIn,
    fromCheckedIn: pool.fromCheckedIn,
    lineUp,
    ratable,
    ratingOpen: canManage && game.cancelledAt === null && skillRatingWindow(game, now, actor?.isAdmin ?? false) === "open",
  };
}

/** The game's teams, for everyone who may see the game (a private game's key as for the game page). */
export async function gameTeams(ctx: Ctx, input: z.output<typeof ZTeamsInput>): Promise<TGameTeams> {
  const game = await requireVisibleGame(ctx, input.gameId, input.shareKey);
  const actor = await actorOrNull(ctx);
  return view(ctx.deps.db, game, actor, await repo.findTeams(ctx.deps.db, game.id), ctx.deps.clock.now());
}

/**
 * The frame of every change to the line-up: the game locked, not cancelled, the window open, the caller allowed,
 * the version the caller saw still the stored one; `change` returns the new row's values.
 */
async function changeTeams(
  ctx: Ctx,
  gameId: number,
  version: number,
  change: (o: { tx: DbOrTx; game: GameRow; row: repo.GameTeamsRow | null; pool: (teams: number) => repo.ActivePlayer[]; now: Date }) => Promise<{ seed: number; teams: StoredTeams }>,
): Promise<TGameTeams> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    await requireVisible(ctx, tx, game, undefined, actor);
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    const row = await repo.findTeams(tx, game.id);
    const players = await repo.activeParticipations(tx, game.id);
    if (!mayBuild(actor, game, row, players)) throw new AppError("TEAMS_FORBIDDEN");
    const window = teamsWindow(game, now);
    if (window === "notYet") throw new AppError("TEAMS_NOT_OPEN", { details: { opensAt: teamsOpenAt(game.startTime).toISOString() } });
    if (window === "closed") throw new AppError("TEAMS_CLOSED");
    if ((row?.version ?? 0) !== version) throw new AppError("TEAMS_CHANGED");
    const checkedIn = await checkedInParticipationIds(tx, game.id);
    const values = await change({ tx, game, row, pool: (teams) => poolOf(players, checkedIn, teams).players, now });
    const saved = await repo.saveTeams(tx, game.id, { ...values, publishedAt: now, updatedById: actor.id });
    return view(tx, game, actor, saved, now);
  });
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! & TEAMS_SEED_MAX;
}

/** Draws the sides (friends together, kept players where they were put); a kept set that cannot be completed is TEAMS_SIDE_FULL. */
async function draw(tx: DbOrTx, players: readonly repo.ActivePlayer[], teams: number, seed: number, fixed: StoredTeams["fixed"], now: Date): Promise<StoredTeams> {
  const slots = slotsOf(players);
  if (slots.length < teams * TEAMS_MIN_PER_SIDE) throw new AppError("TEAMS_TOO_FEW_PLAYERS", { details: { needed: teams * TEAMS_MIN_PER_SIDE } });
  const skills = await skillsOf(tx, slots, now);
  const present = new Set(slots.map((s) => s.slot));
  const kept = fixed.filter((f) => present.has(f.id) && f.side < teams);
  let result: BalanceResult<{ id: string; skill: number; group: string | null; bringsBibs: boolean }>;
  try {
    result = balanceTeams({
      players: slots.map((s) => ({ id: s.slot, skill: skills.get(s.slot)!, group: s.group, bringsBibs: s.bringsBibs })),
      teams,
      seed,
      fixed: kept,
    });
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("TEAMS_SIDE_FULL", { cause: error });
    throw error;
  }
  return { sides: result.sides.map((s) => ({ bib: s.bib, players: s.players.map((p) => p.id) })), fixed: kept };
}

/** "Teams einteilen": a new line-up of `teams` sides (a build replaces the one before, kept players included). */
export async function buildTeams(ctx: Ctx, input: z.output<typeof ZBuildTeamsInput>): Promise<TGameTeams> {
  return changeTeams(ctx, input.gameId, input.version, async ({ tx, pool, now }) => {
    const seed = input.seed ?? randomSeed();
    return { seed, teams: await draw(tx, pool(input.teams), input.teams, seed, [], now) };
  });
}

/** "Neu mischen": another seed, the same number of sides, the kept players staying where they were put. */
export async function reshuffleTeams(ctx: Ctx, input: z.output<typeof ZReshuffleTeamsInput>): Promise<TGameTeams> {
  return changeTeams(ctx, input.gameId, input.version, async ({ tx, row, pool, now }) => {
    if (!row?.teams) throw new AppError("TEAMS_NOT_BUILT");
    let seed = input.seed ?? randomSeed();
    if (input.seed === undefined && seed === row.seed) seed = (seed + 1) & TEAMS_SEED_MAX;
    const teams = row.teams.sides.length;
    return { seed, teams: await draw(tx, pool(teams), teams, seed, row.teams.fixed, now) };
  });
}

/**
 * A drag (or "Tauschen"): the player is kept on the chosen side from now on, and the others are balanced around
 * the kept players with the same seed, so the sizes stay within one (README.md "A drag keeps the player").
 */
export async function moveTeamPlayer(ctx: Ctx, input: z.output<typeof ZMoveTeamPlayerInput>): Promise<TGameTeams> {
  return changeTeams(ctx, input.gameId, input.version, async ({ tx, row, pool, now }) => {
    if (!row?.teams) throw new AppError("TEAMS_NOT_BUILT");
    const teams = row.teams.sides.length;
    const players = pool(teams);
    if (input.side >= teams) throw new AppError("VALIDATION", { fields: [{ path: "side", code: "side_invalid" }] });
    const inLineUp = row.teams.sides.some((s) => s.players.includes(input.slot));
    if (!inLineUp || !slotsOf(players).some((s) => s.slot === input.slot)) throw new AppError("TEAMS_PLAYER_NOT_FOUND");
    const fixed = [...row.teams.fixed.filter((f) => f.id !== input.slot), { id: input.slot, side: input.side }];
    return { seed: row.seed, teams: await draw(tx, players, teams, row.seed, fixed, now) };
  });
}

/** The game locked for a change only its managers make, while it is not cancelled. */
async function lockManagedGame(ctx: Ctx, tx: Tx, gameId: number, actor: Actor): Promise<GameRow> {
  const game = await lockGame(tx, gameId);
  await requireVisible(ctx, tx, game, undefined, actor);
  if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
  if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
  return game;
}

/** The organiser lets any active player build, reshuffle and move (or takes it back). */
export async function setPlayersMayBuild(ctx: Ctx, input: z.output<typeof ZTeamsPlayersMayBuildInput>): Promise<TGameTeams> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, input.gameId, actor);
    const row = await repo.findTeams(tx, game.id);
    if ((row?.version ?? 0) !== input.version) throw new AppError("TEAMS_CHANGED");
    const saved = await repo.saveTeams(tx, game.id, { playersMayBuild: input.allowed, updatedById: actor.id });
    return view(tx, game, actor, saved, now);
  });
}

/**
 * "Spielstärke bewerten": the game's managers rate a player who played in it (an active place with an account),
 * from the start until the attendance rating closes; one rating per rater, game and player, a second replaces the
 * first. Never shown to the player (README.md "Who sees what").
 */
export async function rateSkill(ctx: Ctx, input: z.output<typeof ZRateSkillInput>): Promise<TGameTeams> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, input.gameId, actor);
    const window = skillRatingWindow(game, now, actor.isAdmin);
    if (window === "notYet") throw new AppError("SKILL_RATING_NOT_OPEN");
    if (window === "closed") throw new AppError("RATING_CLOSED");
    if (input.userId === actor.id) throw new AppError("SKILL_RATING_OWN");
    const players = await repo.activeParticipations(tx, game.id);
    if (!players.some((p) => p.userId === input.userId && p.playsHimself)) throw new AppError("SKILL_RATING_NOT_PLAYER");
    await repo.upsertRating(tx, { ratedUserId: input.userId, raterId: actor.id, gameId: game.id, rating: input.rating, createdAt: now });
    return view(tx, game, actor, await repo.findTeams(tx, game.id), now);
  });
}
