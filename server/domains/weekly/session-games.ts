import { GAME_DEFAULTS, MIN_PLAYERS_MIN, WEEKLY_SESSION } from "@shared/constants";
import { confirmableWeek } from "@shared/rules/weekly-session";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { requireGame, updateGameRow, type GameRow } from "../games/core";
import { editGame } from "../games/edit";
import type { GameEventReaction } from "../games/events";
import type { CreateGameInput, GameSessions, UpdateGameInput } from "../games/sessions";
import { sessionFieldsOf, templateChangesOf } from "./fields";
import { scheduleConfirmationReminder } from "./reminder";
import * as repo from "./repo";

/**
 * A weekly session's games (spec 000 sections 4, 7; server/domains/weekly/README.md "Weekly sessions"; README.md here). The
 * session sits above games: it reacts to a game's CREATED event (a new session from its first game, a confirmed
 * week) and answers games' two calls up (games/sessions.ts, wired in domains/reactions.ts); it edits its future
 * games through games/edit.ts like the organiser's updateGame would.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * "Takes place" (createGame with gameTemplateId): next week's game made from the template (every field;
 * `startTime` must be the session's next weekly start) for the template's creator or an admin, in the
 * confirmation window (shared/rules/weekly-session.ts). The organiser's place is the template's.
 */
async function weekGame(ctx: Ctx, actor: { id: number; isAdmin: boolean }, input: CreateGameInput): Promise<{ organiserId: number; input: CreateGameInput }> {
  const template = input.gameTemplateId ? await repo.findTemplate(ctx.deps.db, input.gameTemplateId) : null;
  if (!template || (template.creatorId !== actor.id && !actor.isAdmin)) throw new AppError("WEEKLY_SESSION_NOT_FOUND");
  const now = ctx.deps.clock.now();
  const week = confirmableWeek(template, now, (await repo.upcomingGameOf(ctx.deps.db, template.id, now))?.id ?? null);
  if ("problem" in week) throw new AppError(week.problem);
  if (input.startTime.getTime() !== week.nextStart.getTime()) {
    throw new AppError("WEEKLY_START_NOT_NEXT", { fields: [{ path: "startTime", code: "start_time_not_next_week" }], details: { nextStart: week.nextStart.toISOString() } });
  }
  // spec 000 section 5: the organiser's player count is 0 (only when not playing) or 1 up to the maximum
  const playerCount = input.playerCount ?? template.organiserPlayerCount;
  if (template.playsHimself && playerCount < 1) throw new AppError("VALIDATION", { fields: [{ path: "playerCount", code: "player_count_plays_himself" }] });
  const { regionId: _region, organizationId, ...fields } = sessionFieldsOf(template);
  const fromTemplate: CreateGameInput = {
    ...fields,
    startTime: week.nextStart,
    isOrganizationGame: organizationId !== null,
    playerCount,
    playsHimself: template.playsHimself,
    bringsBall: false,
    bringsBibs: false,
    isRecurringGame: false,
    gameTemplateId: template.id,
    deviceToken: input.deviceToken,
    userAgent: input.userAgent,
  };
  // the game is the creator's, whoever confirms it (an admin may answer for a session)
  return { organiserId: template.creatorId, input: fromTemplate };
}

/** The regulars' head start of a new week's game: 24 hours from now, but never later than a day before its start. */
function regularsOnlyUntil(now: Date, start: Date): Date | null {
  const until = Math.min(now.getTime() + WEEKLY_SESSION.headStartHours * HOUR_MS, start.getTime() - 24 * HOUR_MS);
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * The session's part of a game's creation, in its transaction (a refusal rolls the game back): a game created
 * with isRecurringGame starts a session; a game created for a session's week (weekGame) is that week's answer.
 */
export function sessionGameReaction(deps: Pick<Deps, "jobs">): GameEventReaction {
  return async (tx, event) => {
    if (event.type !== "CREATED") return;
    const game = await requireGame(tx, event.gameId);
    const { startsSession, playerCount } = event.payload;
    if (startsSession) await startSession(deps, tx, game, { playerCount: playerCount ?? GAME_DEFAULTS.playerCount, playsHimself: startsSession.playsHimself }, event.createdAt);
    else if (game.gameTemplateId !== null) await confirmWeek(deps, tx, game, game.gameTemplateId, event.createdAt);
  };
}

/** isRecurringGame: the template is made from this first game, whose start is its latest week. */
async function startSession(deps: Pick<Deps, "jobs">, tx: Tx, game: GameRow, organiser: { playerCount: number; playsHimself: boolean }, now: Date) {
  const template = await repo.insertTemplate(tx, {
    ...sessionFieldsOf(game),
    creatorId: game.creatorId,
    organiserPlayerCount: organiser.playerCount,
    playsHimself: organiser.playsHimself,
    latestStartTime: game.startTime,
    createdAt: now,
    updatedAt: now,
  });
  await updateGameRow(tx, game.id, { gameTemplateId: template.id });
  await scheduleConfirmationReminder(deps, tx, template);
}

/**
 * A week's game made: checked again under the template's lock (two confirmations of one week: the second finds
 * the first's game), the week becomes the latest, the next reminder is planned, the regulars get their head start.
 */
async function confirmWeek(deps: Pick<Deps, "jobs">, tx: Tx, game: GameRow, templateId: number, now: Date) {
  const template = await repo.lockTemplate(tx, templateId);
  const week = template ? confirmableWeek(template, now, (await repo.upcomingGameOf(tx, templateId, now, game.id))?.id ?? null) : null;
  if (!template || !week || "problem" in week) throw new AppError(week && "problem" in week ? week.problem : "WEEKLY_SESSION_NOT_FOUND");
  if (week.nextStart.getTime() !== game.startTime.getTime()) throw new AppError("WEEKLY_START_NOT_NEXT");
  const updated = await repo.updateTemplate(tx, template.id, { latestStartTime: game.startTime, updatedAt: now });
  await scheduleConfirmationReminder(deps, tx, updated);
  const until = template.regularsHeadStart ? regularsOnlyUntil(now, game.startTime) : null;
  if (until) await updateGameRow(tx, game.id, { regularsOnlyUntil: until });
}

/**
 * updateGame with updateFutureGames, after the game's own edit: the template takes the edit's fields (the start
 * time stays the session's weekly time; edit-details hides it), and every other game of the session that has
 * not started is edited the same way.
 */
async function editFutureGames(ctx: Ctx, templateId: number, input: UpdateGameInput, now: Date) {
  const court = input.courtId ? await requireCourt(ctx, input.courtId) : null;
  await ctx.deps.db.transaction(async (tx) => {
    const t = await repo.lockTemplate(tx, templateId);
    if (!t) return;
    await repo.updateTemplate(tx, t.id, {
      ...templateChangesOf(input),
      ...(court ? { courtId: court.id, ...(court.regionId !== null ? { regionId: court.regionId } : {}) } : {}),
      updatedAt: now,
    });
  });
  await editFutureGamesOfSession(ctx, templateId, input, now, input.gameId);
}

/**
 * A weekly session's edit reaches its games that have not started (updateFutureGames, and
 * updateGameTemplate's details and court): each is edited under its own rules, as the organiser's
 * updateGame would (a refusal there is reported; games edited before it keep their change).
 */
export async function editFutureGamesOfSession(ctx: Ctx, templateId: number, edit: Omit<UpdateGameInput, "gameId">, now: Date, exceptGameId: number | null) {
  // The weekly time stays each game's own; minPlayers 0 is one game's "takes place", never the others'.
  const { startTime: _weeklyTime, minPlayers, ...rest } = edit;
  const minimum = minPlayers !== undefined && minPlayers >= MIN_PLAYERS_MIN ? { minPlayers } : {};
  for (const other of await repo.futureGamesOf(ctx.deps.db, templateId, now)) {
    if (other.id === exceptGameId) continue;
    await editGame(ctx, { ...rest, ...minimum, gameId: other.id, updateFutureGames: false });
  }
}

/** What games ask of the sessions (games/sessions.ts), wired as `Deps.sessions` in domains/reactions.ts. */
export const weeklySessions: GameSessions<Ctx> = { weekGame, editFutureGames };
