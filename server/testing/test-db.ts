import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { parseConfig } from "../config";
import type { Deps } from "../context";
import { openDatabase, type Database } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createMailer } from "../integrations/mail/mailer";
import { resolveVapidKeys } from "../integrations/push/vapid-keys";
import { startTestPushEndpoint, type TestPushEndpoint } from "../integrations/push/test-endpoint";
import { createPush } from "../integrations/push/web-push";
import { createPayments } from "../integrations/stripe/client";
import { createGeocoder } from "../integrations/geocoding/client";
import { createWeatherClient } from "../integrations/weather/client";
import { createGoogleCalendar } from "../integrations/google/client";
import { startRealtime } from "../integrations/realtime";
import { startJobQueue } from "../jobs/queue";
import { startMailWorker, startPushWorker } from "../jobs/workers";
import { wireReactions } from "../domains/reactions";
import { createLogger } from "../lib/logger";
import { testClock } from "./test-clock";
import { setPasswordHashCost } from "../lib/password";

/**
 * One database per test run, created on first use: a fresh PostgreSQL database beside
 * DATABASE_URL's (dropped at the end), or an in-memory PGlite when no URL is given.
 */
let created: Promise<{ deps: Deps; drop: () => Promise<void>; pushEndpoint: TestPushEndpoint }> | undefined;

/**
 * A fresh, migrated database of the run's kind (a new PostgreSQL database beside DATABASE_URL's, or an
 * in-memory PGlite) and how to drop it. The run's own database is one; a test that needs a second one
 * (the webhook chaos test's clean delivery) opens its own.
 */
export async function openScratchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (url) {
    const name = `kr_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    // A throwaway database: commits need not wait for the disk (a PostgreSQL crash may lose the last ones, which a
    // test database can afford; everything else stays as in production). Makes the suite several times faster.
    await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const db = await openDatabase({ kind: "postgres", url: testUrl.toString(), max: 5 });
    database = db;
    drop = async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const db = await openDatabase({ kind: "pglite" });
    database = db;
    drop = () => db.close();
  }
  await runMigrations(database);
  return { database, drop };
}

async function create(): Promise<{ deps: Deps; drop: () => Promise<void>; pushEndpoint: TestPushEndpoint }> {
  const url = process.env.DATABASE_URL;
  const scratch = await openScratchDatabase();
  const database = scratch.database;
  let drop = scratch.drop;
  // The local test push service (integrations/push/test-endpoint.ts) is plain http on 127.0.0.1:
  // exactly its host and port are allowed, through the escape hatch that production refuses.
  const pushEndpoint = await startTestPushEndpoint();
  const config = parseConfig({
    NODE_ENV: "test",
    PASSWORD_HASH_COST: "test",
    SEED: "none",
    PUBLIC_URL: "http://localhost:3000",
    DATABASE_URL: url,
    WEB_PUSH_HOSTS: new URL(pushEndpoint.url).host,
    WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "true",
  });
  setPasswordHashCost(config.passwordHashCost);
  const logger = createLogger((process.env.TEST_LOG_LEVEL as "error" | undefined) ?? "silent");
  // The real queue, without workers: tests call job handlers themselves (and one test runs workers).
  // Without pg-boss's maintenance: it would delete the jobs the fake clock plans months in the past (queue.ts).
  const jobs = await startJobQueue(database, logger, { maintenance: false });
  // Mail goes over real SMTP to the built-in catcher; the mail worker runs, so tests read real mails.
  const mailer = await createMailer({ smtpUrl: undefined, from: config.mail.from, logger, env: config.env });
  const realtime = await startRealtime(database, logger);
  // Web push with a key pair generated into the test database; tests push to the run's local
  // endpoint (testPushEndpoint()) and the push worker runs. The dispatcher does not poll:
  // tests call dispatchPendingNotifications themselves.
  const push = createPush({ vapid: { ...(await resolveVapidKeys(database.db, undefined)), subject: config.push.subject }, logger, policy: config.push.web });
  // Stripe is the run's in-process emulator (config says so for NODE_ENV=test). Events are only
  // recorded until a test points them somewhere: deps.payments.emulator.setWebhookUrl(...).
  const payments = await createPayments(config.stripe, { webhookUrl: null, logger });
  // Geocoding is the run's in-process Nominatim emulator (config says so outside production).
  const geocoder = await createGeocoder(config.geocoder, { db: database.db, clock: testClock, logger });
  // Weather is the run's in-process Open-Meteo emulator, its forecasts starting on the test clock's day.
  const weather = await createWeatherClient(config.weather, { clock: testClock, logger });
  // Google Calendar is the run's in-process emulator, with a token key of the run alone.
  const google = await createGoogleCalendar({ mode: "emulator", tokenKey: randomBytes(32) }, { publicUrl: config.publicUrl, keyFile: "" });
  const deps: Deps = wireReactions({ config, database, db: database.db, clock: testClock, logger, jobs, mailer, realtime, push, payments, geocoder, weather, google, reactions: [], paymentReactions: [], sessions: null });
  await startMailWorker(deps);
  await startPushWorker(deps);
  const closeDb = drop;
  drop = async () => {
    await jobs.stop();
    await mailer.close();
    await realtime.close();
    await payments?.close();
    await geocoder.close();
    await weather.close();
    await google?.close();
    pushEndpoint.close();
    await closeDb();
  };
  return { deps, drop, pushEndpoint };
}

export async function testDeps(): Promise<Deps> {
  created ??= create();
  return (await created).deps;
}

/** The run's local push service, the one web-push host the test configuration allows. */
export async function testPushEndpoint(): Promise<TestPushEndpoint> {
  created ??= create();
  return (await created).pushEndpoint;
}

export async function dropTestDatabase(): Promise<void> {
  if (!created) return;
  const { drop } = await created;
  created = undefined;
  await drop();
}
