import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { z } from "zod";
import { canManageGame, canOrganiseWithoutPlaying } from "@shared/rules/game-permissions";
import {
  canAddOne,
  canRemoveOne,
  canRemovePlayer,
  fitsInGame,
  isShortNoticeCancellation,
  joinProblem,
  maxExtraPlayers,
  notifiesOrganiser,
  promotable,
  removalProblem,
} from "@shared/rules/participation";
import { paymentStatusForPayed } from "@shared/rules/payed";
import { transitionProblem } from "@shared/rules/payment-status";
import type {
  TJoinResult,
  TParticipationPayment,
  ZAttachGuestParticipationsInput,
  ZJoinGameInput,
  ZRevokeParticipationInput,
  ZSubscribeToGameInput,
  ZUpdateParticipationInput,
} from "@shared/schemas/participation";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { generateSessionToken } from "../auth/sessions";
import { lockGame, noteParticipantsAmount, recordGameEvent, requireGame, type GameRow } from "../games/core";
import { requireVisible, requireVisibleGame } from "../games/visibility";
import { actorOrNull, type Actor } from "../users/service";
import { deviceTokenForUserExists, followGame, followsGame } from "../notifications/service";
import { recomputeRatings } from "./attendance";
import { admitGuestJoin, madeWithGuestKey, recordGuestOrigin } from "./guest-limits";
import { checkPaidPlayerCount, repriceOpenReservation, reviewLateCancellations, settleEndedParticipation, settleQueuedParticipation } from "./late-cancellation";
import { reservationProblem, reservePayment } from "./payment";
import { headStartHoldsBack } from "./regulars";
import * as repo from "./repo";

const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

type LockedGame = GameRow;

function isAdminOrCreator(actor: Actor | null, game: LockedGame) {
  return !!actor && (actor.isAdmin || actor.id === game.creatorId);
}

/**
 * A participation that does not count its owner as a player ("I play myself" off) may be set only by
 * admins and organisations (spec 000 section 6); guests and plain players always play themselves.
 */
function checkPlaysHimself(actor: Actor | null, playsHimself: boolean) {
  if (!playsHimself && !(actor && canOrganiseWithoutPlaying(actor))) throw new AppError("PLAYS_HIMSELF_NOT_ALLOWED");
}

function refOf(p: repo.ParticipationRow, guestFirstName: string | null) {
  return {
    id: p.id,
    queue: p.queue,
    paymentStatus: p.paymentStatus,
    playerCount: p.playerCount,
    guestProfile: p.guestProfileId !== null ? { id: p.guestProfileId, firstName: guestFirstName ?? p.firstName ?? "" } : null,
    paymentReservationExpiresAt: p.paymentStatus === "Open" ? p.paymentReservationExpiresAt : null,
  };
}

/**
 * Moves players up from the waiting list while they fit, strictly in arrival order, and records
 * each move (the notifications issue sends "you moved up"). Called after anything that frees a spot.
 * In a managed-payment game each promoted player is asked to pay (a reservation, payment.ts); after
 * the start no reservation can be made, so the waiting list stays where it is. A reservation the
 * payment provider refuses now (unreachable, the organiser's account cannot take charges) does not
 * fail what freed the spot: that player stays first in the queue (nobody overtakes it) and the
 * `game-waiting-list` job tries again a minute later (`retry` counts the tries, WAITING_LIST_RETRIES at most).
 */
export async function promoteWaitingList(ctx: { deps: Deps }, tx: Tx, game: LockedGame, retry = 0): Promise<number[]> {
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
async function reserveOrWait(deps: Deps, tx: Tx, game: LockedGame, participationId: number, now: Date, retry: number): Promise<boolean> {
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

/* ---------- join ---------- */

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

/* ---------- find a participation and who is asking ---------- */

type Access = { row: repo.ParticipationRow; game: LockedGame; actor: Actor | null; isOwner: boolean; isManager: boolean };

/** `actor` is loaded before the transaction: on PGlite's one connection a query outside it would wait forever. */
async function access(tx: Tx, actor: Actor | null, participationId: number, guestToken: string | undefined): Promise<Access> {
  const found = await repo.findById(tx, participationId);
  if (!found) throw new AppError("PARTICIPATION_NOT_FOUND");
  const game = await lockGame(tx, found.gameId);
  const row = (await repo.findById(tx, participationId, true))!;
  const isOwner =
    (actor !== null && row.userId === actor.id) ||
    (guestToken !== undefined && row.guestTokenHash !== null && row.guestTokenHash === hashToken(guestToken));
  const isManager = canManageGame(actor, game);
  if (!isOwner && !isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
  return { row, game, actor, isOwner, isManager };
}

/* ---------- update ---------- */

export async function updateParticipation(ctx: Ctx, input: z.output<typeof ZUpdateParticipationInput>) {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const found = await access(tx, viewer, input.participationId, input.guestToken);
    const { row, game, actor, isOwner, isManager } = found;
    if (row.cancelledAt) throw new AppError("PARTICIPATION_NOT_FOUND");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    // The old API removes a player through updateParticipation too: the same rules as revoking.
    if (input.playerRemovalReason !== undefined || input.playerRemovalMessage) {
      if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
      await endParticipation(ctx, tx, found, input, now);
      await promoteWaitingList(ctx, tx, game);
      return refOf((await repo.findById(tx, row.id))!, null);
    }
    const paymentChange = input.paymentStatus !== undefined || input.payed !== undefined;
    if (now >= game.endTime && !paymentChange) throw new AppError("GAME_OVER");
    const privileged = isAdminOrCreator(actor, game);
    if (input.playsHimself !== undefined && input.playsHimself !== row.playsHimself) checkPlaysHimself(actor, input.playsHimself);
    const changes: Partial<repo.ParticipationRow> = { updatedAt: now };
    if (input.deviceToken) {
      // Whoever changes it follows the game from this device; only the owner's device is the
      // participation's own (it may later claim a guest participation for an account).
      await followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userAgent: input.userAgent ?? null, userId: actor?.id ?? null, createdAt: now });
      if (isOwner) Object.assign(changes, { deviceToken: input.deviceToken, notificationsEnabled: true });
    }

    if (input.playerCount !== undefined && input.playerCount !== row.playerCount) {
      checkPaidPlayerCount(game, row);
      const active = await repo.activePlayers(tx, game.id);
      const others = active - (row.queue ? 0 : row.playerCount);
      if (input.playerCount > row.playerCount) {
        for (let n = row.playerCount; n < input.playerCount; n++) {
          const ok = canAddOne({
            activePlayers: others + n,
            maxPlayers: game.maxPlayers,
            isAdminOrCreator: privileged,
            isManagedPayment: game.isManagedPayment,
            isGuest: row.userId === null,
            playerCount: n,
            queue: row.queue,
          });
          if (!ok) throw new AppError(row.queue ? "QUEUE_WITH_EXTRAS" : fitsInGame(others, n + 1, game.maxPlayers) ? (row.userId === null ? "GUEST_EXTRA_LIMIT" : "PLAYER_EXTRA_LIMIT") : "NOT_ENOUGH_PLACES");
        }
      } else {
        for (let n = row.playerCount; n > input.playerCount; n--) {
          const ok = canRemoveOne({
            playerCount: n,
            playsHimself: input.playsHimself ?? row.playsHimself,
            isManagedPayment: game.isManagedPayment,
            isAdminOrCreator: privileged,
            isSelf: isOwner,
          });
          if (!ok) throw new AppError("PLAYER_COUNT_TOO_LOW");
        }
      }
      changes.playerCount = input.playerCount;
    }
    if (input.playsHimself !== undefined) changes.playsHimself = input.playsHimself;
    const activeAfter = !(input.queue ?? row.queue);
    if (input.bringsBall !== undefined) changes.bringsBall = activeAfter && input.bringsBall;
    if (input.bringsBibs !== undefined) changes.bringsBibs = activeAfter && input.bringsBibs;

    if (input.queue !== undefined && input.queue !== row.queue) {
      if (!isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
      if (input.queue) {
        // Only a full game sends someone to the waiting list (spec 000 section 4); they go to its end.
        const active = await repo.activePlayers(tx, game.id);
        if (game.maxPlayers === null || active < game.maxPlayers) throw new AppError("GAME_NOT_FULL");
        const last = (await repo.waitingList(tx, game.id)).at(-1)?.queuedAt;
        const queuedAt = last && last >= now ? new Date(last.getTime() + 1) : now;
        Object.assign(changes, { queue: true, queuedAt, bringsBall: false, bringsBibs: false });
      } else {
        const active = await repo.activePlayers(tx, game.id);
        if (!fitsInGame(active, changes.playerCount ?? row.playerCount, game.maxPlayers)) throw new AppError("NOT_ENOUGH_PLACES");
        changes.queue = false;
      }
    }
    if (input.payed !== undefined && !isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
    // An explicit paymentStatus wins over `payed`, which is read onto the status (shared/rules/payed.ts).
    const payedStatus = input.payed !== undefined ? paymentStatusForPayed(row.paymentStatus, input.payed, changes.playerCount ?? row.playerCount) : undefined;
    if (input.paymentStatus === undefined && payedStatus === "REFUSED") throw new AppError("PAYMENT_TRANSITION_NOT_ALLOWED");
    const paymentStatus = input.paymentStatus ?? (payedStatus === "REFUSED" ? undefined : payedStatus);
    if (paymentStatus !== undefined && paymentStatus !== row.paymentStatus) {
      // The table says who drives each move: people set only cash (PaidExternally); the card states
      // are the provider's and the jobs', a reservation comes with joining (shared/rules/payment-status.ts).
      const problem = transitionProblem(row.paymentStatus, paymentStatus, {
        actor: actor?.isAdmin ? "admin" : isManager ? "organiser" : "player",
        gameStarted: now >= game.startTime,
        participationCancelled: row.cancelledAt !== null,
        isManagedPayment: game.isManagedPayment,
      });
      if (problem) throw new AppError("PAYMENT_TRANSITION_NOT_ALLOWED");
      changes.paymentStatus = paymentStatus;
    }
    let updated = await repo.update(tx, row.id, changes);
    // cash counts as paid: it may replace a late cancellation (late-cancellation.ts)
    if (changes.paymentStatus === "PaidExternally") await reviewLateCancellations(ctx.deps, tx, game);
    // moved to the waiting list: the payment is given back; an unpaid place's new count: a new reservation (late-cancellation.ts)
    if (!row.queue && updated.queue) await settleQueuedParticipation(ctx.deps, tx, game, updated);
    else if (!row.queue) updated = await repriceOpenReservation(ctx.deps, tx, game, row, updated, now);
    if (changes.paymentStatus !== undefined) {
      // the organiser's (or an admin's) cash: recorded like the provider's moves, with them as the actor
      await recordGameEvent(ctx.deps, tx, {
        gameId: game.id,
        type: "PAYMENT_CHANGED",
        actorId: actor?.id ?? null,
        payload: { participationId: row.id, userId: row.userId, from: row.paymentStatus, to: changes.paymentStatus, revoked: false },
        createdAt: now,
      });
    }
    // Moved up by the organiser in a managed-payment game: asked to pay, as when the waiting list moves (payment.ts).
    if (game.isManagedPayment && row.queue && !updated.queue) ({ row: updated } = await reservePayment(ctx.deps, tx, game, updated, now));
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "PARTICIPATION_CHANGED", actorId: actor?.id ?? null, payload: { participationId: row.id }, createdAt: now });
    await promoteWaitingList(ctx, tx, game);
    const active = await repo.activePlayers(tx, game.id);
    await noteParticipantsAmount(tx, game, active);
    return refOf((await repo.findById(tx, updated.id))!, null);
  });
}

/* ---------- cancel own / remove ---------- */

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
    const promoted = await promoteWaitingList(ctx, tx, game);
    return { ok: true as const, promoted };
  });
}

/**
 * Ends a participation that has not started: its owner cancels it, anybody else who manages the game
 * removes the player (reason required, a message for OTHER_REASON, not within 4 hours of the start),
 * who is then banned from this game. Shared by revokeGameParticipation and updateParticipation.
 */
async function endParticipation(
  ctx: Ctx,
  tx: Tx,
  { row, game, actor, isOwner }: Access,
  input: { playerRemovalReason?: z.output<typeof ZRevokeParticipationInput>["playerRemovalReason"]; playerRemovalMessage?: string | null },
  now: Date,
) {
  if (isOwner) {
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
  } else {
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
  // the payment: given back, or kept for a late cancellation unless replaced (late-cancellation.ts)
  await settleEndedParticipation(ctx.deps, tx, game, row, isOwner ? "playerCancels" : "organiserRemoves", now);
}

/* ---------- guests becoming accounts ---------- */

/**
 * Attaches a guest's earlier participations to the signed-in account. Each must be proved: by its
 * guest token (the web client keeps it), or, named by id alone (the native wrapper), by being asked
 * from the browser or app that made it (its guest key cookie) and having been made from a device now
 * registered to this account. A device token alone proves nothing: whoever knows one could register
 * it. Each one that cannot be attached (no proof, already an account's, the account already plays
 * that game) is skipped: the caller ignores failures (spec 000 section 4).
 */
export async function attachGuestParticipations(ctx: Ctx, input: z.output<typeof ZAttachGuestParticipationsInput>) {
  const actor = await actorOrNull(ctx);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const claims = [
    ...input.participations.map((p) => ({ id: p.id, guestToken: p.guestToken as string | null })),
    ...input.participationIds.map((id) => ({ id, guestToken: null })),
  ];
  const attached: number[] = [];
  for (const claim of claims) {
    // The device is checked before the transaction (PGlite has one connection) and must still be the row's inside it.
    const device = claim.guestToken === null ? await claimingDevice(ctx, claim.id) : null;
    await ctx.deps.db.transaction(async (tx) => {
      const row = await repo.findById(tx, claim.id, true);
      if (!row || row.userId !== null) return;
      const proved =
        claim.guestToken !== null
          ? row.guestTokenHash !== null && row.guestTokenHash === hashToken(claim.guestToken)
          : device !== null && row.deviceToken === device;
      if (!proved) return;
      if (await repo.findByUser(tx, row.gameId, actor.id)) return;
      await repo.update(tx, row.id, { userId: actor.id, guestTokenHash: null, updatedAt: ctx.deps.clock.now() });
      if (row.guestProfileId !== null) await repo.linkGuestProfile(tx, row.guestProfileId, actor.id);
      attached.push(row.id);
    });
  }
  return { attached };
}

/**
 * The device a guest participation was made from, if it is registered to the signed-in account and
 * the request comes from the browser or app that made the participation (README Decisions "Guests
 * attach from where they joined").
 */
async function claimingDevice(ctx: Ctx, participationId: number): Promise<string | null> {
  const row = await repo.findById(ctx.deps.db, participationId);
  if (!row || row.userId !== null || !row.deviceToken) return null;
  if (!(await madeWithGuestKey(ctx.deps.db, row.id, ctx.meta.guestKey))) return null;
  return (await deviceTokenForUserExists(ctx, row.deviceToken)).exists ? row.deviceToken : null;
}

/* ---------- push subscriptions to a game (sending comes with the notifications issue) ---------- */

export async function subscribeToGame(ctx: Ctx, input: z.output<typeof ZSubscribeToGameInput>) {
  // A private game's notices (time, place, changes) only for those who may see it (games/visibility.ts).
  await requireVisibleGame(ctx, input.gameId);
  await ctx.deps.db.transaction(async (tx) => {
    await followGame(tx, {
      gameId: input.gameId,
      deviceToken: input.deviceToken,
      userAgent: input.userAgent ?? null,
      userId: ctx.viewer?.userId ?? null,
      createdAt: ctx.deps.clock.now(),
    });
  });
  return { ok: true as const };
}

export async function isSubscribedToGame(ctx: Ctx, input: { gameId: number; deviceToken: string }) {
  return { subscribed: await followsGame(ctx, input.gameId, input.deviceToken) };
}

/** The old API names a participation by user id or guest name; this finds its id. */
async function participationIdFor(tx: Tx, gameId: number, who: { userId?: number; playerName?: string }): Promise<number> {
  let id: number | undefined;
  if (who.userId !== undefined) {
    const row = await repo.findByUser(tx, gameId, who.userId);
    id = row && row.cancelledAt === null ? row.id : undefined;
  } else if (who.playerName) {
    id = (await repo.findGuestByName(tx, gameId, who.playerName))?.id;
  }
  if (id === undefined) throw new AppError("PARTICIPATION_NOT_FOUND");
  return id;
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

/* ---------- for the games domain ---------- */

/** Players in a game now (participation owns the definition: repo.playersInGameSql). */
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
  game: LockedGame,
  values: { userId: number; playerCount: number; playsHimself: boolean; bringsBall: boolean; bringsBibs: boolean; now: Date },
): Promise<void> {
  if (await repo.userBusyBetween(tx, values.userId, game.startTime, game.endTime, game.id)) throw new AppError("ALREADY_IN_GAME_AT_TIME");
  const { now, ...rest } = values;
  await repo.insert(tx, { ...rest, gameId: game.id, createdAt: now, updatedAt: now });
}
