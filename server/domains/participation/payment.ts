import type { z } from "zod";
import type { PaymentStatus } from "@shared/constants";
import { participationAmountCents, participationFeeCents } from "@shared/rules/fees";
import { transitionProblem } from "@shared/rules/payment-status";
import { gamePaymentDescription, paymentStatementSuffix } from "@shared/rules/payment-description";
import { holdsMoneyStatus } from "@shared/rules/settlement";
import type { TParticipationPayment, ZParticipationPaymentInput } from "@shared/schemas/participation";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { gameFeePercentage, requireGame, type GameRow } from "../games/core";
import { checkoutOf, paymentClientSecret, requirePayment, startPayment } from "../payments/service";
import { courtNameOf } from "../courts/service";
import { findUser, requireActor } from "../users/service";
import { reminderTime } from "./payment-notices";
import * as repo from "./repo";

/**
 * Paying for a place in a managed-payment game (spec 000 sections 4 and 5): joining (or moving up from
 * the waiting list) makes a reservation: the participation goes to Open with a deadline
 * (config.paymentReservationSeconds, PAYMENT_RESERVATION_MINUTES unless configured) and gets a payment intent through the payments module, for the price
 * × its player count, the platform's fee (shared/rules/fees.ts, with the organisation's percentage),
 * the creator's connected account as destination, captured at the game's start (manual capture) or at
 * once (instant capture). A place on the waiting list pays nothing until it moves up.
 *
 * Everything after that comes from the payment (payment-lifecycle.ts): the provider's word moves the
 * status (Approved, Captured, Expired, Released), the reservation's job gives up an unpaid place at
 * its deadline, a job captures the held cards at the start and another gives back a cancelled game's money.
 *
 * The intent is created inside the transaction that takes the place (the game is locked), so a place
 * in Open always has its intent, and joins of one game, which are serialised by that lock anyway, each
 * wait for Stripe's answer. A rolled-back join leaves an intent nobody can see (never confirmed); a
 * repeated attempt reuses its intent through the idempotency key (participation id and attempt).
 */

/** The reservation deadline of a place taken at `now`. */
export function reservationDeadline(deps: Pick<Deps, "config">, now: Date): Date {
  return new Date(now.getTime() + deps.config.paymentReservationSeconds * 1000);
}

/** Where the payment pages send the player back to (spec 000 section 7: the game page plus payment-return). */
export function paymentReturnUrl(deps: Pick<Deps, "config">, gameId: number): string {
  return `${deps.config.publicUrl}/game/${gameId}?payment-return`;
}

/**
 * Why a participation in `status` cannot make a reservation now, as an AppError code, or null.
 * An Open status here belongs to a cancelled participation whose reservation was given up: the new one
 * replaces it (the old intent is cancelled by its own expiry job, which finds it superseded). Approved
 * and Captured belong to a cancelled or queued participation whose money is being given back or kept
 * for a late cancellation: the new reservation supersedes that payment too (reservePayment).
 */
export function reservationProblem(status: PaymentStatus, game: GameRow, now: Date): "GAME_ALREADY_STARTED" | "PAYMENT_TRANSITION_NOT_ALLOWED" | null {
  const problem = transitionProblem(status === "Open" ? "Expired" : status, "Open", {
    // a promotion completes the queued player's own join (they asked for the waiting list)
    actor: "player",
    joining: true,
    gameStarted: now >= game.startTime,
    participationCancelled: false,
    isManagedPayment: game.isManagedPayment,
  });
  if (problem === null) return null;
  return problem === "GAME_ALREADY_STARTED" ? "GAME_ALREADY_STARTED" : "PAYMENT_TRANSITION_NOT_ALLOWED";
}

/**
 * Makes the reservation of an active participation in a managed-payment game: a new payment attempt
 * (intent) and Open with a deadline, whose job is sent in the same transaction. The caller holds the
 * game's lock and has taken the place (`row` is not queued).
 */
export async function reservePayment(
  deps: Deps,
  tx: Tx,
  game: GameRow,
  row: repo.ParticipationRow,
  now: Date,
): Promise<{ row: repo.ParticipationRow; payment: TParticipationPayment }> {
  const problem = reservationProblem(row.paymentStatus, game, now);
  if (problem) throw new AppError(problem);
  // Money goes to the game's creator (server/domains/payments/README.md "Managed payment needs the creator's charges").
  const creator = await findUser(tx, game.creatorId);
  if (!creator?.stripeAccountId || !creator.paymentChargesEnabled) throw new AppError("PAYMENT_ACCOUNT_NOT_READY");
  const price = { priceCents: game.priceCents, playerCount: row.playerCount, feePercentage: await gameFeePercentage(tx, game) };
  const amountCents = participationAmountCents(price);
  const attempt = row.paymentAttempt + 1;
  const started = await startPayment(deps, tx, {
    purpose: "participation",
    subjectId: row.id,
    payerUserId: row.userId,
    destinationAccountId: creator.stripeAccountId,
    amountCents,
    applicationFeeCents: participationFeeCents(price),
    captureMethod: game.instantCapture ? "automatic" : "manual",
    attempt,
    description: gamePaymentDescription({ title: game.title, courtName: await courtNameOf(tx, game.courtId), startTime: game.startTime }),
    statementDescriptorSuffix: paymentStatementSuffix(game.startTime),
  });
  const expiresAt = reservationDeadline(deps, now);
  const updated = await repo.update(tx, row.id, {
    paymentStatus: "Open",
    paymentId: started.paymentId,
    paymentAttempt: attempt,
    paymentReservationExpiresAt: expiresAt,
    // a new reservation starts without the cash request of an earlier one (cash.ts)
    requestedExternalPaymentAt: null,
    declinedExternalPaymentAt: null,
    externalPaymentMessage: null,
    totalPriceCents: amountCents,
    // a late cancellation's kept money is superseded by this payment (given back below)
    cancellationReplacementsNeeded: null,
    updatedAt: now,
  });
  // A rejoin or a move up while the earlier payment still holds money (kept for a late cancellation, or
  // being given back): that payment is superseded, and its job gives it back (payment-lifecycle.ts).
  if (row.paymentId !== null && holdsMoneyStatus(row.paymentStatus)) {
    await deps.jobs.send("participation-payment-expiry", { participationId: row.id, paymentId: row.paymentId }, {}, tx);
  }
  await deps.jobs.send("participation-payment-expiry", { participationId: row.id, paymentId: started.paymentId }, { startAfter: expiresAt }, tx);
  await deps.jobs.send(
    "participation-payment-reminder",
    { participationId: row.id, paymentId: started.paymentId, expiresAt: expiresAt.toISOString() },
    { startAfter: reminderTime(now, expiresAt) },
    tx,
  );
  return { row: updated, payment: paymentOf(deps, game.id, updated, { intentId: started.intentId, clientSecret: started.clientSecret }, amountCents) };
}

function paymentOf(
  deps: Deps,
  gameId: number,
  row: repo.ParticipationRow,
  intent: { intentId: string; clientSecret: string },
  amountCents: number,
): TParticipationPayment {
  return {
    participationId: row.id,
    amountCents,
    clientSecret: intent.clientSecret,
    ...checkoutOf(deps, intent, paymentReturnUrl(deps, gameId)),
    expiresAt: row.paymentReservationExpiresAt!,
  };
}

/**
 * The payment of the caller's own Open participation again: after moving up from the waiting list, or
 * a reloaded game page. A reservation whose deadline passed answers RESERVATION_EXPIRED (also before
 * its job has run), anything not Open NOTHING_TO_PAY, a cancelled game GAME_CANCELLED (its money is
 * being given back).
 */
export async function participationPayment(ctx: Ctx, input: z.output<typeof ZParticipationPaymentInput>): Promise<TParticipationPayment> {
  const actor = await requireActor(ctx);
  const row = await repo.findById(ctx.deps.db, input.participationId);
  if (!row || row.userId !== actor.id) throw new AppError("PARTICIPATION_NOT_FOUND");
  const now = ctx.deps.clock.now();
  const expired = row.paymentStatus === "Expired" || (row.paymentStatus === "Open" && row.paymentReservationExpiresAt !== null && now >= row.paymentReservationExpiresAt);
  if (expired) throw new AppError("RESERVATION_EXPIRED");
  if (row.paymentStatus !== "Open" || row.cancelledAt !== null || row.paymentId === null) throw new AppError("NOTHING_TO_PAY");
  const game = await requireGame(ctx.deps.db, row.gameId);
  if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
  const payment = await requirePayment(ctx.deps, row.paymentId);
  const clientSecret = await paymentClientSecret(ctx.deps, payment.id);
  return paymentOf(ctx.deps, game.id, row, { intentId: payment.stripePaymentIntentId, clientSecret }, payment.amountCents);
}
