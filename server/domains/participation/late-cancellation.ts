import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { replacedCancellations } from "@shared/rules/late-cancellation";
import { cancellationTerms, paidPlayerCountLocked, replacementsNeeded } from "@shared/rules/participation";
import { holdsMoneyStatus, settlementOf, type EndingWay } from "@shared/rules/settlement";
import type { Deps } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { participations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { GameRow } from "../games/core";
import { reservePayment } from "./payment";
import * as repo from "./repo";

/**
 * What ending a participation does to its money in a managed-payment game: the one table of
 * shared/rules/settlement.ts (status × way of ending × time window → outcome; spec 000 section 4 "Refund on
 * cancellation"). The money itself only moves through the provider: what is given back is given back by
 * the reservation's job (`participation-payment-expiry`, sent at once in the ending transaction,
 * payment-lifecycle.ts `settlePayment`), whose answer moves the participation through the payment
 * reaction (Open -> Expired, Approved -> Released, Captured -> Released), so shared/rules/payment-status.ts
 * stays the one authority and no Stripe call runs under the game's lock.
 *
 * - release / refund: the job is sent at once (an unpaid intent cancelled, a hold released, a capture
 *   refunded in full with the platform's fee).
 * - keepUnlessReplaced (a hold or a capture, the player's own cancellation within 48 h):
 *   `replacementsNeeded` is stored on the participation; 0 gives back at once, otherwise the money stays
 *   until replacements are found (`reviewLateCancellations`); a hold is captured at the start
 *   (`pendingLateCancellations`). Money already kept for an earlier late cancellation stays kept (a player
 *   who rejoined the waiting list and leaves it again does not get it back by that detour).
 * - nothing: no money with us, or cash (PaidExternally: the app moves no money).
 */
export async function settleEndedParticipation(
  deps: Deps,
  tx: Tx,
  game: GameRow,
  row: repo.ParticipationRow,
  way: Exclude<EndingWay, "reservationExpires" | "gameCancelled" | "movedToWaitingList">,
  now: Date,
): Promise<void> {
  if (!game.isManagedPayment || row.paymentId === null) return;
  if (holdsMoneyStatus(row.paymentStatus) && (row.cancellationReplacementsNeeded ?? 0) > 0) return;
  const terms = cancellationTerms({ paymentStatus: row.paymentStatus, start: game.startTime, now, queue: row.queue, paymentCanCancelUntil: row.paymentCanCancelUntil });
  const outcome = settlementOf(row.paymentStatus, way, terms === "free" ? "free" : "late");
  if (outcome === "release" || outcome === "refund") return giveBackNow(deps, tx, row);
  if (outcome !== "keepUnlessReplaced") return;
  const needed = replacementsNeeded({
    minPlayers: game.minPlayers,
    highestParticipantsAmountReached: game.highestParticipantsAmountReached,
    activePlayersAfter: await repo.activePlayers(tx, game.id),
    cancelledPlayerCount: row.playerCount,
  });
  await repo.update(tx, row.id, { cancellationReplacementsNeeded: needed });
  if (needed === 0) await giveBackNow(deps, tx, row);
}

/**
 * Whether a participation's current payment is owed to nobody (settlement.ts): that of a participation
 * on the waiting list (unpaid, held or captured: they pay again when they move up), or of a cancelled one
 * an unpaid reservation, or a hold or capture that is not kept for a late cancellation.
 */
export function owedToNobody(row: Pick<repo.ParticipationRow, "cancelledAt" | "queue" | "paymentStatus" | "cancellationReplacementsNeeded">): boolean {
  const kept = holdsMoneyStatus(row.paymentStatus) && (row.cancellationReplacementsNeeded ?? 0) > 0;
  if (row.cancelledAt === null && !row.queue) return false;
  return row.paymentStatus === "Open" || (holdsMoneyStatus(row.paymentStatus) && !kept);
}

/**
 * The organiser moved a player of a managed game to the waiting list (issue 13; settlement.ts
 * movedToWaitingList): an unpaid reservation is cancelled (reads Expired; the player keeps their place in
 * the queue), a hold released and a capture refunded (Released), at once; moving up makes a new
 * reservation (service.ts `reservePayment`).
 */
export async function settleQueuedParticipation(deps: Deps, tx: Tx, game: GameRow, row: repo.ParticipationRow): Promise<void> {
  if (game.isManagedPayment && row.paymentId !== null && owedToNobody(row)) await giveBackNow(deps, tx, row);
}

async function giveBackNow(deps: Deps, tx: Tx, row: Pick<repo.ParticipationRow, "id" | "paymentId">): Promise<void> {
  await deps.jobs.send("participation-payment-expiry", { participationId: row.id, paymentId: row.paymentId! }, {}, tx);
}

/** Held cards and captured payments of late cancellations still waiting for replacements, earliest cancellation first. */
export function pendingLateCancellations(db: DbOrTx, gameId: number) {
  return db
    .select({
      id: participations.id,
      paymentId: participations.paymentId,
      paymentStatus: participations.paymentStatus,
      totalPriceCents: participations.totalPriceCents,
      needed: participations.cancellationReplacementsNeeded,
      playerCount: participations.playerCount,
    })
    .from(participations)
    .where(
      and(
        eq(participations.gameId, gameId),
        isNotNull(participations.cancelledAt),
        inArray(participations.paymentStatus, ["Approved", "Captured"]),
        gt(participations.cancellationReplacementsNeeded, 0),
        isNotNull(participations.paymentId),
      ),
    )
    .orderBy(asc(participations.cancelledAt), asc(participations.id))
    .then((rows) => rows.map((r) => ({ ...r, paymentId: r.paymentId!, needed: r.needed! })));
}

/** Players whose place is settled: active, and not waiting for their own payment (an Open reservation replaces nobody yet). */
async function settledPlayers(tx: Tx, gameId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${participations.playerCount}), 0)::int` })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.queue, false), isNull(participations.cancelledAt), ne(participations.paymentStatus, "Open")));
  return Number(row?.n ?? 0);
}

/**
 * The game's pending late cancellations looked at again (the caller holds the game's lock): called
 * whenever a participation of the game becomes paid, and before the capture at the start. Those now
 * replaced (shared/rules/late-cancellation.ts: the earliest first) are marked (need 0) and released at once.
 */
export async function reviewLateCancellations(deps: Deps, tx: Tx, game: GameRow): Promise<number[]> {
  if (!game.isManagedPayment || game.cancelledAt) return [];
  const pending = await pendingLateCancellations(tx, game.id);
  if (pending.length === 0) return [];
  const replaced = replacedCancellations({
    target: Math.min(game.minPlayers, game.highestParticipantsAmountReached),
    settledPlayers: await settledPlayers(tx, game.id),
    pending,
  });
  for (const id of replaced) {
    const row = await repo.update(tx, id, { cancellationReplacementsNeeded: 0 });
    await giveBackNow(deps, tx, row);
  }
  return replaced;
}

/**
 * A managed game's player count change of a place paid by card is refused (PAYMENT_STATE_CONFLICT,
 * details.reason PAID_PLAYER_COUNT): the shared rule `paidPlayerCountLocked` says when and why.
 */
export function checkPaidPlayerCount(game: Pick<GameRow, "isManagedPayment">, row: Pick<repo.ParticipationRow, "queue" | "paymentStatus">): void {
  if (paidPlayerCountLocked({ isManagedPayment: game.isManagedPayment, queue: row.queue, paymentStatus: row.paymentStatus }))
    throw new AppError("PAYMENT_STATE_CONFLICT", { details: { reason: "PAID_PLAYER_COUNT" } });
}

/**
 * After a managed game's player count change of an unpaid place (Open): a new reservation for the new
 * amount (a new attempt and deadline, payment.ts `reservePayment`); the old intent is superseded and
 * given back at once by its job. The caller holds the game's lock.
 */
export async function repriceOpenReservation(deps: Deps, tx: Tx, game: GameRow, before: repo.ParticipationRow, after: repo.ParticipationRow, now: Date): Promise<repo.ParticipationRow> {
  if (!game.isManagedPayment || after.queue || before.paymentStatus !== "Open" || before.playerCount === after.playerCount || before.paymentId === null) return after;
  const { row } = await reservePayment(deps, tx, game, after, now);
  await giveBackNow(deps, tx, before);
  return row;
}
