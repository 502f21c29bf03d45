import { expect, test } from "bun:test";
import { parseGameId } from "./game-query";

test.each([
  ["12", 12],
  ["1", 1],
  ["0", null],
  ["012", null],
  ["-4", null],
  ["12abc", null],
  ["12345678901", null],
])("parseGameId(%p) -> %p", (raw, expected) => {
  expect(parseGameId(raw)).toBe(expected);
});
