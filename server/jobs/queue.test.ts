import { describe, expect, test } from "bun:test";
import type { Database } from "../db/client";
import { openDatabase } from "../db/client";
import { createLogger, type Logger } from "../lib/logger";
import { testDeps } from "../testing/test-db";
import { eventually } from "../testing/eventually";
import { settledJobs } from "../testing/jobs";
import { describeQueueError, STOP_GRACE_MS, startJobQueue } from "./queue";

describe("job queue", () => {
  test("a job sent inside a rolled-back transaction never exists", async () => {
    const deps = await testDeps();
    const probe = crypto.randomUUID();
    await deps.db
      .transaction(async (tx) => {
        await deps.jobs.send("game-auto-cancel", { gameId: 0, startTime: probe }, {}, tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    const rows = await deps.database.query(`select id from pgboss.job where data->>'startTime' = $1`, [probe]);
    expect(rows).toHaveLength(0);
  });

  // Two server processes on one PostgreSQL: each due job runs exactly once.
  test.skipIf(!process.env.DATABASE_URL)("two workers on one database run a job once", async () => {
    const deps = await testDeps();
    const logger = createLogger("silent");
    const second: Database = await openDatabase({ kind: "postgres", url: deps.database.url!, max: 2 });
    const queues = [deps.jobs, await startJobQueue(second, logger)];
    const probe = crypto.randomUUID();
    const runs: number[] = [];
    for (const [i, q] of queues.entries()) {
      await q.work("game-takes-place-prompt", async (data) => {
        if (data.startTime === probe) runs.push(i);
      });
    }
    for (let n = 0; n < 5; n++) await deps.jobs.send("game-takes-place-prompt", { gameId: n, startTime: probe }, {});
    // Once every job is completed no worker can take one again: a duplicate run would be in `runs` by then.
    // pg-boss polls every 2 s per worker: on a loaded machine five jobs can take a while
    const jobs = await settledJobs(deps, "game-takes-place-prompt", { startTime: probe }, 25_000);
    expect(jobs.map((j) => j.state)).toEqual(Array(5).fill("completed"));
    expect(runs).toHaveLength(5);
    await queues[1]!.stop();
    await second.close();
  }, 45_000);
});

describe("job batches", () => {
  // Workers take up to 10 jobs per fetch; each settles on its own, so a failure retries only that job.
  test.skipIf(!process.env.DATABASE_URL)("a backlog of 25 with one failing job: 24 complete once each, only the failing one is retried", async () => {
    const deps = await testDeps();
    const logger = createLogger("silent");
    const second: Database = await openDatabase({ kind: "postgres", url: deps.database.url!, max: 2 });
    const queue = await startJobQueue(second, logger);
    const probe = crypto.randomUUID();
    const runs = new Map<number, number>();
    for (let n = 0; n < 25; n++) await deps.jobs.send("game-min-players-warning", { gameId: n, startTime: probe }, {});
    await queue.work("game-min-players-warning", async (data) => {
      if (data.startTime !== probe) return;
      runs.set(data.gameId, (runs.get(data.gameId) ?? 0) + 1);
      if (data.gameId === 7) throw new Error("this one fails");
    });
    const jobs = await eventually(
      async () => {
        const jobs = await deps.jobs.boss.findJobs("game-min-players-warning", { data: { startTime: probe } });
        expect(jobs.filter((j) => j.state === "completed")).toHaveLength(24);
        return jobs;
      },
      { what: "24 jobs completed", timeoutMs: 20_000 },
    );
    await queue.stop();
    await second.close();
    const failing = jobs.find((j) => (j.data as { gameId: number }).gameId === 7)!;
    expect(jobs.filter((j) => j.state === "completed")).toHaveLength(24);
    expect(["retry", "created", "active"]).toContain(failing.state);
    expect([...runs].filter(([id]) => id !== 7).every(([, n]) => n === 1)).toBe(true);
    expect(runs.size).toBe(25);
  }, 45_000);
});

/** A logger that keeps its lines, to tell what a stop wrote. */
function keptLogger(): { logger: Logger; lines: { level: string; msg: string; extra?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; extra?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, extra?: Record<string, unknown>) => void lines.push({ level, msg, extra });
  return { logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") }, lines };
}

/**
 * A second queue on the test database (logging into `lines`) working a job of its own, in hand once this resolves.
 * Each test takes a queue no other test here works: a worker another test started on deps.jobs would take the job.
 */
async function jobInHand(name: "game-auto-cancel" | "game-min-players-warning", run: (signal: AbortSignal) => Promise<void>) {
  const deps = await testDeps();
  const { logger, lines } = keptLogger();
  const second: Database = await openDatabase({ kind: "postgres", url: deps.database.url!, max: 2 });
  const queue = await startJobQueue(second, logger);
  const probe = crypto.randomUUID();
  const started = Promise.withResolvers<void>();
  await queue.work(name, async (data, signal) => {
    if (data.startTime !== probe) return;
    started.resolve();
    await run(signal);
  });
  await deps.jobs.send(name, { gameId: 1, startTime: probe }, {});
  await started.promise;
  return {
    lines,
    stop: async () => {
      await queue.stop();
      await second.close();
    },
    state: async () => (await deps.jobs.boss.findJobs(name, { data: { startTime: probe } }))[0]!.state,
  };
}

describe("stopping with a job in hand", () => {
  // A job that does not end when asked (one long network call) must not make pg-boss settle its batch on a closed pool.
  test.skipIf(!process.env.DATABASE_URL)("a job that runs on is left to another process; the stop writes no queue error and ends in time", async () => {
    let aborted = false;
    const hand = await jobInHand("game-auto-cancel", async (signal) => {
      signal.addEventListener("abort", () => (aborted = true));
      await Bun.sleep(15_000); // does not listen to the signal
    });
    const at = performance.now();
    await hand.stop();
    const took = performance.now() - at;
    expect(aborted).toBe(true);
    expect(took).toBeGreaterThanOrEqual(STOP_GRACE_MS - 50);
    expect(hand.lines.filter((l) => l.level === "error")).toEqual([]);
    expect(hand.lines.some((l) => l.msg.startsWith("job left to another process"))).toBe(true);
    // not completed: pg-boss retries it
    expect(await hand.state()).not.toBe("completed");
  }, 30_000);

  test.skipIf(!process.env.DATABASE_URL)("a job that listens to its signal ends early and the stop does not wait for the grace", async () => {
    const hand = await jobInHand("game-min-players-warning", (signal) => new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve())));
    await hand.stop();
    expect(hand.lines.filter((l) => l.level === "error" || l.msg.startsWith("job left"))).toEqual([]);
    expect(await hand.state()).toBe("completed");
  }, 30_000);
});

describe("typed jobs", () => {
  test("a job whose data does not match its schema is refused when sent", async () => {
    const deps = await testDeps();
    // @ts-expect-error the type checker refuses it too
    await expect(deps.jobs.send("game-auto-cancel", { gameId: "7" }, {})).rejects.toThrow();
  });
});

describe("describeQueueError", () => {
  test("says what pg-boss reported, also when it is not an Error", () => {
    expect(describeQueueError(new Error("connection ended"))).toBe("Error: connection ended");
    expect(describeQueueError({ message: "terminating connection", code: "57P01" })).toBe('{"message":"terminating connection","code":"57P01"}');
    expect(describeQueueError("plain")).toBe("plain");
    expect(describeQueueError(null)).toBe("null");
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(describeQueueError(cyclic)).toBe("[object Object]");
  });
});
