// A worker for the pool's tests (server/lib/worker-pool.test.ts): each task names what to do.
import { serveWorkerTasks, TaskError } from "../lib/worker-pool";

type Task = { op?: "echo" | "double" | "sleep" | "spin" | "fail" | "throw-later" | "exit"; value?: unknown; buffer?: ArrayBuffer; ms?: number };

serveWorkerTasks<Task, unknown>(async (task) => {
  switch (task.op) {
    case "echo":
      return { value: { value: task.value, threadId: (await import("node:worker_threads")).threadId } };
    case "double": {
      // answers with the bytes doubled, moved back without a copy
      const out = new Uint8Array(task.buffer!).map((b) => b * 2).buffer;
      return { value: out, transfer: [out] };
    }
    case "sleep":
      await Bun.sleep(task.ms ?? 0);
      return { value: "slept" };
    case "spin":
      for (;;) {
        // never answers: only terminate() ends this
      }
    case "fail":
      throw new TaskError("refused on purpose", "FIXTURE_REFUSED");
    case "throw-later":
      // an uncaught error outside any task: the worker dies
      setTimeout(() => {
        throw new Error("crash on purpose");
      });
      return new Promise(() => {});
    default:
      // "exit", and any payload not meant for this fixture (an image task): the worker dies under it
      process.exit(7);
  }
});
