import { participationFeeCents } from "@shared/rules/fees";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { GamePaymentsRepriceJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { gameFeePercentage, requireGame, type GameRow } from "../games/core";
import { refreshPayment, refundPayment, requirePayment, updatePaymentAmount, type PaymentRow } from "../payments/service";
import { owedToNobody } from "./late-cancellation";
import * as repo from "./repo";

/* A managed game's lowered price reaches everyone who pays or paid by card (server/domains/participation/README.md "A lowered price reaches everyone"). */

/**
 * The job after a managed game's price was lowered (games/manage.ts through `lowerGamePrice`, which set
 * every paying participation's total price in the same transaction): everyone pays the new price.
 * - an unpaid intent (Open) asks for the new amount (the same intent: an open checkout shows it);
 * - a held card (Approved) is captured at the new amount at the start (payment-capture.ts `owedCapture`), nothing now;
 * - a captured payment is refunded the difference, with the platform's fee in proportion.
 * Payments given back anyway (a cancelled or queued participation's that nobody is owed) are left to
 * their own job. Each payment is tried; when one failed the job fails after the rest and is retried
 * (what is done already is not done twice: the amounts say so, and the keys name them).
 */
export async function handleGamePaymentsReprice(deps: Deps, job: GamePaymentsRepriceJob): Promise<void> {
  const game = await requireGame(deps.db, job.gameId).catch(() => null);
  if (!game || game.cancelledAt || !game.isManagedPayment) return;
  const feePercentage = await gameFeePercentage(deps.db, game);
  let failed = 0;
  for (const p of await repo.participationsWithPayments(deps.db, game.id)) {
    if (owedToNobody(p) || p.totalPriceCents <= 0) continue;
    try {
      await repricePayment(deps, await requirePayment(deps, p.paymentId), p.totalPriceCents, feePercentage);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed++;
      deps.logger.error("payment not repriced", { gameId: game.id, participationId: p.id, paymentId: p.paymentId, code: error.code });
    }
  }
  if (failed) throw new Error(`${failed} payments of game ${game.id} not repriced yet`);
}

async function repricePayment(deps: Deps, payment: PaymentRow, owedCents: number, feePercentage: number, again = true): Promise<void> {
  try {
    if (payment.status === "succeeded") {
      const over = payment.amountReceivedCents - payment.amountRefundedCents - owedCents;
      if (over > 0) await refundPayment(deps, payment.id, { amountCents: over, reference: `price-${owedCents}` }, { refundApplicationFee: true });
      return;
    }
    if (payment.status === "requires_capture" || payment.status === "canceled" || payment.status === "processing") return;
    if (payment.amountCents > owedCents) {
      await updatePaymentAmount(deps, payment.id, { amountCents: owedCents, applicationFeeCents: participationFeeCents({ priceCents: owedCents, playerCount: 1, feePercentage }) });
    }
  } catch (error) {
    // paid or held just now: read it and settle it as it is
    if (!(again && error instanceof AppError && error.code === "PAYMENT_STATE_CONFLICT")) throw error;
    await repricePayment(deps, await refreshPayment(deps, payment.id), owedCents, feePercentage, false);
  }
}

/**
 * A managed game's price was lowered (games/manage.ts, under the game's lock): every participation paying
 * or paid by card owes the new price × its player count from now on, and the job moves the money there.
 */
export async function lowerGamePrice(deps: Deps, tx: Tx, game: Pick<GameRow, "id" | "isManagedPayment">, priceCents: number): Promise<void> {
  if (!game.isManagedPayment) return;
  if ((await repo.lowerTotalPrices(tx, game.id, priceCents, deps.clock.now())) > 0) {
    await deps.jobs.send("game-payments-reprice", { gameId: game.id, priceCents }, {}, tx);
  }
}
