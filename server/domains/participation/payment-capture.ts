import type { z } from "zod";
import { participationFeeCents } from "@shared/rules/fees";
import type { TCapturePaymentsResult, ZCapturePaymentsInput } from "@shared/schemas/participation";
import type { Ctx, Deps } from "../../context";
import type { GamePaymentsCaptureJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { gameFeePercentage, lockGame, requireGame, type GameRow } from "../games/core";
import { capturePayment, requirePayment, type PaymentRow } from "../payments/service";
import { requireActor } from "../users/service";
import { pendingLateCancellations, reviewLateCancellations } from "./late-cancellation";
import * as repo from "./repo";

/*
 * Held cards captured: at the game's start by its job (sent by payment-lifecycle.ts when a card is
 * approved or the game moves), with the late cancellations nobody replaced, and on demand by the
 * admins' collect-money panel. Each capture's answer moves its participation through the payment
 * reaction (payment-lifecycle.ts).
 */

/**
 * What a held card is captured for: what the participation owes now (its total price, lowered with the
 * game's price), at most what was held, with the platform's fee of that amount. Null: all of it, as held.
 * (A lowered price sets the total price: payment-reprice.ts.)
 */
function owedCapture(payment: PaymentRow, totalPriceCents: number, feePercentage: number): { amountCents: number; applicationFeeCents: number } | null {
  if (totalPriceCents <= 0 || totalPriceCents >= payment.amountCents) return null;
  return { amountCents: totalPriceCents, applicationFeeCents: participationFeeCents({ priceCents: totalPriceCents, playerCount: 1, feePercentage }) };
}

/**
 * The game's held cards captured (or, in a dry run, listed): its active participations in Approved.
 * Each capture is its own call (an idempotent one per payment); its answer moves the participation to
 * Captured through the reaction. A capture that fails is reported and the others go on.
 */
async function captureApproved(deps: Deps, game: GameRow, dryRun: boolean): Promise<TCapturePaymentsResult> {
  const payments: TCapturePaymentsResult["payments"] = [];
  const feePercentage = await gameFeePercentage(deps.db, game);
  for (const p of await repo.approvedParticipations(deps.db, game.id)) {
    const payment = await requirePayment(deps, p.paymentId);
    const owed = owedCapture(payment, p.totalPriceCents, feePercentage);
    const entry = { participationId: p.id, paymentId: payment.id, name: p.name, playerCount: p.playerCount, amountCents: owed?.amountCents ?? payment.amountCents };
    if (dryRun) {
      payments.push({ ...entry, outcome: "wouldCapture", errorCode: null });
      continue;
    }
    try {
      const captured = await capturePayment(deps, payment.id, owed ?? {});
      payments.push({ ...entry, outcome: captured.status === "succeeded" ? "captured" : "failed", errorCode: captured.status === "succeeded" ? null : "PAYMENT_STATE_CONFLICT" });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.logger.error("capture failed", { gameId: game.id, participationId: p.id, paymentId: payment.id, code: error.code });
      payments.push({ ...entry, outcome: "failed", errorCode: error.code });
    }
  }
  const counted = payments.filter((p) => p.outcome !== "failed");
  return { dryRun, payments, totalCents: counted.reduce((sum, p) => sum + p.amountCents, 0) };
}

/**
 * The job at a managed game's start (jobs/definitions.ts `game-payments-capture`). A job planned for
 * another start (the game moved; the move sent its own) or a cancelled game does nothing; one that
 * runs early fails so pg-boss retries it; a capture the provider could not take now (unreachable)
 * fails the job too, so it is retried (captures already made are not repeated: they are Captured).
 */
export async function handleGamePaymentsCapture(deps: Deps, job: GamePaymentsCaptureJob): Promise<void> {
  const game = await requireGame(deps.db, job.gameId).catch(() => null);
  if (!game || game.cancelledAt || !game.isManagedPayment || game.startTime.toISOString() !== job.startTime) return;
  if (deps.clock.now() < game.startTime) throw new Error("capture ran before the start");
  const result = await captureApproved(deps, game, false);
  if (!(await captureLateCancellations(deps, game))) throw new Error("some late cancellations' holds were not captured");
  if (result.payments.some((p) => p.errorCode === "PAYMENT_PROVIDER_UNAVAILABLE")) throw new Error("the payment provider was unreachable for some captures");
}

/**
 * The holds of late cancellations nobody replaced are captured at the start (spec 000 section 4: "money
 * is taken unless replacement players are found"); those replaced meanwhile are released first. The
 * capture's answer moves the participation Approved -> Captured (job, cancelled participation: allowed
 * by the table). Captured late cancellations (instant capture) are simply kept. False when a capture
 * failed (the job is retried; captured ones are not repeated).
 */
async function captureLateCancellations(deps: Deps, game: GameRow): Promise<boolean> {
  await deps.db.transaction(async (tx) => reviewLateCancellations(deps, tx, await lockGame(tx, game.id)));
  let ok = true;
  const feePercentage = await gameFeePercentage(deps.db, game);
  for (const p of await pendingLateCancellations(deps.db, game.id)) {
    if (p.paymentStatus !== "Approved") continue;
    try {
      const payment = await requirePayment(deps, p.paymentId);
      await capturePayment(deps, p.paymentId, owedCapture(payment, p.totalPriceCents, feePercentage) ?? {});
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.logger.error("capture of a late cancellation failed", { gameId: game.id, participationId: p.id, paymentId: p.paymentId, code: error.code });
      ok = false;
    }
  }
  return ok;
}

/**
 * The collect-money panel (spec 000 sections 4 and 7 `capturePaymentsForGame`): admins only; any time,
 * also before the start. A dry run lists what would be captured.
 */
export async function capturePaymentsForGame(ctx: Ctx, input: z.output<typeof ZCapturePaymentsInput>): Promise<TCapturePaymentsResult> {
  const actor = await requireActor(ctx);
  if (!actor.isAdmin) throw new AppError("FORBIDDEN");
  const game = await requireGame(ctx.deps.db, input.gameId);
  if (!game.isManagedPayment) throw new AppError("GAME_NOT_MANAGED_PAYMENT");
  if (game.cancelledAt) throw new AppError("GAME_CANCELLED");
  return captureApproved(ctx.deps, game, input.dryRun);
}

