import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type JobResult } from "pg-boss";
import type { Database, Tx } from "../db/client";
import type { Logger } from "../lib/logger";
import { JOB_NAMES, JOBS, type JobData, type JobName } from "./definitions";

/**
 * The one job queue (pg-boss), on the same database as the app: PostgreSQL through its own pool,
 * or the embedded PGlite. Jobs are sent inside the caller's transaction, so a rolled-back change
 * leaves no job behind; pg-boss hands each job to one worker even with several server processes.
 */
export type JobQueue = {
  send<N extends JobName>(name: N, data: JobData<N>, options: { startAfter?: Date; singletonKey?: string }, tx?: Tx): Promise<void>;
  /** `signal` is aborted when the process stops (and when pg-boss finds the job's claim gone): a long job ends early. */
  work<N extends JobName>(name: N, handler: (data: JobData<N>, signal: AbortSignal) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
};

/** Jobs a worker takes per fetch (see `work`). */
const WORK_BATCH = 10;

/** How long pg-boss's graceful stop waits for the jobs in hand before it fails them and closes its pool. */
const STOP_TIMEOUT_MS = 5000;
/**
 * How long a job still running at `stop()` is waited for: less than STOP_TIMEOUT_MS, so its batch is settled while
 * pg-boss's pool is open. A job that outlasts it is left to another process (pg-boss retries it); waited for longer,
 * its batch came back after pg-boss had closed the pool, which logged "Database connection is not opened" (seen in the
 * feed benchmark's shutdown, a weather refresh of 200 courts in hand).
 */
export const STOP_GRACE_MS = 4000;

/**
 * Every queue's options. The heartbeat: a worker refreshes its jobs every 15 s; a job whose process died (kill -9,
 * a lost machine) is retried by another process after 30 s without one (pg-boss's supervisor looks once a minute),
 * instead of waiting for the 15-minute expiry (found by the load-balancer test, scripts/lb/README.md).
 */
const QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, heartbeatSeconds: 30 } as const;

/**
 * What pg-boss reports as an error is not always an Error (a plain object of its own): its fields in the log, where
 * `String()` wrote "[object Object]" (seen when the database went away under a benchmark's queue).
 */
export function describeQueueError(error: unknown): string {
  if (error instanceof Error || typeof error !== "object" || error === null) return String(error);
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * `maintenance: false` is for the unit tests' queues alone (server/testing/test-db.ts and its helper processes): their
 * fake clock plans jobs months behind the database's own clock, and pg-boss's maintenance (its first pass a minute
 * after start) deletes a queued job 14 days after its start time, so a test that reads its planned jobs found them
 * gone when that pass fell in between.
 */
export async function startJobQueue(database: Database, logger: Logger, options: { maintenance?: boolean } = {}): Promise<JobQueue> {
  const supervise = options.maintenance ?? true;
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", supervise })
      : new PgBoss({ connectionString: database.url!, max: 4, supervise });
  boss.on("error", (error) => logger.error("job queue error", { error: describeQueueError(error) }));
  const stopped = new AbortController();
  const abandoned = Promise.withResolvers<"abandoned">();
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, QUEUE_OPTIONS);
    // a queue made by an earlier version keeps its options: brought up to these (the heartbeat came later)
    await boss.updateQueue(name, QUEUE_OPTIONS);
    // Warms pg-boss's queue cache now: a cache miss during a send inside a transaction would query
    // on pg-boss's own connection, which on the single-connection PGlite waits for that very transaction.
    await boss.getJobById(name, "00000000-0000-0000-0000-000000000000");
  }
  return {
    boss,
    async send(name, data, options, tx) {
      // A wrong shape is a bug here, not in the worker that would meet it later.
      JOBS[name].parse(data);
      await boss.send(name, data as object, { ...options, ...(tx ? { db: fromDrizzle(tx as never, sql as never) } : {}) });
    },
    async work(name, handler) {
      // Up to WORK_BATCH jobs per fetch and, while fetches come back full, the next fetch at once: a
      // backlog (a cancelled game's mails and pushes) drains in one go instead of one job per poll.
      // Each job settles on its own (perJobResults), so one failure retries only that job.
      await boss.work(name, { pollingIntervalSeconds: 1, batchSize: WORK_BATCH, burstWhenBatchFull: true, perJobResults: true }, async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          // Stopping (SIGTERM): the batch's rest is left out, so pg-boss hands it back to the queue for another
          // process, instead of this one working through a backlog long after it was asked to stop.
          if (stopped.signal.aborted) break;
          const data = JOBS[name].safeParse(job.data);
          if (!data.success) {
            // Written by another version with another shape: retrying cannot help.
            logger.error("job dropped: data does not match its schema", { queue: name, jobId: job.id, error: data.error.message });
            results.push({ id: job.id, status: "completed", output: { dropped: true } });
            continue;
          }
          const run = (async () => handler(data.data as JobData<typeof name>, AbortSignal.any([stopped.signal, job.signal])))();
          const outcome = await Promise.race([run.then(() => "done" as const, (error: unknown) => ({ error })), abandoned.promise]);
          if (outcome === "abandoned") {
            // Left out of the results, so pg-boss retries it (on a survivor); what it still does here is not waited for.
            run.catch(() => {});
            logger.warn("job left to another process: still running when this one stopped", { queue: name, jobId: job.id });
            break;
          }
          if (outcome === "done") {
            results.push({ id: job.id, status: "completed" });
          } else {
            logger.error("job failed", { queue: name, jobId: job.id, error: String(outcome.error) });
            results.push({ id: job.id, status: "failed", output: { message: String(outcome.error) } });
          }
        }
        return results;
      });
    },
    stop: async () => {
      stopped.abort(new Error("the job queue is stopping"));
      const grace = setTimeout(() => abandoned.resolve("abandoned"), STOP_GRACE_MS);
      try {
        await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      } finally {
        clearTimeout(grace);
      }
    },
  };
}
