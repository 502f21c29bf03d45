/**
 * Writes of the same kind made side by side on one transaction, sent as one statement (decision in server/README.md
 * "Side-by-side writes of a join batch in one statement").
 *
 * A join batch (domains/participation/join-batch.ts) writes its joins together: each join's writes are a short chain
 * (its participation, its event, the event's chat line, that line's notify), and the chains of all joins run side by
 * side. Inside `coalescingWrites`, every call of `coalesced` with the same key joins the others made before the event
 * loop's next turn, and `many` writes them all in one statement: a batch of 40 joins sends 5 statements instead of 200.
 * Outside it, `coalesced` writes its one value at once, as before. A failing statement fails every write it carried
 * (the batch then serves each join alone).
 *
 * `many` answers one result per value, in the order of the values: PostgreSQL's `INSERT … VALUES … RETURNING` gives
 * its rows in the order of the VALUES list (what Django's bulk_create on PostgreSQL relies on too); a repo function that
 * can tell checks it (participations: the returned row's user).
 */
type Pending = { values: unknown[]; settle: { resolve: (result: unknown) => void; reject: (error: unknown) => void }[]; run: (db: never, values: unknown[]) => Promise<unknown[]> };

/** Per transaction in coalescing mode: the writes waiting for the next turn, by key. */
const open = new WeakMap<object, Map<string, Pending>>();

/** Runs `work` with the writes `coalesced` makes on `tx` sent together, one statement per key and turn. */
export async function coalescingWrites<T>(tx: object, work: () => Promise<T>): Promise<T> {
  if (open.has(tx)) return work();
  open.set(tx, new Map());
  try {
    return await work();
  } finally {
    // a write still waiting (work did not await it) is sent on its turn all the same
    open.delete(tx);
  }
}

/**
 * Writes `value` with `many` (which writes a list of values in one statement and answers one result per value, in
 * their order), together with the other values of `key` made on `tx` in this turn when `tx` is coalescing.
 */
export function coalesced<D extends object, V, R>(tx: D, key: string, value: V, many: (db: D, values: V[]) => Promise<R[]>): Promise<R> {
  const waiting = open.get(tx);
  if (!waiting) return many(tx, [value]).then((results) => one(results, 1)[0]!);
  return new Promise<R>((resolve, reject) => {
    let pending = waiting.get(key);
    if (!pending) {
      const fresh: Pending = { values: [], settle: [], run: many as Pending["run"] };
      waiting.set(key, (pending = fresh));
      setImmediate(() => {
        if (waiting.get(key) === fresh) waiting.delete(key);
        void send(tx, fresh);
      });
    }
    pending.values.push(value);
    pending.settle.push({ resolve: resolve as (result: unknown) => void, reject });
  });
}

async function send(tx: object, pending: Pending): Promise<void> {
  const { values, settle } = pending;
  if (values.length === 0) return;
  pending.values = [];
  pending.settle = [];
  try {
    const results = one(await pending.run(tx as never, values), values.length);
    settle.forEach(({ resolve }, i) => resolve(results[i]));
  } catch (error) {
    for (const { reject } of settle) reject(error);
  }
}

function one<R>(results: R[], expected: number): R[] {
  if (results.length !== expected) throw new Error(`a coalesced write answered ${results.length} results for ${expected} values`);
  return results;
}
