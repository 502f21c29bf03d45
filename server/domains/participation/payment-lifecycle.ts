import type { z } from "zod";
import type { PaymentIntentStatus, PaymentStatus } from "@shared/constants";
import { isFinalIntentStatus } from "@shared/rules/intent-status";
import { cashRequestPending } from "@shared/rules/payment-display";
import { transitionProblem } from "@shared/rules/payment-status";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { GamePaymentsReleaseJob, PaymentExpiryJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { lockGame, recordGameEvent, requireGame, type GameRow } from "../games/core";
import type { GameEventReaction } from "../games/events";
import type { PaymentReaction } from "../payments/events";
import { cancelPayment, findPayment, refreshPayment, refundPayment, type PaymentRow } from "../payments/service";
import { owedToNobody, reviewLateCancellations } from "./late-cancellation";
import * as repo from "./repo";
import { promoteWaitingList } from "./waiting-list";

/**
 * What happens to a participation's payment after the reservation (payment.ts), all driven by the
 * payment itself or by jobs (spec 000 section 4 "Payment status of a participation"):
 *
 * - The provider's word (a webhook, Stripe's answer to our own call, or the reconciliation job) moves
 *   the payment's mirror, and `participationPaymentReaction` moves the participation after it, in the
 *   same transaction, exactly once (payments reports each change once): requires_capture → Approved;
 *   succeeded → Captured; canceled → Expired (an unpaid reservation) or Released (a given-back hold);
 *   refunded in full → Released. A failed attempt (back to requires_payment_method) leaves Open: the
 *   player may try again until the deadline. Every move goes through shared/rules/payment-status.ts
 *   with the provider as actor and is recorded as a PAYMENT_CHANGED game event.
 * - An Open reservation that expires gives up the place (the participation is revoked for the player,
 *   not removed: no ban, no removal reason, they may join again) and the waiting list moves up; the
 *   promoted player is asked to pay in turn. The reservation's job (`handlePaymentExpiry`, at the
 *   deadline) cancels the unpaid intent, and that cancellation, like any Stripe drops on its own, is
 *   what expires the reservation (through the reaction), so the participation never shows Expired
 *   for an intent that is still payable.
 * - Money nobody owes any more (a superseded attempt that was paid after all, or a card paid after the
 *   organiser allowed cash) is given back by the same job, sent at once.
 * - Held cards are captured at the game's start (payment-capture.ts `handleGamePaymentsCapture`): a
 *   hold lasts about seven days and managed games start at most six days ahead, so nothing expires
 *   uncaptured. The job is sent here, when a card is approved and again when the game moves; the
 *   admins' collect-money panel does the same on demand, with a dry run (`capturePaymentsForGame`).
 * - A cancelled game (the organiser's or the automatic cancellation: its CANCELLED event) gives every
 *   payment back (`handleGamePaymentsRelease`): holds released, captures refunded with the fee.
 * - Every other way a place ends settles its money by the one table of shared/rules/settlement.ts
 *   (late-cancellation.ts); money paid after the place ended is given back as soon as it arrives.
 * - A lowered price (payment-reprice.ts `lowerGamePrice`, `handleGamePaymentsReprice`): everyone pays the new price.
 * - Money that went back outside the app (Stripe's dashboard, a lapsed hold) moves a playing participation
 *   to Released; its PAYMENT_CHANGED event says `refundedOutsideApp` and the organiser is told.
 */

type PaymentFacts = Pick<PaymentRow, "status" | "amountReceivedCents" | "amountRefundedCents">;

/** All the money received went back. */
function refundedInFull(p: PaymentFacts): boolean {
  return p.amountReceivedCents > 0 && p.amountRefundedCents >= p.amountReceivedCents;
}

/**
 * The participation statuses the provider's word leads to from `current`, in order (a missed webhook
 * can make two steps at once, e.g. Open → Captured → Released for a refunded instant capture). Empty:
 * nothing to follow (an early intent status, or the participation already shows it).
 */
export function providerSteps(current: PaymentStatus, payment: PaymentFacts): PaymentStatus[] {
  const status: PaymentIntentStatus = payment.status;
  if (status === "requires_capture") return current === "Open" ? ["Approved"] : [];
  if (status === "succeeded") {
    const steps: PaymentStatus[] = current === "Open" || current === "Approved" ? ["Captured"] : [];
    if (refundedInFull(payment) && (current === "Captured" || steps.length > 0)) steps.push("Released");
    return steps;
  }
  if (status === "canceled") return current === "Open" ? ["Expired"] : current === "Approved" ? ["Released"] : [];
  return [];
}

/**
 * The reaction to a payment change (wired in domains/reactions.ts). Payments of other purposes, and
 * payments that are not the participation's current one, are not the participation's status: money
 * held or taken on a superseded attempt (a player paying an old checkout page) is given back by that
 * payment's expiry job, sent now.
 */
export function participationPaymentReaction(deps: Deps): PaymentReaction {
  return async (tx, change) => {
    const { payment } = change;
    if (payment.purpose !== "participation") return;
    const found = await repo.findById(tx, payment.subjectId);
    if (!found) return;
    // the same lock order as every change to a game's players: the game, then the participation
    const game = await lockGame(tx, found.gameId);
    const row = (await repo.findById(tx, found.id, true))!;
    const unwanted = row.paymentId !== payment.id || row.paymentStatus === "PaidExternally";
    if (unwanted) {
      if (holdsMoney(payment)) await deps.jobs.send("participation-payment-expiry", { participationId: row.id, paymentId: payment.id }, {}, tx);
      return;
    }
    await followPayment(deps, tx, game, row, payment);
  };
}

/** The payment holds or has taken money that was not given back. */
function holdsMoney(p: PaymentFacts): boolean {
  return p.status === "requires_capture" || (p.status === "succeeded" && !refundedInFull(p));
}

/**
 * Moves the participation after its current payment (the caller holds the game's lock), then what the
 * new status asks for: an expired reservation gives up the place, an approved card waits for the
 * capture at the start, money paid into a game cancelled meanwhile is given back.
 */
async function followPayment(deps: Deps, tx: Tx, game: GameRow, row: repo.ParticipationRow, payment: PaymentFacts): Promise<void> {
  const now = deps.clock.now();
  let status = row.paymentStatus;
  for (const to of providerSteps(row.paymentStatus, payment)) {
    const problem = transitionProblem(status, to, {
      actor: "provider",
      gameStarted: now >= game.startTime,
      participationCancelled: row.cancelledAt !== null || game.cancelledAt !== null,
      participationQueued: row.queue,
      isManagedPayment: game.isManagedPayment,
    });
    if (problem) {
      // e.g. a hold of an active player that ended without a capture: nothing the participation can show
      deps.logger.error("participation cannot follow its payment", { participationId: row.id, paymentId: row.paymentId, from: status, to, problem, intent: payment.status });
      break;
    }
    status = to;
  }
  if (status === row.paymentStatus) return;

  const playing = row.cancelledAt === null && !row.queue && game.cancelledAt === null;
  // An unpaid reservation that ran out gives up the place, unless the player or the game already ended it
  // (or the organiser moved the player to the waiting list: they keep their place in the queue).
  const revoke = status === "Expired" && playing;
  // A playing participation's money went back without the app asking (Stripe's dashboard, a lapsed hold):
  // it follows the money (Released) and keeps its place; the organiser is told (notifications).
  const refundedOutsideApp = status === "Released" && playing;
  const updated = await repo.update(tx, row.id, {
    paymentStatus: status,
    updatedAt: now,
    ...(revoke ? { cancelledAt: now, queue: false, bringsBall: false, bringsBibs: false } : {}),
  });
  await recordGameEvent(deps, tx, {
    gameId: game.id,
    type: "PAYMENT_CHANGED",
    actorId: null,
    payload: { participationId: row.id, userId: row.userId, from: row.paymentStatus, to: status, revoked: revoke, ...(refundedOutsideApp ? { refundedOutsideApp } : {}) },
    createdAt: now,
  });
  if (revoke) await promoteWaitingList({ deps }, tx, game);
  // a player who paid may replace a late cancellation (late-cancellation.ts)
  if (row.cancelledAt === null && !row.queue && (status === "Approved" || status === "Captured")) await reviewLateCancellations(deps, tx, game);
  if (game.cancelledAt !== null && (status === "Approved" || status === "Captured")) {
    // paid after the game was cancelled: given back like the rest of the game's money
    await deps.jobs.send("game-payments-release", { gameId: game.id }, {}, tx);
  } else if (owedToNobody(updated) && holdsMoney(payment)) {
    // paid after the place ended or moved to the waiting list (a checkout finished meanwhile): given back at once
    await deps.jobs.send("participation-payment-expiry", { participationId: row.id, paymentId: row.paymentId! }, {}, tx);
  } else if (status === "Approved" && (now >= game.startTime || !(await repo.otherHoldExists(tx, game.id, row.id)))) {
    // One capture job per game and start: the first hold sends it (another hold means it is planned already;
    // a move of the game plans its own); after the start it runs at once for each late hold.
    await sendCaptureJob(deps, tx, game);
  }
}

/** The capture of a game's held cards at its start (a start in the past: at once). */
async function sendCaptureJob(deps: Deps, tx: Tx, game: Pick<GameRow, "id" | "startTime">): Promise<void> {
  await deps.jobs.send("game-payments-capture", { gameId: game.id, startTime: game.startTime.toISOString() }, { startAfter: game.startTime }, tx);
}

/**
 * Reactions to the game's own events (wired in domains/reactions.ts): a cancelled game gives its money
 * back, and a managed game that moved captures at its new start (the job planned for the old start
 * finds the start changed and does nothing).
 */
export function gamePaymentReaction(deps: Deps): GameEventReaction {
  return async (tx, event) => {
    if (event.type === "CANCELLED") {
      if ((await repo.participationsWithPayments(tx, event.gameId)).length > 0) await deps.jobs.send("game-payments-release", { gameId: event.gameId }, {}, tx);
      return;
    }
    if (event.type === "CHANGED" && event.payload.fields.includes("startTime")) {
      const game = await requireGame(tx, event.gameId);
      if (game.isManagedPayment && !game.cancelledAt) await sendCaptureJob(deps, tx, game);
    }
  };
}

/* ---------- the reservation's deadline ---------- */

/**
 * The job of a reservation's payment (jobs/definitions.ts `participation-payment-expiry`), sent with the
 * reservation for its deadline and again at once for money nobody owes:
 * - the participation's current payment, still Open: at the deadline the intent is read from Stripe
 *   first (a payment confirmed just now whose webhook is on its way counts), and when it is still unpaid
 *   it is cancelled; the reaction then expires the reservation and moves the waiting list up;
 * - a superseded payment (an earlier attempt) or one of a participation paid in cash: whatever it holds
 *   or took is given back (the hold cancelled, a capture refunded);
 * - anything else (paid, already expired, released): nothing.
 * Running it twice changes nothing the second time (Stripe's answers are idempotent, the mirror and
 * the reaction report only what is new).
 */
export async function handlePaymentExpiry(deps: Deps, job: PaymentExpiryJob): Promise<void> {
  try {
    await settlePayment(deps, job);
  } catch (error) {
    // Stripe does not know the intent (another account's keys, a reset emulator): retrying cannot help.
    if (!(error instanceof AppError && error.code === "PAYMENT_NOT_FOUND")) throw error;
    deps.logger.warn("reservation's payment not found at the provider", { ...job });
  }
}

/** How early a reservation's job may run from clock differences; earlier means its deadline was moved. */
const DEADLINE_SKEW_MS = 60_000;

async function settlePayment(deps: Deps, job: PaymentExpiryJob): Promise<void> {
  const row = await repo.findById(deps.db, job.participationId);
  const payment = await findPayment(deps, job.paymentId);
  if (!row || !payment || payment.purpose !== "participation" || payment.subjectId !== row.id) return;
  const current = row.paymentId === payment.id;
  // a cancelled participation's unpaid reservation, or a hold not kept for a late cancellation (late-cancellation.ts)
  if (current && owedToNobody(row)) {
    await giveBack(deps, payment, "requested_by_customer");
    return;
  }
  if (current && row.paymentStatus === "Open") {
    // A pending cash request holds the place until the organiser answers (cash.ts); a decline plans a new deadline and its job.
    if (cashRequestPending(row)) return;
    if (row.paymentReservationExpiresAt && deps.clock.now() < row.paymentReservationExpiresAt) {
      // The deadline moved later (a declined cash request restarted the reservation, with its own job).
      if (row.paymentReservationExpiresAt.getTime() - deps.clock.now().getTime() > DEADLINE_SKEW_MS) return;
      // Ran early (clocks differ): fail so pg-boss retries it later instead of dropping it.
      throw new Error("reservation expiry ran before its deadline");
    }
    const read = await refreshPayment(deps, payment.id);
    if (read.status === "requires_capture" || isFinalIntentStatus(read.status)) return;
    await giveBack(deps, read, "abandoned");
    return;
  }
  if (!current || row.paymentStatus === "PaidExternally") await giveBack(deps, payment, "duplicate");
}

/**
 * Gives back what a payment holds: an intent that is not final is cancelled (a held card is released),
 * a succeeded one refunded in full with the platform's fee. When Stripe says the intent moved on
 * meanwhile (PAYMENT_STATE_CONFLICT: it was just paid), it is read and given back as it is now.
 */
async function giveBack(deps: Deps, payment: PaymentRow, reason: "abandoned" | "duplicate" | "requested_by_customer", again = true): Promise<void> {
  try {
    if (payment.status === "canceled") return;
    if (payment.status === "succeeded") {
      if (refundedInFull(payment) || payment.amountReceivedCents === 0) return;
      await refundPayment(deps, payment.id, {}, { refundApplicationFee: true });
      return;
    }
    await cancelPayment(deps, payment.id, { reason });
  } catch (error) {
    if (!(again && error instanceof AppError && (error.code === "PAYMENT_STATE_CONFLICT" || error.code === "PAYMENT_ALREADY_REFUNDED"))) throw error;
    await giveBack(deps, await refreshPayment(deps, payment.id), reason, false);
  }
}

/* ---------- a cancelled game gives the money back ---------- */

/**
 * The job after a game's cancellation (jobs/definitions.ts `game-payments-release`, sent by the
 * CANCELLED event's reaction in the cancelling transaction): every participation's payment is given
 * back (an unpaid intent cancelled, a hold released, a capture refunded with the platform's fee: the
 * game did not happen). The answers move the participations (Expired, Released) through the reaction.
 * Each payment is tried; when one failed the job fails after the rest, so pg-boss retries (what is
 * given back already is not given back twice).
 */
export async function handleGamePaymentsRelease(deps: Deps, job: GamePaymentsReleaseJob): Promise<void> {
  const game = await requireGame(deps.db, job.gameId).catch(() => null);
  if (!game?.cancelledAt) return;
  let failed = 0;
  for (const p of await repo.participationsWithPayments(deps.db, game.id)) {
    const payment = await findPayment(deps, p.paymentId);
    if (!payment) continue;
    try {
      await giveBack(deps, payment, "requested_by_customer");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed++;
      deps.logger.error("payment of a cancelled game not given back", { gameId: game.id, participationId: p.id, paymentId: payment.id, code: error.code });
    }
  }
  if (failed) throw new Error(`${failed} payments of cancelled game ${game.id} not given back yet`);
}
