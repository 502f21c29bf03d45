import type { z } from "zod";
import { canRemovePlayer, isShortNoticeCancellation, notifiesOrganiser, removalProblem } from "@shared/rules/participation";
import type { ZRevokeParticipationInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { lockGame, recordGameEvent } from "../games/core";
import { actorOrNull } from "../users/service";
import { access, participationIdFor, type Access } from "./access";
import { recomputeRatings } from "./attendance";
import { settleEndedParticipation } from "./late-cancellation";
import * as repo from "./repo";
import { promoteWaitingList } from "./waiting-list";

/* How a place ends before the game: its owner cancels, the organiser removes, the account is deleted. */

type Removal = { playerRemovalReason?: z.output<typeof ZRevokeParticipationInput>["playerRemovalReason"]; playerRemovalMessage?: string | null };

/** Cancelling one's own participation, or removing a player (revokeGameParticipation); the waiting list moves up. */
export async function revokeParticipation(ctx: Ctx, input: z.output<typeof ZRevokeParticipationInput>) {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    // Named by id, by account or guest name (the old API), or the caller's own: looked up in this
    // transaction, so the row checked is the row changed.
    let participationId = input.participationId;
    if (participationId === undefined && input.userId === undefined && input.playerName === undefined) {
      if (!viewer) throw new AppError("PARTICIPATION_NOT_FOUND");
      const own = await repo.findByUser(tx, input.gameId, viewer.id);
      if (!own || own.cancelledAt) throw new AppError("PARTICIPATION_NOT_FOUND");
      participationId = own.id;
    }
    participationId ??= await participationIdFor(tx, input.gameId, { userId: input.userId, playerName: input.playerName });
    const found = await access(tx, viewer, participationId, input.guestToken);
    const { row, game } = found;
    if (row.gameId !== input.gameId || row.cancelledAt) throw new AppError("PARTICIPATION_NOT_FOUND");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
    await endParticipation(ctx, tx, found, input, now);
    const promoted = await promoteWaitingList(ctx, tx, game, 0, { byOrganiser: !found.isOwner });
    return { ok: true as const, promoted };
  });
}

/**
 * Ends a participation that has not started: its owner cancels it, anybody else who manages the game
 * removes the player (reason required, a message for OTHER_REASON, not within 4 hours of the start),
 * who is then banned from this game. Then its money is settled (late-cancellation.ts). Shared by
 * revokeGameParticipation and updateParticipation; the caller moves the waiting list.
 */
export async function endParticipation(ctx: Ctx, tx: Tx, found: Access, input: Removal, now: Date) {
  if (found.isOwner) await cancelOwn(ctx, tx, found, now);
  else await removePlayer(ctx, tx, found, input, now);
  // the payment: given back, or kept for a late cancellation unless replaced (late-cancellation.ts)
  await settleEndedParticipation(ctx.deps, tx, found.game, found.row, found.isOwner ? "playerCancels" : "organiserRemoves", now);
}

/** The owner cancels: within 48 hours of the start it counts against their reliability. */
async function cancelOwn(ctx: Ctx, tx: Tx, { row, game, actor }: Access, now: Date) {
  const shortNotice = !row.queue && isShortNoticeCancellation(game.startTime, now);
  await repo.update(tx, row.id, { cancelledAt: now, cancelledShortNotice: shortNotice, queue: false, updatedAt: now });
  if (shortNotice) await recomputeRatings(tx, row);
  await recordGameEvent(ctx.deps, tx, {
    gameId: game.id,
    type: "PARTICIPATION_CANCELLED",
    actorId: actor?.id ?? null,
    payload: {
      participationId: row.id,
      name: row.firstName ?? actor?.firstName ?? "",
      playerCount: row.playerCount,
      fromWaitingList: row.queue,
      shortNotice,
      // the organiser is told about cancellations within 2 hours of the start (notifications issue)
      notifyOrganiser: !row.queue && notifiesOrganiser(game.startTime, now),
    },
    createdAt: now,
  });
}

/** One who manages the game removes the player, with a reason; the player is banned from this game. */
async function removePlayer(ctx: Ctx, tx: Tx, { row, game, actor }: Access, input: Removal, now: Date) {
  if (!canRemovePlayer(game.startTime, now)) throw new AppError("REMOVAL_TOO_LATE");
  const problem = removalProblem(input.playerRemovalReason ?? null, input.playerRemovalMessage ?? null);
  if (problem === "REASON_REQUIRED") throw new AppError("VALIDATION", { fields: [{ path: "playerRemovalReason", code: "reason_required" }] });
  if (problem === "MESSAGE_REQUIRED") throw new AppError("VALIDATION", { fields: [{ path: "playerRemovalMessage", code: "message_required" }] });
  await repo.update(tx, row.id, {
    cancelledAt: now,
    removedAt: now,
    removedById: actor!.id,
    removalReason: input.playerRemovalReason!,
    removalMessage: input.playerRemovalMessage || null,
    banned: true,
    queue: false,
    updatedAt: now,
  });
  await recordGameEvent(ctx.deps, tx, {
    gameId: game.id,
    type: "PLAYER_REMOVED",
    actorId: actor!.id,
    payload: { participationId: row.id, reason: input.playerRemovalReason!, message: input.playerRemovalMessage || null },
    createdAt: now,
  });
}

/** Account deletion: the user's places in games still to come are given up; waiting lists move up. */
export async function withdrawFromUpcomingGames(ctx: Ctx, tx: Tx, userId: number, now: Date) {
  for (const row of await repo.upcomingOf(tx, userId, now)) {
    const game = await lockGame(tx, row.gameId);
    const ended = await repo.update(tx, row.id, { cancelledAt: now, queue: false, updatedAt: now });
    // a deleted account owes nothing: its unpaid reservation is cancelled and its hold released
    await settleEndedParticipation(ctx.deps, tx, game, ended, "accountDeleted", now);
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "PARTICIPATION_CANCELLED", actorId: userId, payload: { participationId: row.id, accountDeleted: true }, createdAt: now });
    await promoteWaitingList(ctx, tx, game);
  }
}
