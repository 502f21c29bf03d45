import { expect, test } from "bun:test";
import { formatDuration, formatRelativeDay, formatTime } from "./dates";

test("times are Berlin times, whatever zone the test runs in", () => {
  expect(formatTime(new Date("2026-07-01T16:30:00Z"), "de")).toBe("18:30");
  expect(formatTime(new Date("2026-12-01T16:30:00Z"), "de")).toBe("17:30");
});

test("durations up to 90 minutes in minutes, longer in hours (spec 000 section 9)", () => {
  expect(formatDuration(90, "de")).toBe("90 Min.");
  expect(formatDuration(120, "de")).toBe("2 Std.");
  expect(formatDuration(150, "de")).toBe("2,5 Std.");
});

test("today and tomorrow by Berlin calendar day", () => {
  const now = new Date("2026-11-24T22:30:00Z"); // 23:30 in Berlin
  expect(formatRelativeDay(new Date("2026-11-24T23:10:00Z"), "de", now)).toBe("Morgen");
  expect(formatRelativeDay(new Date("2026-11-24T22:10:00Z"), "de", now)).toBe("Heute");
  expect(formatRelativeDay(new Date("2026-11-26T12:00:00Z"), "de", now)).toBe("Do., 26. Nov.");
});
