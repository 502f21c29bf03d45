// N Kickrunde processes on one PostgreSQL database behind Debian's haproxy, all on loopback ports, with one Stripe
// emulator and one mail catcher shared by every process (as one Stripe and one SMTP server are in production).
// Used by scripts/smoke/load-balancer.test.ts (short form, CI) and scripts/lb/run.ts (long form); see README.md here.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { startMailCatcher, type MailCatcher } from "../../server/integrations/mail/catcher";
import { startStripeEmulator, type StripeEmulator } from "../../server/integrations/stripe/emulator";
import { startWeatherEmulator } from "../../server/integrations/weather/emulator";
import { eventually } from "../../server/testing/eventually";
import { TEST_LEGAL_ENV } from "../../server/testing/server-process";
import { BINARY, ROOT } from "../lib/paths";

/**
 * This harness's own loopback ports: 32000-32767, above the test shards' ranges (server/testing/ports.ts draws from
 * 20000-31999) and below Linux's ephemeral ports (32768-60999), so no test server and no outgoing connection meets them.
 */
const PORT_BASE = 32_000;
const PORT_RANGE = 768;
/** How long a process may take from spawn to ready on two busy cores (migrations on the first one). */
const STARTUP_MS = 120_000;
export const HAPROXY_CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy", "/usr/local/bin/haproxy"];

export function haproxyPath(): string | null {
  return HAPROXY_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

const taken = new Set<number>();

/** A free loopback port of this harness's range, never handed out twice in one run. */
export function lbPort(): number {
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = PORT_BASE + Math.floor(Math.random() * PORT_RANGE);
    if (taken.has(port)) continue;
    try {
      const probe = Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } });
      probe.stop(true);
      taken.add(port);
      return port;
    } catch {
      // in use
    }
  }
  throw new Error(`no free port in ${PORT_BASE}-${PORT_BASE + PORT_RANGE - 1}`);
}

/**
 * How the app processes run: the single binary when it is built (dist/kickrunde, or KICKRUNDE_BINARY), as it is
 * deployed and as CI's "binary smoke test" step has it; otherwise `bun server/index.ts` from the repo.
 */
export function appCommand(): { kind: "binary" | "source"; cmd: string[] } {
  const binary = process.env.KICKRUNDE_BINARY ?? BINARY;
  if (process.env.LB_RUNNER !== "source" && existsSync(binary)) return { kind: "binary", cmd: [binary] };
  return { kind: "source", cmd: [process.execPath, join(ROOT, "server/index.ts")] };
}

/** Strings in a process's log that mean a broken shutdown or a crash of the process itself. */
export const BAD_LOG_PATTERNS = [
  /CONNECTION_ENDED/,
  /Connection terminated/i,
  // pg-boss settling a batch after its pool was closed (a job that outlasted the stop: server/jobs/queue.ts STOP_GRACE_MS)
  /Database connection is not opened/,
  /unhandled/i,
  /"msg":"shutdown step failed"/,
];

export class AppProcess {
  proc: Bun.Subprocess | undefined;
  exitCode: number | null = null;
  readonly logFile: string;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly dir: string,
    readonly env: Record<string, string>,
    readonly cmd: string[],
  ) {
    this.logFile = join(dir, `${name}.log`);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, "utf8") : "";
  }

  start(): void {
    mkdirSync(this.env.DATA_DIR!, { recursive: true });
    // stdout and stderr into one file: the JSON log lines in order
    const out = Bun.file(this.logFile);
    this.proc = Bun.spawn(this.cmd, { cwd: this.dir, env: this.env, stdin: "ignore", stdout: out, stderr: out });
    this.exitCode = null;
    void this.proc.exited.then((code) => (this.exitCode = code));
  }

  get running(): boolean {
    return this.proc !== undefined && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Waits until the process answers ready (200 on /api/ready), or fails with its log when it exits first. */
  async waitReady(timeoutMs = STARTUP_MS): Promise<void> {
    const state = await eventually(
      async () => {
        if (!this.running) return "exited";
        const res = await fetch(`${this.url}/api/ready`);
        return res.status === 200 && "ready";
      },
      { what: `${this.name} ready on ${this.url}/api/ready`, timeoutMs, intervalMs: 100 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- ${this.name} log ---\n${this.log().slice(-4000)}`);
    });
    if (state === "exited") throw new Error(`${this.name} exited (${this.proc?.exitCode}) before it was ready:\n${this.log().slice(-4000)}`);
  }

  /** Resident memory in MiB from /proc (Linux), null when gone. */
  rssMiB(): number | null {
    if (!this.proc || !this.running) return null;
    try {
      const status = readFileSync(`/proc/${this.proc.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : null;
    } catch {
      return null;
    }
  }

  signal(signal: "SIGKILL" | "SIGTERM"): void {
    this.proc?.kill(signal);
  }

  async exited(): Promise<number> {
    return this.proc ? await this.proc.exited : 0;
  }

  async stop(): Promise<void> {
    if (!this.proc || !this.running) return;
    this.proc.kill("SIGTERM");
    const done = await Promise.race([this.proc.exited, Bun.sleep(20_000).then(() => null)]);
    if (done === null) {
      this.proc.kill("SIGKILL");
      await this.proc.exited;
    }
  }
}

export type BackendState = { name: string; status: string };

/** Debian's haproxy in the foreground with a generated configuration; the stats page tells which backends are UP. */
export class Haproxy {
  proc: Bun.Subprocess | undefined;
  readonly port = lbPort();
  readonly statsPort = lbPort();
  readonly configFile: string;
  readonly logFile: string;

  constructor(
    readonly binary: string,
    readonly dir: string,
    readonly backends: { name: string; port: number }[],
  ) {
    this.configFile = join(dir, "haproxy.cfg");
    this.logFile = join(dir, "haproxy.log");
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  config(): string {
    return haproxyConfig({ port: this.port, statsPort: this.statsPort, backends: this.backends });
  }

  async start(): Promise<void> {
    writeFileSync(this.configFile, this.config());
    const out = Bun.file(this.logFile);
    // -db: foreground, no daemon; -W not needed (no reloads)
    this.proc = Bun.spawn([this.binary, "-db", "-f", this.configFile], { cwd: this.dir, stdin: "ignore", stdout: out, stderr: out });
    const state = await eventually(async () => (this.proc!.exitCode !== null ? "exited" : (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`)).ok && "up"), {
      what: "haproxy's stats page",
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    if (state === "exited") throw new Error(`haproxy exited with ${this.proc.exitCode}: ${readFileSync(this.logFile, "utf8")}`);
  }

  /** Each backend server's status as haproxy sees it (UP, DOWN, MAINT, "UP 1/2"...). */
  async states(): Promise<BackendState[]> {
    const csv = await (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const cols = header!.replace(/^# /, "").split(",");
    const px = cols.indexOf("pxname");
    const sv = cols.indexOf("svname");
    const st = cols.indexOf("status");
    return rows
      .map((r) => r.split(","))
      .filter((c) => c[px] === "app" && c[sv] !== "BACKEND" && c[sv] !== "FRONTEND")
      .map((c) => ({ name: c[sv]!, status: c[st]! }));
  }

  /** Waits until haproxy reports every named backend with this status (exactly "UP" or "DOWN"). */
  async waitFor(names: string[], status: "UP" | "DOWN", timeoutMs = 60_000): Promise<void> {
    let last: BackendState[] = [];
    await eventually(
      async () => {
        last = await this.states();
        return names.every((n) => last.find((s) => s.name === n)?.status === status);
      },
      { what: `haproxy reporting ${names.join(", ")} ${status}`, timeoutMs, intervalMs: 100 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; haproxy says ${JSON.stringify(last)}`);
    });
  }

  async stop(): Promise<void> {
    if (!this.proc || this.proc.exitCode !== null) return;
    this.proc.kill("SIGTERM");
    await this.proc.exited;
  }
}

/**
 * The load balancer's configuration, as a deployment would have it (README.md here explains each line):
 * readiness checks on /api/ready; a dead process's connection failures are retried on another server
 * (`option redispatch`, `retries`), idempotent requests also after an empty answer or a 502/503 from a process
 * that died mid-answer (`retry-on`), never a POST beyond a refused connection (`disable-l7-retry`);
 * server-sent events need `timeout tunnel` and no buffering (haproxy streams answers by default).
 */
export function haproxyConfig(opts: { port: number; statsPort: number; backends: { name: string; port: number }[] }): string {
  return `global
  maxconn 4000
  # no syslog here; the stats page says what we need

defaults
  mode http
  timeout connect 3s
  timeout client 60s
  timeout server 60s
  timeout queue 30s
  # server-sent events (chat) stay open for hours: the tunnel timeout applies once the answer streams
  timeout tunnel 1h
  timeout http-keep-alive 10s
  timeout check 3s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend web
  bind 127.0.0.1:${opts.port}
  option forwardfor
  default_backend app

backend app
  balance roundrobin
  # HTTP/1.1 with a Host header: a bare HTTP/1.0 check without Host gets a 500 (README.md here, "Findings")
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host kickrunde
  http-check expect status 200
  # a request that may have reached a process is never sent twice unless it is idempotent
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  # which process answered (for the test and for debugging; drop it in production)
  http-response set-header X-Served-By %s
  default-server inter 1s fall 2 rise 2 maxconn 200
${opts.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join("\n")}

listen stats
  bind 127.0.0.1:${opts.statsPort}
  stats enable
  stats uri /stats
  stats refresh 1s
`;
}

/** For the scripts (run.ts, soak.ts): haproxy and DATABASE_URL present, else a message and exit 2. */
export function requireClusterTools(): void {
  if (!haproxyPath()) {
    console.error("haproxy is not installed: apt-get install -y --no-install-recommends haproxy");
    process.exit(2);
  }
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set (postgres://...): the processes share one PostgreSQL database");
    process.exit(2);
  }
}

export type Cluster = {
  dir: string;
  databaseUrl: string;
  haproxy: Haproxy;
  apps: AppProcess[];
  emulator: StripeEmulator;
  mail: MailCatcher;
  runner: "binary" | "source";
  /** stops everything and drops the database (keeps the logs when `keep`) */
  close(opts?: { keep?: boolean }): Promise<void>;
};

export type ClusterOptions = { processes: number; reservationSeconds?: number; logLevel?: string };

/**
 * Starts the cluster: a fresh database kr_lb_<random> beside DATABASE_URL's, the Stripe emulator (its events go to the
 * load balancer's /api/stripe/webhook, as Stripe's go to the public address), the mail catcher, the first process
 * alone (it migrates), the others together, then haproxy, and waits until haproxy reports every process UP.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const haproxyBin = haproxyPath();
  if (!haproxyBin) throw new Error("haproxy is not installed (apt-get install -y --no-install-recommends haproxy)");
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error("DATABASE_URL is not set: the load-balancer test needs PostgreSQL");
  const dir = mkdtempSync(join(tmpdir(), "kickrunde-lb-"));
  const name = `kr_lb_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  // closed in reverse order when the start fails half way
  const started: (() => Promise<unknown>)[] = [];
  const dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  };
  try {
    const mail = await startMailCatcher();
    started.push(() => mail.close());
    // production's weather API (Open-Meteo) is not reachable here: the emulator stands in, as the mail catcher does
    const weather = await startWeatherEmulator();
    started.push(() => weather.close());
    const backends = Array.from({ length: opts.processes }, (_, i) => ({ name: `app${i + 1}`, port: lbPort() }));
    const haproxy = new Haproxy(haproxyBin, dir, backends);
    const emulator = await startStripeEmulator({ webhookUrl: `${haproxy.url}/api/stripe/webhook`, retryDelaysMs: [200, 1000, 3000, 10_000] });
    started.push(() => emulator.close());
    const { kind, cmd } = appCommand();
    const apps = backends.map(
      (b) =>
        new AppProcess(b.name, b.port, dir, {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: dir,
          TMPDIR: tmpdir(),
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(b.port),
          // every process is reached at the one public address, the load balancer's
          PUBLIC_URL: haproxy.url,
          TRUST_PROXY: "true",
          DATABASE_URL: databaseUrl,
          DATA_DIR: join(dir, `${b.name}-data`),
          CLIENT_DIST: join(ROOT, "client/dist"),
          SEED: "reference",
          LOG_LEVEL: opts.logLevel ?? "info",
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
          STRIPE_SECRET_KEY: emulator.secretKey,
          STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
          STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
          STRIPE_API_BASE: emulator.url,
          WEATHER_URL: weather.url,
          // a local stand-in that is never asked (no court is geocoded here), so production's default is not used
          GEOCODER_URL: "http://127.0.0.1:9/",
          PAYMENT_RESERVATION_SECONDS: String(opts.reservationSeconds ?? 20),
          ...TEST_LEGAL_ENV,
        }, cmd),
    );
    for (const app of apps) started.push(() => app.stop());
    // The first process migrates the fresh database; then the others start side by side.
    apps[0]!.start();
    await apps[0]!.waitReady();
    for (const app of apps.slice(1)) app.start();
    await Promise.all(apps.slice(1).map((a) => a.waitReady()));
    started.push(() => haproxy.stop());
    await haproxy.start();
    await haproxy.waitFor(backends.map((b) => b.name), "UP");
    return {
      dir,
      databaseUrl,
      haproxy,
      apps,
      emulator,
      mail,
      runner: kind,
      async close({ keep = false } = {}) {
        await haproxy.stop();
        await Promise.all(apps.map((a) => a.stop()));
        await emulator.close();
        await mail.close();
        await dropDatabase();
        if (!keep) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const close of started.reverse()) await close().catch(() => undefined);
    await dropDatabase();
    throw error;
  }
}
