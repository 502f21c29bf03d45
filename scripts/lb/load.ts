// The mixed load sent through the load balancer: the region feed (GET), joins of managed-payment games paid at the
// Stripe emulator (POST, then the customer's confirmation at "Stripe"), game-chat lines (POST) and chat readers on
// server-sent events that reconnect like tRPC's httpSubscriptionLink does (with Last-Event-ID). Every request is
// recorded with its time, outcome and the process that answered (haproxy's X-Served-By).
import { CSRF_HEADER } from "@shared/constants";
import { transformer } from "@shared/transformer";
import type { Cluster } from "./cluster";
import type { Player, World } from "./world";

export type Kind = "feed" | "join" | "chat";
export type Sample = {
  kind: Kind;
  start: number;
  end: number;
  /** answered by the app (2xx, or 4xx with one of our error codes); false: connection error or 5xx */
  ok: boolean;
  /** "OK", an app error code, "HTTP 502", or the network error */
  outcome: string;
  servedBy: string | null;
};

export type AckedJoin = { participationId: number; userId: number; gameId: number; intentId: string };
export type AckedComment = { id: number; gameId: number; text: string };

const CSRF = "c".repeat(48);

export class Recorder {
  readonly samples: Sample[] = [];
  readonly joins: AckedJoin[] = [];
  readonly comments: AckedComment[] = [];
  /** confirmations at the emulator that failed (the intent was not payable), by intent id */
  readonly payFailures: { intentId: string; error: string }[] = [];
}

type Answer = { status: number; code: string; data: unknown; servedBy: string | null };

async function call(base: string, path: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let body: { result?: { data?: { json?: unknown } }; error?: { json?: { data?: { app?: { code?: string } } } } } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // haproxy's own 502/503 pages are HTML
  }
  const code = res.status < 300 ? "OK" : (body.error?.json?.data?.app?.code ?? `HTTP ${res.status}`);
  return { status: res.status, code, data: body.result?.data?.json, servedBy: res.headers.get("x-served-by") };
}

/** One request, recorded; answers null on a connection error or a 5xx. */
async function recorded(rec: Recorder, kind: Kind, send: () => Promise<Answer>): Promise<Answer | null> {
  const start = performance.now();
  try {
    const a = await send();
    const ok = a.status < 500 && (a.status < 300 || !a.code.startsWith("HTTP"));
    rec.samples.push({ kind, start, end: performance.now(), ok, outcome: a.code, servedBy: a.servedBy });
    return ok ? a : null;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    rec.samples.push({ kind, start, end: performance.now(), ok: false, outcome: typeof code === "string" ? code : String(error).slice(0, 80), servedBy: null });
    return null;
  }
}

export function trpcQuery(base: string, path: string, input: unknown, token?: string): Promise<Answer> {
  const q = encodeURIComponent(JSON.stringify(transformer.serialize(input)));
  return call(base, `/trpc/${path}?input=${q}`, { headers: token ? { cookie: `session=${token}` } : {} });
}

/** A tRPC mutation as the signed-in web client sends it (session and CSRF cookies, CSRF header, same Origin). */
export function trpcMutation(base: string, token: string, path: string, input: unknown): Promise<Answer> {
  return call(base, `/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `session=${token}; csrftoken=${CSRF}`, [CSRF_HEADER]: CSRF, origin: base },
    body: JSON.stringify(transformer.serialize(input)),
  });
}

export type LoadShape = {
  feedWorkers: number;
  joinWorkers: number;
  chatters: number;
  sseClientsPerChatGame: number;
  /**
   * A paid game that answers "full" (NOT_ENOUGH_PLACES) is replaced by a new one, as organisers put up the next game:
   * games keep a real size over a long run (the soak), instead of a few games gathering thousands of players.
   */
  newGameWhenFull?: boolean;
};

/** A chat reader on server-sent events that reconnects after a lost stream, resuming from its last event id. */
export class SseClient {
  readonly seen = new Set<number>();
  /** the process of each connection, in order */
  readonly servedBy: string[] = [];
  connects = 0;
  lastEventId = "0";
  #abort = new AbortController();
  #connected: (() => void) | null = null;
  readonly firstConnected: Promise<void>;
  #done: Promise<void> | undefined;

  constructor(
    readonly base: string,
    readonly gameId: number,
    readonly name: string,
  ) {
    this.firstConnected = new Promise((resolve) => (this.#connected = resolve));
  }

  start(): void {
    this.#done = this.#run();
  }

  async #run(): Promise<void> {
    while (!this.#abort.signal.aborted) {
      try {
        await this.#once();
      } catch {
        // a lost connection: reconnect below
      }
      if (this.#abort.signal.aborted) return;
      // tRPC's link waits a moment before it reconnects; so does this reader
      await Bun.sleep(100);
    }
  }

  async #once(): Promise<void> {
    const q = encodeURIComponent(JSON.stringify(transformer.serialize({ gameId: this.gameId })));
    // Last-Event-ID as a browser's EventSource sends it; the first connect says "nothing seen yet" (the chat is new)
    const res = await fetch(`${this.base}/trpc/chat.onGameComment?input=${q}`, {
      headers: { accept: "text/event-stream", "last-event-id": this.lastEventId },
      signal: this.#abort.signal,
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    this.connects++;
    this.servedBy.push(res.headers.get("x-served-by") ?? "?");
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        this.#event(block);
      }
    }
  }

  #event(block: string): void {
    let event = "message";
    let id: string | null = null;
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("id:")) id = line.slice(3).trim();
    }
    if (event === "connected") this.#connected?.();
    if (event === "message" && id !== null) {
      this.seen.add(Number(id));
      this.lastEventId = id;
    }
    // tRPC's `return` would end the subscription for good; a drain never sends it (server/lifecycle.ts)
    if (event === "return") this.#abort.abort();
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#done;
  }
}

export type Load = {
  recorder: Recorder;
  sse: SseClient[];
  /** stops the workers (requests in flight finish) */
  stop(): Promise<void>;
};

/**
 * Starts the load's workers (the SSE readers are started and connected first, one by one, so the load balancer
 * spreads them evenly). Runs until `stop()`.
 */
export async function startLoad(cluster: Cluster, world: World, shape: LoadShape): Promise<Load> {
  const base = cluster.haproxy.url;
  const rec = new Recorder();
  const sse: SseClient[] = [];
  for (const gameId of world.chatGameIds) {
    for (let i = 0; i < shape.sseClientsPerChatGame; i++) {
      const c = new SseClient(base, gameId, `sse-${gameId}-${i}`);
      c.start();
      await c.firstConnected;
      sse.push(c);
    }
  }

  let running = true;
  const workers: Promise<void>[] = [];

  // the region's feed, as the first screen loads it
  for (let w = 0; w < shape.feedWorkers; w++) {
    workers.push(
      (async () => {
        while (running) await recorded(rec, "feed", () => trpcQuery(base, "games.feed", { regionSlug: world.regionSlug }));
      })(),
    );
  }

  // joins of managed-payment games by players who then pay at "Stripe" (the emulator's checkout, done in-process)
  let pool: Player[] = await world.players(200);
  let refill: Promise<void> | null = null;
  const nextPlayer = async (): Promise<Player> => {
    if (pool.length < 100 && !refill) refill = world.players(300).then((more) => void (pool = pool.concat(more), (refill = null)));
    while (pool.length === 0) await refill;
    return pool.shift()!;
  };
  let joinCount = 0;
  const replacing = new Set<number>();
  const replaceFullGame = async (gameId: number) => {
    if (replacing.has(gameId)) return;
    replacing.add(gameId);
    const next = await world.addPaidGame();
    const at = world.paidGameIds.indexOf(gameId);
    if (at >= 0) world.paidGameIds[at] = next;
  };
  for (let w = 0; w < shape.joinWorkers; w++) {
    workers.push(
      (async () => {
        while (running) {
          const player = await nextPlayer();
          const gameId = world.paidGameIds[joinCount++ % world.paidGameIds.length]!;
          const a = await recorded(rec, "join", () => trpcMutation(base, player.token, "participation.join", { gameId }));
          if (a?.code === "NOT_ENOUGH_PLACES" && shape.newGameWhenFull) await replaceFullGame(gameId);
          if (a?.code !== "OK") continue;
          const result = a.data as { participation: { id: number }; payment: { clientSecret: string } | null };
          const intentId = result.payment?.clientSecret.split("_secret_")[0] ?? "";
          rec.joins.push({ participationId: result.participation.id, userId: player.userId, gameId, intentId });
          try {
            cluster.emulator.confirm(intentId, "success");
          } catch (error) {
            rec.payFailures.push({ intentId, error: String(error) });
          }
        }
      })(),
    );
  }

  // chat lines: each account writes at most one per 10 s (the chat's rule), so many accounts take turns
  const chatters = await world.players(shape.chatters);
  let line = 0;
  chatters.forEach((player, i) => {
    workers.push(
      (async () => {
        // spread the first lines over the interval
        await Bun.sleep((i * 11_000) / chatters.length);
        while (running) {
          const gameId = world.chatGameIds[i % world.chatGameIds.length]!;
          const text = `Zeile ${++line} von ${player.userId}`;
          const a = await recorded(rec, "chat", () => trpcMutation(base, player.token, "chat.createComment", { gameId, text }));
          if (a?.code === "OK") rec.comments.push({ id: (a.data as { id: number }).id, gameId, text });
          // the server took its "now" somewhere during the request: 11 s after the answer is surely past the 10 s
          const wait = 11_000;
          // stop() need not wait out the pause
          for (let left = wait; running && left > 0; left -= 250) await Bun.sleep(Math.min(250, left));
        }
      })(),
    );
  });

  return {
    recorder: rec,
    sse,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/* ---------- figures ---------- */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Failed / total of the requests started in [from, to] (performance.now() times). */
export function errorRate(samples: Sample[], from: number, to: number) {
  const inWindow = samples.filter((s) => s.start >= from && s.start <= to);
  const failed = inWindow.filter((s) => !s.ok);
  const byKind: Record<string, string> = {};
  for (const kind of ["feed", "join", "chat"] as const) {
    const k = inWindow.filter((s) => s.kind === kind);
    byKind[kind] = `${k.filter((s) => !s.ok).length}/${k.length}`;
  }
  return { total: inWindow.length, failed: failed.length, rate: inWindow.length ? failed.length / inWindow.length : 0, byKind, firstFailures: failed.slice(0, 5).map((s) => `${s.kind}: ${s.outcome}`) };
}

export function summary(samples: Sample[], seconds: number) {
  const ok = samples.filter((s) => s.ok);
  const lat = ok.map((s) => s.end - s.start);
  const outcomes = new Map<string, number>();
  for (const s of samples) outcomes.set(`${s.kind} ${s.outcome}`, (outcomes.get(`${s.kind} ${s.outcome}`) ?? 0) + 1);
  const byKind: Record<string, string> = {};
  for (const kind of ["feed", "join", "chat"] as const) {
    const k = ok.filter((s) => s.kind === kind).map((s) => s.end - s.start);
    byKind[kind] = `${(samples.filter((s) => s.kind === kind).length / seconds).toFixed(1)}/s p50 ${percentile(k, 50).toFixed(0)} ms p99 ${percentile(k, 99).toFixed(0)} ms`;
  }
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    failed: samples.length - ok.length,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    byKind,
    outcomes: Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])),
  };
}
