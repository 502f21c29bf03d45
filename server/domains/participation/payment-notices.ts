import { cashRequestPending } from "@shared/rules/payment-display";
import type { Deps } from "../../context";
import type { PaymentReaction } from "../payments/events";
import type { PaymentReminderJob } from "../../jobs/definitions";
import { lockGame, recordGameEvent } from "../games/core";
import * as repo from "./repo";

/**
 * The reminder before an unpaid reservation runs out (issue 13 "Everyone told": reservation about to
 * expire). It is planned with the reservation (payment.ts) for REMINDER_LEAD_MS before the deadline,
 * or half-way for a reservation shorter than twice that, and records a PAYMENT_DUE game event, which
 * the notification dispatcher pushes and mails to the payer (domains/notifications/service.ts).
 */
export const REMINDER_LEAD_MS = 5 * 60_000;

/** When the reminder of a reservation taken at `now` and running out at `expiresAt` is due. */
export function reminderTime(now: Date, expiresAt: Date): Date {
  const length = expiresAt.getTime() - now.getTime();
  const lead = Math.min(REMINDER_LEAD_MS, Math.floor(length / 2));
  return new Date(expiresAt.getTime() - lead);
}

/**
 * The `participation-payment-reminder` job: only a reservation still waiting for this very payment
 * (current attempt, Open, not cancelled, deadline not passed, the game not cancelled) is reminded;
 * anything else was paid, expired or replaced meanwhile and nothing is sent. A signed-in payer only
 * (managed games need an account). Runs once: a retried job finds the event's own result unchanged
 * and may remind twice at worst, which the notification tag collapses on the device.
 */
export async function handlePaymentReminder(deps: Deps, job: PaymentReminderJob): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await repo.findById(tx, job.participationId);
    if (!found) return;
    const game = await lockGame(tx, found.gameId);
    const row = (await repo.findById(tx, found.id, true))!;
    const now = deps.clock.now();
    const waiting =
      row.paymentId === job.paymentId &&
      row.paymentStatus === "Open" &&
      row.cancelledAt === null &&
      !row.queue &&
      game.cancelledAt === null &&
      row.paymentReservationExpiresAt !== null &&
      now < row.paymentReservationExpiresAt &&
      // the deadline it was planned for: a moved deadline (a declined cash request) has its own reminder
      (job.expiresAt === undefined || new Date(job.expiresAt).getTime() === row.paymentReservationExpiresAt.getTime());
    // a pending cash request waits for the organiser, not for a card
    if (!waiting || row.userId === null || cashRequestPending(row)) return;
    await recordGameEvent(deps, tx, {
      gameId: game.id,
      type: "PAYMENT_DUE",
      actorId: null,
      payload: { participationId: row.id, userId: row.userId, expiresAt: row.paymentReservationExpiresAt!.toISOString() },
      createdAt: now,
    });
  });
}

/**
 * A failed payment attempt of a reservation that still waits for it (the participation's current
 * payment, Open, not cancelled) records PAYMENT_FAILED, which tells the payer (they may have left the
 * checkout before its answer). Wired in domains/reactions.ts; other purposes and old attempts are not ours.
 */
export function paymentFailureNotice(deps: Deps): PaymentReaction {
  return async (tx, change) => {
    if (!change.failure || change.payment.purpose !== "participation") return;
    const row = await repo.findById(tx, change.payment.subjectId);
    if (!row || row.userId === null || row.paymentId !== change.payment.id || row.paymentStatus !== "Open" || row.cancelledAt !== null) return;
    await recordGameEvent(deps, tx, {
      gameId: row.gameId,
      type: "PAYMENT_FAILED",
      actorId: null,
      payload: { participationId: row.id, userId: row.userId, message: change.failure.message },
      createdAt: deps.clock.now(),
    });
  };
}
