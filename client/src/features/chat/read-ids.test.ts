import { describe, expect, test } from "bun:test";
import { addReadEntries, countUnread, expiryFor, parseNewsIds, parseReadEntries, pruneReadEntries } from "./read-ids";

const start = new Date("2026-05-01T17:00:00Z");
const day = 86_400_000;

describe("read game message ids", () => {
  test("expire 7 days after the game start", () => {
    expect(expiryFor(start)).toBe(start.getTime() + 7 * day);
  });

  test("adding keeps one entry per id with the later expiry", () => {
    const first = addReadEntries([], [1, 2], start);
    const later = new Date(start.getTime() + 3 * day);
    const both = addReadEntries(first, [2, 3], later);
    expect(both.map((e) => e.id).sort()).toEqual([1, 2, 3]);
    expect(both.find((e) => e.id === 2)?.expiresAt).toBe(expiryFor(later));
    expect(both.find((e) => e.id === 1)?.expiresAt).toBe(expiryFor(start));
  });

  test("pruning drops the entries whose expiry has passed", () => {
    const entries = [
      { id: 1, expiresAt: start.getTime() },
      { id: 2, expiresAt: start.getTime() + 1 },
    ];
    expect(pruneReadEntries(entries, start).map((e) => e.id)).toEqual([2]);
    expect(pruneReadEntries(entries, new Date(start.getTime() + 1))).toEqual([]);
  });

  test("unread = comment ids not in the read set", () => {
    expect(countUnread([1, 2, 3, 4], new Set([2, 4, 9]))).toBe(2);
    expect(countUnread([], new Set([1]))).toBe(0);
  });

  test("parsing tolerates junk", () => {
    expect(parseReadEntries(null)).toEqual([]);
    expect(parseReadEntries("{")).toEqual([]);
    expect(parseReadEntries('{"id":1}')).toEqual([]);
    expect(parseReadEntries('[{"id":1,"expiresAt":5},{"id":"x","expiresAt":5},null,{"id":2}]')).toEqual([{ id: 1, expiresAt: 5 }]);
    expect(parseNewsIds('[1,"2",3.5,4]')).toEqual([1, 4]);
    expect(parseNewsIds("nope")).toEqual([]);
  });
});
