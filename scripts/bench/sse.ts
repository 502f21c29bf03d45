// The server-sent-events benchmark (issue 28): `DATABASE_URL=postgres://… bun scripts/bench/sse.ts`.
//
// 5,000 clients hold the game chat's live stream open on one app process (tRPC subscription chat.onGameComment,
// requested as the web client's httpSubscriptionLink does: GET /trpc/chat.onGameComment?input=… with
// Accept: text/event-stream), and a signed-in player writes a chat line through the app's own mutation
// (chat.createComment, as the client's httpBatchLink posts it). Measured per client: the time from sending the line
// to that client's event announcing it (the event carries the comment's id; the client then refetches). Against it,
// in the same run, a bare Hono + Bun.serve event stream with one postgres.js LISTEN on its own channel, the same
// clients and a NOTIFY per line (the same path, DB notify → process → all streams, without tRPC).
// Each server runs in a process of its own (its memory is read before and after the clients connect); the clients
// are raw sockets in a third process (lib/sse-clients.ts). The run is invalid if a client does not connect, misses a
// line, or loses its stream (also while the streams stay quiet for --hold seconds afterwards).
// See scripts/bench/README.md.
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import postgres from "postgres";
import { generateSessionToken, sessionIdOf } from "../../server/domains/auth/sessions";
import { flag, log, percentile, runBench, since } from "./lib/bench-run";
import type { ClientCommand, ClientRequest, ConnectResult, HoldResult, PostResult } from "./lib/sse-clients";
import type { ServerMemory, ServerReady } from "./lib/sse-server";

const CSRF = "c".repeat(43);
const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const clients = Math.round(flag("clients", 5000));
const rounds = Math.round(flag("rounds", 5)); // chat lines per side, each awaited at every client
const connectConcurrency = Math.round(flag("connect-concurrency", 100)); // streams being opened at once
const holdSeconds = flag("hold", 12); // quiet time after the lines: do the streams stay open?
const refetchSample = Math.round(flag("refetch", 50)); // app streams that also refetch the chat on each line, timed
const warmupClients = Math.min(100, clients);
/** --idle-timeout=<s>: serve the app with this Bun.serve idleTimeout instead of server/serve.ts's (0: never). */
const idleTimeout = (() => {
  const arg = process.argv.find((a) => a.startsWith("--idle-timeout="));
  if (!arg) return null;
  const value = Number(arg.slice("--idle-timeout=".length));
  if (!Number.isInteger(value) || value < 0 || value > 255) {
    console.error("--idle-timeout must be a whole number of seconds from 0 (never) to 255 (Bun's limit)");
    process.exit(2);
  }
  return value;
})();

type Child = { proc: Bun.Subprocess; call<T>(message: unknown): Promise<T>; next<T>(): Promise<T> };

/** A bun process of ours with an IPC channel: one answer per message, in order; fails when the process dies. */
function spawnChild(name: string, args: string[], env: Record<string, string>, cleanups: Array<() => Promise<unknown>>): Child {
  const inbox: unknown[] = [];
  const waiters: Array<(message: unknown) => void> = [];
  const proc = Bun.spawn([process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdin: "ignore",
    stdout: "ignore", // the app's info lines and banner; warnings and errors go to stderr
    stderr: "inherit",
    ipc(message) {
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
    },
  });
  cleanups.push(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
    await proc.exited;
    clearTimeout(timer);
  });
  const died = proc.exited.then((code) => {
    throw new Error(`the ${name} process exited with ${code}`);
  });
  died.catch(() => {});
  const next = <T,>() => Promise.race([inbox.length ? Promise.resolve(inbox.shift()) : new Promise((resolve) => waiters.push(resolve)), died]) as Promise<T>;
  return { proc, next, call: (message) => (proc.send(message), next()) };
}

type Memory = { rss: number; heapUsed: number; objects: number };

/** The server process's resident memory from /proc (VmRSS) and its JavaScript heap after a full collection. */
async function memoryOf(server: Child): Promise<Memory> {
  const reply = await server.call<ServerMemory>({ cmd: "memory" });
  const status = await Bun.file(`/proc/${server.proc.pid}/status`).text();
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return { rss: Number.isFinite(kb) ? kb * 1024 : reply.rss, heapUsed: reply.heapUsed, objects: reply.objects };
}

type Side = {
  name: "app" | "bare";
  label: string;
  server: Child;
  port: number;
  path: string;
  headers: Record<string, string>;
  /** the request that writes line `i` (0: the warm-up line) */
  post(i: number): { request: ClientRequest; id?: number };
  /** what the screen sends when the event arrives (the app's chat refetches its comments) */
  refetch?: ClientRequest;
};

type SideResult = {
  connect: ConnectResult;
  before: Memory;
  connected: Memory;
  after: Memory;
  posts: PostResult[];
  hold: HoldResult;
  problems: string[];
};

await runBench("sse.ts", async (db) => {
  // ---- The app in its own process, booted as server/index.ts boots it (migrations, jobs, realtime listener).
  const app = spawnChild("app", [`${import.meta.dir}/lib/sse-server.ts`, "app"], { BENCH_DATABASE_URL: db.url, ...(idleTimeout === null ? {} : { BENCH_IDLE_TIMEOUT: String(idleTimeout) }) }, db.cleanups);
  const appReady = await app.next<ServerReady>();
  log(`[${since()}] app booted (pid ${appReady.pid}, :${appReady.port}, ${idleTimeout === null ? "served by server/serve.ts" : `Bun.serve idleTimeout ${idleTimeout} s instead of serve.ts's`})`);

  // ---- One region, one court, one public game tomorrow; its organiser and one signed-in player per line (the chat
  // takes one line per 10 s per account), each with a session as auth.login makes it.
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  db.cleanups.push(() => sql.end({ timeout: 2 }));
  await sql.unsafe(`insert into regions (name, slug, latitude, longitude) values ('Bench City', 'bench', 52.5, 13.4)`);
  await sql.unsafe(`
    insert into users (email, password_hash, first_name, last_name, region_id, email_verified_at)
    select 'bench' || i || '@example.test', 'not-a-hash', 'Player' || i, 'Bench', (select id from regions), now()
    from generate_series(0, ${rounds + 1}) i`);
  await sql.unsafe(`insert into courts (name, address, latitude, longitude, region_id) select 'Bench Court', 'Sportplatzweg 1, 12345 Bench City', 52.5, 13.4, id from regions`);
  const [game] = await sql.unsafe<{ id: number }[]>(`
    insert into games (creator_id, region_id, court_id, description, game_type, level, gender, price_cents,
                       start_time, duration_minutes, end_time, min_players, max_players)
    select (select id from users where email = 'bench0@example.test'), (select id from regions), (select id from courts),
           'Der Live-Chat', 'PUBLIC', 'ALL', 'MIXED', 0, s, 90, s + interval '90 minutes', 4, 20
    from (select date_trunc('hour', now()) + interval '1 day' s) t
    returning id`);
  const gameId = game!.id;
  const posters = (await sql.unsafe<{ id: number }[]>("select id from users where email <> 'bench0@example.test' order by id")).map((u) => u.id);
  const tokens: string[] = [];
  for (const userId of posters) {
    const token = generateSessionToken();
    await sql.unsafe("insert into sessions (id, user_id, expires_at, created_at, user_agent) values ($1, $2, now() + interval '30 days', now(), 'bench')", [sessionIdOf(token), userId]);
    tokens.push(token);
  }

  // ---- The bare server in its own process.
  const bare = spawnChild("bare", [`${import.meta.dir}/lib/sse-server.ts`, "bare"], { BENCH_DATABASE_URL: db.url }, db.cleanups);
  const bareReady = await bare.next<ServerReady>();
  log(`[${since()}] one public game (${gameId}) and ${posters.length} signed-in posters; bare server up (pid ${bareReady.pid}, :${bareReady.port})`);

  // What a browser's EventSource sends from the game page (signed out: the chat's stream is public; the page left
  // the CSRF cookie, as every page does).
  const streamHeaders = (port: number): Record<string, string> => ({
    "User-Agent": BROWSER,
    Accept: "text/event-stream",
    "Cache-Control": "no-cache",
    "Accept-Encoding": "gzip, deflate, br, zstd",
    "Accept-Language": "de-DE,de;q=0.9,en;q=0.8",
    Referer: `http://127.0.0.1:${port}/game/${gameId}`,
    "Sec-Fetch-Dest": "empty",
    "Sec-Fetch-Mode": "cors",
    "Sec-Fetch-Site": "same-origin",
    Cookie: `csrftoken=${CSRF}`,
    Connection: "keep-alive",
  });
  const appOrigin = `http://127.0.0.1:${appReady.port}`;
  const bareOrigin = `http://127.0.0.1:${bareReady.port}`;
  const sides: Side[] = [
    {
      name: "app",
      label: "app: tRPC chat.onGameComment",
      server: app,
      port: appReady.port,
      path: `/trpc/chat.onGameComment?input=${encodeURIComponent(JSON.stringify({ json: { gameId } }))}`,
      headers: streamHeaders(appReady.port),
      // The client's httpBatchLink: POST /trpc/chat.createComment?batch=1 with the session and CSRF cookies and header.
      post: (i) => ({
        request: {
          url: `${appOrigin}/trpc/chat.createComment?batch=1`,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "accept-encoding": "gzip, deflate, br, zstd",
            "user-agent": BROWSER,
            origin: appOrigin,
            cookie: `csrftoken=${CSRF}; ${SESSION_COOKIE}=${tokens[i]}`,
            [CSRF_HEADER]: CSRF,
          },
          body: JSON.stringify({ 0: { json: { gameId, text: `Tor! Zeile ${i}` } } }),
        },
      }),
      // The chat screen's refetch (game-chat-screen.tsx: onData → comments.refetch()), batched as the client sends it.
      refetch: {
        url: `${appOrigin}/trpc/chat.gameComments?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { gameId } } }))}`,
        method: "GET",
        headers: { "accept-encoding": "gzip, deflate, br, zstd", "user-agent": BROWSER, cookie: `csrftoken=${CSRF}` },
      },
    },
    {
      name: "bare",
      label: "bare: Hono + LISTEN/NOTIFY",
      server: bare,
      port: bareReady.port,
      path: "/events",
      headers: streamHeaders(bareReady.port),
      post: (i) => ({ request: { url: `${bareOrigin}/post`, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: 1_000_000 + i }) }, id: 1_000_000 + i }),
    },
  ];

  const load = spawnChild("clients", [`${import.meta.dir}/lib/sse-clients.ts`], {}, db.cleanups);
  const send = <T,>(command: ClientCommand) => load.call<T>(command);
  const connectCommand = (side: Side, group: string, count: number): ClientCommand => ({
    cmd: "connect",
    group,
    host: "127.0.0.1",
    port: side.port,
    path: side.path,
    headers: side.headers,
    count,
    concurrency: connectConcurrency,
    timeoutMs: 60_000,
  });
  const postTimeoutMs = 30_000;

  const results = {} as Record<Side["name"], SideResult>;
  for (const side of sides) {
    const problems: string[] = [];
    // Warm-up: a few streams and one line, so code paths are compiled and pools opened before "before".
    const warm = await send<ConnectResult>(connectCommand(side, "warm-up", warmupClients));
    if (warm.failed || warm.dropped) problems.push(`warm-up: ${warm.failed + warm.dropped} of ${warmupClients} streams did not open or stay open: ${warm.firstError}`);
    const warmLine = await send<PostResult>({ cmd: "post", group: "warm-up", ...side.post(0), timeoutMs: postTimeoutMs });
    if (warmLine.status !== 200 || warmLine.missed) problems.push(`warm-up line: HTTP ${warmLine.status}, ${warmLine.missed} streams missed it: ${warmLine.answer}`);
    await send({ cmd: "close", group: "warm-up" });
    await Bun.sleep(1000);
    const before = await memoryOf(side.server);

    const connect = await send<ConnectResult>(connectCommand(side, side.name, clients));
    log(`[${since()}] ${side.name}: ${connect.connected} of ${clients} streams open in ${(connect.ms / 1000).toFixed(1)} s`);
    if (connect.failed) problems.push(`${connect.failed} of ${clients} streams did not open; first: ${connect.firstError}`);
    if (connect.dropped) problems.push(`${connect.dropped} of ${clients} streams opened and were closed again before all were open; first: ${connect.firstError}`);
    const connected = await memoryOf(side.server);

    const posts: PostResult[] = [];
    let fewestOpen = connect.connected;
    for (let i = 1; i <= rounds; i++) {
      const refetch = side.refetch ? { request: side.refetch, sample: refetchSample } : undefined;
      const line = await send<PostResult>({ cmd: "post", group: side.name, ...side.post(i), timeoutMs: postTimeoutMs, ...(refetch ? { refetch } : {}) });
      if (line.refetchErrors) problems.push(`line ${i}: ${line.refetchErrors} refetches failed: ${line.refetchError}`);
      posts.push(line);
      if (line.status !== 200 || line.id === null) problems.push(`line ${i}: HTTP ${line.status}: ${line.answer}`);
      if (line.missed) problems.push(`line ${i}: ${line.missed} of ${line.latencies.length + line.missed} open streams did not get it within ${postTimeoutMs / 1000} s`);
      fewestOpen = Math.min(fewestOpen, line.open);
    }
    if (fewestOpen < connect.connected) problems.push(`only ${fewestOpen} of the ${connect.connected} streams open after the last line`);
    const after = await memoryOf(side.server);
    const hold = await send<HoldResult>({ cmd: "hold", ms: holdSeconds * 1000 });
    const stillOpen = hold.open[side.name] ?? 0;
    if (stillOpen < connect.connected) {
      problems.push(`after ${holdSeconds} s without a line only ${stillOpen} of ${connect.connected} streams were open; one closed: ${hold.closedBy[side.name]}`);
      if (side.name === "app" && idleTimeout === null)
        problems.push(
          "(Bun.serve closes a connection that sent nothing for its idleTimeout, 10 s by default; server/serve.ts sets none and " +
            "tRPC's SSE ping is off (server/trpc/init.ts), so a quiet chat's stream is cut and the browser reconnects; " +
            "--idle-timeout=0 serves the same app with Bun.serve({ idleTimeout: 0 }) to measure it without the cut)",
        );
    }
    await send({ cmd: "close", group: side.name });
    log(`[${since()}] ${side.name}: ${rounds} lines, streams held ${holdSeconds} s, closed`);
    results[side.name] = { connect, before, connected, after, posts, hold, problems };
    await Bun.sleep(1000);
  }
  await load.proc.send({ cmd: "exit" });

  // ---- What it prints.
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const n = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : "-");
  const delivery = (r: SideResult) => r.posts.flatMap((p) => p.latencies);
  log("");
  log(`${clients} event streams per side from one client process (raw sockets, ${connectConcurrency} opening at once), ${rounds} chat lines per side,`);
  log(`each awaited at every stream; delivery = from sending the line (HTTP POST) to the stream's event, as the client process sees it`);
  log("");
  log(`${"side".padEnd(32)}${"open".padStart(7)}${"connect s".padStart(11)}${"post ms".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"max ms".padStart(9)}${"missed".padStart(8)}`);
  for (const side of sides) {
    const r = results[side.name];
    const d = delivery(r);
    const postMs = percentile(r.posts.map((p) => p.answerMs), 0.5);
    log(
      `${side.label.padEnd(32)}${String(r.connect.connected).padStart(7)}${n(r.connect.ms / 1000).padStart(11)}${n(postMs).padStart(9)}` +
        `${n(percentile(d, 0.5)).padStart(9)}${n(percentile(d, 0.99)).padStart(9)}${n(Math.max(...d)).padStart(9)}${String(r.posts.reduce((s, p) => s + p.missed, 0)).padStart(8)}`,
    );
  }
  const p99 = (name: Side["name"]) => percentile(delivery(results[name]), 0.99);
  const p50 = (name: Side["name"]) => percentile(delivery(results[name]), 0.5);
  log(`${"app / bare".padEnd(32)}${"".padStart(27)}${n(p50("app") / p50("bare"), 2).padStart(9)}${n(p99("app") / p99("bare"), 2).padStart(9)}`);
  log(`(post ms: median time to the line's HTTP answer; p50/p99/max over all streams and lines; app / bare: how many times the bare delivery time)`);
  log("");
  const refetched = results.app.posts.flatMap((p) => p.refetchMs);
  log(
    `app, the screen's refetch (chat.gameComments) by ${Math.min(refetchSample, clients)} of the streams on each line, from sending the line to its answer: ` +
      `p50 ${n(percentile(refetched, 0.5))} ms, p99 ${n(percentile(refetched, 0.99))} ms (${refetched.length} answers)`,
  );
  log("per line (p99 ms): " + sides.map((s) => `${s.name} ${results[s.name].posts.map((p) => n(percentile(p.latencies, 0.99), 0)).join(" ")}`).join("; "));
  log("");
  log(`${"server process memory".padEnd(32)}${"RSS before".padStart(11)}${"connected".padStart(11)}${"after".padStart(9)}${"per conn".padStart(10)}${"heap before".padStart(13)}${"connected".padStart(11)}${"per conn".padStart(10)}${"objects/conn".padStart(14)}`);
  for (const side of sides) {
    const r = results[side.name];
    const count = Math.max(1, r.connect.connected);
    log(
      `${side.label.padEnd(32)}${`${mb(r.before.rss)} MB`.padStart(11)}${`${mb(r.connected.rss)} MB`.padStart(11)}${`${mb(r.after.rss)} MB`.padStart(9)}${`${kb((r.connected.rss - r.before.rss) / count)} KB`.padStart(10)}` +
        `${`${mb(r.before.heapUsed)} MB`.padStart(13)}${`${mb(r.connected.heapUsed)} MB`.padStart(11)}${`${kb((r.connected.heapUsed - r.before.heapUsed) / count)} KB`.padStart(10)}` +
        `${n((r.connected.objects - r.before.objects) / count, 0).padStart(14)}`,
    );
  }
  log(`(RSS: VmRSS of the server's own process; heap: JavaScript heap after a full collection; per conn = (connected - before) / open streams; after = after the lines)`);
  log("");
  const app5000 = results.app;
  const allGot = app5000.connect.connected === clients && app5000.posts.every((p) => p.missed === 0 && p.status === 200) && app5000.hold.open.app === clients;
  log(
    `verdict (issue 28: ${clients.toLocaleString("en")} clients on one process, one chat line reaching all of them; no numeric target for delivery or memory): ` +
      `${allGot ? `met: all ${clients.toLocaleString("en")} clients got every line and kept their streams` : "NOT met"}; ` +
      `app p99 ${n(p99("app"))} ms (bare ${n(p99("bare"))} ms, ${n(p99("app") / p99("bare"), 2)}x), ` +
      `${kb((app5000.connected.rss - app5000.before.rss) / Math.max(1, app5000.connect.connected))} KB RSS and ${kb((app5000.connected.heapUsed - app5000.before.heapUsed) / Math.max(1, app5000.connect.connected))} KB heap per connection`,
  );
  const problems = sides.flatMap((s) => results[s.name].problems.map((p) => `${s.name}: ${p}`));
  if (problems.length) throw new Error(`FAIL (the run is invalid):\n  ${problems.join("\n  ")}`);
  log("every stream opened, got every line, and stayed open through the quiet time");
});
