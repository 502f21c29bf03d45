import { afterAll, beforeAll } from "bun:test";
import { join } from "node:path";
import { CSRF_HEADER } from "@shared/constants";
import { transformer } from "@shared/transformer";
import { eventually } from "./eventually";
import { testServerPort } from "./ports";
import { testDeps } from "./test-db";

const root = join(import.meta.dir, "..", "..");

export type ServerProcess = { url: string; proc: ReturnType<typeof Bun.spawn>; stop(): Promise<void> };

/**
 * Legal data for test server processes (NODE_ENV=production refuses to start without LEGAL_*, config.ts
 * productionRefusal); clearly test values. A test of the refusal overrides them with empty strings.
 */
export const TEST_LEGAL_ENV: Record<string, string> = {
  LEGAL_OPERATOR: "Kickrunde Testbetrieb GmbH",
  LEGAL_ADDRESS: "Teststraße 1; 10115 Berlin; Deutschland",
  LEGAL_CONTACT_EMAIL: "test@kickrunde.example",
  LEGAL_REPRESENTATIVE: "Erika Test",
  LEGAL_DATA_PROTECTION_EMAIL: "datenschutz@kickrunde.example",
};

/**
 * A real `bun server/index.ts` on a free loopback port of this test process's range (ports.ts) against the given
 * PostgreSQL database. A port can still be taken between the probe and the server's listen: a server that exits
 * before it answers is started again on another port, three times at most.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(databaseUrl, env);
    if ("url" in started) return started;
    if (attempt === 3) throw new Error(`the server on ${started.failedUrl} exited with ${started.exitCode} before it answered (3 attempts)`);
  }
}

/** argon2id at the test cost (server/lib/password.ts), except for a production server, which refuses it. */
function testHashCost(env: Record<string, string>): Record<string, string> {
  return (env.NODE_ENV ?? process.env.NODE_ENV) === "production" ? {} : { PASSWORD_HASH_COST: "test" };
}

async function startOnce(databaseUrl: string, env: Record<string, string>): Promise<ServerProcess | { failedUrl: string; exitCode: number | null }> {
  const port = testServerPort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([process.execPath, "server/index.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, SEED: "none", LOG_LEVEL: "error", ...TEST_LEGAL_ENV, ...testHashCost(env), ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const stop = async () => {
    proc.kill();
    await proc.exited;
  };
  const state = await eventually(async () => (proc.exitCode !== null ? "exited" : (await fetch(`${url}/api/ready`)).ok && "healthy"), {
    what: `${url}/api/ready (started and ready)`,
    timeoutMs: 30_000,
    intervalMs: 100,
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (state === "exited") return { failedUrl: url, exitCode: proc.exitCode };
  return { url, proc, stop };
}

/**
 * A tRPC mutation against a server process as a signed-in browser would send it (session cookie,
 * CSRF cookie and header, same Origin): the answer's HTTP status and our error code ("OK" on success).
 */
export async function mutateOn(server: ServerProcess, sessionToken: string, path: string, input: unknown): Promise<{ status: number; code: string; data: unknown }> {
  const csrf = "c".repeat(48);
  const res = await fetch(`${server.url}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `session=${sessionToken}; csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url },
    // the app's transformer (shared/transformer.ts): Dates travel as { $date }
    body: JSON.stringify(transformer.serialize(input)),
  });
  const body = (await res.json()) as { result?: { data: { json: unknown } }; error?: { json: { data: { app: { code: string } } } } };
  return { status: res.status, code: body.error?.json.data.app.code ?? "OK", data: body.result?.data.json };
}

/**
 * `count` server processes on the run's test database for the enclosing describe block: started
 * before its tests (in the order of the returned array), stopped after them.
 */
export function useServerProcesses(count: number): ServerProcess[] {
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    const deps = await testDeps();
    for (let i = 0; i < count; i++) servers.push(await startServerProcess(deps.database.url!));
  }, 30_000);
  afterAll(() => Promise.all(servers.map((s) => s.stop())));
  return servers;
}
