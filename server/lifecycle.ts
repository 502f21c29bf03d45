import type { Server } from "bun";
import type { Deps } from "./context";
import type { Logger } from "./lib/logger";

/**
 * A server process's life (server/README.md "Readiness and graceful shutdown"): `starting` until boot is done,
 * `ready` while it takes work, `draining` from the first SIGTERM/SIGINT on. `/api/ready` answers from it;
 * `/api/health` stays liveness.
 */
export type LifecycleState = "starting" | "ready" | "draining";
export type Readiness = { ready: true } | { ready: false; reason: "starting" | "draining" | "database" };

/** How long /api/ready waits for the database's answer before it calls the process not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;
/** How long requests in flight may take to finish after SIGTERM before their connections are closed. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Milestones of a server process's start, in ms since the process started (performance.now()), logged once as
 * "boot timing" when it is ready (server/README.md "Cold start"; scripts/bench/cold-start.ts prints them).
 */
export class BootTiming {
  readonly phases: Record<string, number> = {};

  mark(name: string): void {
    this.phases[name] = Math.round(performance.now());
  }
}

/** A process still starting (serve.ts serveStaged): its Deps and its services come later. */
export type Starting = { logger: Logger; deps: Promise<Deps>; started: Promise<unknown> };

export class Lifecycle {
  #state: LifecycleState;
  /** Ends one open server-sent-event stream (see holdStream). */
  readonly #streams = new Set<() => void>();

  constructor(state: LifecycleState = "starting") {
    this.#state = state;
  }

  /** For an app without a process around it (tests, benchmarks): ready from the start. */
  static ready(): Lifecycle {
    return new Lifecycle("ready");
  }

  get state(): LifecycleState {
    return this.#state;
  }

  markReady(): void {
    if (this.#state === "starting") this.#state = "ready";
  }

  startDraining(): void {
    this.#state = "draining";
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  /**
   * A server-sent-event answer (tRPC subscriptions) made endable: on drain the stream is closed without tRPC's
   * `return` event, so the client's EventSource takes it as a lost connection and reconnects (to another process
   * behind the load balancer), resuming from its last event id. Any other answer passes unchanged.
   */
  holdStream(res: Response): Response {
    if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) return res;
    const reader = res.body.getReader();
    const streams = this.#streams;
    let end: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        end = () => {
          streams.delete(end);
          reader.cancel().catch(() => {});
          try {
            controller.close();
          } catch {
            // already closed or errored
          }
        };
        streams.add(end);
        if (this.#state === "draining") end();
      },
      async pull(controller) {
        const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (!next.done) return controller.enqueue(next.value);
        streams.delete(end);
        try {
          controller.close();
        } catch {
          // ended by a drain while this read was pending
        }
      },
      cancel(reason) {
        streams.delete(end);
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }

  /** Ends every open server-sent-event stream; returns how many there were. */
  endStreams(): number {
    const ends = [...this.#streams];
    for (const end of ends) end();
    return ends.length;
  }
}

/** Ready only when booted, not draining, and the database answers a short query in time. */
export async function readiness(lifecycle: Lifecycle, database: { query(sql: string): Promise<unknown> }, timeoutMs = READY_DATABASE_TIMEOUT_MS): Promise<Readiness> {
  if (lifecycle.state !== "ready") return { ready: false, reason: lifecycle.state };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = await Promise.race([
    database.query("select 1").then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (!answered) return { ready: false, reason: "database" };
  // the state may have changed while the database answered
  return lifecycle.state === "ready" ? { ready: true } : { ready: false, reason: lifecycle.state };
}

/**
 * Graceful shutdown, in this order: draining (/api/ready 503 at once); `delayMs` of serving on (the pre-stop wait,
 * SHUTDOWN_DELAY_MS, server/README.md); the listener closes (new connections are
 * refused, requests in flight go on); the server-sent-event streams end (clients reconnect elsewhere); the requests in
 * flight get SHUTDOWN_GRACE_MS to finish, then their connections are closed; the job workers stop (pg-boss waits for
 * running jobs) and the other integrations close; the database closes last, when nothing uses it any more.
 * A process still starting (`Starting`) first finishes its start (the requests held for it are in flight), so that
 * every service it started is stopped. Resolves true when every step succeeded.
 */
export async function shutdown(server: Server<unknown>, lifecycle: Lifecycle, running: Deps | Starting, graceMs = SHUTDOWN_GRACE_MS, delayMs = 0): Promise<boolean> {
  const log = running.logger;
  lifecycle.startDraining();
  if (delayMs > 0) {
    // The pre-stop wait: out of the load balancer's rotation (readiness 503) before the listener and the idle
    // connections it may still reuse are closed; everything that comes meanwhile is served.
    log.info("draining: serving on until the load balancer has taken the process out", { delayMs });
    await Bun.sleep(delayMs);
  }
  const stopped = server.stop();
  const streams = lifecycle.endStreams();
  log.info("draining", { requestsInFlight: server.pendingRequests, streamsEnded: streams });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([stopped.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
  clearTimeout(timer);
  if (!finished) {
    log.warn("requests still in flight after the grace period: closing their connections", { graceMs, requestsInFlight: server.pendingRequests });
    await server.stop(true);
  }
  let deps: Deps;
  if ("started" in running) {
    try {
      await running.started;
      deps = await running.deps;
    } catch (error) {
      log.error("shutdown during a failed start", { error: String(error) });
      return false;
    }
  } else deps = running;
  let ok = true;
  const step = async (name: string, close: (() => Promise<unknown>) | undefined) => {
    if (!close) return;
    try {
      await close();
    } catch (error) {
      ok = false;
      log.error("shutdown step failed", { step: name, error: String(error) });
    }
  };
  await step("jobs", () => deps.jobs.stop());
  await step("mailer", () => deps.mailer.close());
  await step("realtime", () => deps.realtime.close());
  await step("payments", deps.payments ? () => deps.payments!.close() : undefined);
  await step("geocoder", () => deps.geocoder.close());
  await step("weather", () => deps.weather.close());
  await step("google", deps.google ? () => deps.google!.close() : undefined);
  await step("database", () => deps.database.close());
  log.info("stopped", { ok });
  return ok;
}
