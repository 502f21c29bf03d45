import type { Config } from "./config";
import type { Deps } from "./context";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { DEMO_PASSWORD, DEMO_USERS, registerDemoAccounts, seedDemoIfEmpty, seedReferenceIfEmpty } from "./db/seed-demo";
import { systemClock, type Clock } from "./lib/clock";
import { createMailer } from "./integrations/mail/mailer";
import { resolveVapidKeys } from "./integrations/push/vapid-keys";
import { createPush } from "./integrations/push/web-push";
import { startRealtime } from "./integrations/realtime";
import { createPayments } from "./integrations/stripe/client";
import { createGeocoder } from "./integrations/geocoding/client";
import { createGoogleCalendar } from "./integrations/google/client";
import { startJobQueue } from "./jobs/queue";
import {
  startGameWorkers,
  startMailWorker,
  startNotificationDispatcher,
  startParticipationPaymentWorkers,
  startBookingWorkers,
  startCalendarWorkers,
  startAccountingWorkers,
  startPaymentWorkers,
  startPushWorker,
} from "./jobs/workers";
import { wireReactions } from "./domains/reactions";
import { createLogger } from "./lib/logger";

/** Opens the database, applies migrations and seeds demo data when asked. */
export async function boot(config: Config, options: { clock?: Clock; migrationsFolder?: string } = {}): Promise<Deps> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.database.kind === "postgres" ? config.database : { kind: "pglite", dataDir: config.database.dataDir },
  );
  await runMigrations(database, options.migrationsFolder);
  const jobs = await startJobQueue(database, logger);
  const mailer = await createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger, env: config.env });
  const realtime = await startRealtime(database, logger);
  const vapid = await resolveVapidKeys(database.db, config.push.vapid);
  const push = createPush({ vapid: { ...vapid, subject: config.push.subject }, logger, policy: config.push.web });
  // Outside production without Stripe keys an in-process emulator stands in for Stripe; its events go
  // to our own webhook endpoint, and its state (accounts, payments) is kept beside the database.
  const payments = await createPayments(config.stripe, {
    webhookUrl: `${config.publicUrl}/api/stripe/webhook`,
    stateFile: `${config.dataDir}/stripe-emulator.json`,
    logger,
  });
  if (payments?.emulator) logger.info("stripe emulator started", { url: payments.emulator.url, webhookUrl: payments.emulator.webhookUrl });
  else logger.info(payments ? "stripe: payments through Stripe" : "stripe: payments off (no STRIPE_SECRET_KEY)");
  // Outside production without GEOCODER_URL an in-process Nominatim emulator knows the demo cities.
  const geocoder = await createGeocoder(config.geocoder, { db: database.db, clock: options.clock ?? systemClock, logger });
  logger.info(geocoder.emulator ? "geocoder emulator started" : "geocoder: Nominatim", { url: geocoder.emulator?.url ?? config.geocoder.baseUrl });
  // Outside production without GOOGLE_CLIENT_ID an in-process Google emulator (consent page, tokens,
  // calendars) stands in for Google; its state is kept beside the database like Stripe's.
  const google = await createGoogleCalendar(config.google, {
    publicUrl: config.publicUrl,
    keyFile: `${config.dataDir}/google-token-key`,
    stateFile: `${config.dataDir}/google-emulator.json`,
    logger,
  });
  logger.info(google?.emulator ? "google emulator started" : google ? "google: calendars through Google" : "google: calendar import off (no GOOGLE_CLIENT_ID)", { url: google?.emulator?.url });
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    logger,
    jobs,
    mailer,
    realtime,
    push,
    payments,
    geocoder,
    google,
    // set by wireReactions below: the reactions are made from these Deps
    reactions: [],
    paymentReactions: [],
    sessions: null,
  };
  wireReactions(deps);
  if (config.seed === "demo") {
    // Production loads the demo only when SEED=demo says so (config.ts), and says at every start what that means.
    if (config.env === "production") {
      logger.warn("DEMO DATA ON A PRODUCTION SERVER: SEED=demo loads demo accounts that anybody can sign in to", {
        accounts: DEMO_USERS.map((u) => u.email),
        password: DEMO_PASSWORD,
        admin: DEMO_USERS.find((u) => u.isAdmin)?.email,
        fix: "start with an empty database without SEED=demo for a real deployment",
      });
    }
    const seeded = await seedDemoIfEmpty(deps);
    if (seeded) logger.info("demo data loaded", seeded);
    await registerDemoAccounts(deps);
  } else if (config.seed === "reference") {
    const seeded = await seedReferenceIfEmpty(deps);
    if (seeded) logger.info("reference data loaded (no accounts)", seeded);
  }
  await startGameWorkers(deps);
  await startMailWorker(deps);
  await startPushWorker(deps);
  await startPaymentWorkers(deps);
  await startParticipationPaymentWorkers(deps);
  await startBookingWorkers(deps);
  await startCalendarWorkers(deps);
  await startAccountingWorkers(deps);
  // Stopping the job queue (graceful shutdown, lifecycle.ts) first stops the dispatcher that feeds it.
  const stopDispatcher = startNotificationDispatcher(deps);
  const stopQueue = jobs.stop;
  jobs.stop = async () => {
    await stopDispatcher();
    await stopQueue();
  };
  return deps;
}
