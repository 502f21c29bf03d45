import { describe, expect, test } from "bun:test";
import type { Database } from "../db/client";
import { openDatabase } from "../db/client";
import { createLogger } from "../lib/logger";
import { testDeps } from "../testing/test-db";
import { eventually } from "../testing/eventually";
import { settledJobs } from "../testing/jobs";
import { describeQueueError, startJobQueue } from "./queue";

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
