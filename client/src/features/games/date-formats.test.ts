import { describe, expect, test } from "bun:test";
import { dayChipParts, formatTimeRange } from "@client/features/bookings/booking-format";
import { formatCardDate, formatDateTime, formatLongDate, formatShortDate, formatTime } from "@client/lib/format/dates";
import { formatWeekdayDate } from "@client/features/weekly/weekly-format";
import { intlLocale } from "@client/lib/intl-locale";

/** Wednesday 25 November 2026, 18:30 in Berlin. */
const WHEN = new Date("2026-11-25T17:30:00Z");

describe("dates in the UI language (issue 23 item 19: English in en-GB style, not US)", () => {
  test.each([
    ["en", "en-GB"],
    ["de", "de-DE"],
  ])("intlLocale(%p) = %p", (ui, tag) => expect(intlLocale(ui)).toBe(tag));

  test.each([
    ["card date", formatCardDate, "Wed 25/11", "Mi., 25.11."],
    ["short date", formatShortDate, "Wed 25 Nov", "Mi., 25. Nov."],
    ["long date", formatLongDate, "Wednesday, 25 November 2026", "Mittwoch, 25. November 2026"],
    ["date and time", formatDateTime, "25/11/2026, 18:30", "25.11.2026, 18:30"],
    ["time", formatTime, "18:30", "18:30"],
  ] as const)("%s", (_, format, en, de) => {
    expect(format(WHEN, "en")).toBe(en);
    expect(format(WHEN, "de")).toBe(de);
  });

  test("booking formats", () => {
    expect(dayChipParts("2026-11-25", "en")).toEqual({ weekday: "Wed", date: "25/11", long: "Wednesday, 25 November 2026" });
    expect(formatTimeRange(WHEN, new Date(WHEN.getTime() + 5400_000), "en")).toBe("18:30–20:00");
  });

  test("weekly session dates", () => {
    expect(formatWeekdayDate(WHEN, "en")).toBe("Wednesday 25 November");
  });
});
