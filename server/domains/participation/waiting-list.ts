import { promotable } from "@shared/rules/participation";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { WaitingListJob, WaitingListOfferJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { lockGame, noteParticipantsAmount, recordGameEvent, type GameRow } from "../games/core";
import { decideOffers, offerIsOpen } from "./offers";
import { reservePayment } from "./payment";
import * as repo from "./repo";

/**
 * Moves players up from the waiting list while they fit, strictly in arrival order, and records
 * each move (the notifications issue sends "you moved up"). Called after anything that frees a spot.
 * In a managed-payment game each promoted player is asked to pay (a reservation, payment.ts); after
 * the start no reservation can be made, so the waiting list stays where it is. A reservation the
 * payment provider refuses now (unreachable, the organiser's account cannot take charges) does not
 * fail what freed the spot: that player stays first in the queue (nobody overtakes it) and the
 * `game-waiting-list` job tries again a minute later (`retry` counts the tries, WAITING_LIST_RETRIES at most).
 * Within OFFER_WINDOW_HOURS of the start nobody moves up here: the freed places are offered (offers.ts), except
 * for places the organiser freed (`how.byOrganiser`: a removal, a player moved to the waiting list, a raised maximum).
 */
export async function promoteWaitingList(ctx: { deps: Deps }, tx: Tx, game: GameRow, retry = 0, how: { byOrganiser?: boolean } = {}): Promise<number[]> {
  // within 24 hours of the start a freed place is offered to the first in line instead (offers.ts), unless the
  // organiser freed it (a removal, a player moved to the waiting list, a raised maximum): then the queue moves up at once
  if (!how.byOrganiser && (await decideOffers(ctx.deps, tx, game))) return [];
  if (game.cancelledAt) return [];
  if (game.isManagedPayment && ctx.deps.clock.now() >= game.startTime) return [];
  const queue = await repo.waitingList(tx, game.id);
  if (queue.length === 0) return [];
  const active = await repo.activePlayers(tx, game.id);
  const moving = promotable(
    queue.map((q) => ({ ...q, queuedAt: q.queuedAt ?? new Date(0) })),
    active,
    game.maxPlayers,
  );
  const now = ctx.deps.clock.now();
  const moved: typeof moving = [];
  for (const p of moving) {
    if (game.isManagedPayment) {
      const reserved = await reserveOrWait(ctx.deps, tx, game, p.id, now, retry);
      if (!reserved) break;
    } else {
      await repo.update(tx, p.id, { queue: false, updatedAt: now });
    }
    // The waiting list moves by itself: no actor; the promoted player is the subject.
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "MOVED_UP", actorId: null, payload: { participationId: p.id, userId: p.userId }, createdAt: now });
    moved.push(p);
  }
  if (moved.length) await noteParticipantsAmount(tx, game, active + moved.reduce((s, p) => s + p.playerCount, 0));
  return moved.map((p) => p.id);
}

/** Tries of the waiting list's `game-waiting-list` job after a reservation the provider refused. */
export const WAITING_LIST_RETRIES = 10;

/**
 * Moves one queued participation up with its reservation, inside a savepoint: when the provider refuses
 * the reservation, the move is undone, a later try is planned and false returned.
 */
async function reserveOrWait(deps: Deps, tx: Tx, game: GameRow, participationId: number, now: Date, retry: number): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const promoted = await repo.update(sp, participationId, { queue: false, updatedAt: now });
      await reservePayment(deps, sp, game, promoted, now);
    });
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const again = retry < WAITING_LIST_RETRIES;
    deps.logger.warn("waiting list not moved: the reservation was refused", { gameId: game.id, participationId, code: error.code, retry, again });
    if (again) await deps.jobs.send("game-waiting-list", { gameId: game.id, retry: retry + 1 }, { startAfter: new Date(now.getTime() + 60_000) }, tx);
    return false;
  }
}

/**
 * The `game-waiting-list` job (sent by `reserveOrWait`): moves the game's waiting list up again, in its
 * own transaction; a reservation refused again plans the next try.
 */
export async function handleWaitingListRetry(deps: Deps, job: WaitingListJob): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, job.gameId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "GAME_NOT_FOUND") return null;
      throw error;
    });
    if (game) await promoteWaitingList({ deps }, tx, game, job.retry);
  });
}

/**
 * The `waiting-list-offer-expiry` job, sent for each offer at its expiry instant (offers.ts): under the game's
 * lock, an offer still open runs out and its place passes on to the next in line. Idempotent: an offer answered,
 * ended or expired meanwhile changes nothing. From the start on the open offers only end; a game moved out of the
 * offers' window moves its waiting list up as before.
 */
export async function handleOfferExpiry(deps: Deps, job: WaitingListOfferJob): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, job.gameId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "GAME_NOT_FOUND") return null;
      throw error;
    });
    if (!game || !(await offerIsOpen(tx, job.offerId))) return;
    if (deps.clock.now() >= game.startTime) await decideOffers(deps, tx, game);
    else await promoteWaitingList({ deps }, tx, game);
  });
}
