// The soak (issue 28; not part of CI): two processes behind haproxy under the mixed load of load.ts for a long while
// (10 minutes by default), no crash. Every minute it prints, per process, the resident memory, and for the cluster the
// PostgreSQL connections of the cluster's database, the pg-boss backlog (jobs waiting and due, active, failed; memory
// and backlog are the medians of six readings 10 s apart) and the requests of that minute (per second, failed, p99; and per kind: the feed,
// the paid joins, the chat lines). The paid games have 20 places and a new one is put up for each that is full. At the
// end the verdict: memory, connections and backlog flat, meaning the last minute's figure is no more than the given
// share above the figure after warm-up (minute 2), and no request failed.
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
  // Games of a real size: 20 places, and a new game for each one that is full. With four games of 30,000 places
  // (before 2026-12-01) each gathered thousands of players, and every feed request summed all of them (the feed's
  // player counts): requests/s fell through the soak (scripts/lb/README.md).
  world = await createWorld(cluster, { paidGames: 4, chatGames: 2, placesPerGame: 20 });
  const load = await startLoad(cluster, world, {
    newGameWhenFull: true,
    feedWorkers: Number(values.feed),
    joinWorkers: Number(values.joins),
    chatters: Number(values.chatters),
    sseClientsPerChatGame: Number(values.readers),
  });
  const t0 = performance.now();
  const dbName = new URL(cluster.databaseUrl).pathname.slice(1);
  // Production's PostgreSQL vacuums and analyses on its own (autovacuum, the default). A server with it off (this
  // workplace's CI machines: conf.d/90-ci.conf) never learns the tables' sizes, so the planner read growing tables
  // sequentially (game_comments about twice a second, until an ANALYZE), and pg-boss's job table piled up dead rows
  // (33,000 in 9 minutes): the soak does autovacuum's work itself each minute then (scripts/lb/README.md, 2026-12-02).
  const [{ autovacuum } = { autovacuum: "on" }] = await world.database.query<{ autovacuum: string }>("select current_setting('autovacuum') as autovacuum");
  if (autovacuum !== "on") console.log("[soak] this PostgreSQL runs without autovacuum: the soak vacuums and analyses its database each minute, as autovacuum would");
  let seen = 0;
  const jobCounts = async () =>
    (
      await world!.database.query<{ waiting: number; active: number; failed: number }>(
        `select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'failed')::int as failed
           from pgboss.job`,
      )
    )[0] ?? { waiting: 0, active: 0, failed: 0 };
  for (let minute = 1; minute <= minutes; minute++) {
    // the backlog every 10 s, its median for the minute: one reading swings with the workers' polls (11 in one minute,
    // 75 in the next, flat over the soak), while a backlog that grows without end grows in every reading
    // (the resident memory too: it swings with the collector, 210 MiB in one minute and 233 in the next)
    const backlog: { waiting: number; active: number; failed: number }[] = [];
    const rssReadings: Record<string, number[]> = Object.fromEntries(cluster.apps.map((a) => [a.name, []]));
    for (let tenth = 1; tenth <= 6; tenth++) {
      await Bun.sleep(Math.max(0, t0 + (minute - 1) * 60_000 + tenth * 10_000 - performance.now()));
      backlog.push(await jobCounts());
      for (const app of cluster.apps) {
        const rss = app.rssMiB();
        if (rss !== null) rssReadings[app.name]!.push(rss);
      }
    }
    if (autovacuum !== "on") await world.database.query("vacuum (analyze)");
    const median = (key: "waiting" | "active") => percentile(backlog.map((b) => b[key]), 50);
    const jobs = { waiting: median("waiting"), active: median("active"), failed: backlog.at(-1)!.failed };
    const samples: Sample[] = load.recorder.samples.slice(seen);
    seen += samples.length;
    const [conn] = await world.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1`, [dbName]);
    const ok = samples.filter((s) => s.ok).map((s) => s.end - s.start);
    const row: Row = {
      minute,
      rssMiB: Object.fromEntries(cluster.apps.map((a) => [a.name, rssReadings[a.name]!.length ? percentile(rssReadings[a.name]!, 50) : null])),
      connections: conn?.n ?? 0,
      waiting: jobs.waiting,
      active: jobs.active,
      failedJobs: jobs.failed,
      perSecond: samples.length / 60,
      failed: samples.filter((s) => !s.ok).length,
      p99: percentile(ok, 99),
    };
    rows.push(row);
    const rss = Object.entries(row.rssMiB).map(([n, v]) => `${n} ${v === null ? "?" : v.toFixed(0)}`).join(", ");
    // by kind, so a slowdown over the soak names its requests (the feed, the paid joins, the chat lines)
    const kinds = (["feed", "join", "chat"] as const)
      .map((kind) => {
        const of = samples.filter((s) => s.kind === kind && s.ok).map((s) => s.end - s.start);
        return `${kind} ${(of.length / 60).toFixed(1)}/s p50 ${percentile(of, 50).toFixed(0)} p99 ${percentile(of, 99).toFixed(0)} ms`;
      })
      .join(", ");
    console.log(
      `[soak] minute ${String(minute).padStart(2)}: RSS MiB ${rss} (medians of 6 readings, as the jobs); connections ${row.connections}; jobs waiting ${row.waiting}, active ${row.active}, failed ${row.failedJobs}; ` +
        `${row.perSecond.toFixed(1)} requests/s, ${row.failed} failed, p99 ${row.p99.toFixed(0)} ms (${kinds})`,
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
    // 100 jobs of slack: the minute's median still swings between about 30 and 80 under this load (2026-12-01); the
    // backlog that grew without end (the unpooled mailer, README) went past 7,000 in 10 minutes
    ["job backlog flat", within(last.waiting, base.waiting, 100), `${base.waiting} -> ${last.waiting} waiting`],
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
