import type { z } from "zod";
import { fitsInGame, playerCountChangeProblem } from "@shared/rules/participation";
import { paymentStatusForPayed } from "@shared/rules/payed";
import { transitionProblem } from "@shared/rules/payment-status";
import type { ZUpdateParticipationInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { noteParticipantsAmount, recordGameEvent } from "../games/core";
import { followGame } from "../notifications/game-subscriptions";
import { actorOrNull } from "../users/service";
import { access, checkPlaysHimself, isAdminOrCreator, refOf, type Access } from "./access";
import { endParticipation } from "./end";
import { checkPaidPlayerCount, repriceOpenReservation, reviewLateCancellations, settleQueuedParticipation } from "./late-cancellation";
import { reservePayment } from "./payment";
import * as repo from "./repo";
import { promoteWaitingList } from "./waiting-list";

type Input = z.output<typeof ZUpdateParticipationInput>;
type Changes = Partial<repo.ParticipationRow>;

/**
 * Changes a participation (the participation box, the organiser's player actions, the old API's
 * updateParticipation): its owner or one who manages the game. Each step below checks one kind of
 * change and says what it writes; the changes are written at once, then the money follows
 * (`settleChanges`) and the waiting list moves up.
 */
export async function updateParticipation(ctx: Ctx, input: Input) {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const found = await access(tx, viewer, input.participationId, input.guestToken);
    const { row, game } = found;
    if (row.cancelledAt) throw new AppError("PARTICIPATION_NOT_FOUND");
    if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
    if (input.playerRemovalReason !== undefined || input.playerRemovalMessage) return removeThroughUpdate(ctx, tx, found, input, now);
    const paymentChange = input.paymentStatus !== undefined || input.payed !== undefined;
    if (now >= game.endTime && !paymentChange) throw new AppError("GAME_OVER");
    if (input.playsHimself !== undefined && input.playsHimself !== row.playsHimself) checkPlaysHimself(found.actor, input.playsHimself);

    const changes: Changes = { updatedAt: now };
    Object.assign(changes, await followFromDevice(tx, found, input, now));
    Object.assign(changes, await playerCountChange(tx, found, input));
    Object.assign(changes, settingsChange(found, input));
    Object.assign(changes, await queueChange(tx, found, input, changes.playerCount ?? row.playerCount, now));
    Object.assign(changes, paymentStatusChange(found, input, changes.playerCount ?? row.playerCount, now));

    const updated = await settleChanges(ctx, tx, found, changes, now);
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "PARTICIPATION_CHANGED", actorId: found.actor?.id ?? null, payload: { participationId: row.id }, createdAt: now });
    await promoteWaitingList(ctx, tx, game, 0, { byOrganiser: !found.isOwner });
    await noteParticipantsAmount(tx, game, await repo.activePlayers(tx, game.id));
    return refOf((await repo.findById(tx, updated.id))!, null);
  });
}

/** The old API removes a player through updateParticipation too: the same rules as revoking. */
async function removeThroughUpdate(ctx: Ctx, tx: Tx, found: Access, input: Input, now: Date) {
  if (now >= found.game.startTime) throw new AppError("GAME_ALREADY_STARTED");
  await endParticipation(ctx, tx, found, input, now);
  await promoteWaitingList(ctx, tx, found.game, 0, { byOrganiser: !found.isOwner });
  return refOf((await repo.findById(tx, found.row.id))!, null);
}

/**
 * A device named with the change: whoever changes it follows the game from this device; only the
 * owner's device is the participation's own (it may later claim a guest participation for an account).
 */
async function followFromDevice(tx: Tx, { game, actor, isOwner }: Access, input: Input, now: Date): Promise<Changes> {
  if (!input.deviceToken) return {};
  await followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userAgent: input.userAgent ?? null, userId: actor?.id ?? null, createdAt: now });
  return isOwner ? { deviceToken: input.deviceToken, notificationsEnabled: true } : {};
}

/** "Ich + n": the shared rule (shared/rules/participation.ts playerCountChangeProblem), after the payment's own. */
async function playerCountChange(tx: Tx, { row, game, actor, isOwner }: Access, input: Input): Promise<Changes> {
  if (input.playerCount === undefined || input.playerCount === row.playerCount) return {};
  checkPaidPlayerCount(game, row);
  const active = await repo.activePlayers(tx, game.id);
  const problem = playerCountChangeProblem({
    from: row.playerCount,
    to: input.playerCount,
    otherActivePlayers: active - (row.queue ? 0 : row.playerCount),
    maxPlayers: game.maxPlayers,
    isAdminOrCreator: isAdminOrCreator(actor, game),
    isManagedPayment: game.isManagedPayment,
    isGuest: row.userId === null,
    queue: row.queue,
    playsHimself: input.playsHimself ?? row.playsHimself,
    isSelf: isOwner,
  });
  if (problem) throw new AppError(problem);
  return { playerCount: input.playerCount };
}

/** Plays himself (checked above), ball and bibs; ball and bibs count only for a participation that ends up active. */
function settingsChange({ row }: Access, input: Input): Changes {
  const changes: Changes = {};
  if (input.playsHimself !== undefined) changes.playsHimself = input.playsHimself;
  const activeAfter = !(input.queue ?? row.queue);
  if (input.bringsBall !== undefined) changes.bringsBall = activeAfter && input.bringsBall;
  if (input.bringsBibs !== undefined) changes.bringsBibs = activeAfter && input.bringsBibs;
  return changes;
}

/**
 * The organiser moves a player to the waiting list or up from it. Only a full game sends someone to the
 * waiting list (spec 000 section 4); they go to its end. Moving up needs the place for the (new) count.
 */
async function queueChange(tx: Tx, { row, game, isManager }: Access, input: Input, playerCount: number, now: Date): Promise<Changes> {
  if (input.queue === undefined || input.queue === row.queue) return {};
  if (!isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
  const active = await repo.activePlayers(tx, game.id);
  if (input.queue) {
    if (game.maxPlayers === null || active < game.maxPlayers) throw new AppError("GAME_NOT_FULL");
    const last = (await repo.waitingList(tx, game.id)).at(-1)?.queuedAt;
    const queuedAt = last && last >= now ? new Date(last.getTime() + 1) : now;
    return { queue: true, queuedAt, bringsBall: false, bringsBibs: false };
  }
  if (!fitsInGame(active, playerCount, game.maxPlayers)) throw new AppError("NOT_ENOUGH_PLACES");
  return { queue: false };
}

/**
 * Cash and the old API's `payed`: an explicit paymentStatus wins over `payed`, which is read onto the
 * status (shared/rules/payed.ts). The table says who drives each move: people set only cash
 * (PaidExternally); the card states are the provider's and the jobs', a reservation comes with joining
 * (shared/rules/payment-status.ts).
 */
function paymentStatusChange({ row, game, actor, isManager }: Access, input: Input, playerCount: number, now: Date): Changes {
  if (input.payed !== undefined && !isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
  const payedStatus = input.payed !== undefined ? paymentStatusForPayed(row.paymentStatus, input.payed, playerCount) : undefined;
  if (input.paymentStatus === undefined && payedStatus === "REFUSED") throw new AppError("PAYMENT_TRANSITION_NOT_ALLOWED");
  const paymentStatus = input.paymentStatus ?? (payedStatus === "REFUSED" ? undefined : payedStatus);
  if (paymentStatus === undefined || paymentStatus === row.paymentStatus) return {};
  const problem = transitionProblem(row.paymentStatus, paymentStatus, {
    actor: actor?.isAdmin ? "admin" : isManager ? "organiser" : "player",
    gameStarted: now >= game.startTime,
    participationCancelled: row.cancelledAt !== null,
    isManagedPayment: game.isManagedPayment,
  });
  if (problem) throw new AppError("PAYMENT_TRANSITION_NOT_ALLOWED");
  return { paymentStatus };
}

/**
 * Writes the changes, then what they do to the money (late-cancellation.ts, payment.ts): cash may replace
 * a late cancellation; a place moved to the waiting list gives its payment back; an unpaid place's new
 * count gets a new reservation; a player moved up in a managed-payment game is asked to pay, as when the
 * waiting list moves. A changed payment status is recorded like the provider's moves, with the organiser
 * (or an admin) as the actor.
 */
async function settleChanges(ctx: Ctx, tx: Tx, { row, game, actor }: Access, changes: Changes, now: Date): Promise<repo.ParticipationRow> {
  let updated = await repo.update(tx, row.id, changes);
  if (changes.paymentStatus === "PaidExternally") await reviewLateCancellations(ctx.deps, tx, game);
  if (!row.queue && updated.queue) await settleQueuedParticipation(ctx.deps, tx, game, updated);
  else if (!row.queue) updated = await repriceOpenReservation(ctx.deps, tx, game, row, updated, now);
  if (changes.paymentStatus !== undefined) {
    await recordGameEvent(ctx.deps, tx, {
      gameId: game.id,
      type: "PAYMENT_CHANGED",
      actorId: actor?.id ?? null,
      payload: { participationId: row.id, userId: row.userId, from: row.paymentStatus, to: changes.paymentStatus, revoked: false },
      createdAt: now,
    });
  }
  if (game.isManagedPayment && row.queue && !updated.queue) ({ row: updated } = await reservePayment(ctx.deps, tx, game, updated, now));
  return updated;
}
