export type EventuallyOptions = {
  /** What is waited for, named in the error when it does not come. */
  what?: string;
  /** How long to keep polling (5 s by default). */
  timeoutMs?: number;
  /** The pause between two tries (20 ms by default). */
  intervalMs?: number;
};

/**
 * Polls `check` until it holds and answers its value: the one way a test waits for something another
 * process, worker or listener does (a job settled, an event heard, a server up, a row changed). A check
 * holds when it returns without throwing and its value is not `false`, so it is either a condition
 * (`() => heard.length > 0`) or assertions (`() => expect(rows).toHaveLength(1)`). Past the deadline it
 * throws with the last failure (an assertion's message) or the last value, so a test that times out says
 * what it last saw. A test never sleeps a fixed time instead: waiting for the fact is both faster and
 * still right on a loaded machine. (The e2e harness has the same with longer defaults.)
 */
export async function eventually<T>(check: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<Exclude<T, false>> {
  const { what = "the check", timeoutMs = 5_000, intervalMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: { error: unknown } | { value: false };
    try {
      const value = await check();
      if (value !== false) return value as Exclude<T, false>;
      last = { value: false };
    } catch (error) {
      last = { error };
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      const seen = "error" in last ? (last.error instanceof Error ? last.error.message : String(last.error)) : "it answered false";
      throw new Error(`${what} did not hold within ${timeoutMs} ms; last: ${seen}`, "error" in last ? { cause: last.error } : undefined);
    }
    await Bun.sleep(Math.min(intervalMs, left));
  }
}
