// The region feed benchmark (issues 3 and 11): `DATABASE_URL=postgres://… bun scripts/bench/feed.ts`.
//
// Loads 20,000 upcoming games across 20 regions into a fresh database beside DATABASE_URL, serves
// the real app (tRPC games.feed, its first page as the client asks for it) and a bare Hono +
// postgres.js route running the same SELECT, both compressing their answers the same way, loads
// both from a separate process with the same concurrency, and prints requests/s, p50 and p99 of
// each and their ratio, plus the SQL statements one feed request sends (to show there is no N+1).
// Prints, never asserts a speed: the ratio against a bare baseline in the same run is the result.
// See scripts/bench/README.md.
import { SESSION_COOKIE } from "@shared/constants";
import { FEED_PAGE_SIZE, gameFeedCursorOf, ZGameFeed } from "@shared/schemas/games";
import { drizzle } from "drizzle-orm/postgres-js";
import { Hono } from "hono";
import postgres from "postgres";
import { transformer } from "../../shared/transformer";
import { createApp } from "../../server/app";
import type { Deps } from "../../server/context";
import * as schema from "../../server/db/schema";
import { createSession } from "../../server/domains/auth/sessions";
import * as repo from "../../server/domains/games/repo";
import { compressAnswers } from "../../server/http/compression";
import { bootApp, flag, loadAverage, log, statsOf, type Stats } from "./lib/bench-run";
import { COURTS, seedFeedData as seed, USERS } from "./lib/feed-data";
import type { LoadPlan, LoadResult } from "./load";

/** issue 11's goal: the app serves at least this share of the bare route's requests per second */
const TARGET_RATIO = 0.8;
/** Issue 28's target for the same ratio, on a machine to itself (the ratio falls while other work loads the machine). */
const QUIET_TARGET_RATIO = 0.9;
/** what a browser sends: compressed answers, and the CSRF cookie it got with its first answer */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", cookie: `csrftoken=${"b".repeat(43)}` };


const seconds = flag("seconds", 8); // measured per route, split into alternating rounds
const concurrency = Math.round(flag("concurrency", 16));
const rounds = 4;
const warmupMs = 1500;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) {
  console.error(
    "scripts/bench/feed.ts needs a PostgreSQL server: set DATABASE_URL, e.g.\n" +
      "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun scripts/bench/feed.ts\n" +
      "It creates a database kr_bench_<random> beside that one and drops it at the end.",
  );
  process.exit(2);
}

const t0 = performance.now();
const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The database: created beside DATABASE_URL, dropped however the run ends.

const dbName = `kr_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const benchUrl = new URL(baseUrl);
benchUrl.pathname = `/${dbName}`;
const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
const cleanups: Array<() => Promise<unknown>> = [];
let dropped = false;
async function cleanUp() {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  if (!dropped) {
    dropped = true;
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch((e) => console.error(`could not drop ${dbName}: ${e}`));
  }
  await admin.end({ timeout: 2 }).catch(() => {});
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

// ---------------------------------------------------------------------------------------------

/** The first page as the client's useInfiniteQuery asks for it (client/src/features/games/feed-query.ts). */
const feedInput = (regionSlug: string) =>
  encodeURIComponent(JSON.stringify({ json: { regionSlug, courtId: null, filter: "all", direction: "forward" } }));

function describeStatement(text: string): string {
  if (/from "sessions"/.test(text)) return "session lookup";
  if (/from "games"/.test(text)) return "feed SELECT";
  if (/from "regions"/.test(text)) return "region lookup";
  return text.replace(/\s+/g, " ").slice(0, 60);
}

/** The bare route returns the same columns as plain objects; names follow the repo's listColumns. */
const BARE_COLUMNS = [
  "id", "title", "startTime", "endTime", "durationMinutes", "gameType", "level", "gender", "priceCents",
  "isManagedPayment", "minPlayers", "maxPlayers", "participantsAmount", "cancelledAt",
  "courtId", "courtName", "courtImageUrl", "courtAddress", "creatorId", "creatorFirstName", "creatorProfileImageUrl",
  "regionId", "regionSlug", "regionName",
  "forecastCourtId", "forecastHour", "forecastCode", "forecastTemperatureTenths", "forecastPrecipitationTenths",
  "forecastWindKmh", "forecastGustsKmh", "forecastFetchedAt",
];

function asObjects(rows: unknown[][]) {
  return rows.map((row) => Object.fromEntries(row.map((v, i) => [BARE_COLUMNS[i] ?? `c${i}`, v])));
}

/** The bare route's answer: the first page and the next page's cursor, as the app computes them. */
function bareAnswer(rows: unknown[][]) {
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > FEED_PAGE_SIZE && last ? gameFeedCursorOf({ id: Number(last[0]), startTime: new Date(last[2] as string) }) : null;
  return { games: asObjects(page) as { id: number }[], nextCursor };
}

async function main() {
  const pgVersion = (await admin.unsafe<{ v: string }[]>("select current_setting('server_version') v"))[0]!.v;
  await admin.unsafe(`create database ${dbName}`);
  log(`Kickrunde feed benchmark: database ${dbName} (PostgreSQL ${pgVersion}), bun ${Bun.version}, ${navigator.hardwareConcurrency} cores`);

  // The real app, booted as server/index.ts does it (migrations, job queue and its workers).
  const deps = await bootApp({ name: dbName, url: benchUrl.toString(), cleanups });
  log(`[${since()}] migrated and booted`);

  const bareSql = postgres(benchUrl.toString(), { max: 10, onnotice: () => {} });
  cleanups.push(() => bareSql.end({ timeout: 2 }));
  const counts = await seed(bareSql);
  log(`[${since()}] loaded ${counts.regions} regions, ${USERS} users, ${COURTS} courts, ${counts.games} games, ${counts.participations} participations`);
  const regionRows = await bareSql.unsafe<{ id: number; slug: string }[]>("select id, slug from regions order by id");
  const slugs = regionRows.map((r) => r.slug);

  // ---- Statements per request: the same app on a twin connection whose every statement is seen.
  // (A postgres.js debug hook on the measured pool would slow the measured route.)
  const seen: string[] = [];
  const seenParams: unknown[][] = [];
  const countingClient = postgres(benchUrl.toString(), {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, parameters) => {
      seen.push(query);
      seenParams.push(parameters);
    },
  });
  cleanups.push(() => countingClient.end({ timeout: 2 }));
  const countingDb = drizzle(countingClient, { schema });
  const fixedNow = new Date();
  const countingDeps: Deps = {
    ...deps,
    db: countingDb,
    database: { ...deps.database, db: countingDb, query: async (text, params = []) => [...(await countingClient.unsafe(text, params as never[]))] as never },
    clock: { now: () => new Date(fixedNow) },
  };
  const countingApp = createApp(countingDeps, null);
  // postgres.js reads the server's array types once per connection: not part of a request
  await (await countingApp.fetch(new Request(`http://127.0.0.1/trpc/games.feed?input=${feedInput(slugs[0]!)}`))).arrayBuffer();
  const perRequest: number[] = [];
  let anonymousStatements: string[] = [];
  let feedSql = "";
  let feedParams: unknown[] = [];
  for (const slug of slugs) {
    seen.length = 0;
    seenParams.length = 0;
    const res = await countingApp.fetch(new Request(`http://127.0.0.1/trpc/games.feed?input=${feedInput(slug)}`));
    if (res.status !== 200) throw new Error(`games.feed answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    perRequest.push(seen.length);
    if (!feedSql) {
      anonymousStatements = seen.map(describeStatement);
      const i = seen.findIndex((q) => /from "games"/.test(q));
      if (i < 0) throw new Error("no feed SELECT seen in a games.feed request");
      feedSql = seen[i]!;
      feedParams = [...seenParams[i]!];
    }
  }
  const user = (await bareSql.unsafe<{ id: number }[]>("select id from users order by id limit 1"))[0]!;
  const session = await createSession(countingDeps, user.id, "bench");
  seen.length = 0;
  const signedIn = await countingApp.fetch(
    new Request(`http://127.0.0.1/trpc/games.feed?input=${feedInput(slugs[0]!)}`, { headers: { cookie: `${SESSION_COOKIE}=${session.token}` } }),
  );
  if (signedIn.status !== 200) throw new Error(`signed-in games.feed answered ${signedIn.status}`);
  await signedIn.arrayBuffer();
  const signedInStatements = seen.map(describeStatement);

  // ---- The bare route: the feed SELECT exactly as drizzle sent it, with its region slug swapped in
  // and its times ("now" and the look-back bound) moved on to the request's time, answering the
  // first page and the next page's cursor as plain JSON, compressed as the app does.
  const firstRegionId = regionRows[0]!.id;
  const indexOf = (match: (p: unknown) => boolean, what: string) => {
    const hits = feedParams.flatMap((p, i) => (match(p) ? [i] : []));
    if (hits.length !== 1) throw new Error(`cannot find the ${what} parameter of the feed SELECT among ${JSON.stringify(feedParams)}`);
    return hits[0]!;
  };
  const regionParam = indexOf((p) => p === slugs[0], "region slug");
  indexOf((p) => String(p) === fixedNow.toISOString(), "now");
  const timeParams = feedParams.flatMap((p, i) => (typeof p === "string" && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(p) ? [i] : []));
  const paramsFor = (slug: string) => {
    const params = [...feedParams];
    params[regionParam] = slug;
    const shift = Date.now() - fixedNow.getTime();
    for (const i of timeParams) params[i] = new Date(new Date(feedParams[i] as string).getTime() + shift).toISOString();
    return params as never[];
  };
  const bare = new Hono();
  bare.use("*", compressAnswers());
  // Prepared on the server, as drizzle's prepared query in repo.feed is: PostgreSQL plans it once per connection.
  const bareSelectOf = (slug: string) => bareSql.unsafe(feedSql, paramsFor(slug), { prepare: true }).values();
  bare.get("/feed/:slug", async (c) => c.json(bareAnswer(await bareSelectOf(c.req.param("slug")))));

  const realApp = createApp(deps, null);
  const realServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => realApp.fetch(req, { server: srv }) });
  const bareServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: bare.fetch });
  cleanups.push(async () => realServer.stop(true), async () => bareServer.stop(true));
  const realUrls = slugs.map((s) => `http://127.0.0.1:${realServer.port}/trpc/games.feed?input=${feedInput(s)}`);
  const bareUrls = slugs.map((s) => `http://127.0.0.1:${bareServer.port}/feed/${s}`);

  // Same answer from both: the same games in the same order.
  const realBody = (await (await fetch(realUrls[0]!, { headers: BROWSER_HEADERS })).json()) as {
    result: { data: { json: { games: { id: number }[]; nextCursor: string | null } } };
  };
  const bareBody = (await (await fetch(bareUrls[0]!, { headers: BROWSER_HEADERS })).json()) as ReturnType<typeof bareAnswer>;
  const realIds = realBody.result.data.json.games.map((g) => g.id).join(",");
  const bareIds = bareBody.games.map((g) => g.id).join(",");
  if (realIds !== bareIds || realBody.result.data.json.nextCursor !== bareBody.nextCursor) {
    throw new Error("the app and the bare route answer different games; the comparison would be meaningless");
  }
  const gamesPerResponse = bareBody.games.length;
  // Bytes of one answer: the JSON, and what travels compressed (the headers the load sends).
  const wire = async (url: string) => {
    const res = await fetch(url, { headers: BROWSER_HEADERS, decompress: false } as RequestInit);
    return { bytes: (await res.arrayBuffer()).byteLength, encoding: res.headers.get("content-encoding") ?? "identity" };
  };
  const jsonBytes = async (url: string) => (await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer()).byteLength;
  const sizes = { app: { json: await jsonBytes(realUrls[0]!), ...(await wire(realUrls[0]!)) }, bare: { json: await jsonBytes(bareUrls[0]!), ...(await wire(bareUrls[0]!)) } };

  // ---- Where one answer's time goes: each step serial and in-process (context for the ratio).
  const regionAt = (i: number) => regionRows[i % regionRows.length]!;
  const bareSelect = (i: number) => bareSelectOf(regionAt(i).slug);
  const appFeed = (i: number) =>
    repo.feed(deps.db, { regionSlug: regionAt(i).slug, now: new Date(), courtId: null, filter: "all", userId: null, limit: FEED_PAGE_SIZE });
  const firstPage = await appFeed(0);
  const sampleAnswer = {
    region: { id: firstRegionId, slug: slugs[0]!, name: "Bench City 1" },
    games: firstPage.games,
    nextCursor: firstPage.more ? gameFeedCursorOf(firstPage.games.at(-1)!) : null,
  };
  const validated = ZGameFeed.parse(sampleAnswer);
  const serialized = transformer.serialize(validated);
  const bareRows = await bareSelect(0);
  if (bareRows[0] && bareRows[0].length !== BARE_COLUMNS.length) {
    log(`note: the feed SELECT now has ${bareRows[0].length} columns, BARE_COLUMNS names ${BARE_COLUMNS.length}; update it so both answers carry the same keys`);
  }
  const bareSample = bareAnswer(bareRows);
  const mean = async (fn: (i: number) => unknown, runs = 30) => {
    for (let i = 0; i < 5; i++) await fn(i);
    const start = performance.now();
    for (let i = 0; i < runs; i++) await fn(i);
    return (performance.now() - start) / runs;
  };
  const breakdown: Array<[string, number]> = [
    ["app: repo.feed (the SELECT via drizzle, rows mapped)", await mean(appFeed)],
    ["app: output validation (ZGameFeed.parse)", await mean(() => ZGameFeed.parse(sampleAnswer))],
    ["app: transformer.serialize", await mean(() => transformer.serialize(validated))],
    ["app: JSON.stringify of the serialized answer", await mean(() => JSON.stringify(serialized))],
    ["app: whole request through app.fetch", await mean(async (i) => (await realApp.fetch(new Request(realUrls[i % realUrls.length]!))).arrayBuffer())],
    ["bare: the SELECT on postgres.js", await mean(bareSelect)],
    ["bare: JSON.stringify of the answer", await mean(() => JSON.stringify(bareSample))],
    ["bare: whole request through app.fetch", await mean(async (i) => (await bare.fetch(new Request(bareUrls[i % bareUrls.length]!))).arrayBuffer())],
  ];
  log(`[${since()}] servers up on :${realServer.port} (app) and :${bareServer.port} (bare); loading with ${concurrency} concurrent requests`);

  // ---- Load: warm both up, then alternate which goes first so neither always runs on a warmer machine.
  const roundMs = (seconds * 1000) / rounds;
  const phases: LoadPlan["phases"] = [
    { target: "app", urls: realUrls, ms: warmupMs, record: false },
    { target: "bare", urls: bareUrls, ms: warmupMs, record: false },
  ];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ["bare", "app"] : ["app", "bare"];
    for (const target of order) phases.push({ target, urls: target === "app" ? realUrls : bareUrls, ms: roundMs, record: true });
  }
  const plan: LoadPlan = { concurrency, phases, headers: BROWSER_HEADERS };
  const planMs = phases.reduce((sum, p) => sum + p.ms, 0);
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/load.ts`, JSON.stringify(plan)], { stdout: "pipe", stderr: "inherit" });
  const killer = setTimeout(() => child.kill(), planMs + 30_000);
  const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  clearTimeout(killer);
  if (exitCode !== 0) throw new Error(`the load generator exited with ${exitCode}`);
  const result = JSON.parse(output) as LoadResult;
  const app = statsOf(result.app!);
  const base = statsOf(result.bare!);

  // ---- Report
  const ratio = app.rps / base.rps;
  const p99Ratio = app.p99 / base.p99;
  const n = (v: number, d = 1) => v.toFixed(d);
  const row = (name: string, s: Stats) =>
    `${name.padEnd(40)}${n(s.rps).padStart(9)}${n(s.p50, 2).padStart(10)}${n(s.p99, 2).padStart(10)}${n(s.kbPerResponse).padStart(10)}${String(s.requests).padStart(10)}${String(s.errors).padStart(8)}`;
  log("");
  log(`${counts.games} upcoming games in ${counts.regions} regions; each request asks for a region's first feed page (${gamesPerResponse} games), cycling over all regions`);
  log(
    `one answer: app ${n(sizes.app.json / 1024)} KB JSON, ${n(sizes.app.bytes / 1024)} KB sent (${sizes.app.encoding}); ` +
      `bare ${n(sizes.bare.json / 1024)} KB JSON, ${n(sizes.bare.bytes / 1024)} KB sent (${sizes.bare.encoding})`,
  );
  log(`${concurrency} concurrent requests, ${n(seconds, 0)} s measured per route in ${rounds} alternating rounds after ${warmupMs / 1000} s warm-up each`);
  log("");
  log(`${"route".padEnd(40)}${"req/s".padStart(9)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"KB JSON".padStart(10)}${"requests".padStart(10)}${"errors".padStart(8)}`);
  log(row("bare: Hono + postgres.js, same SELECT", base));
  log(row("app: tRPC games.feed (GET /trpc)", app));
  log(`${"app / bare".padEnd(40)}${n(ratio, 2).padStart(9)}${n(app.p50 / base.p50, 2).padStart(10)}${n(p99Ratio, 2).padStart(10)}`);
  log("");
  log(`throughput: the app serves ${n(ratio * 100, 0)} % of the bare route's requests/s (target at least ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? "met" : "NOT met"})`);
  log(
    `issue 28's target on a quiet machine, at least ${QUIET_TARGET_RATIO * 100} %: ${ratio >= QUIET_TARGET_RATIO ? "met" : "NOT met"} (load average at the end ${loadAverage()}; judge it only below 1 per core)`,
  );
  log(`p99: the app's is ${n(p99Ratio, 2)} x the bare route's`);
  log("");
  log(`where one answer's time goes (serial, in-process, mean ms; ${gamesPerResponse} games):`);
  for (const [label, ms] of breakdown) log(`  ${label.padEnd(56)}${n(ms, 2).padStart(7)}`);
  log("");
  const constant = perRequest.every((c) => c === perRequest[0]);
  log(`SQL statements per games.feed request (postgres.js debug hook on a twin connection, one request per region):`);
  log(`  anonymous: ${constant ? perRequest[0] : `${Math.min(...perRequest)}-${Math.max(...perRequest)}`} (${anonymousStatements.join(", ")})`);
  log(`  signed in: ${signedInStatements.length} (${signedInStatements.join(", ")})`);
  log(
    constant && perRequest[0]! <= 3
      ? `  the same count for every region with ${gamesPerResponse} games per answer: no N+1`
      : `  the count varies or exceeds 3: look for an N+1`,
  );

  if (app.errors || base.errors) {
    throw new Error(`failed requests: app ${app.errors} (${app.firstError ?? "-"}), bare ${base.errors} (${base.firstError ?? "-"})`);
  }
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await cleanUp();
  log(`[${since()}] database ${dbName} dropped`);
}
process.exit(exitCode);
