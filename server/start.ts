import type { Server } from "bun";
import { config, ConfigError, productionRefusal, type Config } from "./config";
import { openRawDatabase, withDrizzle, type Database, type RawDatabase } from "./db/client";
import { defaultMigrationsFolder, migrationsPending, readJournal, runMigrations, type MigrationJournal } from "./db/migrate";
import { securityHeaders } from "./http/security-headers";
import type { StaticAssets } from "./http/static";
import { BootTiming, Lifecycle, SHUTDOWN_GRACE_MS, shutdown, type Starting } from "./lifecycle";
import { createLogger, type Logger } from "./lib/logger";
import { withAbsoluteUrl } from "./http/absolute-url";

/**
 * Seconds a kept-alive connection may stay idle before the server closes it (Bun's default is 10). A client or proxy
 * that reuses a pooled connection just as the server closes it gets ECONNRESET (the unit run saw it once, on a busy
 * machine, in the two-server overlap test); keeping it open longer than the clients' pools do (nginx's default
 * keepalive is 75 s, haproxy's `timeout server` here 60 s) makes that race rare. Live streams ping every 5 s.
 */
export const IDLE_TIMEOUT_SECONDS = 75;

/**
 * A server process's start in stages (`bun server/index.ts` and the single binary; server/README.md "Cold start",
 * issue 28). This module is all that runs before the process listens, so it imports little: the app, the services
 * and their libraries are imported once the listener is open.
 *
 *   1. listen at once;
 *   2. open the database and apply pending migrations: /api/health waits for this, and nothing touches the
 *      database before it;
 *   3. import the app, make the Deps a page needs (boot.ts prepareDeps): pages, the client's files and uploads are
 *      served from here on (on a first start, after the seed);
 *   4. start the services (boot.ts startServices: job queue, push, payments, geocoder, Google and their emulators,
 *      reactions, seed, workers): every other request (tRPC, GraphQL, /api/*, webhooks) is held until then, and
 *      /api/ready says "starting" until then.
 */

/** The configuration, or a clear message and exit 1 (fail fast). */
export function loadConfigOrExit(): Config {
  try {
    const cfg = config();
    const refusal = productionRefusal(cfg);
    if (refusal) throw new ConfigError(refusal);
    return cfg;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Where the migrations come from: the repo's folder, or the binary's embedded copy (unpacked only when needed). */
export type MigrationSource = {
  journal(): Promise<MigrationJournal>;
  /** a folder for drizzle's migrator, and what to do when it is no longer needed */
  folder(): Promise<{ path: string; release(): void }>;
};

const diskMigrations: MigrationSource = {
  journal: () => readJournal(),
  folder: async () => ({ path: defaultMigrationsFolder, release() {} }),
};

type Handler = (req: Request, server: Server<unknown>) => Promise<Response>;

/**
 * Requests that may be answered before the services run: reading pages and files (the first screen, the client's
 * files, uploaded pictures, the map style). They need the database and the app, not the job queue or the emulators;
 * a page's data that would need a service is left out of the page (http/boot-data.ts), and the client asks for it.
 */
function servedBeforeServices(req: Request, path: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  return !(path.startsWith("/api/") || path.startsWith("/trpc") || path.startsWith("/graphql") || path.startsWith("/dev/"));
}

/**
 * Waits for the first signal, then shuts down gracefully (lifecycle.ts); a second signal exits at once. Registered
 * before the listener opens (`server` is asked for when the signal comes): a SIGTERM that arrives as soon as the
 * port takes connections must find the handler.
 */
export function stopOnSignals(server: () => Server<unknown>, lifecycle: Lifecycle, running: Parameters<typeof shutdown>[2], logger: Logger, delayMs: number): void {
  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal (Ctrl-C again) does not wait for the drain.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info("shutting down", { signal });
    const ok = await shutdown(server(), lifecycle, running, SHUTDOWN_GRACE_MS, delayMs);
    process.exit(ok ? 0 : 1);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

export function serveStaged(
  cfg: Config,
  options: { assets: StaticAssets; migrations?: MigrationSource; extra?: Record<string, unknown> },
): Server<unknown> {
  const timing = new BootTiming();
  timing.mark("entry");
  const logger = createLogger(cfg.logLevel);
  const lifecycle = new Lifecycle();
  const headers = securityHeaders(cfg).app;
  const migrations = options.migrations ?? diskMigrations;

  // Raw SQL only until the app is imported: drizzle and the table definitions load after the listener is open.
  let migrated: Database | null = null;
  const database: Promise<RawDatabase> = (async () => {
    const opened = await openRawDatabase(cfg.database.kind === "postgres" ? cfg.database : { kind: "pglite", dataDir: cfg.database.dataDir });
    timing.mark("database");
    if (await migrationsPending(opened, await migrations.journal())) {
      const folder = await migrations.folder();
      try {
        migrated = await withDrizzle(opened);
        await runMigrations(migrated, folder.path);
      } finally {
        folder.release();
      }
      logger.info("migrations applied");
    }
    timing.mark("migrations");
    return opened;
  })();

  // Importing the app evaluates most of the server's modules and holds the event loop while it does: the
  // /api/health requests already waiting for the database are answered first.
  let healthInFlight = 0;
  let healthDone: (() => void) | null = null;
  const healthAnswered = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (healthInFlight > 0) await new Promise<void>((resolve) => (healthDone = resolve));
  };
  const app = database.then(async (raw) => {
    await healthAnswered();
    const [{ prepareDeps, startServices }, { createApp }, db] = await Promise.all([import("./boot"), import("./app"), migrated ?? withDrizzle(raw)]);
    timing.mark("modules");
    const { deps, firstStart } = await prepareDeps(cfg, db, { logger });
    const hono = createApp(deps, options.assets, lifecycle);
    const fetch: Handler = async (req, srv) => lifecycle.holdStream(await hono.fetch(req, { server: srv }));
    timing.mark("app");
    return { deps, fetch, firstStart, startServices };
  });
  const started = app.then(({ deps, startServices }) => startServices(deps, timing));
  // On a first start the seed (part of the services) gives the pages their data: they wait for it then.
  const pages = app.then((a) => (a.firstStart ? started.then(() => a) : a));
  pages.catch(() => {});

  let served: Handler | null = null;
  started.then(
    async () => {
      served = (await app).fetch;
      lifecycle.markReady();
      timing.mark("ready");
      // The single binary starts with JavaScriptCore's tier-up thresholds raised (scripts/build.ts
      // --compile-jit-policy): the start's run-once code stays in the interpreter instead of keeping the JIT busy.
      // From here on the usual policy (a no-op under `bun server/index.ts`).
      Bun.unsafe.setJITPolicy(1);
      logger.info("boot timing", { phases: timing.phases });
    },
    (error: unknown) => {
      logger.error("start failed", { error: String(error), stack: error instanceof Error ? error.stack : undefined });
      process.exit(1);
    },
  );

  const running: Starting = { logger, deps: app.then((a) => a.deps), started };
  stopOnSignals(() => server, lifecycle, running, logger, cfg.shutdownDelayMs);
  const server: Server<unknown> = Bun.serve({
    hostname: cfg.host,
    port: cfg.port,
    idleTimeout: IDLE_TIMEOUT_SECONDS,
    fetch: async (request, srv) => {
      const req = withAbsoluteUrl(request, cfg.publicUrl);
      if (served) return served(req, srv);
      const path = new URL(req.url).pathname;
      if (path === "/api/ready") {
        const reason = lifecycle.state === "draining" ? "draining" : "starting";
        return Response.json({ ready: false, reason }, { status: 503, headers: { ...headers, "Cache-Control": "no-store" } });
      }
      if (path === "/api/health") {
        healthInFlight++;
        try {
          return await earlyHealth(cfg, await database, headers);
        } finally {
          if (--healthInFlight === 0) healthDone?.();
        }
      }
      if (servedBeforeServices(req, path)) return (await pages).fetch(req, srv);
      await started;
      return (await app).fetch(req, srv);
    },
  });
  timing.mark("listening");
  logger.info("listening", { url: cfg.publicUrl, port: server.port, database: cfg.database.kind, ...options.extra });
  console.log(`\n  Kickrunde is running at ${cfg.publicUrl}\n`);
  return server;
}

/**
 * /api/health before the app is ready: liveness as the app answers it (app.ts), from the database directly. The
 * maintenance flag reads the console's open window as domains/admin/maintenance.ts does (uncached here).
 */
async function earlyHealth(cfg: Config, database: RawDatabase, headers: Record<string, string>): Promise<Response> {
  const [row] = await database.query<{ maintenance: boolean }>("select exists (select 1 from maintenance_windows where ended_at is null) as maintenance");
  return Response.json({ ok: true, database: database.kind, maintenance: cfg.maintenanceMode || row?.maintenance === true }, { headers });
}
