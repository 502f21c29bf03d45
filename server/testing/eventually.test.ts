import { describe, expect, test } from "bun:test";
import { eventually } from "./eventually";

describe("eventually", () => {
  test("answers the value of the first try that holds; a failed assertion in a try only means not yet", async () => {
    let tries = 0;
    const value = await eventually(() => {
      tries++;
      expect(tries).toBeGreaterThan(3);
      return tries;
    });
    expect(value).toBe(4);
    expect(await eventually(async () => (tries++ < 6 ? false : "done"))).toBe("done");
  });

  test("past the deadline it throws with what it waited for and what it last saw", async () => {
    await expect(eventually(() => expect(1).toBe(2), { timeoutMs: 100, what: "one is two" })).rejects.toThrow(/^one is two did not hold within 100 ms; last: .*Expected: 2/s);
    await expect(eventually(() => false, { timeoutMs: 50 })).rejects.toThrow("the check did not hold within 50 ms; last: it answered false");
  });
});
