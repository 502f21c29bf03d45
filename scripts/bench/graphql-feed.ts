// The wrapper's feed benchmark (issue 28): `DATABASE_URL=postgres://… bun scripts/bench/graphql-feed.ts`.
//
// On feed.ts's data set (20,000 upcoming games in 20 regions, lib/feed-data.ts) the real app serves, in the same
// process, the native wrapper's GraphQL `searchGames` (its documented arguments and answer fields, spec 000
// section 7, server/graphql/documented-operations.ts) and the web client's tRPC `games.feed` (its first page);
// both are loaded from a separate process with the same concurrency and the same browser headers. Prints
// requests/s, p50 and p99 of each, the ratio GraphQL / tRPC and the verdict on issue 28's target (≥ 70 %).
// See scripts/bench/README.md.
import { FEED_PAGE_SIZE } from "@shared/schemas/games";
import postgres from "postgres";
import { createApp } from "../../server/app";
import * as repo from "../../server/domains/games/repo";
import { REGIONS, seedFeedData, WEEKS } from "./lib/feed-data";
import { bootApp, flag, log, runBench, runLoad, since, statsOf, type Stats } from "./lib/bench-run";
import type { LoadPhase } from "./load";

/** issue 28: the GraphQL feed serves at least this share of the tRPC feed's requests per second */
const TARGET_RATIO = 0.7;
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", cookie: `csrftoken=${"b".repeat(43)}`, "content-type": "application/json" };
/** The answer fields the wrapper asks for (documented-operations.ts GAME_LIST). */
const SEARCH_QUERY = `query searchGames($longitude: Float!, $latitude: Float!, $startTime: DateTime, $distance: Float) {
  searchGames(longitude: $longitude, latitude: $latitude, startTime: $startTime, distance: $distance) {
    id startTime endTime cancelledAt participantsAmount title gameType level gender price duration minPlayers maxPlayers
    isManagedPayment creator { id firstName profileImageUrl } court { id name imageUrl } locationName name
  }
}`;

/** around one court: no other court lies within this distance in the data set */
const SEARCH_KM = 0.3;

const seconds = flag("seconds", 8);
const concurrency = Math.round(flag("concurrency", 16));
const rounds = 4;
const warmupMs = 1500;

const feedInput = (regionSlug: string) =>
  encodeURIComponent(JSON.stringify({ json: { regionSlug, courtId: null, filter: "all", direction: "forward" } }));

await runBench("graphql-feed.ts", async (db) => {
  const deps = await bootApp(db);
  log(`[${since()}] migrated and booted`);
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  db.cleanups.push(() => sql.end({ timeout: 2 }));
  const counts = await seedFeedData(sql);
  log(`[${since()}] loaded ${counts.regions} regions, ${counts.games} games, ${counts.participations} participations`);
  const regions = await sql.unsafe<{ slug: string; latitude: number; longitude: number }[]>("select slug, latitude, longitude from regions order by id");

  // searchGames answers every game within `distance` km that ends after `startTime` (at most 200), the feed a page of
  // 50. So that both send about the same games, the search asks around one of the region's courts (0.3 km: that
  // court's games only) from the time (bisection) at which that court's answer comes closest to a feed page.
  const now = Date.now();
  const searches: Array<{ latitude: number; longitude: number; distance: number; startTime: Date }> = [];
  for (const r of regions) {
    const court = (await sql.unsafe<{ latitude: number; longitude: number }[]>(
      "select c.latitude, c.longitude from courts c join regions r on r.id = c.region_id where r.slug = $1 order by c.id limit 1", [r.slug]))[0]!;
    const count = async (from: number) =>
      (await repo.searchNear(deps.db, { latitude: court.latitude, longitude: court.longitude, distanceKm: SEARCH_KM, from: new Date(from) })).length;
    let lo = now;
    let hi = now + WEEKS * 7 * 24 * 3600_000;
    for (let i = 0; i < 14; i++) {
      const mid = Math.round((lo + hi) / 2);
      if ((await count(mid)) >= FEED_PAGE_SIZE) lo = mid;
      else hi = mid;
    }
    searches.push({ latitude: court.latitude, longitude: court.longitude, distance: SEARCH_KM, startTime: new Date(lo) });
  }

  const app = createApp(deps, null);
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  db.cleanups.push(async () => server.stop(true));
  const base = `http://127.0.0.1:${server.port}`;
  const trpcUrls = regions.map((r) => `${base}/trpc/games.feed?input=${feedInput(r.slug)}`);
  const graphqlBodies = searches.map((variables) => JSON.stringify({ operationName: "searchGames", query: SEARCH_QUERY, variables }));

  // Both answer in full, without errors: games per answer and bytes, for every region.
  let trpcGames = 0;
  let graphqlGames = 0;
  for (let i = 0; i < regions.length; i++) {
    const t = await fetch(trpcUrls[i]!, { headers: BROWSER_HEADERS });
    const tBody = (await t.json()) as { result?: { data: { json: { games: unknown[] } } } };
    if (t.status !== 200 || !tBody.result) throw new Error(`games.feed answered ${t.status}: ${JSON.stringify(tBody).slice(0, 300)}`);
    trpcGames += tBody.result.data.json.games.length;
    const g = await fetch(`${base}/graphql`, { method: "POST", headers: BROWSER_HEADERS, body: graphqlBodies[i] });
    const gBody = (await g.json()) as { data?: { searchGames: unknown[] }; errors?: unknown[] };
    if (g.status !== 200 || gBody.errors || !gBody.data) throw new Error(`searchGames answered ${g.status}: ${JSON.stringify(gBody).slice(0, 300)}`);
    graphqlGames += gBody.data.searchGames.length;
  }
  const wire = async (init: RequestInit & { url: string }) => {
    const res = await fetch(init.url, { ...init, headers: BROWSER_HEADERS, decompress: false } as RequestInit);
    return { bytes: (await res.arrayBuffer()).byteLength, encoding: res.headers.get("content-encoding") ?? "identity" };
  };
  const sizes = {
    trpc: await wire({ url: trpcUrls[0]! }),
    graphql: await wire({ url: `${base}/graphql`, method: "POST", body: graphqlBodies[0] }),
  };
  // Where one answer's time goes: the SELECT of each side and the whole request, serial and in-process (context).
  const mean = async (fn: (i: number) => unknown, runs = 20) => {
    for (let i = 0; i < 3; i++) await fn(i);
    const start = performance.now();
    for (let i = 0; i < runs; i++) await fn(i);
    return (performance.now() - start) / runs;
  };
  const at = <T,>(list: T[], i: number) => list[i % list.length]!;
  const breakdown: Array<[string, number]> = [
    ["tRPC: repo.feed (the feed SELECT via drizzle)", await mean((i) => repo.feed(deps.db, { regionSlug: at(regions, i).slug, now: new Date(), courtId: null, filter: "all", userId: null, limit: FEED_PAGE_SIZE }))],
    ["tRPC: whole request through app.fetch", await mean(async (i) => (await app.fetch(new Request(at(trpcUrls, i)))).arrayBuffer())],
    ["GraphQL: repo.searchNear (the search SELECT via drizzle)", await mean((i) => repo.searchNear(deps.db, { ...at(searches, i), distanceKm: SEARCH_KM, from: at(searches, i).startTime }))],
    ["GraphQL: whole request through app.fetch", await mean(async (i) => (await app.fetch(new Request(`${base}/graphql`, { method: "POST", headers: BROWSER_HEADERS, body: at(graphqlBodies, i) }))).arrayBuffer())],
  ];
  log(`[${since()}] app up on :${server.port}; loading with ${concurrency} concurrent requests`);

  const roundMs = (seconds * 1000) / rounds;
  const phase = (target: "graphql" | "trpc", ms: number, record: boolean): LoadPhase =>
    target === "graphql"
      ? { target, urls: [`${base}/graphql`], method: "POST", bodies: graphqlBodies, ms, record }
      : { target, urls: trpcUrls, ms, record };
  const phases = [phase("graphql", warmupMs, false), phase("trpc", warmupMs, false)];
  for (let r = 0; r < rounds; r++) {
    for (const target of r % 2 === 0 ? (["trpc", "graphql"] as const) : (["graphql", "trpc"] as const)) phases.push(phase(target, roundMs, true));
  }
  const result = await runLoad({ concurrency, phases, headers: BROWSER_HEADERS });
  const gql = statsOf(result.graphql!);
  const trpc = statsOf(result.trpc!);

  const ratio = gql.rps / trpc.rps;
  const n = (v: number, d = 1) => v.toFixed(d);
  const row = (name: string, s: Stats) =>
    `${name.padEnd(44)}${n(s.rps).padStart(9)}${n(s.p50, 2).padStart(10)}${n(s.p99, 2).padStart(10)}${n(s.kbPerResponse).padStart(9)}${String(s.requests).padStart(10)}${String(s.errors).padStart(8)}`;
  log("");
  log(`${counts.games} upcoming games in ${REGIONS} regions, cycling over all regions; games per answer: tRPC ${n(trpcGames / regions.length)}, GraphQL ${n(graphqlGames / regions.length)}`);
  const days = searches.map((q) => (q.startTime.getTime() - now) / 86_400_000);
  log(`searchGames around one court per region within ${SEARCH_KM} km, from ${n(Math.min(...days))}-${n(Math.max(...days))} days ahead (where its answer comes closest to a feed page of ${FEED_PAGE_SIZE})`);
  log(`one answer sent: tRPC ${n(sizes.trpc.bytes / 1024)} KB (${sizes.trpc.encoding}), GraphQL ${n(sizes.graphql.bytes / 1024)} KB (${sizes.graphql.encoding})`);
  log(`${concurrency} concurrent requests, ${n(seconds, 0)} s measured per route in ${rounds} alternating rounds after ${warmupMs / 1000} s warm-up each`);
  log("");
  log(`${"route".padEnd(44)}${"req/s".padStart(9)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"KB JSON".padStart(9)}${"requests".padStart(10)}${"errors".padStart(8)}`);
  log(row("tRPC games.feed (GET /trpc, first page)", trpc));
  log(row("GraphQL searchGames (POST /graphql)", gql));
  log(`${"GraphQL / tRPC".padEnd(44)}${n(ratio, 2).padStart(9)}${n(gql.p50 / trpc.p50, 2).padStart(10)}${n(gql.p99 / trpc.p99, 2).padStart(10)}`);
  log("");
  log(`throughput: the GraphQL feed serves ${n(ratio * 100, 0)} % of the tRPC feed's requests/s (target at least ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? "met" : "NOT met"})`);
  log(`games/s: GraphQL ${n((gql.rps * graphqlGames) / regions.length, 0)}, tRPC ${n((trpc.rps * trpcGames) / regions.length, 0)}`);
  log("");
  log("where one answer's time goes (serial, in-process, mean ms):");
  for (const [label, ms] of breakdown) log(`  ${label.padEnd(58)}${n(ms, 2).padStart(7)}`);
  if (gql.errors || trpc.errors) throw new Error(`failed requests: GraphQL ${gql.errors} (${gql.firstError ?? "-"}), tRPC ${trpc.errors} (${trpc.firstError ?? "-"})`);
});
