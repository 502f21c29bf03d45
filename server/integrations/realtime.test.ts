import { describe, expect, test } from "bun:test";
import { coalescingWrites } from "../db/coalesce";
import { eventually } from "../testing/eventually";
import { testDeps } from "../testing/test-db";
import { eventsOn, publishOnCommit } from "./realtime";

describe("realtime events", () => {
  test("a published event reaches the subscribers of its channel only, through the database", async () => {
    const deps = await testDeps();
    const got: number[] = [];
    const other: number[] = [];
    const offA = deps.realtime.subscribe("game:1", (e) => got.push(e.id));
    const offB = deps.realtime.subscribe("game:2", (e) => other.push(e.id));
    await publishOnCommit(deps.db, { channel: "game:1", id: 7 });
    // one notification reaches every handler in the same turn, so once game:1 heard it game:2 would have too
    await eventually(() => got.length > 0, { what: "the event on game:1" });
    offA();
    offB();
    expect(got).toEqual([7]);
    expect(other).toEqual([]);
  });

  test("eventsOn streams until aborted", async () => {
    const deps = await testDeps();
    const abort = new AbortController();
    const seen: number[] = [];
    const done = (async () => {
      for await (const e of eventsOn(deps.realtime, "user:9", abort.signal)) {
        seen.push(e.id);
        if (seen.length === 2) abort.abort();
      }
    })();
    // no wait needed: the for-await's first next() subscribes before the function above gives up its turn
    await publishOnCommit(deps.db, { channel: "user:9", id: 1 });
    await publishOnCommit(deps.db, { channel: "user:9", id: 2 });
    await done;
    expect(seen).toEqual([1, 2]);
  });
});

describe("realtime events of a join batch", () => {
  test("notifies made side by side in one transaction go out as one statement and arrive in the order made", async () => {
    const deps = await testDeps();
    const seen: number[] = [];
    const off = deps.realtime.subscribe("game:77", (e) => seen.push(e.id));
    let statements = 0;
    await deps.db.transaction(async (tx) => {
      const counted = { execute: (query: Parameters<typeof tx.execute>[0]) => (statements++, tx.execute(query)) };
      await coalescingWrites(counted, () => Promise.all([1, 2, 3, 4, 5].map((id) => publishOnCommit(counted, { channel: "game:77", id }))));
    });
    expect(statements).toBe(1);
    await eventually(() => seen.length === 5, { what: "the five events" });
    off();
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});
