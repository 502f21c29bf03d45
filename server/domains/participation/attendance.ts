import type { z } from "zod";
import { canManageGame, canOrganiseWithoutPlaying } from "@shared/rules/game-permissions";
import { fitsInGame } from "@shared/rules/participation";
import { computeRatings, rateProblem, ratingWindow } from "@shared/rules/reliability";
import { reportOpen, reportProblem } from "@shared/rules/report";
import type { TGameListItem } from "@shared/schemas/games";
import type { ZFeedbackInput, ZGuestProfileInput, ZReportInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { lockGame, markFeedbackReceived, recordGameEvent } from "../games/core";
import { gameListItems } from "../games/read";
import { actorOrNull, requireActor, setRatings } from "../users/service";
import * as repo from "./repo";

/** Recomputes a player's (or guest's) ratings from their whole history (README.md here). */
export async function recomputeRatings(tx: Tx, who: { userId: number | null; guestProfileId: number | null }) {
  if (who.userId !== null) await setRatings(tx, who.userId, computeRatings(await repo.ratingHistory(tx, { userId: who.userId })));
  if (who.guestProfileId !== null)
    await repo.setGuestRatings(tx, who.guestProfileId, computeRatings(await repo.ratingHistory(tx, { guestProfileId: who.guestProfileId })));
}

/**
 * The organiser (or an admin) says who came, came late or did not come. It needs 2 active
 * participations (not 2 players). Nobody rates their own attendance: feedback for the organiser's
 * participation (or the rater's own) is skipped, not refused, because the attendance list sends
 * every active participation, the organiser's included.
 */
export async function sendReliabilityFeedback(ctx: Ctx, input: z.output<typeof ZFeedbackInput>) {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
    const activeParticipations = await repo.activeParticipationCount(tx, game.id);
    const window = ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin: actor.isAdmin });
    const problem = rateProblem({ cancelled: game.cancelledAt !== null, activeParticipations, window });
    if (problem) throw new AppError(problem);
    let rated = 0;
    for (const item of input.feedback) {
      const row = await repo.findById(tx, item.participationId, true);
      if (!row || row.gameId !== game.id || row.cancelledAt || row.queue) throw new AppError("PARTICIPATION_NOT_FOUND");
      if (row.userId !== null && (row.userId === game.creatorId || row.userId === actor.id)) continue;
      await repo.update(tx, row.id, { organizerReliabilityFeedback: item.reliabilityFeedback, feedbackAt: now, updatedAt: now });
      await recomputeRatings(tx, row);
      rated++;
    }
    if (rated === 0) return;
    await markFeedbackReceived(tx, game.id);
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "ATTENDANCE_RATED", actorId: actor.id, payload: { count: rated }, createdAt: now });
  });
  return { ok: true as const };
}

/** A participant reports a game once, after its start; never the organiser (spec 000 section 4). */
export async function createGameReport(ctx: Ctx, input: z.output<typeof ZReportInput>) {
  const actor = await actorOrNull(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId).catch(() => null);
    const own = game && actor ? await repo.findByUser(tx, game.id, actor.id) : null;
    const participates = !!own && own.cancelledAt === null && !own.queue;
    const problem = reportProblem({
      signedIn: actor !== null,
      gameFound: game !== null,
      gameEnded: game !== null && reportOpen(game.startTime, now),
      isParticipant: participates,
      isCreator: !!game && !!actor && game.creatorId === actor.id,
      alreadyReported: !!own?.hasReported,
    });
    if (problem) throw new AppError(problem);
    const id = await repo.insertReport(tx, {
      gameId: game!.id,
      userId: actor!.id,
      reason: input.reason,
      additionalInformation: input.additionalInformation,
      createdAt: now,
    });
    if (id === null) throw new AppError("ALREADY_REPORTED");
    await repo.update(tx, own!.id, { hasReported: true, updatedAt: now });
    await recordGameEvent(ctx.deps, tx, { gameId: game!.id, type: "REPORTED", actorId: actor!.id, payload: { reason: input.reason }, createdAt: now });
    return { ok: true as const };
  });
}

export async function guestProfile(ctx: Ctx, input: z.output<typeof ZGuestProfileInput>) {
  const guest = await repo.findGuestProfile(ctx.deps.db, input.id);
  if (!guest) throw new AppError("GUEST_NOT_FOUND");
  const rows = await repo.guestAttendedGames(ctx.deps.db, guest.id, input.attendedGamesPageSize, ctx.deps.clock.now());
  const ids = rows.slice(0, input.attendedGamesPageSize).map((r) => r.gameId);
  const games: TGameListItem[] = await gameListItems(ctx, ids);
  return {
    id: guest.id,
    firstName: guest.firstName,
    createdAt: guest.createdAt,
    reliabilityRating: guest.reliabilityRating,
    punctualityRating: guest.punctualityRating,
    attendedGames: { objects: games, hasNext: rows.length > input.attendedGamesPageSize },
  };
}

/**
 * The organiser adds players to their own game (their own participation: more players, or
 * themself back in after creating without playing); it must fit like any join.
 */
export async function addOwnParticipation(
  ctx: Ctx,
  input: { gameId: number; playerCount: number; playsHimself: boolean; bringsBall: boolean; bringsBibs: boolean },
) {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (now >= game.endTime) throw new AppError("GAME_OVER");
    // Organising without playing is for admins and organisations only (spec 000 section 6).
    if (!input.playsHimself && !canOrganiseWithoutPlaying(actor)) throw new AppError("PLAYS_HIMSELF_NOT_ALLOWED");
    const existing = await repo.findByUser(tx, game.id, actor.id);
    const active = await repo.activePlayers(tx, game.id);
    const current = existing && existing.cancelledAt === null && !existing.queue ? existing.playerCount : 0;
    if (!fitsInGame(active - current, input.playerCount, game.maxPlayers)) throw new AppError("NOT_ENOUGH_PLACES");
    const values = { ...input, queue: false, queuedAt: null, cancelledAt: null, updatedAt: now };
    const row = existing ? await repo.update(tx, existing.id, values) : await repo.insert(tx, { ...values, userId: actor.id, createdAt: now });
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "ORGANISER_PLAYERS", actorId: actor.id, payload: { playerCount: input.playerCount }, createdAt: now });
    return { id: row.id, playerCount: row.playerCount };
  });
}
