import type { z } from "zod";
import { fitsInGame, joinProblem, maxExtraPlayers } from "@shared/rules/participation";
import type { TJoinResult, TParticipationPayment, ZJoinGameInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { generateSessionToken } from "../auth/sessions";
import { lockGame, noteParticipantsAmount, recordGameEvent, type GameRow } from "../games/core";
import { requireVisible } from "../games/visibility";
import { followGame } from "../notifications/game-subscriptions";
import { actorOrNull, type Actor } from "../users/service";
import { checkPlaysHimself, hashToken, isAdminOrCreator, refOf } from "./access";
import { admitGuestJoin, recordGuestOrigin } from "./guest-limits";
import { joinInGameOrder } from "./join-batch";
import { reservationProblem, reservePayment } from "./payment";
import { headStartHoldsBack } from "./regulars";
import * as repo from "./repo";

type JoinInput = z.output<typeof ZJoinGameInput>;
type Joiner = { ctx: Ctx; input: JoinInput; actor: Actor | null; now: Date; isGuest: boolean; firstName: string | null };
type SignedInJoiner = Joiner & { actor: Actor };
/** What was decided under the lock: a place or the waiting list, and the participation row to reuse. */
type Plan = { fits: boolean; existing: repo.ParticipationRow | null; active: number };

/**
 * Joining a game (spec 000 sections 4-6), signed in or as a guest: a place when it fits and nobody
 * waits, else the waiting list; in a managed-payment game the place waits for its payment (payment.ts).
 *
 * A signed-in player is checked first on what is committed, without the game's lock (README, decision
 * "Joining one hot game"): a refusal, "full" included, needs no lock. The join is then served under the
 * lock (join-batch.ts), where the participation, the counts and the waiting list are read again, and the
 * game's rules again if the game row changed meanwhile. A guest is served under the lock throughout
 * (its address and device are counted there, guest-limits.ts).
 */
export async function joinGame(ctx: Ctx, input: JoinInput): Promise<TJoinResult> {
  const actor = await actorOrNull(ctx);
  const now = ctx.deps.clock.now();
  const isGuest = actor === null;
  const firstName = isGuest ? (input.firstName ?? null) : null;
  checkPlaysHimself(actor, input.playsHimself);
  const joiner: Joiner = { ctx, input, actor, now, isGuest, firstName };
  return actor ? joinSignedIn({ ...joiner, actor }) : joinAsGuest(joiner);
}

async function joinSignedIn(j: SignedInJoiner): Promise<TJoinResult> {
  const { ctx, input, actor } = j;
  // Without the lock, on one snapshot: every refusal, "full" included, is answered here (the state a moment ago).
  const seen = await repo.joinSnapshot(ctx.deps.db, input.gameId, actor.id);
  if (!seen) throw new AppError("GAME_NOT_FOUND");
  decidePlace(j, seen.game, await checkGame(j, ctx.deps.db, seen.game), seen);
  return joinInGameOrder(
    ctx.deps.db,
    input.gameId,
    {
      userId: actor.id,
      // Under the lock, on what other joins, cancellations and the organiser may have changed meanwhile.
      decide: async (tx, game, state) => {
        const joining = sameGame(game, seen.game) ? joiningOf(j, game) : await checkGame(j, tx, game);
        const existing = state.existing.get(actor.id) ?? null;
        if (existing?.banned) throw new AppError("BANNED_FROM_GAME");
        if (state.joined.has(actor.id)) throw new AppError("ALREADY_PARTICIPATING");
        const plan = decidePlace(j, game, joining, { existing, active: state.active, queued: state.queued, busy: state.busy.has(actor.id) });
        state.joined.add(actor.id);
        if (plan.fits) state.active += input.playerCount;
        else state.queued = true;
        return plan;
      },
      write: (tx, game, plan) => writeJoin(j, tx, game, plan),
    },
    seen.game.isManagedPayment,
  );
}

async function joinAsGuest(j: Joiner): Promise<TJoinResult> {
  const { ctx, input, now, firstName } = j;
  return ctx.deps.db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    const joining = await checkGame(j, tx, game);
    if (await repo.guestNameTaken(tx, game.id, firstName!)) throw new AppError("GUEST_NAME_TAKEN");
    // Anonymous guests: per address and device, under the game lock (guest-limits.ts).
    await admitGuestJoin(tx, { gameId: game.id, ip: ctx.meta.ip, deviceToken: input.deviceToken ?? null, now });
    checkPayment(j, game, null);
    const active = await repo.activePlayers(tx, game.id);
    const queued = (await repo.waitingList(tx, game.id)).length > 0;
    return writeJoin(j, tx, game, { fits: fitsOrQueues(j, game, joining, active, queued), existing: null, active });
  });
}

/** The joiner as the shared join rules see it (shared/rules/participation.ts joinProblem). */
function joiningOf(j: Joiner, game: GameRow) {
  return {
    isGuest: j.isGuest,
    firstName: j.firstName,
    playerCount: j.input.playerCount,
    queue: j.input.queue,
    hasDeviceToken: !!j.input.deviceToken,
    emailVerified: j.actor?.emailVerified ?? false,
    isManagedPayment: game.isManagedPayment,
    gameType: game.gameType,
    isAdminOrCreator: isAdminOrCreator(j.actor, game),
    maxPlayers: game.maxPlayers,
  };
}
type Joining = ReturnType<typeof joiningOf>;

/** The rules that depend on the game row and the joiner only, in the order their errors win. */
async function checkGame(j: Joiner, db: DbOrTx, game: GameRow): Promise<Joining> {
  const { ctx, input, actor, now, isGuest } = j;
  // A private game is joined through its share link; to anybody else it does not exist (games/visibility.ts).
  await requireVisible(ctx, db, game, input.shareKey, actor);
  if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
  if (now >= game.endTime) throw new AppError("GAME_OVER");
  const joining = joiningOf(j, game);
  const problem = joinProblem(joining);
  if (problem) throw new AppError(problem);
  // A weekly session's new game: during the head start only its regulars (and its organisers) may join; a session without regulars holds nobody back.
  if (game.regularsOnlyUntil !== null && now < game.regularsOnlyUntil && !joining.isAdminOrCreator && (await headStartHoldsBack(db, game, actor?.id ?? null, now))) {
    throw new AppError("REGULARS_HEAD_START", { details: { until: game.regularsOnlyUntil.toISOString() } });
  }
  if (input.playerCount - 1 > maxExtraPlayers({ isGuest, isAdminOrCreator: joining.isAdminOrCreator, isManagedPayment: game.isManagedPayment, maxPlayers: game.maxPlayers }))
    throw new AppError(isGuest ? "GUEST_EXTRA_LIMIT" : "PLAYER_EXTRA_LIMIT");
  return joining;
}

/** A signed-in player's place: their participation, their other games at that time, the payment, then room. */
function decidePlace(j: SignedInJoiner, game: GameRow, joining: Joining, state: { existing: repo.ParticipationRow | null; active: number; queued: boolean; busy: boolean }): Plan {
  const { existing } = state;
  if (existing?.banned) throw new AppError("BANNED_FROM_GAME");
  if (existing && existing.cancelledAt === null) throw new AppError("ALREADY_PARTICIPATING");
  if (state.busy) throw new AppError("ALREADY_IN_GAME_AT_TIME");
  checkPayment(j, game, existing);
  return { fits: fitsOrQueues(j, game, joining, state.active, state.queued), existing, active: state.active };
}

function checkPayment(j: Joiner, game: GameRow, existing: repo.ParticipationRow | null) {
  if (!game.isManagedPayment) return;
  // Checked for the waiting list too: a queued player's reservation is made when they move up.
  const paymentProblem = reservationProblem(existing?.paymentStatus ?? "None", game, j.now);
  if (paymentProblem) throw new AppError(paymentProblem);
}

/** Whether the join takes a place (true) or the waiting list (false); NOT_ENOUGH_PLACES when neither. */
function fitsOrQueues(j: Joiner, game: GameRow, joining: Joining, active: number, queued: boolean): boolean {
  // Nobody overtakes the waiting list: with people queued, a newcomer queues too.
  const fits = !queued && fitsInGame(active, j.input.playerCount, game.maxPlayers);
  if (!fits && !j.input.queue) throw new AppError("NOT_ENOUGH_PLACES");
  if (!fits) {
    const queueProblem = joinProblem({ ...joining, queue: true });
    if (queueProblem) throw new AppError(queueProblem);
  }
  return fits;
}

/** Whether the locked row is the one checked without the lock (the highest count reached aside: joins raise it). */
function sameGame(locked: GameRow, seen: GameRow): boolean {
  for (const key of Object.keys(locked) as (keyof GameRow)[]) {
    if (key === "highestParticipantsAmountReached") continue;
    const a: unknown = locked[key];
    const b: unknown = seen[key];
    if (a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : typeof a === "object" && a !== null ? JSON.stringify(a) !== JSON.stringify(b) : a !== b) return false;
  }
  return true;
}

/** The join's writes, under the lock: the participation, the device following the game, the payment, the event. */
async function writeJoin(j: Joiner, tx: Tx, game: GameRow, { fits, existing, active }: Plan): Promise<TJoinResult> {
  const { ctx, input, actor, now, firstName } = j;
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
  // the device follows the game beside the participation's write (one round trip; join-batch.ts)
  const following = input.deviceToken ? followGame(tx, { gameId: game.id, deviceToken: input.deviceToken, userId: actor?.id ?? null, createdAt: now }) : null;
  if (actor) {
    [row] = await Promise.all([
      existing ? repo.update(tx, existing.id, { ...values, createdAt: now }) : repo.insert(tx, { ...values, userId: actor.id, createdAt: now }),
      following,
    ]);
  } else {
    await following;
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
  // A place in a managed-payment game is paid for (payment.ts); the waiting list pays when it moves up.
  let payment: TParticipationPayment | null = null;
  if (fits && game.isManagedPayment) ({ row, payment } = await reservePayment(ctx.deps, tx, game, row, now));
  if (fits) {
    const amount = active + input.playerCount;
    const noted = noteParticipantsAmount(tx, game, amount);
    // the locked row is shared by the joins of a batch (join-batch.ts): the next one compares with this amount
    if (amount > game.highestParticipantsAmountReached) game.highestParticipantsAmountReached = amount;
    await noted;
  }
  await recordGameEvent(ctx.deps, tx, {
    gameId: game.id,
    type: fits ? "JOINED" : "QUEUED",
    actorId: actor?.id ?? null,
    payload: { participationId: row.id, playerCount: input.playerCount, name: guestFirstName ?? actor?.firstName ?? "" },
    createdAt: now,
  });
  return { participation: refOf(row, guestFirstName), guestToken, payment };
}

/** This browser's or app's guest key; one is made (and sent as a cookie) with its first guest participation. */
function guestKeyFor(ctx: Ctx): string {
  if (!ctx.meta.guestKey) {
    ctx.meta.guestKey = generateSessionToken();
    ctx.cookies.setGuestKey?.(ctx.meta.guestKey);
  }
  return ctx.meta.guestKey;
}
