import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import type { GameRow } from "../games/core";
import * as repo from "./repo";

/*
 * Participation's face to the other domains (games, accounts): what they may ask and do about a game's
 * players, and nothing else. The use cases live beside it: join.ts, update.ts, end.ts (cancel, remove,
 * account deletion), guests.ts (guests becoming accounts), waiting-list.ts; the money of a place in
 * payment.ts, payment-lifecycle.ts, payment-capture.ts, payment-reprice.ts, late-cancellation.ts, cash.ts.
 * The transports (router.ts, graphql/participation.ts) call those modules directly.
 */

export { withdrawFromUpcomingGames } from "./end";
export { lowerGamePrice } from "./payment-reprice";
export { promoteWaitingList } from "./waiting-list";

/** Players in a game now (participation owns the definition: sql.ts playersInGameSql). */
export function playersIn(tx: Tx, gameId: number): Promise<number> {
  return repo.activePlayers(tx, gameId);
}

/** Whether anyone but the organiser takes part (then the price may not be raised). */
export function hasOtherParticipants(tx: Tx, gameId: number, creatorId: number): Promise<boolean> {
  return repo.hasOtherParticipants(tx, gameId, creatorId);
}

/** A payment of the game is under way (Open or Approved), also on a cancelled participation. */
export function hasPaymentInProgress(tx: Tx, gameId: number): Promise<boolean> {
  return repo.hasPaymentInProgress(tx, gameId);
}

/** A payment of the game is open, held or captured, also on a cancelled participation (managed payment cannot be switched off then). */
export function hasMoneyUnderWay(tx: Tx, gameId: number): Promise<boolean> {
  return repo.hasMoneyUnderWay(tx, gameId);
}

/** The game's participations whose card is held now (Approved). */
export function heldParticipationIds(tx: Tx, gameId: number): Promise<number[]> {
  return repo.heldParticipationIds(tx, gameId);
}

/**
 * Who a warned change to a managed-payment game affects (spec 000 section 5): the active and queued
 * players who pay or paid, online or in cash (Open, Approved, Captured, PaidExternally). Players without
 * a payment (None: e.g. in before the game switched to managed payment; Expired, Released) risk nothing,
 * since cancelling is free for them anyway.
 */
const AFFECTED_BY_MANAGED_CHANGE = ["Open", "Approved", "Captured", "PaidExternally"] as const;

/** Gives every player affected by a warned change free cancellation until `until`; returns their participation ids. */
export function grantFreeCancellation(tx: Tx, gameId: number, until: Date, now: Date): Promise<number[]> {
  return repo.grantFreeCancellation(tx, gameId, AFFECTED_BY_MANAGED_CHANGE, until, now);
}

/** Whether the user plays (or waits) in another game overlapping [start, end). */
export function isUserBusy(tx: Tx, userId: number, window: { start: Date; end: Date; excludeGameId?: number }): Promise<boolean> {
  return repo.userBusyBetween(tx, userId, window.start, window.end, window.excludeGameId);
}

/**
 * The organiser's own participation in the game they are creating (spec 000 section 5: they play
 * with `playerCount` players unless organising without playing). The game's CREATED event carries the
 * count; there is no "joined" line for the organiser. The caller checked the count against the maximum.
 */
export async function enterNewGame(
  tx: Tx,
  game: GameRow,
  values: { userId: number; playerCount: number; playsHimself: boolean; bringsBall: boolean; bringsBibs: boolean; now: Date },
): Promise<void> {
  if (await repo.userBusyBetween(tx, values.userId, game.startTime, game.endTime, game.id)) throw new AppError("ALREADY_IN_GAME_AT_TIME");
  const { now, ...rest } = values;
  await repo.insert(tx, { ...rest, gameId: game.id, createdAt: now, updatedAt: now });
}
