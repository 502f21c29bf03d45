import type { Config } from "./config";
import type { Deps } from "./context";
import { openDatabase, type Database } from "./db/client";
import { runMigrations } from "./db/migrate";
import { DEMO_PASSWORD, DEMO_USERS, registerDemoAccounts, seedDemoIfEmpty, seedReferenceIfEmpty } from "./db/seed-demo";
import { systemClock, type Clock } from "./lib/clock";
import { createMailer } from "./integrations/mail/mailer";
import { resolveVapidKeys } from "./integrations/push/vapid-keys";
import { createPush } from "./integrations/push/web-push";
import { startRealtime } from "./integrations/realtime";
import { createPayments } from "./integrations/stripe/client";
import { createGeocoder } from "./integrations/geocoding/client";
import { createWeatherClient } from "./integrations/weather/client";
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
  startWeatherWorkers,
  startPaymentWorkers,
  startPushWorker,
} from "./jobs/workers";
import { wireReactions } from "./domains/reactions";
import { createLogger, type Logger } from "./lib/logger";
import type { BootTiming } from "./lifecycle";
import { setPasswordHashCost } from "./lib/password";

export type BootOptions = { clock?: Clock; migrationsFolder?: string };

/**
 * Opens the database, applies migrations, starts every service and seeds demo data when asked, all before it
 * resolves: for scripts, benchmarks and tests. A server process starts in stages instead (serve.ts `serveStaged`,
 * server/README.md "Cold start"): `prepareDeps`, then `startServices` while it already answers.
 */
export async function boot(config: Config, options: BootOptions = {}): Promise<Deps> {
  const database = await openDatabase(
    config.database.kind === "postgres" ? config.database : { kind: "pglite", dataDir: config.database.dataDir },
  );
  await runMigrations(database, options.migrationsFolder);
  const { deps } = await prepareDeps(config, database, { clock: options.clock });
  await startServices(deps);
  return deps;
}

/** A service of Deps that `startServices` has not started yet: any use before then is a bug, and says so. */
function notStartedYet<T>(name: string): T {
  return new Proxy(
    {},
    {
      get(_target, key) {
        // not a promise (await and Promise.resolve look for `then`)
        if (key === "then") return undefined;
        throw new Error(`deps.${name} is used before boot started it (server/README.md "Cold start": only pages and /api/health are served before)`);
      },
    },
  ) as T;
}

/**
 * Stage two (on an open, migrated database): the Deps a page and /api/health need, at once: config, database,
 * clock, logger, the realtime listener (the maintenance switch's cache subscribes to it) and the mailer (the app
 * mounts the development mail catcher's pages from it). The job queue, push, payments, geocoder and Google are
 * placeholders that throw until `startServices` sets them. `firstStart`: the database has no data yet and
 * `startServices` will seed it, so pages must wait for it.
 */
export async function prepareDeps(
  config: Config,
  database: Database,
  options: { clock?: Clock; logger?: Logger } = {},
): Promise<{ deps: Deps; firstStart: boolean }> {
  // before anything hashes a password (the demo seed, the first sign-in)
  setPasswordHashCost(config.passwordHashCost);
  const logger = options.logger ?? createLogger(config.logLevel);
  const [realtime, mailer, [regionRow]] = await Promise.all([
    startRealtime(database, logger),
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger, env: config.env }),
    database.query<{ any: boolean }>("select exists (select 1 from regions) as any"),
  ]);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    logger,
    jobs: notStartedYet("jobs"),
    mailer,
    realtime,
    push: notStartedYet("push"),
    payments: notStartedYet("payments"),
    geocoder: notStartedYet("geocoder"),
    weather: notStartedYet("weather"),
    google: notStartedYet("google"),
    // set by wireReactions in startServices: the reactions are made from these Deps
    reactions: [],
    paymentReactions: [],
    sessions: null,
  };
  return { deps, firstStart: config.seed !== "none" && !regionRow?.any };
}

/**
 * Stage three: the job queue, push keys, the Stripe, geocoder and Google clients (their in-process emulators in
 * the offline default), the domain reactions, the seed (SEED) and the job workers, set into `deps` as they come.
 * Nothing but pages and /api/health may run before it resolves (serve.ts holds every other request until then).
 */
export async function startServices(deps: Deps, timing?: BootTiming): Promise<void> {
  const { config, database, logger } = deps;
  const clock = deps.clock;
  deps.jobs = await startJobQueue(database, logger);
  timing?.mark("jobQueue");
  const vapid = await resolveVapidKeys(database.db, config.push.vapid);
  deps.push = createPush({ vapid: { ...vapid, subject: config.push.subject }, logger, policy: config.push.web });
  // Outside production without Stripe keys an in-process emulator stands in for Stripe; its events go
  // to our own webhook endpoint, and its state (accounts, payments) is kept beside the database.
  const payments = await createPayments(config.stripe, {
    webhookUrl: `${config.publicUrl}/api/stripe/webhook`,
    stateFile: `${config.dataDir}/stripe-emulator.json`,
    logger,
  });
  deps.payments = payments;
  if (payments?.emulator) logger.info("stripe emulator started", { url: payments.emulator.url, webhookUrl: payments.emulator.webhookUrl });
  else logger.info(payments ? "stripe: payments through Stripe" : "stripe: payments off (no STRIPE_SECRET_KEY)");
  // Outside production without GEOCODER_URL an in-process Nominatim emulator knows the demo cities.
  const geocoder = await createGeocoder(config.geocoder, { db: database.db, clock, logger });
  deps.geocoder = geocoder;
  logger.info(geocoder.emulator ? "geocoder emulator started" : "geocoder: Nominatim", { url: geocoder.emulator?.url ?? config.geocoder.baseUrl });
  // Outside production without WEATHER_URL an in-process Open-Meteo emulator answers deterministic forecasts.
  const weather = await createWeatherClient(config.weather, { clock, logger });
  deps.weather = weather;
  logger.info(weather.emulator ? "weather emulator started" : "weather: Open-Meteo", { url: weather.emulator?.url ?? config.weather.baseUrl });
  // Outside production without GOOGLE_CLIENT_ID an in-process Google emulator (consent page, tokens,
  // calendars) stands in for Google; its state is kept beside the database like Stripe's.
  const google = await createGoogleCalendar(config.google, {
    publicUrl: config.publicUrl,
    keyFile: `${config.dataDir}/google-token-key`,
    stateFile: `${config.dataDir}/google-emulator.json`,
    logger,
  });
  deps.google = google;
  logger.info(google?.emulator ? "google emulator started" : google ? "google: calendars through Google" : "google: calendar import off (no GOOGLE_CLIENT_ID)", { url: google?.emulator?.url });
  timing?.mark("integrations");
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
  timing?.mark("seed");
  await startGameWorkers(deps);
  await startMailWorker(deps);
  await startPushWorker(deps);
  await startPaymentWorkers(deps);
  await startParticipationPaymentWorkers(deps);
  await startBookingWorkers(deps);
  await startCalendarWorkers(deps);
  await startAccountingWorkers(deps);
  await startWeatherWorkers(deps);
  // Stopping the job queue (graceful shutdown, lifecycle.ts) first stops the dispatcher that feeds it.
  const stopDispatcher = startNotificationDispatcher(deps);
  const jobs = deps.jobs;
  const stopQueue = jobs.stop;
  jobs.stop = async () => {
    await stopDispatcher();
    await stopQueue();
  };
  timing?.mark("workers");
}
