import type { z } from "zod";
import { canCancelGame } from "@shared/rules/game-windows";
import type { TGame, ZCancelGameInput, ZUpdateGameInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireActor } from "../users/service";
import * as core from "./core";
import { confirmLockedGame, editGame, lockManagedGame } from "./edit";
import { gameById } from "./read";
import * as repo from "./repo";
import { sessionsOf } from "./sessions";

/* Managing a game: edit, cancel, publish, confirm "takes place"; every change under the game's lock (edit.ts). */

type UpdateInput = z.output<typeof ZUpdateGameInput>;

/**
 * updateGame: the game's edit (edit.ts); with updateFutureGames, after it, the weekly session's template and its
 * other games that have not started change too (spec 000 section 7), done by the sessions domain above games.
 */
export async function updateGame(ctx: Ctx, input: UpdateInput): Promise<TGame> {
  const { templateId, now } = await editGame(ctx, input);
  if (input.updateFutureGames && templateId !== null) await sessionsOf(ctx.deps).editFutureGames(ctx, templateId, input, now);
  return gameById(ctx, input.gameId);
}

export async function cancelGame(ctx: Ctx, input: z.output<typeof ZCancelGameInput>): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, actor, input.gameId);
    const window = canCancelGame(game.startTime, now);
    if (window === "started") throw new AppError("GAME_ALREADY_STARTED");
    if (window === "shortNotice") throw new AppError("SHORT_NOTICE_CANCELLATION");
    await core.cancelGame(ctx.deps, tx, game, { by: "organiser", actorId: actor.id, reason: input.reason, message: input.message || null }, now);
  });
  return gameById(ctx, input.gameId);
}

export async function makeGamePublic(ctx: Ctx, gameId: number): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, actor, gameId);
    if (game.gameType !== "PRIVATE") throw new AppError("GAME_ALREADY_PUBLIC");
    if (game.courtId === null) throw new AppError("GAME_WITHOUT_COURT");
    if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
    await core.updateGameRow(tx, game.id, { gameType: "PUBLIC", updatedAt: now });
    await core.recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "MADE_PUBLIC", actorId: actor.id, payload: {}, createdAt: now });
  });
  return gameById(ctx, gameId);
}

/** "Takes place" below the minimum: minPlayers becomes 0, so the automatic cancellation skips it. */
export async function confirmTakesPlace(ctx: Ctx, gameId: number): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    await confirmLockedGame(ctx, tx, actor, await lockManagedGame(tx, actor, gameId), now);
  });
  return gameById(ctx, gameId);
}

/** Account deletion: upcoming games the user organises are cancelled (UNABLE_TO_ATTEND). */
export async function cancelGamesOrganisedBy(ctx: Ctx, tx: Tx, userId: number, now: Date) {
  for (const { id } of await repo.upcomingGamesOf(tx, userId, now)) {
    const game = await core.lockGame(tx, id);
    if (!game.cancelledAt) await core.cancelGame(ctx.deps, tx, game, { by: "accountDeletion", actorId: userId }, now);
  }
}

/**
 * The staff console's cancel of a reported game (issue 26, domains/admin): the organiser's cancel path
 * (players told, payments released or refunded by the CANCELLED event's reactions) in the caller's
 * transaction, so the console's audit entry commits with it. Staff may cancel at short notice, never
 * after the start.
 */
export async function cancelGameByStaff(ctx: Ctx, tx: Tx, gameId: number, actorId: number, message: string | null, now: Date): Promise<void> {
  const game = await core.lockGame(tx, gameId);
  if (game.cancelledAt) throw new AppError("GAME_ALREADY_CANCELLED");
  if (canCancelGame(game.startTime, now) === "started") throw new AppError("GAME_ALREADY_STARTED");
  await core.cancelGame(ctx.deps, tx, game, { by: "organiser", actorId, reason: "OTHER_REASON", message }, now);
}
