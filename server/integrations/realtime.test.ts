import { describe, expect, test } from "bun:test";
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
    for (let i = 0; i < 50 && got.length === 0; i++) await Bun.sleep(20);
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
    await Bun.sleep(20);
    await publishOnCommit(deps.db, { channel: "user:9", id: 1 });
    await publishOnCommit(deps.db, { channel: "user:9", id: 2 });
    await done;
    expect(seen).toEqual([1, 2]);
  });
});
