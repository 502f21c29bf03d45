import type { z } from "zod";
import { fitsInGame, joinProblem, maxExtraPlayers } from "@shared/rules/participation";
import type { TJoinResult, TParticipationPayment, ZJoinGameInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { generateSessionToken } from "../auth/sessions";
import { lockGame, noteParticipantsAmount, recordGameEvent } from "../games/core";
import { requireVisible } from "../games/visibility";
import { followGame } from "../notifications/game-subscriptions";
import { actorOrNull } from "../users/service";
import { checkPlaysHimself, hashToken, isAdminOrCreator, refOf } from "./access";
import { admitGuestJoin, recordGuestOrigin } from "./guest-limits";
import { reservationProblem, reservePayment } from "./payment";
import { headStartHoldsBack } from "./regulars";
import * as repo from "./repo";

/**
 * Joining a game (spec 000 sections 4-6), signed in or as a guest: a place when it fits and nobody
 * waits, else the waiting list; in a managed-payment game the place waits for its payment (payment.ts).
 */
export async function joinGame(ctx: Ctx, input: z.output<typeof ZJoinGameInput>): Promise<TJoinResult> {
  const actor = await actorOrNull(ctx);
  const now = ctx.deps.clock.now();
  const isGuest = actor === null;
  const firstName = isGuest ? (input.firstName ?? null) : null;
  checkPlaysHimself(actor, input.playsHimself);
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    // A private game is joined through its share link; to anybody else it does not exist (games/visibility.ts).
    await requireVisible(ctx, tx, game, input.shareKey, actor);
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (now >= game.endTime) throw new AppError("GAME_OVER");
    const privileged = isAdminOrCreator(actor, game);
    const joining = {
      isGuest,
      firstName,
      playerCount: input.playerCount,
      queue: input.queue,
      hasDeviceToken: !!input.deviceToken,
      emailVerified: actor?.emailVerified ?? false,
      isManagedPayment: game.isManagedPayment,
      gameType: game.gameType,
      isAdminOrCreator: privileged,
      maxPlayers: game.maxPlayers,
    };
    const problem = joinProblem(joining);
    if (problem) throw new AppError(problem);
    // A weekly session's new game: during the head start only its regulars (and its organisers) may join; a session without regulars holds nobody back.
    if (game.regularsOnlyUntil !== null && now < game.regularsOnlyUntil && !privileged && (await headStartHoldsBack(tx, game, actor?.id ?? null, now))) {
      throw new AppError("REGULARS_HEAD_START", { details: { until: game.regularsOnlyUntil.toISOString() } });
    }
    if (input.playerCount - 1 > maxExtraPlayers({ isGuest, isAdminOrCreator: privileged, isManagedPayment: game.isManagedPayment, maxPlayers: game.maxPlayers }))
      throw new AppError(isGuest ? "GUEST_EXTRA_LIMIT" : "PLAYER_EXTRA_LIMIT");

    let existing: repo.ParticipationRow | null = null;
    if (actor) {
      existing = await repo.findByUser(tx, game.id, actor.id);
      if (existing?.banned) throw new AppError("BANNED_FROM_GAME");
      if (existing && existing.cancelledAt === null) throw new AppError("ALREADY_PARTICIPATING");
      if (await repo.userBusyBetween(tx, actor.id, game.startTime, game.endTime, game.id)) throw new AppError("ALREADY_IN_GAME_AT_TIME");
    } else if (await repo.guestNameTaken(tx, game.id, firstName!)) {
      throw new AppError("GUEST_NAME_TAKEN");
    } else {
      // Anonymous guests: per address and device, under the game lock (guest-limits.ts).
      await admitGuestJoin(tx, { gameId: game.id, ip: ctx.meta.ip, deviceToken: input.deviceToken ?? null, now });
    }
    if (game.isManagedPayment) {
      // Checked for the waiting list too: a queued player's reservation is made when they move up.
      const paymentProblem = reservationProblem(existing?.paymentStatus ?? "None", game, now);
      if (paymentProblem) throw new AppError(paymentProblem);
    }

    const active = await repo.activePlayers(tx, game.id);
    const queued = (await repo.waitingList(tx, game.id)).length > 0;
    // Nobody overtakes the waiting list: with people queued, a newcomer queues too.
    const fits = !queued && fitsInGame(active, input.playerCount, game.maxPlayers);
    if (!fits && !input.queue) throw new AppError("NOT_ENOUGH_PLACES");
    if (!fits) {
      const queueProblem = joinProblem({ ...joining, queue: true });
      if (queueProblem) throw new AppError(queueProblem);
    }

    const values = {
      gameId: game.id,
      playerCount: input.playerCount,
      playsHimself: input.playsHimself,
      // ball and bibs count only for active participations (spec 000 section 5)
      bringsBall: fits && input.bringsBall,
      bringsBibs: fits && input.bringsBibs,
      queue: !fits,
      // read after the game lock, so the queue's order is the order joins were served in
      queuedAt: fits ? null : ctx.deps.clock.now(),
      notificationsEnabled: !!input.deviceToken,
      deviceToken: input.deviceToken ?? null,
      cancelledAt: null,
      cancelledShortNotice: false,
      updatedAt: now,
    };
    let guestToken: string | null = null;
    let row: repo.ParticipationRow;
    let guestFirstName: string | null = null;
    if (actor) {
      row = existing
        ? await repo.update(tx, existing.id, { ...values, createdAt: now })
        : await repo.insert(tx, { ...values, userId: actor.id, createdAt: now });
    } else {
      const guest = await repo.insertGuestProfile(tx, firstName!, now);
      guestToken = generateSessionToken();
      guestFirstName = guest.firstName;
      row = await repo.insert(tx, {
        ...values,
        firstName,
        guestProfileId: guest.id,
        guestTokenHash: hashToken(guestToken),
        createdAt: now,
      });
      await recordGuestOrigin(tx, { participationId: row.id, gameId: game.id, ip: ctx.meta.ip, guestKey: guestKeyFor(ctx), now });
    }
    if (input.deviceToken) {
      await followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userId: actor?.id ?? null, createdAt: now });
    }
    // A place in a managed-payment game is paid for (payment.ts); the waiting list pays when it moves up.
    let payment: TParticipationPayment | null = null;
    if (fits && game.isManagedPayment) ({ row, payment } = await reservePayment(ctx.deps, tx, game, row, now));
    if (fits) await noteParticipantsAmount(tx, game, active + input.playerCount);
    await recordGameEvent(ctx.deps, tx, {
      gameId: game.id,
      type: fits ? "JOINED" : "QUEUED",
      actorId: actor?.id ?? null,
      payload: { participationId: row.id, playerCount: input.playerCount, name: guestFirstName ?? actor?.firstName ?? "" },
      createdAt: now,
    });
    return { participation: refOf(row, guestFirstName), guestToken, payment };
  });
}

/** This browser's or app's guest key; one is made (and sent as a cookie) with its first guest participation. */
function guestKeyFor(ctx: Ctx): string {
  if (!ctx.meta.guestKey) {
    ctx.meta.guestKey = generateSessionToken();
    ctx.cookies.setGuestKey?.(ctx.meta.guestKey);
  }
  return ctx.meta.guestKey;
}
