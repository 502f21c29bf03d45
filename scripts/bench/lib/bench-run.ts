// What scripts/bench/graphql-feed.ts and hot-join.ts share (the pattern of feed.ts): arguments, a database
// `kr_bench_<pid>_<random>` beside DATABASE_URL dropped however the run ends, the app booted as server/index.ts
// does, the load generator in its own process, and latency statistics.
import postgres from "postgres";
import { boot } from "../../../server/boot";
import { parseConfig } from "../../../server/config";
import type { Deps } from "../../../server/context";
import { startWeatherEmulator } from "../../../server/integrations/weather/emulator";
import type { LoadPlan, LoadResult, TargetResult } from "../load";

export function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return value;
}

export const log = (line: string) => console.log(line);
const t0 = performance.now();
export const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

export type BenchDb = { name: string; url: string; cleanups: Array<() => Promise<unknown>> };

/**
 * Runs `main` against a fresh database beside DATABASE_URL and drops it afterwards (also after an error or
 * Ctrl-C). Exits 0 when main returns, 1 when it throws (an invalid run), 2 without a PostgreSQL URL.
 */
export async function runBench(script: string, main: (db: BenchDb) => Promise<void>): Promise<never> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) {
    console.error(
      `scripts/bench/${script} needs a PostgreSQL server: set DATABASE_URL, e.g.\n` +
        `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun scripts/bench/${script}\n` +
        "It creates a database kr_bench_<random> beside that one and drops it at the end.",
    );
    process.exit(2);
  }
  const name = `kr_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  const cleanups: Array<() => Promise<unknown>> = [];
  let dropped = false;
  const cleanUp = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    if (!dropped) {
      dropped = true;
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch((e) => console.error(`could not drop ${name}: ${e}`));
    }
    await admin.end({ timeout: 2 }).catch(() => {});
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanUp().finally(() => process.exit(130)));

  let exitCode = 0;
  try {
    const pgVersion = (await admin.unsafe<{ v: string }[]>("select current_setting('server_version') v"))[0]!.v;
    await admin.unsafe(`create database ${name}`);
    log(`database ${name} (PostgreSQL ${pgVersion}), bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, load average ${loadAverage()}`);
    await main({ name, url: url.toString(), cleanups });
  } catch (error) {
    console.error(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    exitCode = 1;
  } finally {
    await cleanUp();
    log(`[${since()}] database ${name} dropped; load average ${loadAverage()}`);
  }
  process.exit(exitCode);
}

export function loadAverage(): string {
  try {
    return require("node:os").loadavg().map((v: number) => v.toFixed(1)).join(" ");
  } catch {
    return "?";
  }
}

/**
 * The real app, booted as server/index.ts does it (migrations, job queue and its workers), without demo data. In
 * production mode, with the weather API pointed at the local emulator: production's default (Open-Meteo) is not
 * reachable here, and its failing refresh of every court wrote a warning per court in the middle of the measurement.
 */
export async function bootApp(db: BenchDb): Promise<Deps> {
  const weather = await startWeatherEmulator();
  db.cleanups.push(() => weather.close());
  const config = parseConfig({ DATABASE_URL: db.url, SEED: "none", LOG_LEVEL: "warn", NODE_ENV: "production", PORT: "0", WEATHER_URL: weather.url });
  const deps = await boot(config);
  db.cleanups.push(() => deps.database.close(), () => deps.jobs.stop());
  return deps;
}

export type Stats = { rps: number; p50: number; p99: number; requests: number; errors: number; kbPerResponse: number; firstError: string | null };

export function percentile(latencies: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(latencies).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;
}

export function statsOf(r: TargetResult): Stats {
  return {
    rps: r.requests / (r.elapsedMs / 1000),
    p50: percentile(r.latenciesMs, 0.5),
    p99: percentile(r.latenciesMs, 0.99),
    requests: r.requests,
    errors: r.errors,
    kbPerResponse: r.requests ? r.bytes / r.requests / 1024 : 0,
    firstError: r.firstError,
  };
}

/** Runs scripts/bench/load.ts (time-based phases) in its own process and returns its result. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const planMs = plan.phases.reduce((sum, p) => sum + p.ms, 0);
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/../load.ts`, JSON.stringify(plan)], { stdout: "pipe", stderr: "inherit" });
  const killer = setTimeout(() => child.kill(), planMs + 30_000);
  const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  clearTimeout(killer);
  if (exitCode !== 0) throw new Error(`the load generator exited with ${exitCode}`);
  return JSON.parse(output) as LoadResult;
}
