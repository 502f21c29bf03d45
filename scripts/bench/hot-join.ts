// The hot game benchmark (issue 28): `DATABASE_URL=postgres://… bun scripts/bench/hot-join.ts`.
//
// One public game with a few places and many signed-in players who all want in at once: 64 concurrent
// connections send the web client's join (tRPC participation.join, POST with session cookie and CSRF header),
// half of them accepting the waiting list. Against it, in the same process and run, a bare Hono route doing one
// locked `UPDATE … SET taken = taken + 1 WHERE id = $1 AND taken < $2 RETURNING taken` on the same PostgreSQL.
// All sides get the same requests in rounds (the game emptied before each), the order of the sides rotating.
// Every answer is sorted by kind; the run fails if any is not a place, a waiting-list place or "full"
// (NOT_ENOUGH_PLACES), or if the game ends a round with more or fewer players than places.
// Prints throughput, p50 and p99 of each side, the ratios and the verdict on issue 28's target (≥ 30 %).
// A third side, the floor, is the least a join can be in this stack: the same tRPC request (tRPC's fetch adapter on
// Hono, our transformer, a zod input) signed in by its session cookie (one prepared lookup) and then the bare route's
// UPDATE; it tells how much of the distance is the stack itself and how much the join's own work.
// See scripts/bench/README.md.
import { trpcServer } from "@hono/trpc-server";
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import { transformer } from "@shared/transformer";
import { initTRPC, TRPCError } from "@trpc/server";
import { drizzle } from "drizzle-orm/postgres-js";
import { Hono } from "hono";
import postgres from "postgres";
import { z } from "zod";
import { createApp } from "../../server/app";
import type { Deps } from "../../server/context";
import * as schema from "../../server/db/schema";
import { createSession, sessionIdOf } from "../../server/domains/auth/sessions";
import { parseCookies } from "../../server/http/cookies";
import { bootApp, flag, log, percentile, runBench, since } from "./lib/bench-run";
import type { BurstPlan, BurstRequest, BurstResult } from "./lib/burst";

/** issue 28: joining serves at least this share of the bare locked UPDATE's requests per second */
const TARGET_RATIO = 0.3;
const CSRF = "c".repeat(43);

const players = Math.round(flag("players", 640)); // joins per round: each player once
const places = Math.round(flag("places", 20));
const rounds = Math.round(flag("rounds", 4)); // measured rounds per side, after one warm-up round each
const concurrency = Math.round(flag("concurrency", 64));
/** `--sides=app` runs one side alone (for a CPU profile of it: `bun --cpu-prof scripts/bench/hot-join.ts --sides=app`) */
const sidesArg = process.argv.find((a) => a.startsWith("--sides="))?.slice("--sides=".length).split(",") ?? ["bare", "app", "floor"];
if (!sidesArg.length || sidesArg.some((side) => !["bare", "app", "floor"].includes(side))) {
  console.error("--sides takes bare, app and floor, separated by commas");
  process.exit(2);
}
if (players <= places) {
  console.error("--players must be more than --places: the game has to fill up and answer \"full\" and the waiting list");
  process.exit(2);
}

type Kind = "joined" | "queued" | "full" | "other";

/** The app's answer: a place, a waiting-list place, "full" (NOT_ENOUGH_PLACES, 409), or anything else. */
function appKind(status: number, body: string): Kind {
  try {
    const json = JSON.parse(body);
    if (status === 200) return json?.result?.data?.json?.participation?.queue === true ? "queued" : json?.result?.data?.json?.participation ? "joined" : "other";
    if (status === 409 && json?.error?.json?.data?.app?.code === "NOT_ENOUGH_PLACES") return "full";
  } catch {}
  return "other";
}

/** The floor answers as tRPC does: a place with its data, "full" as a 409 CONFLICT error. */
function floorKind(status: number, body: string): Kind {
  try {
    const json = JSON.parse(body);
    if (status === 200 && json?.result?.data?.json?.participation) return "joined";
    if (status === 409 && json?.error?.json?.message === "NOT_ENOUGH_PLACES") return "full";
  } catch {}
  return "other";
}

function bareKind(status: number, body: string): Kind {
  if (status === 200 && body.includes('"taken"')) return "joined";
  if (status === 409 && body.includes('"full"')) return "full";
  return "other";
}

async function burst(plan: BurstPlan): Promise<BurstResult> {
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/lib/burst.ts`], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  child.stdin.write(JSON.stringify(plan));
  await child.stdin.end();
  const killer = setTimeout(() => child.kill(), 120_000);
  const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  clearTimeout(killer);
  if (exitCode !== 0) throw new Error(`the load generator exited with ${exitCode}`);
  return JSON.parse(output) as BurstResult;
}

await runBench("hot-join.ts", async (db) => {
  const deps = await bootApp(db);
  log(`[${since()}] migrated and booted`);
  const sql = postgres(db.url, { max: 10, onnotice: () => {} });
  db.cleanups.push(() => sql.end({ timeout: 2 }));

  // One region, one court, the organiser and the players (e-mail verified: the waiting list needs it), one public
  // free game tomorrow with `places` places.
  await sql.unsafe(`insert into regions (name, slug, latitude, longitude) values ('Bench City', 'bench', 52.5, 13.4)`);
  await sql.unsafe(`
    insert into users (email, password_hash, first_name, last_name, region_id, email_verified_at)
    select 'bench' || i || '@example.test', 'not-a-hash', 'Player' || i, 'Bench', (select id from regions), now()
    from generate_series(0, ${players}) i`);
  await sql.unsafe(`insert into courts (name, address, latitude, longitude, region_id) select 'Bench Court', 'Sportplatzweg 1, 12345 Bench City', 52.5, 13.4, id from regions`);
  const [game] = await sql.unsafe<{ id: number }[]>(`
    insert into games (creator_id, region_id, court_id, description, game_type, level, gender, price_cents,
                       start_time, duration_minutes, end_time, min_players, max_players)
    select (select id from users where email = 'bench0@example.test'), (select id from regions), (select id from courts),
           'Der heiße Kick', 'PUBLIC', 'ALL', 'MIXED', 0, s, 90, s + interval '90 minutes', 4, ${places}
    from (select date_trunc('hour', now()) + interval '1 day' s) t
    returning id`);
  const gameId = game!.id;
  const userIds = (await sql.unsafe<{ id: number }[]>("select id from users where email <> 'bench0@example.test' order by id")).map((u) => u.id);
  const tokens: string[] = [];
  for (const id of userIds) tokens.push((await createSession(deps, id, "bench")).token);
  await sql.unsafe("create table bench_hot_games (id integer primary key, taken integer not null)");
  await sql.unsafe("insert into bench_hot_games values ($1, 0)", [gameId]);
  await sql.unsafe("analyze");
  log(`[${since()}] one game with ${places} places, ${players} signed-in players`);

  // The bare route: one locked UPDATE (the row lock serialises the joins), its own postgres.js pool, prepared.
  const barePool = postgres(db.url, { max: 10, onnotice: () => {} });
  db.cleanups.push(() => barePool.end({ timeout: 2 }));
  const bare = new Hono();
  bare.post("/join", async (c) => {
    const { json } = await c.req.json<{ json: { gameId: number } }>();
    const rows = await barePool.unsafe("update bench_hot_games set taken = taken + 1 where id = $1 and taken < $2 returning taken", [json.gameId, places], { prepare: true });
    return rows.length ? c.json({ taken: rows[0]!.taken }) : c.json({ full: true }, 409);
  });

  // The floor: the bare route's UPDATE behind what every join of the web client goes through in this stack and no
  // more: tRPC's fetch adapter on Hono, our transformer, the input checked by zod, the session cookie looked up (one
  // prepared statement on its own pool, as the bare route's). No CSRF check, no context beyond the account, no
  // middleware, no error formatter.
  const floorPool = postgres(db.url, { max: 10, onnotice: () => {} });
  db.cleanups.push(() => floorPool.end({ timeout: 2 }));
  const tf = initTRPC.context<{ userId: number | null }>().create({ transformer });
  const floorRouter = tf.router({
    participation: tf.router({
      join: tf.procedure
        .input(z.object({ gameId: z.number().int().positive(), queue: z.boolean().optional(), deviceToken: z.string().max(200).optional() }))
        .mutation(async ({ ctx, input }) => {
          if (ctx.userId === null) throw new TRPCError({ code: "UNAUTHORIZED" });
          const rows = await floorPool.unsafe("update bench_hot_games set taken = taken + 1 where id = $1 and taken < $2 returning taken", [input.gameId, places], { prepare: true });
          if (!rows.length) throw new TRPCError({ code: "CONFLICT", message: "NOT_ENOUGH_PLACES" });
          return { participation: { userId: ctx.userId, taken: rows[0]!.taken as number } };
        }),
    }),
  });
  const floor = new Hono();
  floor.use(
    "/trpc/*",
    trpcServer({
      router: floorRouter,
      createContext: async (_opts, c) => {
        const token = parseCookies(c.req.header("cookie") ?? null)[SESSION_COOKIE];
        if (!token) return { userId: null };
        const [row] = await floorPool.unsafe<{ user_id: number }[]>("select user_id from sessions where id = $1 and expires_at > now()", [sessionIdOf(token)], { prepare: true });
        return { userId: row?.user_id ?? null };
      },
    }),
  );

  const app = createApp(deps, null);
  const appServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  const bareServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: bare.fetch });
  const floorServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: floor.fetch });
  db.cleanups.push(async () => appServer.stop(true), async () => bareServer.stop(true), async () => floorServer.stop(true));
  const origin = `http://127.0.0.1:${appServer.port}`;

  // What the client sends (client/src/features/participation): every second player accepts the waiting list,
  // which needs a push token. The bare route gets the same headers and body.
  const requestsFor = (url: string): BurstRequest[] =>
    tokens.map((token, i) => ({
      url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-encoding": "gzip, deflate, br, zstd",
        origin,
        cookie: `csrftoken=${CSRF}; ${SESSION_COOKIE}=${token}`,
        [CSRF_HEADER]: CSRF,
      },
      body: JSON.stringify({ json: i % 2 ? { gameId, queue: true, deviceToken: `bench-device-${i}` } : { gameId } }),
    }));
  const sides = {
    app: { requests: requestsFor(`${origin}/trpc/participation.join`), kind: appKind },
    bare: { requests: requestsFor(`http://127.0.0.1:${bareServer.port}/join`), kind: bareKind },
    floor: { requests: requestsFor(`http://127.0.0.1:${floorServer.port}/trpc/participation.join`), kind: floorKind },
  };
  /** Empties the game (its players, followers, events and chat lines; the bare row to 0) so every round does the same work. */
  const reset = async () => {
    await sql.begin(async (tx) => {
      await tx.unsafe("delete from participations where game_id = $1", [gameId]);
      await tx.unsafe("delete from game_subscriptions where game_id = $1", [gameId]);
      await tx.unsafe("delete from game_events where game_id = $1", [gameId]);
      await tx.unsafe("delete from game_comments where game_id = $1", [gameId]); // the chat's "joined" lines
      await tx.unsafe("update games set highest_participants_amount_reached = 0 where id = $1", [gameId]);
      await tx.unsafe("update bench_hot_games set taken = 0 where id = $1", [gameId]);
    });
  };
  const activePlayers = async () =>
    (await sql.unsafe<{ n: number }[]>("select coalesce(sum(player_count), 0)::int n from participations where game_id = $1 and cancelled_at is null and not queue", [gameId]))[0]!.n;

  // ---- Statements per join: the same app on a twin connection whose every statement is seen (a debug hook on
  // the measured pool would slow it): a place, "full" and a waiting-list place (the game made full for a moment).
  const seen: string[] = [];
  const countingClient = postgres(db.url, { max: 1, onnotice: () => {}, debug: (_c, query) => void seen.push(query) });
  db.cleanups.push(() => countingClient.end({ timeout: 2 }));
  const countingDb = drizzle(countingClient, { schema });
  const countingDeps: Deps = {
    ...deps,
    db: countingDb,
    database: { ...deps.database, db: countingDb, query: async (text, params = []) => [...(await countingClient.unsafe(text, params as never[]))] as never },
  };
  const countingApp = createApp(countingDeps, null);
  const statementsOf = async (i: number) => {
    const { url, ...init } = sides.app.requests[i]!;
    seen.length = 0;
    const res = await countingApp.fetch(new Request(url, init));
    const kind = appKind(res.status, await res.text());
    return `${kind} ${seen.length}`;
  };
  await reset();
  await countingClient.unsafe("select 1"); // postgres.js reads the server's array types once per connection
  const placed = await statementsOf(0);
  await sql.unsafe("update games set max_players = 1 where id = $1", [gameId]);
  const full = await statementsOf(2);
  const queued = await statementsOf(1);
  await sql.unsafe("update games set max_players = $2 where id = $1", [gameId, places]);
  const statements = [placed, full, queued].join(", ");

  type Tally = { requests: number; ms: number; latencies: number[]; kinds: Record<Kind, number>; firstOther: string | null };
  const tally = (): Tally => ({ requests: 0, ms: 0, latencies: [], kinds: { joined: 0, queued: 0, full: 0, other: 0 }, firstOther: null });
  const results = { app: tally(), bare: tally(), floor: tally() };
  const problems: string[] = [];
  log(`[${since()}] servers up on :${appServer.port} (app), :${bareServer.port} (bare) and :${floorServer.port} (floor); ${concurrency} concurrent connections, ${players} joins per round`);
  for (let r = 0; r <= rounds; r++) {
    const order = (["bare", "app", "floor"] as const).map((_, k, all) => all[(k + r) % all.length]!);
    for (const side of order) {
      if (!sidesArg.includes(side)) continue;
      await reset();
      const out = await burst({ concurrency, requests: sides[side].requests });
      const into = results[side];
      const kinds = { joined: 0, queued: 0, full: 0, other: 0 };
      for (const a of out.answers) {
        const kind = sides[side].kind(a.status, a.body);
        kinds[kind]++;
        if (kind === "other" && !into.firstOther) into.firstOther = `HTTP ${a.status}: ${a.body.slice(0, 300)}`;
        if (r > 0) into.latencies.push(a.ms);
      }
      const taken = side === "app" ? await activePlayers() : (await sql.unsafe<{ taken: number }[]>("select taken from bench_hot_games"))[0]!.taken;
      if (kinds.joined !== places || taken !== places) problems.push(`${side} round ${r}: ${kinds.joined} joined answers and ${taken} players in the game for ${places} places`);
      for (const k of Object.keys(kinds) as Kind[]) into.kinds[k] += kinds[k];
      if (r === 0) continue; // warm-up: checked, not timed
      into.requests += out.answers.length;
      into.ms += out.elapsedMs;
    }
  }

  const n = (v: number, d = 1) => v.toFixed(d);
  const rps = (t: Tally) => t.requests / (t.ms / 1000);
  const ratio = rps(results.app) / rps(results.bare);
  const floorRatio = rps(results.floor) / rps(results.bare);
  const row = (name: string, t: Tally) =>
    `${name.padEnd(46)}${n(rps(t)).padStart(8)}${n(percentile(t.latencies, 0.5), 2).padStart(9)}${n(percentile(t.latencies, 0.99), 2).padStart(9)}` +
    `${String(t.kinds.joined).padStart(8)}${String(t.kinds.queued).padStart(8)}${String(t.kinds.full).padStart(7)}${String(t.kinds.other).padStart(7)}`;
  log("");
  log(`one game with ${places} places; ${players} signed-in players join at once (every second one accepting the waiting list),`);
  log(`${concurrency} concurrent connections; ${rounds} measured rounds per side after one warm-up round, the order of the sides rotating, the game emptied before each`);
  log("");
  log(`${"route".padEnd(46)}${"joins/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"placed".padStart(8)}${"queued".padStart(8)}${"full".padStart(7)}${"other".padStart(7)}`);
  if (sidesArg.includes("bare")) log(row("bare: Hono + locked UPDATE … taken < places", results.bare));
  if (sidesArg.includes("floor")) log(row("floor: tRPC + session lookup + that UPDATE", results.floor));
  if (sidesArg.includes("app")) log(row("app: tRPC participation.join", results.app));
  if (sidesArg.length < 3) {
    log(`(only ${sidesArg.join(", ")}: no ratios, no verdict)`);
    return;
  }
  log(`${"app / bare".padEnd(46)}${n(ratio, 2).padStart(8)}`);
  log(`${"floor / bare".padEnd(46)}${n(floorRatio, 2).padStart(8)}`);
  log(`${"app / floor".padEnd(46)}${n(rps(results.app) / rps(results.floor), 2).padStart(8)}`);
  log(`(answers counted over all rounds, the warm-up included; joins/s, p50 and p99 over the measured rounds; the floor has no`);
  log(` waiting list: its queued players get "full")`);
  log("");
  log(`throughput: joining serves ${n(ratio * 100, 0)} % of the bare locked UPDATE's requests/s (target at least ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? "met" : "NOT met"})`);
  log(
    `the floor (a join that only passes tRPC and its session lookup) serves ${n(floorRatio * 100, 0)} % of it: ` +
      (floorRatio < TARGET_RATIO ? "the target lies above what any join through this stack reaches in this run" : "the target is within the stack's reach in this run"),
  );
  log(`SQL statements per participation.join (signed in; postgres.js debug hook on a twin connection): ${statements}`);
  log("  (the bare route sends 1, the floor 2; the join holds the game's row lock from its SELECT … FOR UPDATE to its COMMIT)");
  const others = results.app.kinds.other + results.bare.kinds.other + results.floor.kinds.other;
  if (others) {
    const firsts = (["app", "bare", "floor"] as const).map((side) => `${side} ${results[side].firstOther ?? "-"}`).join("; ");
    problems.push(`${others} answers were neither a place, the waiting list nor "full": ${firsts}`);
  }
  if (problems.length) throw new Error(`FAIL:\n  ${problems.join("\n  ")}`);
  log("answers: only places, waiting-list places and \"full\"; every round ended with exactly the game's places taken");
});
