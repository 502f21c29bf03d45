import { expect } from "bun:test";
import type { JobWithMetadata } from "pg-boss";
import type { Deps } from "../context";
import type { JobData, JobName } from "../jobs/definitions";
import { eventually } from "./eventually";

const SETTLED = new Set(["completed", "failed", "cancelled"]);

/**
 * The jobs of one queue whose data contains `data` (JSON containment, pg-boss's findJobs), once none
 * of them waits, retries or runs any more: then the workers have really done that work (a mail is in
 * the catcher, a push at the endpoint), so a test asserts "exactly one" or "none" because the work is
 * finished, not because some time passed. Jobs are enqueued in the transaction that decides on them
 * (the dispatcher's), so call this after that has returned.
 */
export async function settledJobs<N extends JobName>(deps: Deps, name: N, data: object, timeoutMs = 15_000): Promise<JobWithMetadata<JobData<N>>[]> {
  return eventually(
    async () => {
      const jobs = await deps.jobs.boss.findJobs<JobData<N>>(name, { data });
      expect(jobs.map((j) => j.state).filter((state) => !SETTLED.has(state))).toEqual([]);
      return jobs;
    },
    { what: `${name} jobs settled`, timeoutMs },
  );
}
