import { expect, test } from "bun:test";
import { showsOtherTimeThanBerlin } from "./time-zone";

test("the time-zone warning shows only where clocks differ from Berlin's", () => {
  const summer = new Date("2026-07-15T16:30:00Z");
  expect(showsOtherTimeThanBerlin(summer, "Europe/Berlin")).toBe(false);
  expect(showsOtherTimeThanBerlin(summer, "Europe/Paris")).toBe(false);
  expect(showsOtherTimeThanBerlin(summer, "Europe/London")).toBe(true);
  expect(showsOtherTimeThanBerlin(summer, "America/New_York")).toBe(true);
  expect(showsOtherTimeThanBerlin(summer, null)).toBe(false);
  expect(showsOtherTimeThanBerlin(summer, "Not/AZone")).toBe(false);
});
