import type { JobWithMetadata } from "pg-boss";
import type { Deps } from "../context";
import type { JobData, JobName } from "../jobs/definitions";

const SETTLED = new Set(["completed", "failed", "cancelled"]);

/**
 * The jobs of one queue whose data contains `data` (JSON containment, pg-boss's findJobs), once none
 * of them waits, retries or runs any more: then the workers have really done that work (a mail is in
 * the catcher, a push at the endpoint), so a test asserts "exactly one" or "none" because the work is
 * finished, not because some time passed. Jobs are enqueued in the transaction that decides on them
 * (the dispatcher's), so call this after that has returned.
 */
export async function settledJobs<N extends JobName>(deps: Deps, name: N, data: object, timeoutMs = 15_000): Promise<JobWithMetadata<JobData<N>>[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await deps.jobs.boss.findJobs<JobData<N>>(name, { data });
    if (jobs.every((j) => SETTLED.has(j.state))) return jobs;
    if (Date.now() > deadline) throw new Error(`${name} jobs not settled within ${timeoutMs} ms: ${jobs.map((j) => j.state).join(", ")}`);
    await Bun.sleep(25);
  }
}
