import { describe, expect, test } from "bun:test";
import { transformer } from "./transformer";

const roundTrip = (v: unknown) => transformer.deserialize(JSON.parse(JSON.stringify(transformer.serialize(v))));

describe("tRPC transformer", () => {
  test.each([
    [null],
    [undefined],
    [0],
    ["2026-11-21T10:00:00.000Z"], // a string that looks like a date stays a string
    [{ a: 1, b: [1, "x", null], c: { d: true } }],
    [[{ nested: [{ deep: "ok" }] }]],
  ])("%p survives as it is", (v) => {
    expect(roundTrip(v)).toEqual(v);
  });

  test("dates come back as dates, at any depth", () => {
    const value = { startTime: new Date("2026-11-21T18:00:00Z"), list: [{ at: new Date(0) }], text: "2026-01-01T00:00:00.000Z" };
    const back = roundTrip(value) as typeof value;
    expect(back.startTime).toBeInstanceOf(Date);
    expect(back.startTime.toISOString()).toBe("2026-11-21T18:00:00.000Z");
    expect(back.list[0]!.at.getTime()).toBe(0);
    expect(back.text).toBe("2026-01-01T00:00:00.000Z");
  });

  test("undefined properties are dropped like JSON does; invalid dates stay invalid", () => {
    expect(roundTrip({ a: undefined, b: 1 })).toEqual({ b: 1 });
    const bad = transformer.deserialize({ json: { when: { $date: "nonsense" } } }) as { when: Date };
    expect(Number.isNaN(bad.when.getTime())).toBe(true);
    const numeric = transformer.deserialize({ json: { when: { $date: 5 } } }) as { when: Date };
    expect(Number.isNaN(numeric.when.getTime())).toBe(true);
  });

  test("uses superjson's envelope, so `{ json }` request bodies keep working", () => {
    expect(transformer.serialize({ x: 1 })).toEqual({ json: { x: 1 } });
    expect(transformer.deserialize({ json: { x: 1 } })).toEqual({ x: 1 });
  });
});
