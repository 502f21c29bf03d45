import type { z } from "zod";
import { MANAGED_PAYMENT_MAX_DAYS_AHEAD, SAME_COURT_WINDOW_MINUTES, TAKES_PLACE_MIN_PLAYERS } from "@shared/constants";
import { canManageGame } from "@shared/rules/game-permissions";
import { canEditGame, gameEndTime } from "@shared/rules/game-windows";
import { gameChangeValues } from "@shared/rules/game-change-notice";
import { freeCancellationUntil, managedPaymentChangeWarnings } from "@shared/rules/managed-changes";
import type { ZUpdateGameInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { followGame } from "../notifications/game-subscriptions";
import {
  grantFreeCancellation,
  hasMoneyUnderWay,
  hasOtherParticipants,
  hasPaymentInProgress,
  heldParticipationIds,
  lowerGamePrice,
  playersIn,
  promoteWaitingList,
} from "../participation/service";
import { findUser, requireActor, type Actor } from "../users/service";
import { checkFieldPermissions, checkPrice, checkStartTime } from "./checks";
import * as core from "./core";
import { scheduleMinPlayersJobs } from "./lifecycle";
import * as repo from "./repo";

/*
 * Editing a game, and the guard and the "takes place" confirmation every change of a game shares. The API's
 * updateGame (manage.ts) edits through here; so does a weekly session for each of its future games, which is why
 * this file never calls up into the sessions (games/sessions.ts).
 */

/** Loads and locks a game the actor may manage; the shared guard of every change. */
export async function lockManagedGame(tx: Tx, actor: Actor, gameId: number) {
  const game = await core.lockGame(tx, gameId);
  if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
  if (game.cancelledAt) throw new AppError("GAME_ALREADY_CANCELLED");
  return game;
}

type UpdateInput = z.output<typeof ZUpdateGameInput>;

/** Whether an edit would change anything (the wrapper's "takes place" call sends the description along, unchanged). */
function changesGame(input: Omit<UpdateInput, "minPlayers">, game: core.GameRow): boolean {
  return Object.entries(input).some(([key, value]) => {
    if (value === undefined || key === "gameId" || key === "updateFutureGames" || key === "deviceToken" || key === "userAgent") return false;
    if (key === "removeMaxPlayers") return value === true && game.maxPlayers !== null;
    if (key === "isOrganizationGame") return value !== (game.organizationId !== null);
    const current = (game as Record<string, unknown>)[key];
    return value instanceof Date && current instanceof Date ? value.getTime() !== current.getTime() : value !== current;
  });
}

/**
 * updateGame's edit of one game under its rules (spec 000 sections 5, 6, 7): who may change what, the price, the
 * court's hour, the players' money, the waiting list. Answers the game's weekly session, if any, and the time
 * of the edit: updateGame hands `updateFutureGames` to the session (games/sessions.ts), and the session edits
 * each of its future games through here (the weekly sessions' session-games.ts).
 */
export async function editGame(ctx: Ctx, input: UpdateInput): Promise<{ templateId: number | null; now: Date }> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  // Looked up before the transaction: on PGlite's one connection a query outside it would wait forever.
  const newCourt = input.courtId ? await requireCourt(ctx, input.courtId) : null;
  let templateId: number | null = null;
  await ctx.deps.db.transaction(async (tx) => {
    let game = await lockManagedGame(tx, actor, input.gameId);
    templateId = game.gameTemplateId;
    // updateFutureGames: the weekly session's template and its future games change too (spec 000 section 7)
    if (input.updateFutureGames && game.gameTemplateId === null) {
      throw new AppError("VALIDATION", { fields: [{ path: "updateFutureGames", code: "no_weekly_session" }] });
    }
    // Only the creator or an admin may move a weekly game to another court (spec 000 section 6).
    if (game.gameTemplateId !== null && input.courtId !== undefined && input.courtId !== game.courtId && !actor.isAdmin && actor.id !== game.creatorId) {
      throw new AppError("GAME_EDIT_FORBIDDEN");
    }
    // The editing device follows the game (spec 000 section 7: updateGame takes createGame's fields, deviceToken too).
    if (input.deviceToken) {
      await followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userAgent: input.userAgent ?? ctx.meta.userAgent, userId: actor.id, createdAt: now });
    }
    // minPlayers 0 is the native wrapper's "takes place" (spec 000 section 7): recorded by the one
    // confirmation, exactly as games.confirmTakesPlace; whatever else the call changes is an ordinary edit.
    if (input.minPlayers === TAKES_PLACE_MIN_PLAYERS) {
      const { minPlayers: _confirmed, ...edit } = input;
      if (game.minPlayers !== TAKES_PLACE_MIN_PLAYERS) game = await confirmLockedGame(ctx, tx, actor, game, now);
      if (!changesGame(edit, game)) return;
      input = edit;
    }
    if (!canEditGame(game.startTime, now)) throw new AppError("GAME_EDIT_TOO_LATE");

    // PRIVATE -> PUBLIC goes through makePublic (once, needs a court); nothing turns a public game private.
    if (input.gameType !== undefined && input.gameType !== game.gameType) {
      if (input.gameType === "PRIVATE" || game.gameType === "PRIVATE") throw new AppError("GAME_TYPE_NOT_ALLOWED");
    }
    // Managed payment pays out to the creator's connected account, whoever edits (read only for managed-payment games).
    const managedAfter = input.isManagedPayment ?? game.isManagedPayment;
    const paymentChargesEnabled = managedAfter ? ((await findUser(tx, game.creatorId))?.paymentChargesEnabled ?? false) : false;
    checkFieldPermissions(
      actor,
      { ...input, isOrganizationGame: input.isOrganizationGame },
      { ...game, isOrganizationGame: game.organizationId !== null },
      { paymentChargesEnabled },
    );

    const next = {
      startTime: input.startTime ?? game.startTime,
      durationMinutes: input.durationMinutes ?? game.durationMinutes,
      priceCents: input.priceCents ?? game.priceCents,
      isManagedPayment: input.isManagedPayment ?? game.isManagedPayment,
      minPlayers: input.minPlayers ?? game.minPlayers,
      maxPlayers: input.removeMaxPlayers ? null : input.maxPlayers !== undefined ? input.maxPlayers : game.maxPlayers,
      courtId: input.courtId !== undefined ? input.courtId : game.courtId,
    };
    if (next.priceCents !== game.priceCents || next.isManagedPayment !== game.isManagedPayment) checkPrice(next.priceCents, next.isManagedPayment);
    // Players joined (or are paying) at the old price (spec 000 section 8): nobody pays more than they agreed to.
    if (next.priceCents > game.priceCents && ((await hasOtherParticipants(tx, game.id, game.creatorId)) || (await hasPaymentInProgress(tx, game.id))))
      throw new AppError("PRICE_RAISE_NOT_ALLOWED");
    // Switching managed payment off would strand open, held and captured money (issue 23; README of participation).
    if (game.isManagedPayment && !next.isManagedPayment && (await hasMoneyUnderWay(tx, game.id))) throw new AppError("MANAGED_PAYMENT_HAS_PAYMENTS");
    if (next.startTime.getTime() !== game.startTime.getTime() || next.isManagedPayment !== game.isManagedPayment)
      checkStartTime(next.startTime, now, next.isManagedPayment);
    if (next.maxPlayers !== null) {
      if (next.maxPlayers < (await playersIn(tx, game.id))) throw new AppError("MAX_PLAYERS_BELOW_ATTENDEES");
      if (next.maxPlayers < next.minPlayers) throw new AppError("MAX_PLAYERS_BELOW_MIN");
    }
    // A public game keeps a court (spec 000 sections 4, 5): removing it, or turning a courtless game
    // into the product's own type, is refused; a courtless game may still change everything else.
    const nextType = input.gameType ?? game.gameType;
    if (nextType !== "PRIVATE" && next.courtId === null && (game.courtId !== null || nextType !== game.gameType))
      throw new AppError("GAME_WITHOUT_COURT");
    let regionId = game.regionId;
    if (next.courtId !== game.courtId && newCourt) regionId = newCourt.regionId ?? regionId;
    const moved = next.startTime.getTime() !== game.startTime.getTime();
    if (next.startTime > game.startTime) await checkHoldsLastUntil(tx, game.id, next.startTime);
    if (next.courtId !== null && (moved || next.courtId !== game.courtId)) {
      await core.lockCourtSchedule(tx, next.courtId);
      if (await repo.courtHasGameNear(tx, next.courtId, next.startTime, SAME_COURT_WINDOW_MINUTES, game.id))
        throw new AppError("SAME_COURT_WITHIN_HOUR");
    }
    const endTime = gameEndTime(next.startTime, next.durationMinutes);

    const changes = {
      title: input.title !== undefined ? input.title || null : game.title,
      description: input.description ?? game.description,
      descriptionEn: input.descriptionEn !== undefined ? input.descriptionEn || null : game.descriptionEn,
      gameType: input.gameType ?? game.gameType,
      gameMode: input.gameMode ?? game.gameMode,
      level: input.level ?? game.level,
      gender: input.gender ?? game.gender,
      teams: input.teams ?? game.teams,
      instantCapture: input.instantCapture ?? game.instantCapture,
      externalPaymentRequestsAllowed: input.externalPaymentRequestsAllowed ?? game.externalPaymentRequestsAllowed,
      organizationId:
        input.isOrganizationGame === undefined ? game.organizationId : input.isOrganizationGame ? actor.organizationId : null,
      ...next,
      endTime,
      regionId,
      updatedAt: now,
    };
    const changedFields = Object.keys(changes).filter((k) => {
      const a = (changes as Record<string, unknown>)[k];
      const b = (game as Record<string, unknown>)[k];
      return k !== "updatedAt" && (a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b);
    });
    await core.updateGameRow(tx, game.id, changes);
    // A lowered price: everyone pays the new one (open intents lowered, holds captured at it, captures refunded the difference).
    if (next.isManagedPayment && next.priceCents < game.priceCents) await lowerGamePrice(ctx.deps, tx, game, next.priceCents);
    // A warned change to a managed-payment game (spec 000 section 5): whoever pays may cancel free for 24 hours.
    // Judged against the game the players joined, so also when the same edit switches managed payment off.
    if (game.isManagedPayment && managedPaymentChangeWarnings(game, changes).length > 0) {
      await grantFreeCancellation(tx, game.id, freeCancellationUntil(now), now);
    }
    if (changedFields.length) {
      await core.recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "CHANGED", actorId: actor.id, payload: { fields: changedFields, changes: gameChangeValues(game, changes, changedFields) }, createdAt: now });
    }
    if (moved) await scheduleMinPlayersJobs(ctx.deps, tx, { id: game.id, startTime: next.startTime });
    // A raised or removed maximum frees spots: the waiting list moves up at once.
    if (next.maxPlayers === null ? game.maxPlayers !== null : game.maxPlayers !== null && next.maxPlayers > game.maxPlayers) {
      await promoteWaitingList(ctx, tx, { ...game, ...changes }, 0, { byOrganiser: true });
    }
  });
  return { templateId, now };
}


/**
 * A card hold lasts about seven days, so a managed-payment game may not start more than 6 x 24 h after
 * its oldest hold that still stands (spec 000 section 8): the card must be captured at the start before
 * the hold lapses. A hold's time is its approval as recorded by the PAYMENT_CHANGED event (to Approved);
 * holds already captured or released no longer bind the game. Only a later start is checked (an
 * earlier one only shortens the wait). An Approved participation without such an event (Approved is
 * reached no other way) is taken as old: the game may then not move later at all, the safe side.
 */
async function checkHoldsLastUntil(tx: Tx, gameId: number, start: Date) {
  const held = await heldParticipationIds(tx, gameId);
  if (held.length === 0) return;
  const approvedAt = await repo.lastApprovalTimes(tx, gameId);
  const oldest = Math.min(...held.map((id) => approvedAt.get(id)?.getTime() ?? Number.NEGATIVE_INFINITY));
  if (start.getTime() - oldest > MANAGED_PAYMENT_MAX_DAYS_AHEAD * 24 * 3_600_000) throw new AppError("MANAGED_GAME_MOVED_TOO_FAR");
}

/**
 * The one "takes place" confirmation (games.confirmTakesPlace, and updateGame with minPlayers 0 from
 * the native wrapper): until the start, minPlayers 0, minPlayersConfirmedAt and a CONFIRMED event.
 * Returns the game as it now is.
 */
export async function confirmLockedGame(ctx: Ctx, tx: Tx, actor: Actor, game: core.GameRow, now: Date): Promise<core.GameRow> {
  if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
  const confirmed = { minPlayers: TAKES_PLACE_MIN_PLAYERS, minPlayersConfirmedAt: now, updatedAt: now };
  await core.updateGameRow(tx, game.id, confirmed);
  await core.recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "CONFIRMED", actorId: actor.id, payload: { minPlayers: game.minPlayers }, createdAt: now });
  return { ...game, ...confirmed };
}

