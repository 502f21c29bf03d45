import { describe, expect, test } from "bun:test";
import { ageOn, isInFuture, isOldEnough } from "./age";
import { berlinDay } from "./berlin-time";
import { safeRedirectPath } from "./safe-redirect";
import { isCommunityManager } from "./roles";

describe("age at registration (at least 16)", () => {
  test.each([
    ["2010-11-21", "2026-11-21", 16, true],
    ["2010-11-22", "2026-11-21", 15, false],
    ["2010-12-31", "2026-11-21", 15, false],
    ["1990-01-01", "2026-11-21", 36, true],
    // born on 29 February: 16 only from 1 March in a non-leap year
    ["2008-02-29", "2024-02-28", 15, false],
    ["2008-02-29", "2024-02-29", 16, true],
    ["2012-02-29", "2028-02-29", 16, true],
    ["2010-02-29".replace("2010", "2008"), "2024-03-01", 16, true],
  ])("born %s, on %s: age %d, old enough %p", (dob, today, age, ok) => {
    expect(ageOn(dob, today)).toBe(age);
    expect(isOldEnough(dob, today)).toBe(ok);
  });
  test("future dates", () => {
    expect(isInFuture("2026-11-22", "2026-11-21")).toBe(true);
    expect(isInFuture("2026-11-21", "2026-11-21")).toBe(false);
  });
});

describe("Berlin calendar day", () => {
  test.each([
    ["2026-11-21T22:59:59Z", "2026-11-21"],
    ["2026-11-21T23:00:00Z", "2026-11-22"], // winter: UTC+1
    ["2026-07-01T21:59:59Z", "2026-07-01"],
    ["2026-07-01T22:00:00Z", "2026-07-02"], // summer: UTC+2
    ["2026-03-29T00:59:59Z", "2026-03-29"], // the night clocks go forward
    ["2026-10-25T22:59:59Z", "2026-10-25"], // the day clocks go back
  ])("%s is %s in Berlin", (iso, day) => {
    expect(berlinDay(new Date(iso))).toBe(day);
  });
});

describe("redirect after login stays in the app", () => {
  test.each([
    ["/user/3", "/user/3"],
    ["/games/berlin?courtId=4", "/games/berlin?courtId=4"],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["https://evil.example/", null],
    ["javascript:alert(1)", null],
    ["", null],
    [undefined, null],
    ["/ok\nx", null],
  ])("%p -> %p", (input, out) => {
    expect(safeRedirectPath(input)).toBe(out);
  });
});

describe("community manager badge", () => {
  test.each([
    [["Kickrunde-Leiter"], true],
    [["Kickrunde-Mitarbeiter"], true],
    [["Kickrunde-Partner"], false],
    [[], false],
  ])("%p -> %p", (groupNames, expected) => {
    expect(isCommunityManager(groupNames)).toBe(expected);
  });
});
