import { z } from "zod";
import type { OutgoingMail } from "../integrations/mail/mailer";

/**
 * Every job the queue knows, with the schema of its data: `deps.jobs.send(name, data)` is checked
 * against it by the type checker, and the data is parsed again when a worker takes the job (jobs
 * outlive deployments: a job written by an older version with another shape is logged and dropped,
 * not retried). A leaf: domains import the data types from here, workers are registered in jobs/workers.ts.
 */
const ZMinPlayersJob = z.object({ gameId: z.number().int(), startTime: z.string() });
export type MinPlayersJob = z.infer<typeof ZMinPlayersJob>;

const ZPushMessage = z.object({ title: z.string(), body: z.string(), url: z.string(), icon: z.string().optional(), tag: z.string().optional() });
const ZSendPushJob = z.object({ deviceToken: z.string(), message: ZPushMessage });
/** One push to one device; the device's keys are read when sending, so a refreshed subscription wins. */
export type SendPushJob = z.infer<typeof ZSendPushJob>;

/** Rendered from its template when sent (integrations/mail/templates.ts checks the template's own data). */
const ZSendMailJob = z.custom<OutgoingMail>(
  (v) => typeof v === "object" && v !== null && typeof (v as OutgoingMail).to === "string" && typeof (v as OutgoingMail).template === "object",
  { error: "not a mail" },
);

/** Reads non-final payments and unfinished onboardings from Stripe (domains/payments/reconcile.ts); `limit` per kind. */
const ZPaymentsReconcileJob = z.object({ limit: z.number().int().positive().max(1000).optional() });
export type PaymentsReconcileJob = z.infer<typeof ZPaymentsReconcileJob>;

/**
 * Managed payment of participations (domains/participation/payment-lifecycle.ts): a reservation's
 * deadline (the payment it waited for), the capture of a game's held cards at its start (the start
 * it was planned for), and giving back the money of a cancelled game.
 */
const ZPaymentExpiryJob = z.object({ participationId: z.number().int(), paymentId: z.number().int() });
export type PaymentExpiryJob = z.infer<typeof ZPaymentExpiryJob>;
/**
 * The reminder before a reservation's deadline (domains/participation/payment-notices.ts): the expiry's
 * payload and the deadline it reminds of (ISO), so a reminder of a deadline that moved (a declined cash
 * request restarts the reservation with its own reminder) sends nothing. Jobs written before it lack it.
 */
const ZPaymentReminderJob = ZPaymentExpiryJob.extend({ expiresAt: z.string().optional() });
export type PaymentReminderJob = z.infer<typeof ZPaymentReminderJob>;
const ZGamePaymentsCaptureJob = z.object({ gameId: z.number().int(), startTime: z.string() });
export type GamePaymentsCaptureJob = z.infer<typeof ZGamePaymentsCaptureJob>;
const ZGamePaymentsReleaseJob = z.object({ gameId: z.number().int() });
export type GamePaymentsReleaseJob = z.infer<typeof ZGamePaymentsReleaseJob>;
/** A lowered price reaches the game's payments (payment-lifecycle.ts handleGamePaymentsReprice): unpaid intents lowered, captures partly refunded. */
const ZGamePaymentsRepriceJob = z.object({ gameId: z.number().int(), priceCents: z.number().int().nonnegative() });
export type GamePaymentsRepriceJob = z.infer<typeof ZGamePaymentsRepriceJob>;
/** Moves a managed game's waiting list up again after a reservation the provider refused (participation/waiting-list.ts). */
const ZWaitingListJob = z.object({ gameId: z.number().int(), retry: z.number().int().min(0) });
export type WaitingListJob = z.infer<typeof ZWaitingListJob>;
/** A waiting-list offer's expiry instant (domains/participation/offers.ts): if still open, it runs out and passes on. */
const ZWaitingListOfferJob = z.object({ gameId: z.number().int(), offerId: z.number().int() });
export type WaitingListOfferJob = z.infer<typeof ZWaitingListOfferJob>;

/**
 * Court bookings (domains/bookings): a request nobody answered before the start, or an accepted booking
 * unpaid at its deadline, lapses (`status` is what it was planned for); money of a cancelled booking goes back.
 */
const ZBookingDeadlineJob = z.object({ bookingId: z.number().int(), status: z.enum(["RE", "TP"]) });
export type BookingDeadlineJob = z.infer<typeof ZBookingDeadlineJob>;
const ZBookingPaymentReleaseJob = z.object({ bookingId: z.number().int(), paymentId: z.number().int() });
export type BookingPaymentReleaseJob = z.infer<typeof ZBookingPaymentReleaseJob>;
/** Gives back a tournament team's payment it is no longer owed (domains/tournaments/team-payment.ts): cancels an unpaid intent, refunds a paid one with the fee. */
const ZTeamPaymentReleaseJob = z.object({ participationId: z.number().int(), paymentId: z.number().int() });
export type TeamPaymentReleaseJob = z.infer<typeof ZTeamPaymentReleaseJob>;
/** Imports the linked Google calendars of every court owner (domains/calendar), every 5 minutes. */
const ZGoogleImportJob = z.object({ userId: z.number().int().optional() });
export type GoogleImportJob = z.infer<typeof ZGoogleImportJob>;

/** The organiser's reminder that a weekly session's next week can be confirmed (domains/weekly/reminder.ts), at `opensAt`. */
const ZWeeklyReminderJob = z.object({ templateId: z.number().int(), opensAt: z.string() });
export type WeeklyReminderJob = z.infer<typeof ZWeeklyReminderJob>;

/** Issues a paid business team's invoice (domains/tournaments/invoices.ts); idempotent per participation. */
const ZTournamentInvoiceJob = z.object({ participationId: z.number().int() });
export type TournamentInvoiceJob = z.infer<typeof ZTournamentInvoiceJob>;
/** Issues the cancellation invoice of a refunded team's invoice (domains/tournaments/invoices.ts); idempotent per participation. */
const ZTournamentInvoiceCancellationJob = z.object({ participationId: z.number().int() });
export type TournamentInvoiceCancellationJob = z.infer<typeof ZTournamentInvoiceCancellationJob>;

/** The organisers' invoices of a Berlin month (domains/accounting/service.ts); no month: the month before now (the monthly schedule). */
const ZOrganizerInvoicesJob = z.object({ year: z.number().int().min(2020).max(2100).optional(), month: z.number().int().min(1).max(12).optional() });
export type OrganizerInvoicesJob = z.infer<typeof ZOrganizerInvoicesJob>;

/** Refreshes the cached forecasts of outdoor courts with games in the next 7 days (domains/weather/service.ts), hourly; `courtId`: that court only. */
const ZWeatherRefreshJob = z.object({ courtId: z.number().int().positive().optional() });
export type WeatherRefreshJob = z.infer<typeof ZWeatherRefreshJob>;
/** Warns organisers of heavy rain, storm or heat 3 hours before their outdoor games (domains/weather/alerts.ts), every 15 minutes. */
const ZWeatherAlertsJob = z.object({});
export type WeatherAlertsJob = z.infer<typeof ZWeatherAlertsJob>;

export const JOBS = {
  "game-min-players-warning": ZMinPlayersJob,
  "game-takes-place-prompt": ZMinPlayersJob,
  "game-auto-cancel": ZMinPlayersJob,
  "send-mail": ZSendMailJob,
  "send-push": ZSendPushJob,
  "payments-reconcile": ZPaymentsReconcileJob,
  "participation-payment-expiry": ZPaymentExpiryJob,
  "participation-payment-reminder": ZPaymentReminderJob,
  "game-payments-capture": ZGamePaymentsCaptureJob,
  "game-payments-release": ZGamePaymentsReleaseJob,
  "game-payments-reprice": ZGamePaymentsRepriceJob,
  "game-waiting-list": ZWaitingListJob,
  "waiting-list-offer-expiry": ZWaitingListOfferJob,
  "court-booking-deadline": ZBookingDeadlineJob,
  "court-booking-payment-release": ZBookingPaymentReleaseJob,
  "tournament-team-payment-release": ZTeamPaymentReleaseJob,
  "google-calendar-import": ZGoogleImportJob,
  "weekly-confirmation-reminder": ZWeeklyReminderJob,
  "tournament-invoice": ZTournamentInvoiceJob,
  "tournament-invoice-cancellation": ZTournamentInvoiceCancellationJob,
  "organizer-invoices": ZOrganizerInvoicesJob,
  "weather-refresh": ZWeatherRefreshJob,
  "weather-alerts": ZWeatherAlertsJob,
} as const;

export type JobName = keyof typeof JOBS;
export type JobData<N extends JobName> = z.infer<(typeof JOBS)[N]>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];
