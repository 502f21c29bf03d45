import { describe, expect, test } from "bun:test";
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
