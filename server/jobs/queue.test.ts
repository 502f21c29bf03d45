import { describe, expect, test } from "bun:test";
import type { Database } from "../db/client";
import { openDatabase } from "../db/client";
import { createLogger } from "../lib/logger";
import { testDeps } from "../testing/test-db";
import { startJobQueue } from "./queue";

describe("job queue", () => {
  test("a job sent inside a rolled-back transaction never exists", async () => {
    const deps = await testDeps();
    const probe = crypto.randomUUID();
    await deps.db
      .transaction(async (tx) => {
        await deps.jobs.send("game-auto-cancel", { probe }, {}, tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    const rows = await deps.database.query(`select id from pgboss.job where data->>'probe' = $1`, [probe]);
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
      await q.work<{ probe?: string }>("game-takes-place-prompt", async (data) => {
        if (data.probe === probe) runs.push(i);
      });
    }
    for (let n = 0; n < 5; n++) await deps.jobs.send("game-takes-place-prompt", { probe, n }, {});
    const deadline = Date.now() + 15_000;
    while (runs.length < 5 && Date.now() < deadline) await Bun.sleep(200);
    await Bun.sleep(1500); // time for a duplicate to show up, if there were one
    expect(runs).toHaveLength(5);
    await queues[1]!.stop();
    await second.close();
  }, 30_000);
});
