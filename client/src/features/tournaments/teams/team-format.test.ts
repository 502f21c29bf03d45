import { describe, expect, test } from "bun:test";
import { timeAgo } from "./team-format";

describe("teams overview formats", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  test.each([
    ["2026-12-01T11:59:50Z", "de", "vor 1 Minute"],
    ["2026-12-01T11:30:00Z", "de", "vor 30 Minuten"],
    ["2026-12-01T09:00:00Z", "de", "vor 3 Stunden"],
    ["2026-11-28T12:00:00Z", "de", "vor 3 Tagen"],
    ["2026-11-28T12:00:00Z", "en", "3 days ago"],
    ["2026-12-01T10:00:00Z", "en", "2 hours ago"],
  ])("%p in %p: %p", (then, locale, text) => {
    expect(timeAgo(new Date(then), now, locale)).toBe(text);
  });

});
