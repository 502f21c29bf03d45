import type { Deps } from "../context";
import { handlePaymentReminder } from "../domains/participation/payment-notices";
import { handleAutoCancel, handleMinPlayersWarning, handleTakesPlacePrompt } from "../domains/games/lifecycle";
import { deliverMail, deliverPush } from "../domains/notifications/outbox";
import { handleGamePaymentsCapture } from "../domains/participation/payment-capture";
import { handleGamePaymentsRelease, handlePaymentExpiry } from "../domains/participation/payment-lifecycle";
import { handleGamePaymentsReprice } from "../domains/participation/payment-reprice";
import { handleOfferExpiry, handleWaitingListRetry } from "../domains/participation/waiting-list";
import { dispatchPendingNotifications } from "../domains/notifications/service";
import { RECONCILE_CRON, reconcilePayments } from "../domains/payments/reconcile";
import { handleBookingPaymentRelease } from "../domains/bookings/payment";
import { handleBookingDeadline } from "../domains/bookings/service";
import { handleTeamPaymentRelease } from "../domains/tournaments/team-payment";
import { handleGoogleImport } from "../domains/calendar/import";
import { handleConfirmationReminder } from "../domains/weekly/reminder";
import { handleTournamentInvoice, handleTournamentInvoiceCancellation } from "../domains/tournaments/invoices";
import { handleOrganizerInvoices, ORGANIZER_INVOICES_CRON } from "../domains/accounting/service";
import { GOOGLE_IMPORT_CRON, GAME_TIME_ZONE } from "@shared/constants";
import { refreshForecasts, WEATHER_REFRESH_CRON } from "../domains/weather/service";
import { sendWeatherAlerts, WEATHER_ALERTS_CRON } from "../domains/weather/alerts";

/**
 * Registers the workers of every job (jobs/definitions.ts): the logic lives in its domain, this
 * file only connects queues to handlers. Tests start only the workers they need.
 */
export async function startGameWorkers(deps: Deps) {
  await deps.jobs.work("game-min-players-warning", (job) => handleMinPlayersWarning(deps, job));
  await deps.jobs.work("game-takes-place-prompt", (job) => handleTakesPlacePrompt(deps, job));
  await deps.jobs.work("game-auto-cancel", (job) => handleAutoCancel(deps, job));
  await deps.jobs.work("waiting-list-offer-expiry", (job) => handleOfferExpiry(deps, job));
  await deps.jobs.work("weekly-confirmation-reminder", (job) => handleConfirmationReminder(deps, job));
  await deps.jobs.work("tournament-invoice", (job) => handleTournamentInvoice(deps, job));
  await deps.jobs.work("tournament-invoice-cancellation", (job) => handleTournamentInvoiceCancellation(deps, job));
}

/** Works the `send-mail` queue, unless mail is held (no SMTP_URL in production): then the jobs wait for a process that can send. */
export async function startMailWorker(deps: Deps) {
  if (deps.mailer.mode === "held") return;
  await deps.jobs.work("send-mail", (mail) => deliverMail(deps, mail));
}

export async function startPushWorker(deps: Deps) {
  await deps.jobs.work("send-push", (job) => deliverPush(deps, job));
}

/**
 * The payments reconciliation (domains/payments/reconcile.ts): every 15 minutes by pg-boss's cron
 * (one job per occurrence across all server processes), and whenever `requestReconciliation` asks.
 * Without payments (production without Stripe keys) there is nothing to read: no worker, no schedule.
 */
export async function startPaymentWorkers(deps: Deps) {
  if (!deps.payments) {
    await deps.jobs.boss.unschedule("payments-reconcile");
    return;
  }
  await deps.jobs.work("payments-reconcile", async (job) => void (await reconcilePayments(deps, job)));
  await deps.jobs.boss.schedule("payments-reconcile", RECONCILE_CRON, {});
}

/**
 * The participations' payments (domains/participation/payment-*.ts, waiting-list.ts): reservation deadlines,
 * the capture at a game's start, a cancelled game's money given back, a waiting list moved up again.
 * Without payments no managed-payment game can be joined, so there is nothing to work.
 */
export async function startParticipationPaymentWorkers(deps: Deps) {
  if (!deps.payments) return;
  await deps.jobs.work("participation-payment-expiry", (job) => handlePaymentExpiry(deps, job));
  await deps.jobs.work("participation-payment-reminder", (job) => handlePaymentReminder(deps, job));
  await deps.jobs.work("game-payments-capture", (job) => handleGamePaymentsCapture(deps, job));
  await deps.jobs.work("game-payments-release", (job) => handleGamePaymentsRelease(deps, job));
  await deps.jobs.work("game-payments-reprice", (job) => handleGamePaymentsReprice(deps, job));
  await deps.jobs.work("game-waiting-list", (job) => handleWaitingListRetry(deps, job));
}

/**
 * Court bookings (domains/bookings): requests and unpaid accepted bookings lapse at their deadline
 * (also without payments: a request nobody answered), and cancelled bookings' money goes back.
 */
export async function startBookingWorkers(deps: Deps) {
  await deps.jobs.work("court-booking-deadline", (job) => handleBookingDeadline(deps, job));
  if (deps.payments) await deps.jobs.work("court-booking-payment-release", (job) => handleBookingPaymentRelease(deps, job));
  if (deps.payments) await deps.jobs.work("tournament-team-payment-release", (job) => handleTeamPaymentRelease(deps, job));
}

/**
 * The Google Calendar import (domains/calendar/import.ts): every 5 minutes by pg-boss's cron (one job
 * per occurrence across all server processes), and for one owner right after linking. Without Google
 * (production without GOOGLE_CLIENT_ID) there is nothing to import: no worker, no schedule.
 */
export async function startCalendarWorkers(deps: Deps) {
  if (!deps.google) {
    await deps.jobs.boss.unschedule("google-calendar-import");
    return;
  }
  await deps.jobs.work("google-calendar-import", (job) => handleGoogleImport(deps, job));
  await deps.jobs.boss.schedule("google-calendar-import", GOOGLE_IMPORT_CRON, {});
}

/**
 * The organisers' monthly invoices (domains/accounting/service.ts): on the 1st of each month, Berlin time, by pg-boss's
 * cron (one job per occurrence across all server processes) for the month before; a month can also be sent by hand.
 */
export async function startAccountingWorkers(deps: Deps) {
  await deps.jobs.work("organizer-invoices", (job) => handleOrganizerInvoices(deps, job));
  await deps.jobs.boss.schedule("organizer-invoices", ORGANIZER_INVOICES_CRON, {}, { tz: GAME_TIME_ZONE });
}

/**
 * Weather for outdoor games (domains/weather): the forecasts refreshed hourly and once at start (a fresh database
 * has none), the organisers' warnings every 15 minutes; pg-boss's cron makes one job per occurrence across all
 * server processes.
 */
export async function startWeatherWorkers(deps: Deps) {
  await deps.jobs.work("weather-refresh", async (job, signal) => void (await refreshForecasts(deps, job, signal)));
  await deps.jobs.work("weather-alerts", async () => void (await sendWeatherAlerts(deps)));
  await deps.jobs.boss.schedule("weather-refresh", WEATHER_REFRESH_CRON, {});
  await deps.jobs.boss.schedule("weather-alerts", WEATHER_ALERTS_CRON, {});
  await deps.jobs.send("weather-refresh", {}, { singletonKey: "at-start" });
}

/**
 * The dispatcher polls every 2 seconds (domains/notifications/service.ts explains why it polls);
 * several server processes may poll at once, the ledger keeps each row to one of them.
 * Returns a stop function.
 */
export function startNotificationDispatcher(deps: Deps, intervalMs = 2000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = dispatchPendingNotifications(deps)
      .then(() => {})
      .catch((error) => deps.logger.error("notification dispatch failed", { error: String(error) }))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref?.();
  // Stops the timer and waits for a dispatch under way (graceful shutdown closes the database after this).
  return async () => {
    clearInterval(timer);
    await running;
  };
}
