import { describe, expect, test } from "bun:test";
import { formatCountdown, secondsLeft } from "./countdown";

describe("reservation countdown", () => {
  test.each([
    [0, "00:00"],
    [9, "00:09"],
    [60, "01:00"],
    [899, "14:59"],
    [900, "15:00"],
    [-5, "00:00"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [86_399, "23:59:59"],
  ])("%p seconds → %p", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  test("seconds left round up and stop at zero", () => {
    const now = new Date("2026-05-01T10:00:00.000Z");
    expect(secondsLeft(new Date("2026-05-01T10:15:00.000Z"), now)).toBe(900);
    expect(secondsLeft(new Date("2026-05-01T10:00:00.400Z"), now)).toBe(1);
    expect(secondsLeft(new Date("2026-05-01T09:59:00.000Z"), now)).toBe(0);
  });
});
