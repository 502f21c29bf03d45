import type { z } from "zod";
import { canManageGame } from "@shared/rules/game-permissions";
import { cashRequestPending } from "@shared/rules/payment-display";
import type { TExternalPaymentRequest, ZDeclineExternalPaymentInput, ZRequestExternalPaymentInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { lockGame, recordGameEvent } from "../games/core";
import { followGame } from "../notifications/game-subscriptions";
import { requireActor } from "../users/service";
import { reservationDeadline } from "./payment";
import { reminderTime } from "./payment-notices";
import * as repo from "./repo";

/**
 * Cash in managed-payment games (spec 000 sections 4-7; issue 13 "Cash"). A player whose place waits for
 * its payment (Open) may ask to pay in cash instead; the organiser allows it by setting PaidExternally
 * (updateParticipation, the Open -> PaidExternally transition of shared/rules/payment-status.ts) or
 * declines it here. Decisions:
 * - The request needs notifications (spec 000 section 5), because the answer comes as a push: a
 *   `deviceToken` sent with the request (which turns the participation's notifications on and follows
 *   the game, as updateParticipation does) or a participation that already has them on.
 * - A request is "pending" while `requestedExternalPaymentAt` is later than `declinedExternalPaymentAt`
 *   (shared/rules/payment-display.ts cashRequestPending). Asking again after a decline is allowed and
 *   clears nothing: it sets a newer request time, so the decline stays on record. Asking again while
 *   a request is pending changes nothing (no second push to the organiser).
 * - A pending request holds the place until the organiser answers: the reservation's deadline moves to
 *   the game's start and its job leaves a pending request alone (also after the start, when the
 *   organiser may still take the cash at the pitch). A decline restarts a normal reservation from then
 *   (a new deadline with its job and reminder); paying by card stays possible all along. A request
 *   after the deadline is too late (RESERVATION_EXPIRED). A new reservation starts without a request.
 * - Only the game's managers (creator, organisation members) and admins decline; declining needs a
 *   pending request. Allowing is possible with or without a request, also after a decline.
 */

function stateOf(row: repo.ParticipationRow): TExternalPaymentRequest {
  return {
    participationId: row.id,
    paymentStatus: row.paymentStatus,
    requestedExternalPaymentAt: row.requestedExternalPaymentAt,
    declinedExternalPaymentAt: row.declinedExternalPaymentAt,
    externalPaymentMessage: row.externalPaymentMessage,
  };
}

/** `requestExternalPayment {gameId, message, deviceToken, userAgent}`: the signed-in player's own place. */
export async function requestExternalPayment(ctx: Ctx, input: z.output<typeof ZRequestExternalPaymentInput>): Promise<TExternalPaymentRequest> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    const found = await repo.findByUser(tx, game.id, actor.id);
    const row = found ? await repo.findById(tx, found.id, true) : null;
    if (!row || row.cancelledAt !== null || row.queue) throw new AppError("PARTICIPATION_NOT_FOUND");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (now >= game.endTime) throw new AppError("GAME_OVER");
    if (!game.isManagedPayment || !game.externalPaymentRequestsAllowed) throw new AppError("CASH_NOT_ALLOWED");
    if (row.paymentStatus !== "Open") throw new AppError("CASH_NOT_OPEN");
    if (row.paymentReservationExpiresAt && now >= row.paymentReservationExpiresAt && !cashRequestPending(row)) throw new AppError("RESERVATION_EXPIRED");
    if (!input.deviceToken && !row.notificationsEnabled) throw new AppError("CASH_NEEDS_NOTIFICATIONS");
    if (input.deviceToken) {
      await followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userAgent: input.userAgent ?? null, userId: actor.id, createdAt: now });
    }
    const device = input.deviceToken ? { deviceToken: input.deviceToken, notificationsEnabled: true } : {};
    if (cashRequestPending(row)) {
      return stateOf(input.deviceToken ? await repo.update(tx, row.id, { ...device, updatedAt: now }) : row);
    }
    const message = input.message || null;
    // a new request is later than the decline it follows, also when both fall in one millisecond
    const declined = row.declinedExternalPaymentAt;
    const requestedAt = declined && declined >= now ? new Date(declined.getTime() + 1) : now;
    // the place waits for the organiser's answer, at most until the start (the job leaves it alone then too)
    const holdUntil = row.paymentReservationExpiresAt && row.paymentReservationExpiresAt > game.startTime ? row.paymentReservationExpiresAt : game.startTime;
    const updated = await repo.update(tx, row.id, {
      ...device,
      requestedExternalPaymentAt: requestedAt,
      externalPaymentMessage: message,
      paymentReservationExpiresAt: holdUntil,
      updatedAt: now,
    });
    await recordGameEvent(ctx.deps, tx, {
      gameId: game.id,
      type: "CASH_REQUESTED",
      actorId: actor.id,
      payload: { participationId: row.id, userId: actor.id, message },
      createdAt: now,
    });
    return stateOf(updated);
  });
}

/** `declineExternalPaymentRequest {participationId}`: the organiser or an admin, for a pending request. */
export async function declineExternalPaymentRequest(ctx: Ctx, input: z.output<typeof ZDeclineExternalPaymentInput>): Promise<TExternalPaymentRequest> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const found = await repo.findById(tx, input.participationId);
    if (!found) throw new AppError("PARTICIPATION_NOT_FOUND");
    const game = await lockGame(tx, found.gameId);
    const row = (await repo.findById(tx, found.id, true))!;
    if (!canManageGame(actor, game)) throw new AppError("PARTICIPATION_FORBIDDEN");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (row.cancelledAt !== null || row.paymentStatus !== "Open" || !cashRequestPending(row)) throw new AppError("CASH_REQUEST_NOT_PENDING");
    // never before the request it answers (a request right after an earlier decline may be 1 ms ahead)
    const requested = row.requestedExternalPaymentAt!;
    // the reservation starts again: a new deadline, its expiry job and its reminder
    const expiresAt = reservationDeadline(ctx.deps, now);
    const updated = await repo.update(tx, row.id, { declinedExternalPaymentAt: requested > now ? requested : now, paymentReservationExpiresAt: expiresAt, updatedAt: now });
    const job = { participationId: row.id, paymentId: row.paymentId! };
    await ctx.deps.jobs.send("participation-payment-expiry", job, { startAfter: expiresAt }, tx);
    await ctx.deps.jobs.send("participation-payment-reminder", { ...job, expiresAt: expiresAt.toISOString() }, { startAfter: reminderTime(now, expiresAt) }, tx);
    await recordGameEvent(ctx.deps, tx, {
      gameId: game.id,
      type: "CASH_DECLINED",
      actorId: actor.id,
      // a request comes only from an account (requestExternalPayment), so the subject has one
      payload: { participationId: row.id, userId: row.userId! },
      createdAt: now,
    });
    return stateOf(updated);
  });
}
