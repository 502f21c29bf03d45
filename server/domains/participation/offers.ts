import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { berlinDateTimeToInstant, berlinParts } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { fitsInGame, promotionOrder } from "@shared/rules/participation";
import type { TGameOffers, TOfferInput } from "@shared/schemas/waiting-list-offers";
import { canManageGame } from "@shared/rules/game-permissions";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { participations, users, waitingListOffers, type WaitingListOfferRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { noteParticipantsAmount, recordGameEvent, requireGame, type GameRow } from "../games/core";
import type { GameEventReaction } from "../games/events";
import { actorOrNull, type Actor } from "../users/service";
import { access, hashToken } from "./access";
import { settleEndedParticipation } from "./late-cancellation";
import { reservePayment } from "./payment";
import * as repo from "./repo";

/*
 * Waiting-list offers close to kick-off (issue 29; README "Waiting-list offers close to kick-off"). Within
 * OFFER_WINDOW_HOURS before the start a freed place is not given to the first in line at once: it is offered to
 * them for OFFER_MINUTES of awake time, and the place is held for them meanwhile (they stay on the waiting list,
 * so a newcomer queues behind them). Accepting moves them up as a promotion does; declining or letting it run out
 * passes the place on. Every transition runs under the game's row lock (lockGame); a participation holds at most
 * one open offer (the table's partial unique index).
 */

export const OFFER_WINDOW_HOURS = 24;
export const OFFER_MINUTES = 30;
/** The night pause of an offer's clock, Berlin wall time: from 22:00 to 08:00. */
export const NIGHT_STARTS = "22:00";
export const NIGHT_ENDS = "08:00";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Offers instead of promotion: less than 24 hours before the start, until the start (a game at exactly 24 hours
 * still promotes; a game without a maximum has no places to free).
 */
export function offersApply(game: Pick<GameRow, "startTime" | "maxPlayers" | "cancelledAt">, now: Date): boolean {
  if (game.cancelledAt || game.maxPlayers === null) return false;
  const until = game.startTime.getTime() - now.getTime();
  return until > 0 && until < OFFER_WINDOW_HOURS * HOUR_MS;
}

/** The night pause around or after `t`: [start, end), Berlin 22:00 to 08:00 the next morning. */
function nightAround(t: Date): { start: Date; end: Date } {
  const day = berlinDay(t);
  const hour = berlinParts(t).hour;
  if (hour < 8) {
    // the night that began yesterday evening
    const yesterday = berlinDay(new Date(berlinDateTimeToInstant(day, "12:00").getTime() - 24 * HOUR_MS));
    return { start: berlinDateTimeToInstant(yesterday, NIGHT_STARTS), end: berlinDateTimeToInstant(day, NIGHT_ENDS) };
  }
  const tomorrow = berlinDay(new Date(berlinDateTimeToInstant(day, "12:00").getTime() + 24 * HOUR_MS));
  return { start: berlinDateTimeToInstant(day, NIGHT_STARTS), end: berlinDateTimeToInstant(tomorrow, NIGHT_ENDS) };
}

/**
 * When an offer made at `now` runs out: OFFER_MINUTES of awake time, the clock pausing from 22:00 to 08:00 Berlin
 * time; a night that ends after the start does not pause (the offer runs through it); never after the start.
 */
export function offerExpiry(now: Date, start: Date): Date {
  let left = OFFER_MINUTES * MINUTE_MS;
  let t = now.getTime();
  for (let guard = 0; guard < 4; guard++) {
    const night = nightAround(new Date(t));
    const runsThrough = start.getTime() <= night.end.getTime();
    if (t >= night.start.getTime()) {
      // inside the night
      if (runsThrough) break;
      t = night.end.getTime();
      continue;
    }
    if (runsThrough || t + left <= night.start.getTime()) break;
    left -= night.start.getTime() - t;
    t = night.end.getTime();
  }
  return new Date(Math.min(t + left, start.getTime()));
}

/* ---------- the table ---------- */

async function openOffers(tx: Tx, gameId: number): Promise<WaitingListOfferRow[]> {
  return tx.select().from(waitingListOffers).where(and(eq(waitingListOffers.gameId, gameId), eq(waitingListOffers.status, "open"))).orderBy(asc(waitingListOffers.id)).for("update");
}

async function close(tx: Tx, ids: number[], status: "accepted" | "declined" | "expired" | "ended", now: Date) {
  if (ids.length) await tx.update(waitingListOffers).set({ status, answeredAt: now }).where(and(inArray(waitingListOffers.id, ids), eq(waitingListOffers.status, "open")));
}

/** Participations of the game that let an offer run out since they joined the queue: asked after everyone else. */
async function passedOver(tx: Tx, gameId: number): Promise<{ participationId: number; offeredAt: Date }[]> {
  return tx
    .select({ participationId: waitingListOffers.participationId, offeredAt: waitingListOffers.offeredAt })
    .from(waitingListOffers)
    .where(and(eq(waitingListOffers.gameId, gameId), eq(waitingListOffers.status, "expired")));
}

/* ---------- deciding: what the waiting list does with freed places ---------- */

/**
 * The offers' part of moving the waiting list (waiting-list.ts calls it first, under the game's lock). Ends
 * open offers that no longer stand (the game cancelled or started, the holder off the waiting list, the window
 * left after a move), expires those whose time ran out, and offers each place that is free (beyond the players in
 * and the places held by open offers) to the next in line, strictly in order; who let an offer run out since they
 * queued comes after everyone else (a second round when nobody else waits). Returns true when offers decide (the
 * caller promotes nobody), false when today's automatic promotion applies.
 */
export async function decideOffers(deps: Deps, tx: Tx, game: GameRow): Promise<boolean> {
  const now = deps.clock.now();
  const open = await openOffers(tx, game.id);
  const applies = offersApply(game, now);
  if (!applies) {
    await close(tx, open.map((o) => o.id), "ended", now);
    // a cancelled game moves nobody; after the start or outside the window the waiting list promotes as before
    return game.cancelledAt !== null;
  }
  const queue = await repo.waitingList(tx, game.id);
  const queued = new Map(queue.map((q) => [q.id, q]));
  const gone = open.filter((o) => !queued.has(o.participationId));
  const expired = open.filter((o) => queued.has(o.participationId) && o.expiresAt.getTime() <= now.getTime());
  await close(tx, gone.map((o) => o.id), "ended", now);
  await close(tx, expired.map((o) => o.id), "expired", now);
  const standing = open.filter((o) => !gone.includes(o) && !expired.includes(o));
  const holding = new Set(standing.map((o) => o.participationId));
  const passed = new Set(
    [...(await passedOver(tx, game.id)), ...expired.map((o) => ({ participationId: o.participationId, offeredAt: o.offeredAt }))]
      .filter((p) => {
        const q = queued.get(p.participationId);
        return q && p.offeredAt.getTime() >= (q.queuedAt ?? new Date(0)).getTime();
      })
      .map((p) => p.participationId),
  );
  const held = standing.reduce((sum, o) => sum + (queued.get(o.participationId)?.playerCount ?? 0), 0);
  let taken = (await repo.activePlayers(tx, game.id)) + held;
  // those who let an offer run out come after everyone else in line (a second round: a place is never left free
  // while someone waits, since a newcomer queues behind whoever waits)
  const inOrder = promotionOrder(queue.map((q) => ({ ...q, queuedAt: q.queuedAt ?? new Date(0) }))).filter((q) => !holding.has(q.id));
  const candidates = [...inOrder.filter((q) => !passed.has(q.id)), ...inOrder.filter((q) => passed.has(q.id))];
  const expiresAt = offerExpiry(now, game.startTime);
  for (const q of candidates) {
    // nobody overtakes: stop at the first who does not fit
    if (!fitsInGame(taken, q.playerCount, game.maxPlayers)) break;
    taken += q.playerCount;
    const [offer] = await tx.insert(waitingListOffers).values({ gameId: game.id, participationId: q.id, offeredAt: now, expiresAt }).returning();
    await recordGameEvent(deps, tx, {
      gameId: game.id,
      type: "OFFERED",
      actorId: null,
      payload: { participationId: q.id, userId: q.userId, expiresAt: expiresAt.toISOString() },
      createdAt: now,
    });
    await deps.jobs.send("waiting-list-offer-expiry", { gameId: game.id, offerId: offer!.id }, { startAfter: expiresAt }, tx);
  }
  return true;
}

/**
 * A cancelled game's open offers end with it, in the cancelling transaction (wired in domains/reactions.ts): the
 * holder's card and the organiser's box stop at once, and the expiry job finds nothing open.
 */
export const offersGameReaction: GameEventReaction = async (tx, event) => {
  if (event.type !== "CANCELLED") return;
  await close(tx, (await openOffers(tx, event.gameId)).map((o) => o.id), "ended", event.createdAt);
};

/** Whether the offer is still open (the expiry job's first question; waiting-list.ts handleOfferExpiry). */
export async function offerIsOpen(tx: Tx, offerId: number): Promise<boolean> {
  const [offer] = await tx.select({ status: waitingListOffers.status }).from(waitingListOffers).where(eq(waitingListOffers.id, offerId));
  return offer?.status === "open";
}

/* ---------- the holder answers ---------- */

/**
 * The caller's own participation in the game, locked after the game (access.ts), and the caller must own it.
 * `viewer` is loaded before the transaction (access.ts says why).
 */
async function holderOf(viewer: Actor | null, tx: Tx, input: TOfferInput) {
  let participationId = input.participationId;
  if (participationId === undefined) {
    if (!viewer) throw new AppError("OFFER_NOT_FOUND");
    const own = await repo.findByUser(tx, input.gameId, viewer.id);
    if (!own || own.cancelledAt) throw new AppError("OFFER_NOT_FOUND");
    participationId = own.id;
  }
  const found = await access(tx, viewer, participationId, input.guestToken);
  if (!found.isOwner || found.row.gameId !== input.gameId) throw new AppError("OFFER_NOT_FOUND");
  return found;
}

/** The holder's open offer, or why there is none: OFFER_EXPIRED when its time ran out or it ended, else OFFER_NOT_FOUND. */
async function standingOffer(tx: Tx, game: GameRow, participationId: number, now: Date): Promise<WaitingListOfferRow> {
  const offers = await tx.select().from(waitingListOffers).where(eq(waitingListOffers.participationId, participationId)).orderBy(asc(waitingListOffers.id)).for("update");
  const last = offers.at(-1);
  if (!last || (last.status !== "open" && last.status !== "expired" && last.status !== "ended")) throw new AppError("OFFER_NOT_FOUND");
  if (last.status !== "open" || now.getTime() >= last.expiresAt.getTime() || !offersApply(game, now)) throw new AppError("OFFER_EXPIRED");
  return last;
}

/**
 * Accept (one tap): the holder moves up exactly as a promotion does, with the MOVED_UP event the dispatcher tells;
 * in a managed-payment game with a reservation to pay (payment.ts), the pay step following as after a promotion.
 */
export async function acceptOffer(ctx: Ctx, input: TOfferInput) {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const { row, game } = await holderOf(viewer, tx, input);
    const offer = await standingOffer(tx, game, row.id, now);
    if (!row.queue) throw new AppError("OFFER_EXPIRED");
    const active = await repo.activePlayers(tx, game.id);
    // the place was held for this offer; an organiser who lowered the maximum meanwhile took it away
    if (!fitsInGame(active, row.playerCount, game.maxPlayers)) throw new AppError("OFFER_EXPIRED");
    let moved = await repo.update(tx, row.id, { queue: false, updatedAt: now });
    if (game.isManagedPayment) {
      await reservePayment(ctx.deps, tx, game, moved, now);
      moved = (await repo.findById(tx, row.id))!;
    }
    await close(tx, [offer.id], "accepted", now);
    await recordGameEvent(ctx.deps, tx, { gameId: game.id, type: "MOVED_UP", actorId: null, payload: { participationId: row.id, userId: row.userId }, createdAt: now });
    await noteParticipantsAmount(tx, game, active + row.playerCount);
    return {
      participationId: moved.id,
      queue: moved.queue,
      paymentStatus: moved.paymentStatus,
      paymentReservationExpiresAt: moved.paymentStatus === "Open" ? moved.paymentReservationExpiresAt : null,
    };
  });
}

/**
 * Decline: the holder does not want the place, so they leave the waiting list (as "Warteliste verlassen" does: a
 * PARTICIPATION_CANCELLED event from the waiting list, money kept from an earlier late cancellation stays kept)
 * and the place goes to the next in line.
 */
export async function declineOffer(ctx: Ctx, input: TOfferInput) {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const { row, game, actor } = await holderOf(viewer, tx, input);
    const offer = await standingOffer(tx, game, row.id, now);
    await close(tx, [offer.id], "declined", now);
    await repo.update(tx, row.id, { cancelledAt: now, cancelledShortNotice: false, queue: false, updatedAt: now });
    await recordGameEvent(ctx.deps, tx, {
      gameId: game.id,
      type: "PARTICIPATION_CANCELLED",
      actorId: actor?.id ?? null,
      payload: { participationId: row.id, name: row.firstName ?? actor?.firstName ?? "", playerCount: row.playerCount, fromWaitingList: true, shortNotice: false, notifyOrganiser: false },
      createdAt: now,
    });
    // the row as it was, on the waiting list (end.ts endParticipation does the same)
    await settleEndedParticipation(ctx.deps, tx, game, row, "playerCancels", now);
    await decideOffers(ctx.deps, tx, game);
    return { ok: true };
  });
}

/* ---------- reading ---------- */

/**
 * The game's open offers as the caller may see them (ZGameOffers): their own (signed in, or a guest with its
 * participation and token) and, for those who manage the game, every holder. An offer whose time ran out
 * but whose job has not run yet is no longer shown.
 */
export async function gameOffers(ctx: Ctx, input: TOfferInput): Promise<TGameOffers> {
  const now = ctx.deps.clock.now();
  const viewer = await actorOrNull(ctx);
  const game = await requireGame(ctx.deps.db, input.gameId);
  if (!offersApply(game, now)) return { own: null, holders: [], managed: game.isManagedPayment };
  const rows = await ctx.deps.db
    .select({
      participationId: waitingListOffers.participationId,
      expiresAt: waitingListOffers.expiresAt,
      userId: participations.userId,
      guestName: participations.firstName,
      guestTokenHash: participations.guestTokenHash,
      userName: users.firstName,
    })
    .from(waitingListOffers)
    .innerJoin(participations, eq(participations.id, waitingListOffers.participationId))
    .leftJoin(users, eq(users.id, participations.userId))
    .where(and(eq(waitingListOffers.gameId, game.id), eq(waitingListOffers.status, "open"), eq(participations.queue, true), isNull(participations.cancelledAt)))
    .orderBy(asc(waitingListOffers.id));
  const live = rows.filter((r) => r.expiresAt.getTime() > now.getTime());
  const view = (r: (typeof live)[number]) => ({ participationId: r.participationId, name: r.guestName ?? r.userName ?? "", expiresAt: r.expiresAt });
  const mine = live.find(
    (r) =>
      (viewer !== null && r.userId === viewer.id) ||
      (input.participationId === r.participationId && input.guestToken !== undefined && r.guestTokenHash === hashToken(input.guestToken)),
  );
  return { own: mine ? view(mine) : null, holders: canManageGame(viewer, game) ? live.map(view) : [], managed: game.isManagedPayment };
}
