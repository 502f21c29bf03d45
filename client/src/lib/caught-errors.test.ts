import { describe, expect, spyOn, test } from "bun:test";
import { caughtError, onCaughtErrors } from "./caught-errors";

describe("errors caught by React's error boundaries", () => {
  test("are logged as before, and handed to error reporting once it listens", () => {
    const log = spyOn(console, "error").mockImplementation(() => {});
    try {
      const reported: unknown[] = [];
      const before = new Error("before reporting runs");
      caughtError(before);
      onCaughtErrors((e) => reported.push(e));
      const after = new Error("a screen failed to render");
      caughtError(after);
      expect(reported).toEqual([after]);
      expect(log.mock.calls.map((c) => c[0])).toEqual([before, after]);
    } finally {
      log.mockRestore();
    }
  });
});
