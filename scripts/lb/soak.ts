// The soak (issue 28; not part of CI): two processes behind haproxy under the mixed load of load.ts for a long while
// (10 minutes by default), no crash. Every minute it prints, per process, the resident memory, and for the cluster the
// PostgreSQL connections of the cluster's database, the pg-boss backlog (jobs waiting and due, active, failed) and the
// requests of that minute (per second, failed, p99). At the end the verdict: memory, connections and backlog flat,
// meaning the last minute's figure is no more than the given share above the figure after warm-up (minute 2), and
// no request failed.
//
//   bun scripts/lb/soak.ts [--minutes=10] [--processes=2] [--feed=3 --joins=3 --chatters=20 --readers=4] [--growth=0.25]
//
// Needs DATABASE_URL and haproxy like run.ts. Exit 0: flat; 1: something grew or failed (the table says what);
// 2: bad arguments or missing tools.
import { parseArgs } from "node:util";
import { requireClusterTools, startCluster } from "./cluster";
import { percentile, startLoad, type Sample } from "./load";
import { createWorld } from "./world";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    processes: { type: "string", default: "2" },
    feed: { type: "string", default: "3" },
    joins: { type: "string", default: "3" },
    chatters: { type: "string", default: "20" },
    readers: { type: "string", default: "4" },
    growth: { type: "string", default: "0.25" },
    keep: { type: "boolean", default: false },
  },
});
const minutes = Number(values.minutes);
const processes = Number(values.processes);
const growth = Number(values.growth);
if (!(minutes >= 3) || !(processes >= 1) || !(growth > 0)) {
  console.error("--minutes must be at least 3 (minute 2 is the baseline), --processes at least 1, --growth above 0");
  process.exit(2);
}
requireClusterTools();

type Row = {
  minute: number;
  rssMiB: Record<string, number | null>;
  connections: number;
  waiting: number;
  active: number;
  failedJobs: number;
  perSecond: number;
  failed: number;
  p99: number;
};

const cluster = await startCluster({ processes, reservationSeconds: 60, logLevel: "warn" });
console.log(`[soak] ${processes} processes (${cluster.runner}) behind haproxy at ${cluster.haproxy.url}; logs in ${cluster.dir}`);
const rows: Row[] = [];
let exitCode = 1;
let world: Awaited<ReturnType<typeof createWorld>> | undefined;
try {
  // places are a smallint: 30,000 a game outlasts any soak
  world = await createWorld(cluster, { paidGames: 4, chatGames: 2, placesPerGame: 30_000 });
  const load = await startLoad(cluster, world, {
    feedWorkers: Number(values.feed),
    joinWorkers: Number(values.joins),
    chatters: Number(values.chatters),
    sseClientsPerChatGame: Number(values.readers),
  });
  const t0 = performance.now();
  const dbName = new URL(cluster.databaseUrl).pathname.slice(1);
  let seen = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    await Bun.sleep(Math.max(0, t0 + minute * 60_000 - performance.now()));
    const samples: Sample[] = load.recorder.samples.slice(seen);
    seen += samples.length;
    const [conn] = await world.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1`, [dbName]);
    const [jobs] = await world.database.query<{ waiting: number; active: number; failed: number }>(
      `select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed
         from pgboss.job`,
    );
    const ok = samples.filter((s) => s.ok).map((s) => s.end - s.start);
    const row: Row = {
      minute,
      rssMiB: Object.fromEntries(cluster.apps.map((a) => [a.name, a.rssMiB()])),
      connections: conn?.n ?? 0,
      waiting: jobs?.waiting ?? 0,
      active: jobs?.active ?? 0,
      failedJobs: jobs?.failed ?? 0,
      perSecond: samples.length / 60,
      failed: samples.filter((s) => !s.ok).length,
      p99: percentile(ok, 99),
    };
    rows.push(row);
    const rss = Object.entries(row.rssMiB).map(([n, v]) => `${n} ${v === null ? "?" : v.toFixed(0)}`).join(", ");
    console.log(
      `[soak] minute ${String(minute).padStart(2)}: RSS MiB ${rss}; connections ${row.connections}; jobs waiting ${row.waiting}, active ${row.active}, failed ${row.failedJobs}; ` +
        `${row.perSecond.toFixed(1)} requests/s, ${row.failed} failed, p99 ${row.p99.toFixed(0)} ms`,
    );
  }
  await load.stop();

  // the verdict: the last minute against minute 2 (after warm-up: caches, pools, JIT)
  const base = rows[1]!;
  const last = rows.at(-1)!;
  const within = (now: number, then: number, slack: number) => now <= then * (1 + growth) + slack;
  const checks: [string, boolean, string][] = [
    ...cluster.apps.map((a): [string, boolean, string] => {
      const then = base.rssMiB[a.name] ?? 0;
      const now = last.rssMiB[a.name] ?? 0;
      return [`memory of ${a.name} flat`, within(now, then, 0), `${then.toFixed(0)} -> ${now.toFixed(0)} MiB`];
    }),
    ["database connections flat", within(last.connections, base.connections, 2), `${base.connections} -> ${last.connections}`],
    ["job backlog flat", within(last.waiting, base.waiting, 20), `${base.waiting} -> ${last.waiting} waiting`],
    ["no request failed", rows.every((r) => r.failed === 0), `${rows.reduce((n, r) => n + r.failed, 0)} failed`],
  ];
  console.log(`\n── verdict (last minute against minute 2, growth allowed ${(growth * 100).toFixed(0)} %) ──`);
  for (const [name, ok, detail] of checks) console.log(`${ok ? "✔" : "✖"} ${name}: ${detail}`);
  exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  await world?.close();
  await cluster.close({ keep: values.keep });
}
process.exit(exitCode);
