import { sql } from "drizzle-orm";
import postgres from "postgres";
import { coalesced } from "../db/coalesce";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";

/**
 * Live updates across server processes: a change publishes a small event (which chat got a new
 * message), every process hears it through PostgreSQL LISTEN/NOTIFY and hands it to its open
 * server-sent-event streams. The embedded PGlite is one process, so it uses PGlite's own
 * LISTEN/NOTIFY the same way. Events carry ids only; clients refetch what they may see.
 */
export type RealtimeEvent = { channel: string; id: number };
type Handler = (event: RealtimeEvent) => void;

export type Realtime = {
  subscribe(channel: string, handler: Handler): () => void;
  close(): Promise<void>;
};

const PG_CHANNEL = "kickrunde_realtime";

export async function startRealtime(database: Database, logger: Logger): Promise<Realtime> {
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (payload: string) => {
    try {
      const event = JSON.parse(payload) as RealtimeEvent;
      for (const h of handlers.get(event.channel) ?? []) h(event);
    } catch (error) {
      logger.warn("bad realtime payload", { error: String(error) });
    }
  };

  let stop: () => Promise<void>;
  if (database.kind === "postgres") {
    // A connection of its own: LISTEN holds it for the life of the process.
    const listener = postgres(database.url!, { max: 1, onnotice: () => {} });
    const { unlisten } = await listener.listen(PG_CHANNEL, deliver);
    stop = async () => {
      await unlisten();
      await listener.end({ timeout: 2 });
    };
  } else {
    const unlisten = await database.pglite!.listen(PG_CHANNEL, deliver);
    stop = () => unlisten();
  }

  return {
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      return () => {
        set!.delete(handler);
        if (set!.size === 0) handlers.delete(channel);
      };
    },
    close: () => stop(),
  };
}

/**
 * Waits for events on a channel as an async stream until the signal aborts. `missed` (a resumed stream: what was
 * written since the client's last event id) is read after subscribing, so nothing committed in between falls through
 * the gap; its events come first, and a live event it already held is not repeated.
 */
export async function* eventsOn(
  realtime: Realtime,
  channel: string,
  signal: AbortSignal | undefined,
  missed?: () => Promise<RealtimeEvent[]>,
): AsyncGenerator<RealtimeEvent> {
  const queue: RealtimeEvent[] = [];
  let wake: (() => void) | null = null;
  const off = realtime.subscribe(channel, (e) => {
    queue.push(e);
    wake?.();
  });
  const aborted = new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
  try {
    // the ids sent from `missed` (at most its page), so their live notifications, early or late, are not repeated
    const sent = new Set<number>();
    for (const e of missed ? await missed() : []) {
      sent.add(e.id);
      yield e;
    }
    while (!signal?.aborted) {
      if (queue.length === 0) await Promise.race([new Promise<void>((r) => (wake = r)), aborted]);
      wake = null;
      while (queue.length) {
        const e = queue.shift()!;
        if (!sent.has(e.id)) yield e;
      }
    }
  } finally {
    off();
  }
}

/**
 * The one way to publish: from inside the transaction that makes the change. PostgreSQL delivers a
 * NOTIFY only when the transaction commits, and drops it on rollback, so listeners never hear of a
 * change that did not happen and always hear of one that did (no window between commit and publish).
 * Outside a transaction (`deps.db`) it is delivered at once.
 */
export function publishOnCommit(tx: SqlRunner, event: RealtimeEvent): Promise<void> {
  // a join batch's notifies go out as one statement (db/coalesce.ts), in their order
  return coalesced(tx, "pg_notify", JSON.stringify(event), notifyAll);
}

type SqlRunner = { execute(query: ReturnType<typeof sql>): Promise<unknown> };

async function notifyAll(tx: SqlRunner, payloads: string[]): Promise<void[]> {
  if (payloads.length === 1) await tx.execute(sql`select pg_notify(${PG_CHANNEL}, ${payloads[0]})`);
  else await tx.execute(sql`select pg_notify(${PG_CHANNEL}, p.value) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) with ordinality as p(value, n) order by p.n`);
  return payloads.map(() => undefined);
}
