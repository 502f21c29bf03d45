import type { z } from "zod";
import { canManageGame } from "@shared/rules/game-permissions";
import {
  CHECK_IN_OPENS_BEFORE_START_MINUTES,
  checkInDistance,
  checkInFeedback,
  organiserCheckInWindow,
  playerCheckInWindow,
} from "@shared/rules/check-in";
import type { TCheckInState, TGameCheckIns, TOwnCheckIn, ZCheckInInput, ZCheckInStatusInput, ZCheckInsInput, ZSetCheckInInput } from "@shared/schemas/check-in";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { lockGame, requireGame, type GameRow } from "../games/core";
import { actorOrNull, requireActor, type Actor } from "../users/service";
import { hashToken } from "./access";
import * as checkInRepo from "./check-in-repo";
import * as repo from "./repo";

/*
 * Check-in at the pitch (issue 29; README.md "Check-in at the pitch"). A player checks in with their
 * position near the court from 30 minutes before the start until the end; the organiser (whoever may
 * manage the game) checks players in or out with one tap from 30 minutes before the start until the rating
 * closes. The time is always the server's clock; the position is compared with the court's and dropped.
 */

/** Late: what the check-in pre-fills is CAME_LATE (after the start; not an organiser's tap after the end). */
const isLate = (checkIn: { checkedInAt: Date; method: "location" | "organizer" } | null, game: Pick<GameRow, "startTime" | "endTime">) =>
  checkInFeedback(checkIn, { start: game.startTime, end: game.endTime }) === "CAME_LATE";

function stateOf(participationId: number, row: checkInRepo.CheckInRow | null, game: Pick<GameRow, "startTime" | "endTime">): TCheckInState {
  return { participationId, checkedInAt: row?.checkedInAt ?? null, method: row?.method ?? null, late: isLate(row, game) };
}

/** The caller's own participation in the game: a guest's by its token, else the signed-in account's. */
async function ownParticipation(db: DbOrTx, actor: Actor | null, gameId: number, guestToken: string | undefined) {
  if (guestToken !== undefined) {
    const guest = await checkInRepo.findGuestParticipation(db, gameId, hashToken(guestToken));
    if (guest) return guest;
  }
  return actor ? repo.findByUser(db, gameId, actor.id) : null;
}

/** The refusal of a check-in by window, with when it opens (the client says so). */
function windowProblem(window: "notYet" | "open" | "closed", game: GameRow) {
  if (window === "notYet") {
    const opensAt = new Date(game.startTime.getTime() - CHECK_IN_OPENS_BEFORE_START_MINUTES * 60_000);
    return new AppError("CHECK_IN_NOT_OPEN", { details: { opensAt: opensAt.toISOString() } });
  }
  if (window === "closed") return new AppError("CHECK_IN_CLOSED");
  return null;
}

/**
 * The player checks themself in (a guest with their token): their own active place (not on the waiting list,
 * not cancelled or removed), from 30 minutes before the start until the end, within the radius of the court.
 * Idempotent: checking in again answers the first check-in, wherever the player is now.
 */
export async function checkIn(ctx: Ctx, input: z.output<typeof ZCheckInInput>): Promise<TCheckInState> {
  const actor = await actorOrNull(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    const own = await ownParticipation(tx, actor, game.id, input.guestToken);
    if (!own || own.cancelledAt !== null) throw new AppError("CHECK_IN_NOT_PARTICIPATING");
    if (own.queue) throw new AppError("CHECK_IN_QUEUED");
    const existing = await checkInRepo.findCheckIn(tx, own.id);
    if (existing) return stateOf(own.id, existing, game);
    const problem = windowProblem(playerCheckInWindow({ start: game.startTime, end: game.endTime, now }), game);
    if (problem) throw problem;
    const court = await checkInRepo.courtPosition(tx, game.courtId);
    if (!court) throw new AppError("CHECK_IN_NO_COURT");
    const distance = checkInDistance({ latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy }, court);
    if (!distance.near) {
      throw new AppError("CHECK_IN_TOO_FAR", { details: { distanceMeters: distance.distanceMeters, allowedMeters: distance.allowedMeters } });
    }
    const row = await checkInRepo.insertCheckIn(tx, { participationId: own.id, gameId: game.id, checkedInAt: now, method: "location", byUserId: actor?.id ?? null });
    return stateOf(own.id, row, game);
  });
}

/**
 * The organiser checks an active player in or out with one tap, from 30 minutes before the start until the
 * rating closes (7 days after the end). Idempotent both ways: checking in keeps the first time.
 */
export async function setCheckIn(ctx: Ctx, input: z.output<typeof ZSetCheckInInput>): Promise<TCheckInState> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    const problem = windowProblem(organiserCheckInWindow({ start: game.startTime, end: game.endTime, now }), game);
    if (problem) throw problem;
    const row = await repo.findById(tx, input.participationId);
    if (!row || row.gameId !== game.id || row.cancelledAt !== null || row.queue) throw new AppError("PARTICIPATION_NOT_FOUND");
    if (!input.checkedIn) {
      await checkInRepo.deleteCheckIn(tx, row.id);
      return stateOf(row.id, null, game);
    }
    const checkInRow = await checkInRepo.insertCheckIn(tx, { participationId: row.id, gameId: game.id, checkedInAt: now, method: "organizer", byUserId: actor.id });
    return stateOf(row.id, checkInRow, game);
  });
}

/** The caller's own check-in (a guest's by token); participationId null without an active place. */
export async function ownCheckIn(ctx: Ctx, input: z.output<typeof ZCheckInStatusInput>): Promise<TOwnCheckIn> {
  const actor = await actorOrNull(ctx);
  const game = await requireGame(ctx.deps.db, input.gameId);
  const own = await ownParticipation(ctx.deps.db, actor, game.id, input.guestToken);
  if (!own || own.cancelledAt !== null || own.queue) return { participationId: null, checkedInAt: null, method: null, late: false };
  return stateOf(own.id, await checkInRepo.findCheckIn(ctx.deps.db, own.id), game);
}

/**
 * The organiser's list (and the rating screen's pre-fill): every active participation's check-in and what it
 * pre-fills (shared/rules/check-in.ts checkInFeedback), with the players checked in and in the game.
 */
export async function gameCheckIns(ctx: Ctx, input: z.output<typeof ZCheckInsInput>): Promise<TGameCheckIns> {
  const actor = await requireActor(ctx);
  const game = await requireGame(ctx.deps.db, input.gameId);
  if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
  const rows = await checkInRepo.activeWithCheckIns(ctx.deps.db, game.id);
  const participations = rows.map((r) => {
    const checkIn = r.checkedInAt && r.method ? { checkedInAt: r.checkedInAt, method: r.method } : null;
    return {
      participationId: r.participationId,
      playerCount: r.playerCount,
      checkedInAt: checkIn?.checkedInAt ?? null,
      method: checkIn?.method ?? null,
      late: isLate(checkIn, game),
      prefill: checkInFeedback(checkIn, { start: game.startTime, end: game.endTime }),
    };
  });
  return {
    gameId: game.id,
    checkedInPlayers: participations.reduce((n, p) => n + (p.checkedInAt ? p.playerCount : 0), 0),
    players: participations.reduce((n, p) => n + p.playerCount, 0),
    participations,
  };
}

/**
 * Read-only, for the teams at kick-off (teams/service.ts): which of the game's participations are checked in. A
 * check-in of a participation that later left stays in the table; callers keep only their active ones.
 */
export function checkedInParticipationIds(db: DbOrTx, gameId: number): Promise<Set<number>> {
  return checkInRepo.checkedInIds(db, gameId);
}
