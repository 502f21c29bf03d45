/**
 * A small pool of Bun Workers for CPU-heavy work that would otherwise stall every other request on
 * the main thread (image decoding: server/integrations/images.ts).
 *
 * - Workers start lazily, one per task up to `size`, and are reused; idle workers do not keep the
 *   process alive.
 * - At most `maxQueued` tasks wait for a free worker; beyond that `run` refuses at once
 *   (WorkerPoolBusyError) instead of letting a backlog grow without end.
 * - A task gets `timeoutMs` from the moment a worker takes it; then the worker is terminated (which
 *   also stops a wasm call in the middle) and the task fails with WorkerTimeoutError.
 * - A worker that dies (uncaught error, exit) fails its task with WorkerCrashedError and is
 *   replaced by a fresh one on the next task; one that dies before it is ready fails the task with
 *   WorkerStartError (a broken deployment, not a problem of the task).
 *
 * The worker side is `serveWorkerTasks` below; the two speak the protocol of `ToWorker`/`FromWorker`.
 */

export type WorkerPoolOptions = {
  /** The worker script: a file URL, or a path the runtime resolves (inside the single binary). */
  script: string | URL;
  size: number;
  maxQueued: number;
  timeoutMs: number;
};

export class WorkerPoolBusyError extends Error {
  override name = "WorkerPoolBusyError";
}
export class WorkerTimeoutError extends Error {
  override name = "WorkerTimeoutError";
}
export class WorkerCrashedError extends Error {
  override name = "WorkerCrashedError";
}
export class WorkerStartError extends Error {
  override name = "WorkerStartError";
}
/** The task's own failure, thrown inside the worker and passed back as name, message and `kind`. */
export class WorkerTaskError extends Error {
  override name = "WorkerTaskError";
  constructor(
    message: string,
    readonly kind: string | undefined,
    readonly remoteName: string,
  ) {
    super(message);
  }
}

type ToWorker = { id: number; payload: unknown };
type FromWorker =
  | { type: "ready" }
  | { type: "result"; id: number; value: unknown }
  | { type: "error"; id: number; name: string; message: string; kind?: string };

type Task = {
  id: number;
  payload: unknown;
  transfer: Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
};
type Slot = { worker: Worker; ready: boolean; task: Task | null; gone: boolean };
/** Whether the worker keeps the process alive: Bun's Worker has ref/unref; the DOM lib's type lacks them. */
const keepAlive = (worker: Worker, on: boolean) => {
  const w = worker as unknown as { ref(): void; unref(): void };
  if (on) w.ref();
  else w.unref();
};

export class WorkerPool<In, Out> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Workers started so far (replacements included); for tests and diagnostics. */
  started = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs one task; the buffers in `transfer` move to the worker (they are detached here). */
  run(payload: In, transfer: Transferable[] = []): Promise<Out> {
    const free = this.slots.some((s) => !s.task) || this.slots.length < this.options.size;
    if (!free && this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new WorkerPoolBusyError(`${this.queue.length} tasks are already waiting`));
    }
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, payload, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Workers alive now. */
  get workers(): number {
    return this.slots.length;
  }

  /** Stops every worker; running and waiting tasks fail. */
  close(): void {
    for (const task of this.queue.splice(0)) task.reject(new WorkerCrashedError("the worker pool was closed"));
    for (const slot of [...this.slots]) this.retire(slot, new WorkerCrashedError("the worker pool was closed"));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.options.size ? this.spawn() : undefined);
      if (!slot) return;
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.script);
    const slot: Slot = { worker, ready: false, task: null, gone: false };
    this.started++;
    worker.addEventListener("message", (event: MessageEvent<FromWorker>) => this.onMessage(slot, event.data));
    worker.addEventListener("error", (event: ErrorEvent) => this.onDeath(slot, event.message || String(event.error ?? "error")));
    worker.addEventListener("close", (event: Event) => this.onDeath(slot, `exited with code ${(event as CloseEvent).code}`));
    keepAlive(worker, false);
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, task: Task): void {
    slot.task = task;
    keepAlive(slot.worker, true); // a task in flight keeps the process alive until it answers
    task.timer = setTimeout(
      () => this.retire(slot, new WorkerTimeoutError(`the task took longer than ${this.options.timeoutMs} ms`)),
      this.options.timeoutMs,
    );
    const message: ToWorker = { id: task.id, payload: task.payload };
    try {
      slot.worker.postMessage(message, task.transfer);
    } catch (e) {
      // not cloneable: the task's fault; the worker never saw it
      this.finish(slot, task);
      task.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private onMessage(slot: Slot, data: FromWorker): void {
    if (data.type === "ready") {
      slot.ready = true;
      return;
    }
    const task = slot.task;
    if (!task || task.id !== data.id) return;
    this.finish(slot, task);
    if (data.type === "result") task.resolve(data.value);
    else task.reject(new WorkerTaskError(data.message, data.kind, data.name));
  }

  /** The task is answered: the worker is free for the next one. */
  private finish(slot: Slot, task: Task): void {
    clearTimeout(task.timer);
    slot.task = null;
    if (!slot.gone) keepAlive(slot.worker, false);
    this.pump();
  }

  private onDeath(slot: Slot, reason: string): void {
    if (slot.gone) return;
    this.retire(slot, slot.ready ? new WorkerCrashedError(`the worker died: ${reason}`) : new WorkerStartError(`the worker did not start: ${reason}`));
  }

  /** Terminates a worker, fails its task and lets a fresh worker take the queue. */
  private retire(slot: Slot, error: Error): void {
    if (slot.gone) return;
    slot.gone = true;
    this.slots.splice(this.slots.indexOf(slot), 1);
    slot.worker.terminate();
    const task = slot.task;
    slot.task = null;
    if (task) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    this.pump();
  }
}

/**
 * The bytes' own ArrayBuffer when they fill it (it can then move to another thread without a copy),
 * else a copy of just these bytes.
 */
export function transferableBuffer(bytes: Uint8Array): ArrayBuffer {
  const owned = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return owned ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
}

/** An error thrown by a task handler that should reach the caller as `WorkerTaskError.kind`. */
export class TaskError extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
  }
}

type WorkerScope = {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
};

/**
 * The worker side: answers each task with `handle(payload)`; the returned `transfer` buffers move
 * back to the main thread. Call it at the top of the worker script, before any `await`, so no task
 * posted while the worker starts is missed.
 */
export function serveWorkerTasks<In, Out>(handle: (payload: In) => Promise<{ value: Out; transfer?: Transferable[] }>): void {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = (event) => {
    const { id, payload } = event.data;
    handle(payload as In).then(
      ({ value, transfer }) => scope.postMessage({ type: "result", id, value }, transfer ?? []),
      (e: unknown) => {
        const error = e instanceof Error ? e : new Error(String(e));
        scope.postMessage({ type: "error", id, name: error.name, message: error.message, kind: e instanceof TaskError ? e.kind : undefined });
      },
    );
  };
  scope.postMessage({ type: "ready" });
}
