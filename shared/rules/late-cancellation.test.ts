import { describe, expect, test } from "bun:test";
import { replacedCancellations } from "./late-cancellation";

const pending = (...needs: number[]) => needs.map((needed, i) => ({ id: i + 1, needed }));

describe("replacedCancellations", () => {
  test.each([
    // target, settled players, needs (earliest first), replaced
    [4, 2, [1, 1], []],
    [4, 3, [1, 1], [1]],
    [4, 4, [1, 1], [1, 2]],
    [4, 9, [1, 1], [1, 2]],
    [4, 2, [2], []],
    [4, 3, [2], []], // one of two found: the hold stays
    [4, 4, [2], [1]],
    [6, 4, [1, 2], [1]], // the latest carries what is missing, up to its need
    [6, 3, [1, 2], []],
    [6, 5, [2, 1], [1]], // the shortfall of 1 is the latest one's whole need: the earliest is replaced
    [0, 0, [1], [1]], // "takes place" confirmed: nobody is needed
    [4, 3, [], []],
  ] as const)("target %i, %i settled, needs %p -> %p", (target, settledPlayers, needs, replaced) => {
    expect(replacedCancellations({ target, settledPlayers, pending: pending(...needs) })).toEqual([...replaced]);
  });

  test("a cancellation needing nobody is always replaced and carries nothing", () => {
    expect(replacedCancellations({ target: 4, settledPlayers: 3, pending: pending(1, 0) })).toEqual([2]);
  });
});
