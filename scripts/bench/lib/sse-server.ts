// One server of scripts/bench/sse.ts, each in its own process so its memory (RSS, heap) is its own and can be read
// per connection. Not meant to be started by hand. Talks to its parent over Bun's IPC:
//   → { type: "ready", port, pid } once it listens on 127.0.0.1 (an ephemeral port);
//   ← { cmd: "memory" } → { type: "memory", rss, heapUsed, heapSize, objects } after a full garbage collection.
//
// argv[2] "app": the real app as `bun server/index.ts` serves it (boot(): migrations, job queue and workers, the
//   realtime listener; then server/serve.ts's `serve()`: the Hono app behind Lifecycle.holdStream, graceful shutdown
//   on SIGTERM), SEED=none, on BENCH_DATABASE_URL. With BENCH_IDLE_TIMEOUT=<seconds> the same app is served by a
//   Bun.serve of this file instead, identical but for that `idleTimeout` (what serve.ts would set with the fix).
// argv[2] "bare": a Hono app on Bun.serve with one postgres.js LISTEN on its own channel (`bench_sse`) and the open
//   event streams in a Set: GET /events answers an event stream (first event `connected`), every NOTIFY on the
//   channel is written to all of them as `data: {"json":{"id":…}}`, and POST /post {"id":n} sends that NOTIFY from
//   its own pool. Nothing else: the path DB notify → process → all streams without tRPC. Its idleTimeout is 0
//   (never cut a quiet stream) unless BENCH_IDLE_TIMEOUT says otherwise.
import { heapStats } from "bun:jsc";
import { Hono } from "hono";
import postgres from "postgres";

export type ServerReady = { type: "ready"; port: number; pid: number };
export type ServerMemory = { type: "memory"; rss: number; heapUsed: number; heapSize: number; objects: number };

const BARE_CHANNEL = "bench_sse";

async function startApp(url: string, idleTimeout: number | null): Promise<number> {
  // Imported here, so the bare server's process does not load the app's modules (its memory would count them).
  const [{ createApp }, { Lifecycle }, { serve }, { bootApp }] = await Promise.all([
    import("../../../server/app"),
    import("../../../server/lifecycle"),
    import("../../../server/serve"),
    import("./bench-run"),
  ]);
  const deps = await bootApp({ name: "", url, cleanups: [] });
  if (idleTimeout === null) return serve(deps, { file: () => null }).port!;
  const lifecycle = Lifecycle.ready();
  const app = createApp(deps, null, lifecycle);
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout, fetch: async (req, srv) => lifecycle.holdStream(await app.fetch(req, { server: srv })) });
  process.on("SIGTERM", () => process.exit(0));
  return server.port!;
}

async function startBare(url: string, idleTimeout: number | null): Promise<number> {
  const encoder = new TextEncoder();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const pool = postgres(url, { max: 10, onnotice: () => {} });
  const listener = postgres(url, { max: 1, onnotice: () => {} });
  await pool`select 1`; // a connection held from the start, as the app's pool is after boot
  await listener.listen(BARE_CHANNEL, (payload) => {
    const chunk = encoder.encode(`data: {"json":${payload}}\n\n`);
    for (const stream of streams) stream.enqueue(chunk);
  });
  const app = new Hono();
  app.get("/events", (c) => {
    let self: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        self = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode("event: connected\ndata: {}\n\n"));
      },
      cancel() {
        streams.delete(self);
      },
    });
    c.req.raw.signal.addEventListener("abort", () => streams.delete(self), { once: true });
    return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
  });
  app.post("/post", async (c) => {
    const { id } = await c.req.json<{ id: number }>();
    await pool`select pg_notify(${BARE_CHANNEL}, ${JSON.stringify({ id })})`;
    return c.json({ id });
  });
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: idleTimeout ?? 0, fetch: app.fetch });
  process.on("SIGTERM", async () => {
    server.stop(true);
    await Promise.all([listener.end({ timeout: 2 }), pool.end({ timeout: 2 })]);
    process.exit(0);
  });
  return server.port!;
}

if (import.meta.main) {
  const mode = process.argv[2];
  const url = process.env.BENCH_DATABASE_URL;
  const idle = process.env.BENCH_IDLE_TIMEOUT ? Number(process.env.BENCH_IDLE_TIMEOUT) : null;
  if ((mode !== "app" && mode !== "bare") || !url || !process.send) {
    console.error("scripts/bench/lib/sse-server.ts is started by scripts/bench/sse.ts; run that instead.");
    process.exit(2);
  }
  process.on("message", (message: { cmd: string }) => {
    if (message.cmd !== "memory") return;
    Bun.gc(true);
    const usage = process.memoryUsage();
    const jsc = heapStats();
    const reply: ServerMemory = { type: "memory", rss: usage.rss, heapUsed: usage.heapUsed, heapSize: jsc.heapSize, objects: jsc.objectCount };
    process.send!(reply);
  });
  const port = mode === "app" ? await startApp(url, idle) : await startBare(url, idle);
  const ready: ServerReady = { type: "ready", port, pid: process.pid };
  process.send(ready);
}
