import { and, eq, sql } from "drizzle-orm";
import { autoCancelAt, minPlayersPhase, minPlayersWarningAt, takesPlacePromptAt } from "@shared/rules/game-windows";
import type { Deps } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { gameEvents } from "../../db/schema";
import * as repo from "./repo";

/**
 * The minimum-players lifecycle (spec 000 section 4): a warning to the organiser from 8 h before
 * the start, the "takes place?" prompt from 3 h, and the automatic cancellation 1 h before when
 * the minimum is not reached. Each step is a pg-boss job carrying the start time it was planned
 * for; a game that moved, was cancelled or was confirmed makes the old job a no-op, so nothing
 * needs unscheduling and a job that runs twice changes nothing the second time.
 */
export type MinPlayersJob = { gameId: number; startTime: string };

export async function scheduleMinPlayersJobs(deps: Deps, tx: Tx, game: { id: number; startTime: Date }) {
  const data: MinPlayersJob = { gameId: game.id, startTime: game.startTime.toISOString() };
  const key = `${game.id}:${data.startTime}`;
  await deps.jobs.send("game-min-players-warning", data, { startAfter: minPlayersWarningAt(game.startTime), singletonKey: key }, tx);
  await deps.jobs.send("game-takes-place-prompt", data, { startAfter: takesPlacePromptAt(game.startTime), singletonKey: key }, tx);
  await deps.jobs.send("game-auto-cancel", data, { startAfter: autoCancelAt(game.startTime), singletonKey: key }, tx);
}

/** The game as planned in the job, still open and below its minimum; otherwise null. */
async function shortGame(db: DbOrTx, job: MinPlayersJob, forUpdate: boolean) {
  const game = await repo.findGameRow(db, job.gameId, forUpdate);
  if (!game || game.cancelledAt || game.startTime.toISOString() !== job.startTime) return null;
  if (game.minPlayersConfirmedAt || game.minPlayers === 0) return null;
  const players = await repo.participantsAmount(db, game.id);
  return players < game.minPlayers ? { game, players } : null;
}

async function alreadyRecorded(db: DbOrTx, gameId: number, type: string, startTime: string) {
  const rows = await db
    .select({ id: gameEvents.id })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, type), sql`${gameEvents.payload}->>'startTime' = ${startTime}`))
    .limit(1);
  return rows.length > 0;
}

async function recordOnce(deps: Deps, job: MinPlayersJob, type: "MIN_PLAYERS_WARNING" | "TAKES_PLACE_PROMPT", phase: string) {
  await deps.db.transaction(async (tx) => {
    const short = await shortGame(tx, job, true);
    if (!short) return;
    // A step whose window has passed (e.g. the server was down) is not sent late.
    if (minPlayersPhase(short.game.startTime, deps.clock.now()) !== phase) return;
    if (await alreadyRecorded(tx, job.gameId, type, job.startTime)) return;
    await repo.insertEvent(tx, {
      gameId: job.gameId,
      type,
      payload: { startTime: job.startTime, players: short.players, minPlayers: short.game.minPlayers },
      createdAt: deps.clock.now(),
    });
  });
}

export const handleMinPlayersWarning = (deps: Deps, job: MinPlayersJob) => recordOnce(deps, job, "MIN_PLAYERS_WARNING", "warning");
export const handleTakesPlacePrompt = (deps: Deps, job: MinPlayersJob) => recordOnce(deps, job, "TAKES_PLACE_PROMPT", "takesPlacePrompt");

export async function handleAutoCancel(deps: Deps, job: MinPlayersJob) {
  await deps.db.transaction(async (tx) => {
    const short = await shortGame(tx, job, true);
    if (!short) return;
    const now = deps.clock.now();
    // Ran early (clocks differ): fail so pg-boss retries it later instead of dropping it.
    if (now < autoCancelAt(short.game.startTime)) throw new Error("auto-cancel ran before its time");
    await repo.updateGame(tx, job.gameId, {
      cancelledAt: now,
      cancelledById: null,
      cancellationReason: "TOO_FEW_PLAYERS",
      cancellationMessage: null,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      gameId: job.gameId,
      type: "AUTO_CANCELLED",
      payload: { startTime: job.startTime, players: short.players, minPlayers: short.game.minPlayers },
      createdAt: now,
    });
    deps.logger.info("game cancelled automatically", { gameId: job.gameId, players: short.players });
  });
}

export async function startGameWorkers(deps: Deps) {
  await deps.jobs.work<MinPlayersJob>("game-min-players-warning", (job) => handleMinPlayersWarning(deps, job));
  await deps.jobs.work<MinPlayersJob>("game-takes-place-prompt", (job) => handleTakesPlacePrompt(deps, job));
  await deps.jobs.work<MinPlayersJob>("game-auto-cancel", (job) => handleAutoCancel(deps, job));
}
