import { afterEach, describe, expect, test } from "bun:test";
import { WorkerCrashedError, WorkerPool, WorkerPoolBusyError, WorkerStartError, WorkerTaskError, WorkerTimeoutError, type WorkerPoolOptions } from "./worker-pool";

const FIXTURE = new URL("../testing/fixture-worker.ts", import.meta.url);

const pools: WorkerPool<unknown, unknown>[] = [];
function pool(options: Partial<WorkerPoolOptions> = {}) {
  const p = new WorkerPool<Record<string, unknown>, any>({ script: FIXTURE, size: 2, maxQueued: 4, timeoutMs: 10_000, ...options });
  pools.push(p as WorkerPool<unknown, unknown>);
  return p;
}
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error("the task succeeded");
}

describe("worker pool", () => {
  test("starts workers only when tasks come, never more than its size, and reuses them", async () => {
    const p = pool({ size: 2 });
    expect(p.workers).toBe(0);
    expect(await p.run({ op: "echo", value: 1 })).toMatchObject({ value: 1 });
    expect(await p.run({ op: "echo", value: 2 })).toMatchObject({ value: 2 });
    expect(p.started).toBe(1); // one after the other: the same worker
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((value) => p.run({ op: "echo", value })));
    expect(answers.map((a) => a.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBeLessThanOrEqual(2);
    expect(p.started).toBe(2);
    expect(p.workers).toBe(2);
  });

  test("moves buffers both ways instead of copying them", async () => {
    const p = pool();
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = p.run({ op: "double", buffer: bytes.buffer }, [bytes.buffer]);
    expect(bytes.byteLength).toBe(0); // detached: it went to the worker
    expect([...new Uint8Array(await answer)]).toEqual([2, 4, 6]);
  });

  test("a task's own failure comes back with its kind; the worker keeps serving", async () => {
    const p = pool({ size: 1 });
    const e = await failure(p.run({ op: "fail" }));
    expect(e).toBeInstanceOf(WorkerTaskError);
    expect(e).toMatchObject({ kind: "FIXTURE_REFUSED", message: "refused on purpose" });
    expect(await p.run({ op: "echo", value: "after" })).toMatchObject({ value: "after" });
    expect(p.started).toBe(1);
  });

  test("a bounded queue: past size + maxQueued, tasks are refused at once", async () => {
    const p = pool({ size: 1, maxQueued: 2 });
    const running = [p.run({ op: "sleep", ms: 300 }), p.run({ op: "sleep", ms: 10 }), p.run({ op: "sleep", ms: 10 })];
    let settled = 0;
    for (const r of running) r.then(() => settled++);
    expect(await failure(p.run({ op: "echo" }))).toBeInstanceOf(WorkerPoolBusyError);
    expect(settled).toBe(0); // refused at once, not after waiting its turn
    expect(await Promise.all(running)).toEqual(["slept", "slept", "slept"]);
    // room again once the queue has drained
    expect(await p.run({ op: "echo", value: 3 })).toMatchObject({ value: 3 });
  });

  test("a task that runs too long is terminated and fails; a fresh worker takes the next", async () => {
    const p = pool({ size: 1, timeoutMs: 300 });
    const spinning = failure(p.run({ op: "spin" }));
    const waiting = p.run({ op: "echo", value: "queued behind the spinner" });
    const e = await spinning;
    expect(e).toBeInstanceOf(WorkerTimeoutError);
    expect(await waiting).toMatchObject({ value: "queued behind the spinner" });
    expect(p.started).toBe(2);
    expect(p.workers).toBe(1);
  });

  test.each([
    ["exits", { op: "exit" }],
    ["dies of an uncaught error", { op: "throw-later" }],
  ])("a worker that %s fails its task and is replaced", async (_name, task) => {
    const p = pool({ size: 1 });
    expect(await p.run({ op: "echo", value: 0 })).toMatchObject({ value: 0 });
    expect(await failure(p.run(task))).toBeInstanceOf(WorkerCrashedError);
    expect(await p.run({ op: "echo", value: 1 })).toMatchObject({ value: 1 });
    expect(p.started).toBe(2);
  });

  test("a worker script that cannot load is a start error, not the task's fault", async () => {
    const p = new WorkerPool({ script: new URL("../testing/no-such-worker.ts", import.meta.url), size: 1, maxQueued: 1, timeoutMs: 10_000 });
    pools.push(p);
    expect(await failure(p.run({}))).toBeInstanceOf(WorkerStartError);
    expect(p.workers).toBe(0);
  });
});
