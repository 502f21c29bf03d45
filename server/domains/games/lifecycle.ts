import { autoCancelAt, minPlayersPhase, minPlayersWarningAt, takesPlacePromptAt } from "@shared/rules/game-windows";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { MinPlayersJob } from "../../jobs/definitions";
import { playersIn } from "../participation/service";
import { cancelGame, recordGameEvent } from "./core";
import * as repo from "./repo";

/**
 * The minimum-players lifecycle (spec 000 section 4): a warning to the organiser from 8 h before
 * the start, the "takes place?" prompt from 3 h, and the automatic cancellation 1 h before when
 * the minimum is not reached. Each step is a pg-boss job carrying the start time it was planned
 * for; a game that moved, was cancelled or was confirmed makes the old job a no-op, so nothing
 * needs unscheduling and a job that runs twice changes nothing the second time.
 */
export async function scheduleMinPlayersJobs(deps: Deps, tx: Tx, game: { id: number; startTime: Date }) {
  const data: MinPlayersJob = { gameId: game.id, startTime: game.startTime.toISOString() };
  const key = `${game.id}:${data.startTime}`;
  await deps.jobs.send("game-min-players-warning", data, { startAfter: minPlayersWarningAt(game.startTime), singletonKey: key }, tx);
  await deps.jobs.send("game-takes-place-prompt", data, { startAfter: takesPlacePromptAt(game.startTime), singletonKey: key }, tx);
  await deps.jobs.send("game-auto-cancel", data, { startAfter: autoCancelAt(game.startTime), singletonKey: key }, tx);
}

/** The game as planned in the job (locked), still open and below its minimum; otherwise null. */
async function shortGame(tx: Tx, job: MinPlayersJob) {
  const game = await repo.findGameRow(tx, job.gameId, true);
  if (!game || game.cancelledAt || game.startTime.toISOString() !== job.startTime) return null;
  if (game.minPlayersConfirmedAt || game.minPlayers === 0) return null;
  const players = await playersIn(tx, game.id);
  return players < game.minPlayers ? { game, players } : null;
}

async function recordOnce(deps: Deps, job: MinPlayersJob, type: "MIN_PLAYERS_WARNING" | "TAKES_PLACE_PROMPT", phase: string) {
  await deps.db.transaction(async (tx) => {
    const short = await shortGame(tx, job);
    if (!short) return;
    // A step whose window has passed (e.g. the server was down) is not sent late.
    if (minPlayersPhase(short.game.startTime, deps.clock.now()) !== phase) return;
    if (await repo.hasEventForStart(tx, job.gameId, type, job.startTime)) return;
    await recordGameEvent(deps, tx, {
      gameId: job.gameId,
      type,
      actorId: null,
      payload: { startTime: job.startTime, players: short.players, minPlayers: short.game.minPlayers },
      createdAt: deps.clock.now(),
    });
  });
}

export const handleMinPlayersWarning = (deps: Deps, job: MinPlayersJob) => recordOnce(deps, job, "MIN_PLAYERS_WARNING", "warning");
export const handleTakesPlacePrompt = (deps: Deps, job: MinPlayersJob) => recordOnce(deps, job, "TAKES_PLACE_PROMPT", "takesPlacePrompt");

export async function handleAutoCancel(deps: Deps, job: MinPlayersJob) {
  await deps.db.transaction(async (tx) => {
    const short = await shortGame(tx, job);
    if (!short) return;
    const now = deps.clock.now();
    // Ran early (clocks differ): fail so pg-boss retries it later instead of dropping it.
    if (now < autoCancelAt(short.game.startTime)) throw new Error("auto-cancel ran before its time");
    await cancelGame(deps, tx, short.game, { by: "tooFewPlayers", startTime: job.startTime, players: short.players, minPlayers: short.game.minPlayers }, now);
    deps.logger.info("game cancelled automatically", { gameId: job.gameId, players: short.players });
  });
}
