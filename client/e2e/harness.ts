/**
 * End-to-end harness and fixture: the real server (`bun server/index.ts`) on a free port with a fresh
 * database and the demo seed, serving the built client, driven by Debian Chromium; plus what every
 * test file shares: the per-test time limit, tRPC calls and sign-in through the API, screenshots.
 * The test runner builds the client first; the harness builds it only when client/dist is missing.
 */
import { afterAll, beforeAll, test as bunTest } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { AppErrorData } from "@shared/errors";
import type { TAuthResult } from "@shared/schemas/auth";
import { berlinDay } from "@shared/rules/berlin-time";
import { transformer } from "@shared/transformer";
import { eventually as pollUntil, type EventuallyOptions } from "../../server/testing/eventually";
import { testServerPort } from "../../server/testing/ports";
import { openDatabase } from "../../server/db/client";
import { defaultMigrationsFolder, runMigrations } from "../../server/db/migrate";

export const ROOT = resolve(import.meta.dir, "../..");
export const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
/**
 * Screenshots are for people to look at: a CI run (CI set and no SHOTS_DIR) keeps none, so it takes none. The suite's
 * ~600 shots cost about 40 s of CPU on a quiet machine (43 ms a screen, 140 ms more for a whole page), twice that on
 * CI's two busy cores. Set SHOTS_DIR to take them in CI too.
 */
const TAKES_SHOTS = !process.env.CI || process.env.SHOTS_DIR !== undefined;
export const DEMO_PASSWORD = "kickrunde";
export const VIEWPORT = { width: 390, height: 844 };
/** The time limit of every end-to-end test (bun's per-test timeout), long enough for the slowest flow. */
export const E2E_TIMEOUT = 120_000;

/** How long a Playwright action or wait may take at most: twice Playwright's default on CI's busy machine. */
const ACTION_TIMEOUT = process.env.CI ? 60_000 : 30_000;

/** The bun running the tests, so the harness works without bun on PATH. */
const BUN = process.execPath;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type Harness = {
  baseUrl: string;
  /** The test file's own PostgreSQL database (null on embedded PGlite), for a test that must move its data in time. */
  databaseUrl: string | null;
  browser: Browser;
  /** A fresh browser profile (cookies, localStorage) at 390x844. */
  newContext(options?: { locale?: string; userAgent?: string }): Promise<BrowserContext>;
  /** Server output so far, for failure messages. */
  serverLog(): string;
  stop(): Promise<void>;
};

export type HarnessOptions = {
  /** More environment for the server (e.g. a short PAYMENT_RESERVATION_SECONDS). */
  env?: Record<string, string>;
};

/**
 * The built client the e2e servers serve: client/dist, or E2E_CLIENT_DIST (an absolute path) so that
 * several people can build and test different working states side by side.
 */
const CLIENT_DIST_DIR = process.env.E2E_CLIENT_DIST ?? join(ROOT, "client/dist");

async function ensureClientBuilt(): Promise<void> {
  if (existsSync(join(CLIENT_DIST_DIR, "index.html"))) return;
  const build = Bun.spawn([BUN, "x", "vite", "build", "--config", "client/vite.config.ts", "--outDir", CLIENT_DIST_DIR, "--emptyOutDir"], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) throw new Error("client build failed");
}

/**
 * The migrated, empty database every e2e database is copied from (`create database … template`): one per state of
 * migrations/ (its name carries a hash of the folder), made once under an advisory lock, so two test processes never
 * make it twice, and kept for later runs. A copy takes a quarter of a second where migrating took one (48 files).
 */
let template: Promise<string> | undefined;
async function migratedTemplate(admin: postgres.Sql, base: string): Promise<string> {
  const hash = new Bun.CryptoHasher("sha256");
  for (const file of [...new Bun.Glob("**/*").scanSync({ cwd: defaultMigrationsFolder, onlyFiles: true })].sort()) {
    hash.update(file);
    hash.update(await Bun.file(join(defaultMigrationsFolder, file)).arrayBuffer());
  }
  const name = `kr_e2e_tpl_${hash.digest("hex").slice(0, 16)}`;
  await admin`select pg_advisory_lock(hashtext('kickrunde-e2e-template'))`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    const building = `${name}_building`;
    await admin.unsafe(`drop database if exists ${building} with (force)`);
    await admin.unsafe(`create database ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    const database = await openDatabase({ kind: "postgres", url: url.toString(), max: 1 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    // renamed only when complete: a run stopped halfway leaves a "_building" copy nobody uses
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext('kickrunde-e2e-template'))`;
  }
}

/** A fresh PostgreSQL database beside DATABASE_URL's (a copy of the migrated template), or null for embedded PGlite. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `kr_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  template ??= migratedTemplate(admin, base);
  await admin.unsafe(`create database ${name} template ${await template}`);
  // A throwaway database: commits need not wait for the disk (a PostgreSQL crash may lose the last ones, which a
  // test database can afford; everything else stays as in production). Makes the suite several times faster.
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs `run` on a connection to the test file's own PostgreSQL database (for a test that must read or move its data). */
export async function withDatabase<T>(h: Harness, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Polls a fact until it holds: a `page.evaluate`, a locator's count or text, a `trpcCall`, the mail catcher
 * (server/testing/eventually.ts, here with 20 s and every 100 ms by default). What a page shows is waited for
 * with Playwright's own waiting locators (`waitFor`, `click`); this is for what they cannot express. Never
 * `page.waitForFunction` with an async function: it takes the returned promise as true at once.
 */
export function eventually<T>(check: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<Exclude<T, false>> {
  return pollUntil(check, { timeoutMs: 20_000, intervalMs: 100, ...options });
}

/** Waits until the server answers its health check ("healthy") or exits first ("exited"). */
async function waitForHealth(baseUrl: string, server: Bun.Subprocess, log: () => string): Promise<"healthy" | "exited"> {
  // a fetch that throws means not listening yet
  return eventually(async () => (server.exitCode !== null ? ("exited" as const) : (await fetch(`${baseUrl}/api/ready`)).status === 200 && ("healthy" as const)), {
    what: "the server healthy",
    timeoutMs: 90_000,
  }).catch((error: Error) => {
    server.kill();
    throw new Error(`${error.message}:\n${log()}`);
  });
}

async function collect(stream: ReadableStream<Uint8Array>, sink: string[]): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) sink.push(decoder.decode(chunk));
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  await ensureClientBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), "kickrunde-e2e-"));
  const pg = await freshPostgres();
  const output: string[] = [];
  const serverLog = () => output.join("").slice(-4000);

  /** The server on a port of this test process's range (server/testing/ports.ts); null when it exited before answering. */
  const launch = async (port: number) => {
    const server = Bun.spawn([BUN, "server/index.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SEED: "demo",
        LOG_LEVEL: "warn",
        // argon2id at the test cost: the suite signs in hundreds of times (server/lib/password.ts)
        PASSWORD_HASH_COST: "test",
        CLIENT_DIST: CLIENT_DIST_DIR,
        DATABASE_URL: pg?.url ?? "",
        // The notification tests stand in for the browser's push service with endpoints on this very
        // server (FAKE_PUSH_SERVICE): allow exactly this host and port, through the test-only escape hatch.
        WEB_PUSH_HOSTS: `127.0.0.1:${port}`,
        WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "true",
        ...options.env,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    void collect(server.stdout, output);
    void collect(server.stderr, output);
    const state = await waitForHealth(`http://127.0.0.1:${port}`, server, serverLog);
    return state === "healthy" ? server : null;
  };

  let server: Bun.Subprocess | null = null;
  let port = 0;
  let browser: Browser | null = null;
  try {
    // A port can still be taken between the probe and the server's listen: start again on another, three times at most
    // (the database is migrated and seeded by then; a second start finds it so and goes on).
    for (let attempt = 1; !server; attempt++) {
      port = testServerPort();
      server = await launch(port);
      if (!server && attempt === 3) throw new Error(`the server exited before it answered (3 ports tried):\n${serverLog()}`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    server?.kill();
    await server?.exited;
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = server;
  const launched = browser;
  // What the browser refused under the server's Content-Security-Policy (issue 23 item 10): the file fails at its end.
  const cspViolations: string[] = [];
  const hydrationProblems: string[] = [];

  return {
    baseUrl,
    databaseUrl: pg?.url ?? null,
    browser: launched,
    serverLog,
    newContext: async (options = {}) => {
      const locale = options.locale ?? "de-DE";
      const context = await launched.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale, userAgent: options.userAgent, timezoneId: "Europe/Berlin" });
      // Chromium's language emulation can lag behind a new document: under load, a native navigation (a link tapped
      // before the app was ready) ran the app while navigator.languages was not yet the context's, and the app chose and
      // stored English in a German context (CI of stop 36 and of this change; reproduced once in 5 locally). Every
      // document of the context reads the context's language from its first script on, as a real browser's is.
      await context.addInitScript((language: string) => {
        const languages = Object.freeze([language]);
        Object.defineProperty(Navigator.prototype, "languages", { configurable: true, get: () => languages });
        Object.defineProperty(Navigator.prototype, "language", { configurable: true, get: () => language });
      }, locale);
      // CI's two busy cores can stall a page for longer than Playwright's default 30 s (a wait still ends on its fact)
      context.setDefaultTimeout(ACTION_TIMEOUT);
      watchForFailure(context);
      context.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
        // server/http/first-screen.ts: the page the server drew must hydrate as it is (main.tsx logs a mismatch)
        if (/did not hydrate|Minified React error #4(18|19|23|25)|Hydration failed|hydrated but some attributes/i.test(message.text())) {
          hydrationProblems.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
        }
      });
      return context;
    },
    async stop() {
      if (cspViolations.length > 0 || hydrationProblems.length > 0) {
        await launched.close().catch(() => {});
        running.kill();
        await running.exited;
        await pg?.drop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
        if (hydrationProblems.length > 0) throw new Error(`a first screen drawn by the server did not hydrate:\n${[...new Set(hydrationProblems)].join("\n")}`);
        throw new Error(`the browser refused something under the Content-Security-Policy:\n${[...new Set(cspViolations)].join("\n")}`);
      }
      await launched.close().catch(() => {});
      running.kill();
      await running.exited;
      await pg?.drop().catch((error) => console.warn("could not drop e2e database", error));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Saves what the phone shows to /tmp/shots/<name>.png (not committed; for looking at).
 * `full` also captures the whole page (sticky bars then sit where the viewport was).
 */
export async function shot(page: Page, name: string, options: { full?: boolean } = {}): Promise<void> {
  if (!TAKES_SHOTS) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), animations: "disabled", caret: "hide" });
  if (options.full) {
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-full.png`), fullPage: true, animations: "disabled", caret: "hide" });
  }
}

/** Where a page was, whether the app had started, what the screen said and whether a dialog was open; never throws. */
async function pageFacts(page: Page): Promise<Record<string, unknown>> {
  const facts = page.evaluate(() => ({
    url: location.href,
    committed: document.documentElement.hasAttribute("data-app-committed"),
    lang: document.documentElement.lang,
    dialog: document.querySelector("dialog[open]")?.getAttribute("aria-label") ?? (document.querySelector("dialog[open]") ? "(open, unnamed)" : null),
    screen: (document.querySelector("main") ?? document.body).innerText.replace(/\s+/g, " ").slice(0, 800),
    // this document's own requests that got no answer (failed, cancelled) or answered 5xx/429, the last 8
    troubles: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).origin === location.origin && (entry.responseStatus === 0 || entry.responseStatus === 429 || entry.responseStatus >= 500))
      .slice(-8)
      .map((entry) => `+${Math.round(entry.startTime)} ms ${entry.name.slice(0, 160)} ${entry.responseStatus === 0 ? "no answer" : `answered ${entry.responseStatus}`}`),
    // the document's last 10 API calls, whatever they answered: which call was made (or not) after a step
    calls: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).origin === location.origin && new URL(entry.name).pathname.startsWith("/trpc/"))
      .slice(-10)
      .map((entry) => `+${Math.round(entry.startTime)} ms ${new URL(entry.name).pathname.slice(6, 90)} ${entry.responseStatus || "no answer"}`),
  }));
  const tooLong = new Promise<Record<string, unknown>>((resolve) => setTimeout(() => resolve({ unreadable: "no answer within 5 s" }), 5_000));
  return Promise.race([facts.catch((reason: Error) => ({ unreadable: reason.message })), tooLong]);
}

/**
 * Runs steps of a journey; when one fails, its error also says where the page was, whether the app had started and
 * what the screen said (CI keeps no screenshots, so a rare failure is otherwise a bare "waitFor: Timeout").
 */
export async function explained<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    const facts = await pageFacts(page);
    if (error instanceof Error) error.message = `${error.message}\nthe page then: ${JSON.stringify(facts)}`;
    throw error;
  }
}

/**
 * The browser contexts of the harness still open. What their requests did comes from each page's own resource timing
 * when a test fails (pageFacts), not from Playwright's network events: listening to those on every context made
 * Playwright report every request of every page to the test process, and a CI run of 2026-12-01 failed inside that
 * reporting ("Object with guid request@… was not bound in the connection", in a test that had not failed).
 */
const openContexts = new Set<BrowserContext>();

function watchForFailure(context: BrowserContext): void {
  openContexts.add(context);
  context.on("close", () => openContexts.delete(context));
}

/**
 * bun's `test`, whose failure also says what every page the test opened showed then and which of its requests failed
 * (a rare CI failure is otherwise a bare "Timeout 30000ms exceeded", and CI keeps no screenshots). The e2e files take
 * `test` from here.
 */
export function test(name: string, fn: () => Promise<void>, timeout?: number): void {
  bunTest(
    name,
    async () => {
      const before = new Set(openContexts);
      try {
        await fn();
      } catch (error) {
        const mine = [...openContexts].filter((context) => !before.has(context));
        const lines: string[] = [];
        for (const [index, context] of mine.entries()) {
          for (const page of context.pages()) {
            const { url, committed, lang, dialog, screen, troubles, calls, unreadable } = await pageFacts(page);
            lines.push(
              unreadable
                ? `[${index + 1}] unreadable: ${String(unreadable)}`
                : `[${index + 1}] ${String(url)} (${committed ? "app started" : "app NOT started"}, ${String(lang)}${dialog ? `, dialog "${String(dialog)}"` : ""}): ${String(screen).slice(0, 170)}`,
            );
            if (Array.isArray(troubles) && troubles.length > 0) lines.push(`[${index + 1}] requests without an answer or answered 5xx/429: ${troubles.join(" | ")}`);
            if (Array.isArray(calls) && calls.length > 0) lines.push(`[${index + 1}] its last API calls: ${calls.join(" | ")}`);
          }
        }
        if (error instanceof Error && lines.length > 0) {
          // right after the first line: the CI summary keeps a failure's first 12 lines
          const [first, ...rest] = error.message.split("\n");
          error.message = [first, "the open pages then:", ...lines, ...rest].join("\n");
        }
        throw error;
      }
    },
    timeout,
  );
}

/**
 * Holds back every request of the page whose URL matches (the app's code, a chunk), or only the first `count` of them,
 * until the returned release is called: the page stands as it was without them, for a tap or a check in that moment.
 */
export async function holdRequests(page: Page, url: RegExp, count = Infinity): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(url, async (route) => {
    if (seen++ < count) await held;
    await route.continue();
  });
  return release;
}

/**
 * Serves the app's pages without the first screen's data the server puts into them (shared/boot-data.ts),
 * as when it could not compute it: the screen then asks for its data itself, so a test can make those
 * calls fail or page them.
 */
export async function withoutBootData(page: Page): Promise<void> {
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    // without the data, and without the first screen the server drew from it (server/http/first-screen.ts)
    const body = (await response.text())
      .replace(/<script id="kr-boot"[\s\S]*?<\/script>/, "")
      .replace(/<div id="root"[^>]*>[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^(content-encoding|content-length)$/i.test(name)));
    await route.fulfill({ response, body, headers });
  });
}

/**
 * Types `search` into the court picker's search and waits until the list shows that search's results and loads
 * nothing: until then the region's list is replaced under the finger, and a tap meant for a row lands on another.
 */
export async function searchCourt(page: Page, search: string): Promise<void> {
  await page.getByLabel(/^(Platz suchen|Search courts)$/).fill(search);
  await page.locator(`[data-testid="court-picker-results"][data-search="${search}"][aria-busy="false"]`).waitFor();
}

/** `days` from today (in Berlin) at `utcHour`:00 UTC. */
export function daysAhead(days: number, utcHour: number): Date {
  // Counted from today in Berlin, as the demo seed counts its days: between midnight in Berlin and midnight in
  // UTC the two calendars differ by a day, and a slot counted in UTC days would land on another demo game.
  const [y, m, d] = berlinDay(new Date()).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days, utcHour));
}

/**
 * A Berlin game created through the API by `organiser` (a demo e-mail, signed in for it, or a
 * signed-in context) at `start`, on the first court free then; `input` sets createGame's other
 * fields (the server fills in the rest as it does for the form).
 */
export async function createBerlinGame(h: Harness, organiser: string | BrowserContext, start: Date, input: Record<string, unknown> = {}): Promise<number> {
  const context = typeof organiser === "string" ? await h.newContext() : organiser;
  if (typeof organiser === "string") await signIn(context, organiser);
  try {
    const courts = await trpcCall<{ id: number }[]>(context, "query", "courts.search", { regionSlug: "berlin" });
    for (const court of courts) {
      const created = await trpcCall<{ id: number }>(context, "mutation", "games.create", {
        description: "Testrunde",
        startTime: start,
        courtId: court.id,
        minPlayers: 2,
        maxPlayers: 12,
        ...input,
      }).catch((error: { app?: { code?: string } }) => {
        if (error.app?.code === "SAME_COURT_WITHIN_HOUR") return null;
        throw error;
      });
      if (created) return created.id;
    }
    throw new Error("no Berlin court free");
  } finally {
    if (typeof organiser === "string") await context.close();
  }
}

/**
 * A published Berlin tournament of orga@kickrunde.de (whose payment account takes charges), through the API: 8 teams of
 * 5 (10 players each), 10 € per player, ten days ahead; `change` overrides any of these. The organiser's signed-in
 * context comes back for the calls only they may make (close it when done).
 */
export async function publishedTournament(h: Harness, name: string, change: Record<string, unknown> = {}): Promise<{ id: number; organiser: BrowserContext }> {
  const organiser = await h.newContext();
  await signIn(organiser, "orga@kickrunde.de");
  const created = await trpcCall<{ id: number }>(organiser, "mutation", "tournaments.create", {
    name,
    description: "Kleinfeldturnier im Kiez.",
    startTime: daysAhead(10, 9),
    endTime: daysAhead(10, 17),
    locationName: "Sportpark Nord, Halle 2",
    maxTeams: 8,
    gameMode: 5,
    maxPlayers: 10,
    participationPriceCents: 1000,
    pricePerPlayer: true,
    business: false,
    ...change,
  });
  await trpcCall(organiser, "mutation", "tournaments.publish", { tournamentId: created.id });
  return { id: created.id, organiser };
}

/**
 * The newest link to `path` in a mail to `to` with `subject`, from the dev mail catcher. Mails are
 * jobs, so the page is reloaded until it arrives.
 */
export async function linkFromMail(page: Page, to: string, subject: string, path: string): Promise<string> {
  return eventually(
    async () => {
      await page.goto("/dev/mails");
      // the newest such mail that links to `path`: another mail with the same subject to the same person (the weather
      // warning of another of their games, found by the same job run) may be newer
      const link = page.locator("article").filter({ hasText: subject }).filter({ hasText: to }).locator(`a[href*="${path}"]`).first();
      return (await link.count()) > 0 && ((await link.getAttribute("href")) ?? false);
    },
    { what: `a mail "${subject}" to ${to} with a link to ${path}` },
  );
}

/** A unique address for a registration test. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Starts the harness before a test file's tests and stops it after. The returned object forwards to
 * the started harness, so tests read `h.baseUrl` etc. as usual.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness(options);
  }, 180_000);
  afterAll(async () => {
    await current?.stop();
  });
  return new Proxy({} as Harness, {
    get: (_target, key) => {
      if (!current) throw new Error("the harness has not started yet");
      return current[key as keyof Harness];
    },
  });
}

/** A refused tRPC call: the HTTP status and the app's error (shared/errors.ts), e.g. `app.code === "INVALID_CREDENTIALS"`. */
export class TrpcCallError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly app: AppErrorData | undefined,
  ) {
    super(`${path} answered ${status} ${app?.code ?? "(no app error)"}${app?.fields ? ` ${JSON.stringify(app.fields)}` : ""}`);
    this.name = "TrpcCallError";
  }
}

/** The tRPC procedures a request to this URL carries (a batch names several, comma-separated). */
export function proceduresOf(url: string | URL): string[] {
  const { pathname } = typeof url === "string" ? new URL(url) : url;
  return pathname.startsWith("/trpc/") ? pathname.slice("/trpc/".length).split(",") : [];
}

/**
 * A tRPC call with the cookies of the page's browser context (Playwright's `request` shares its cookie
 * jar, so a session set here is the browser's session too), the CSRF header for mutations, and the
 * app's transformer: Dates go and come back as Dates. Refusals throw `TrpcCallError`.
 */
export async function trpcCall<T>(target: Page | BrowserContext, kind: "query" | "mutation", path: string, input?: unknown): Promise<T> {
  const request = target.request;
  const payload = JSON.stringify(transformer.serialize(input));
  let response;
  if (kind === "query") {
    response = await request.get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(payload)}`}`);
  } else {
    const { token } = (await (await request.get("/api/csrf")).json()) as { token: string };
    response = await request.post(`/trpc/${path}`, { headers: { "content-type": "application/json", "X-CSRFToken": token }, data: payload });
  }
  const body = (await response.json()) as { result?: { data: unknown }; error?: unknown };
  if (!body.result) {
    const error = transformer.deserialize(body.error) as { data?: { app?: AppErrorData } } | undefined;
    throw new TrpcCallError(path, response.status(), error?.data?.app);
  }
  return transformer.deserialize(body.result.data) as T;
}

/**
 * Signs in through the API (`auth.login`), which sets the session cookie in the browser context, so the
 * next page load is signed in. For every test whose subject is not the sign-in screen; the screen itself
 * is tested with `fillSignInForm`. A wrong password throws `TrpcCallError` with `INVALID_CREDENTIALS`.
 */
export async function signIn(target: Page | BrowserContext, email: string, password = DEMO_PASSWORD): Promise<TAuthResult> {
  return trpcCall<TAuthResult>(target, "mutation", "auth.login", { email, password });
}

/** Fills and submits the sign-in form the page shows (only where the sign-in screen is under test). */
export async function fillSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}
