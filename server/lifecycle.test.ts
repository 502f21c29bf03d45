import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Deps } from "./context";
import { createSession } from "./domains/auth/sessions";
import { Lifecycle, readiness } from "./lifecycle";
import { eventually } from "./testing/eventually";
import { createUser } from "./testing/factories";
import { testServerPort } from "./testing/ports";
import { mutateOn, TEST_LEGAL_ENV, type ServerProcess } from "./testing/server-process";
import { testDeps } from "./testing/test-db";

/**
 * Readiness and graceful shutdown (lifecycle.ts) on a real `bun server/index.ts`: its stdout and stderr are kept
 * (server-process.ts inherits them) to prove that the shutdown logs no error.
 */
const root = join(import.meta.dir, "..");

type Proc = { url: string; proc: Bun.Subprocess<"ignore", "pipe", "pipe">; stdout: Promise<string>; stderr: Promise<string> };

/**
 * Starts `bun server/index.ts` and waits until it answers `waitFor`: /api/ready (all of it started) by default, or
 * only until the port takes connections ("listening"), to watch the start itself.
 */
async function spawnServer(databaseUrl: string, waitFor: "ready" | "listening" = "ready", env: Record<string, string> = {}): Promise<Proc> {
  for (let attempt = 1; ; attempt++) {
    const port = testServerPort();
    const url = `http://127.0.0.1:${port}`;
    const proc = Bun.spawn([process.execPath, "server/index.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, SEED: "none", LOG_LEVEL: "info", ...TEST_LEGAL_ENV, ...env },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const stdout = new Response(proc.stdout).text();
    const stderr = new Response(proc.stderr).text();
    const up = async () => {
      if (waitFor === "ready") return (await fetch(`${url}/api/ready`)).ok;
      (await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } })).end();
      return true;
    };
    const state = await eventually(async () => (proc.exitCode !== null ? "exited" : (await up()) && "up"), {
      what: `${url} ${waitFor}`,
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    if (state === "up") return { url, proc, stdout, stderr };
    // the port was taken between the probe and the listen
    if (attempt === 3) throw new Error(`the server exited with ${proc.exitCode}: ${await stderr}`);
  }
}

/** A raw HTTP/1.1 connection, to hold a request open half sent. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  let received = "";
  let closed = false;
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_s, chunk) {
        received += new TextDecoder().decode(chunk);
      },
      close() {
        closed = true;
      },
    },
  });
  return { socket, received: () => received, closed: () => closed };
}

/** Reads a server-sent-event stream until a line matches (the line) or the stream ends (null). */
function eventReader(res: Response) {
  const reader = res.body!.getReader();
  let text = "";
  return {
    text: () => text,
    async until(match: (line: string) => boolean): Promise<string | null> {
      for (;;) {
        const line = text.split("\n").find(match);
        if (line !== undefined) return line;
        const { value, done } = await reader.read();
        if (done) return null;
        text += new TextDecoder().decode(value);
      }
    },
  };
}

const ERROR_PATTERNS = [/CONNECTION_ENDED/, /Connection terminated/i, /"level":"error"/, /unhandled/i, /\berror:/i];

describe("readiness (in-process app)", () => {
  const fakeDb = (answer: "ok" | "fails" | "hangs") => ({
    query: () => (answer === "ok" ? Promise.resolve([]) : answer === "fails" ? Promise.reject(new Error("down")) : new Promise(() => {})),
  });

  test("says why a process is not ready", async () => {
    const starting = new Lifecycle();
    expect(await readiness(starting, fakeDb("ok"))).toEqual({ ready: false, reason: "starting" });
    starting.markReady();
    expect(await readiness(starting, fakeDb("ok"))).toEqual({ ready: true });
    expect(await readiness(starting, fakeDb("fails"))).toEqual({ ready: false, reason: "database" });
    expect(await readiness(starting, fakeDb("hangs"), 50)).toEqual({ ready: false, reason: "database" });
    starting.startDraining();
    expect(await readiness(starting, fakeDb("ok"))).toEqual({ ready: false, reason: "draining" });
    // a drain is final
    starting.markReady();
    expect(starting.state).toBe("draining");
  });

  test("ends held event streams without tRPC's return event; other answers pass unchanged", async () => {
    const lifecycle = Lifecycle.ready();
    const plain = new Response("x", { headers: { "content-type": "text/plain" } });
    expect(lifecycle.holdStream(plain)).toBe(plain);
    const source = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode("event: connected\ndata: {}\n\n")),
    });
    const held = lifecycle.holdStream(new Response(source, { headers: { "content-type": "text/event-stream" } }));
    const events = eventReader(held);
    expect(await events.until((l) => l === "event: connected")).toBe("event: connected");
    expect(lifecycle.openStreams).toBe(1);
    expect(lifecycle.endStreams()).toBe(1);
    expect(await events.until((l) => l === "event: return")).toBeNull();
    expect(lifecycle.openStreams).toBe(0);
  });
});

let deps: Deps;

/** Every answer while a server starts (start.ts, server/README.md "Cold start"): held until it can be given, never a 5xx. */
describe.skipIf(!process.env.DATABASE_URL)("a server process while it starts", () => {
  test("answers /api/ready 503 starting until all is started, and holds other requests until they can be answered", async () => {
    const starting = await testDeps();
    const server = await spawnServer(starting.database.url!, "listening");
    try {
      // From the moment it listens: readiness polled until ready, while a page, an API call and liveness are asked once.
      const readiness: { status: number; body: unknown }[] = [];
      const [page, api, health] = await Promise.all([
        fetch(`${server.url}/map/style.json`),
        fetch(`${server.url}/trpc/regions.list`),
        fetch(`${server.url}/api/health`),
        eventually(
          async () => {
            const res = await fetch(`${server.url}/api/ready`);
            readiness.push({ status: res.status, body: await res.json() });
            return res.ok;
          },
          { what: "/api/ready 200", timeoutMs: 60_000, intervalMs: 10 },
        ),
      ]);
      for (const answer of readiness.slice(0, -1)) expect(answer).toEqual({ status: 503, body: { ready: false, reason: "starting" } });
      expect(readiness.at(-1)).toEqual({ status: 200, body: { ready: true } });
      // a file served before the services (a page is too; this test runs without a built client)
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ version: 8 });
      expect(api.status).toBe(200);
      expect(await api.json()).toMatchObject({ result: { data: {} } });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, database: "postgres", maintenance: false });
    } finally {
      server.proc.kill("SIGKILL");
      await server.proc.exited;
    }
  }, 90_000);

  test("SIGTERM while it starts: the start finishes, everything it started stops, exit 0, no errors", async () => {
    const starting = await testDeps();
    const server = await spawnServer(starting.database.url!, "listening");
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
    const output = (await server.stdout) + (await server.stderr);
    for (const pattern of ERROR_PATTERNS) {
      expect({ pattern: String(pattern), found: pattern.test(output) }).toEqual({ pattern: String(pattern), found: false });
    }
    expect(output).toMatch(/"msg":"stopped","ok":true/);
  }, 90_000);
});

describe.skipIf(!process.env.DATABASE_URL)("readiness and graceful shutdown of a server process", () => {
  let server: Proc;
  beforeAll(async () => {
    deps = await testDeps();
    server = await spawnServer(deps.database.url!);
  }, 60_000);
  afterAll(async () => {
    if (server.proc.exitCode === null) server.proc.kill("SIGKILL");
    await server.proc.exited;
  });

  test("ready when up; /api/health stays liveness", async () => {
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test("SIGTERM: in-flight request completes, SSE stream ends for a reconnect, new work refused, exit 0, no errors", async () => {
    const user = await createUser(deps);
    const token = (await createSession(deps, user.id, "test")).token;

    // A long-lived request: a live chat stream (server-sent events), open once tRPC's first event is here.
    const stream = await fetch(`${server.url}/trpc/chat.onDirectMessage`, { headers: { cookie: `session=${token}`, accept: "text/event-stream" } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const events = eventReader(stream);
    expect(await events.until((l) => l === "event: connected")).toBe("event: connected");
    // events pass through the held stream
    const sender = await createUser(deps);
    const senderToken = (await createSession(deps, sender.id, "test")).token;
    const sent = await mutateOn({ url: server.url } as ServerProcess, senderToken, "chat.createDirectMessage", { receiverId: user.id, text: "Noch da?" });
    expect(sent.code).toBe("OK");
    const messageId = (sent.data as { id: number }).id;
    expect(await events.until((l) => l.startsWith("data: ") && l.includes(String(messageId)))).not.toBeNull();

    // A normal request in flight: its headers are in, and the server's "100 Continue" proves its handler is reading
    // the body, which we only send after the SIGTERM.
    const body = JSON.stringify({ query: "{ __typename }" });
    // GraphQL is loaded on its first request (cold start, server/README.md): loaded before, so what is measured below
    // is the draining, not that load on a busy machine
    const warm = await fetch(`${server.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(warm.status).toBe(200);
    const raw = await rawConnection(server.url);
    raw.socket.write(`POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
    await eventually(() => raw.received().includes("100 Continue"), { what: "100 Continue for the half-sent request" });

    server.proc.kill("SIGTERM");

    // The stream ends without tRPC's `return` event: the client's EventSource reconnects (to another process).
    expect(await events.until((l) => l === "event: return")).toBeNull();
    expect(events.text()).not.toContain("event: return");

    // New work: the listener is closed, or /api/ready says draining.
    const ready = await fetch(`${server.url}/api/ready`).then(
      async (res) => ({ status: res.status, body: await res.json() }),
      () => "refused" as const,
    );
    expect(ready === "refused" || (ready.status === 503 && ready.body.reason === "draining")).toBe(true);

    // The request in flight completes with its normal answer; a request that still comes on its open connection
    // (pipelined after it) hears that the process is draining.
    raw.socket.write(`${body}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await eventually(() => raw.received().includes('"reason"'), { what: "the answers on the open connection", timeoutMs: 20_000 });
    const [first, second] = raw.received().replace("HTTP/1.1 100 Continue\r\n\r\n", "").split(/(?=HTTP\/1\.1 )/);
    expect(first).toStartWith("HTTP/1.1 200 OK");
    expect(first).toContain('"__typename":"Query"');
    expect(second).toStartWith("HTTP/1.1 503");
    expect(second).toContain('{"ready":false,"reason":"draining"}');
    raw.socket.end();

    expect(await server.proc.exited).toBe(0);
    const stdout = await server.stdout;
    const stderr = await server.stderr;
    for (const pattern of ERROR_PATTERNS) {
      expect({ pattern: String(pattern), found: pattern.test(stdout) || pattern.test(stderr) }).toEqual({ pattern: String(pattern), found: false });
    }
    // the shutdown's own account: one stream ended, every step succeeded
    expect(stdout).toContain('"msg":"draining"');
    expect(stdout).toMatch(/"msg":"draining".*"streamsEnded":1/);
    expect(stdout).toMatch(/"msg":"stopped","ok":true/);
  }, 60_000);
});

/** The pre-stop wait (SHUTDOWN_DELAY_MS, server/README.md): out of rotation first, listener closed only after it. */
describe.skipIf(!process.env.DATABASE_URL)("the pre-stop wait of a graceful shutdown", () => {
  test("after SIGTERM it answers /api/ready 503 and still takes new connections for the delay, then exits 0", async () => {
    const own = await testDeps();
    const delayMs = 4_000;
    const server = await spawnServer(own.database.url!, "ready", { SHUTDOWN_DELAY_MS: String(delayMs) });
    try {
      const signalled = performance.now();
      server.proc.kill("SIGTERM");
      // the fact: readiness says draining (the signal is handled)
      await eventually(async () => (await fetch(`${server.url}/api/ready`)).status === 503, { what: "readiness draining", intervalMs: 50 });
      // a new connection is still accepted and served, as the load balancer may still send one
      const raw = await rawConnection(server.url);
      raw.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      await eventually(() => raw.received().includes("\r\n\r\n"), { what: "an answer on a new connection during the wait" });
      expect(raw.received()).toStartWith("HTTP/1.1 200");
      raw.socket.end();
      expect(await server.proc.exited).toBe(0);
      expect(performance.now() - signalled).toBeGreaterThanOrEqual(delayMs);
      const stdout = await server.stdout;
      expect(stdout).toMatch(/"msg":"draining: serving on until the load balancer has taken the process out","delayMs":4000[\s\S]*"msg":"draining"[\s\S]*"msg":"stopped","ok":true/);
      for (const pattern of ERROR_PATTERNS) {
        expect({ pattern: String(pattern), found: pattern.test(stdout) || pattern.test(await server.stderr) }).toEqual({ pattern: String(pattern), found: false });
      }
    } finally {
      if (server.proc.exitCode === null) server.proc.kill("SIGKILL");
      await server.proc.exited;
    }
  }, 60_000);
});
