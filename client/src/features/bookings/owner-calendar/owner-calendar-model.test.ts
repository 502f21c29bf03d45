import { describe, expect, test } from "bun:test";
import type { TCalendarEntry } from "@shared/schemas/bookings";
import { eventsOf, startTimeOptions, weekOf } from "./owner-calendar-model";

const court = {
  id: 1,
  name: "Halle",
  subCourts: [
    { id: 10, name: "Court 1" },
    { id: 11, name: "Court 2" },
  ],
};
const base = { seriesId: null, status: null, startTime: new Date("2026-12-01T18:00:00Z"), endTime: new Date("2026-12-01T19:00:00Z") };
const entries: TCalendarEntry[] = [
  { ...base, key: "manual-1", kind: "manual", id: 1, title: "Einzel", subCourtId: 10 },
  { ...base, key: "manual-2", kind: "series", id: 2, seriesId: 7, title: "Serie", subCourtId: 11 },
  { ...base, key: "booking-3", kind: "booking", id: 3, title: "Lena Schulz", subCourtId: 10, status: "BO" },
  { ...base, key: "booking-4", kind: "booking", id: 4, title: "Max", subCourtId: 10, status: "RE" },
  { ...base, key: "manual-5", kind: "manual", id: 5, title: "Anderer Platz", subCourtId: 99 },
  { ...base, key: "external-6-0", kind: "external", id: 6, title: "Google-Termin", subCourtId: null },
];

describe("owner calendar model", () => {
  test("weekOf: Monday 00:00 to the next Monday 00:00 in Berlin, also across the daylight-saving change", () => {
    expect(weekOf("2026-12-03")).toEqual({ from: new Date("2026-11-29T23:00:00Z"), to: new Date("2026-12-06T23:00:00Z") });
    expect(weekOf("2026-11-30")).toEqual(weekOf("2026-12-06"));
    // the week of 2026-03-29 (clocks forward on Sunday): 167 hours
    const dst = weekOf("2026-03-25");
    expect(dst.from.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(dst.to.toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  test("eventsOf: only the court's shown sub-courts (and imported events), each kind its own look, the selection marked", () => {
    const events = eventsOf(entries, court, new Set([10, 11]), "manual-2");
    expect(events.map((e) => [e.id, e.tone, e.calendarId ?? null, e.selected])).toEqual([
      ["manual-1", "soft", "sub10", false],
      ["manual-2", "striped", "sub11", true],
      ["booking-3", "solid", "sub10", false],
      ["booking-4", "outline", "sub10", false],
      ["external-6-0", "soft", null, false],
    ]);
    expect(eventsOf(entries, court, new Set([11]), null).map((e) => e.id)).toEqual(["manual-2", "external-6-0"]);
  });

  test("eventsOf: an imported event on every sub-court is drawn once, and selected by any of its copies (issue 23 item 17)", () => {
    const google: TCalendarEntry[] = [10, 11].map((subCourtId) => ({ ...base, key: `external-8-${subCourtId}`, kind: "external", id: 8, title: "Training", subCourtId }));
    const both = eventsOf([...entries.slice(0, 1), ...google], court, new Set([10, 11]), "external-8-11");
    expect(both.map((e) => [e.id, e.calendarId ?? null, e.selected])).toEqual([
      ["manual-1", "sub10", false],
      ["external-8-10", null, true],
    ]);
    // one sub-court shown (the phone's day view per sub-court): its copy
    expect(eventsOf(google, court, new Set([11]), null).map((e) => e.id)).toEqual(["external-8-11"]);
  });

  test("start times: from 08:00 to 23:30 in 30-minute steps", () => {
    const times = startTimeOptions();
    expect([times[0], times[1], times.at(-1), times.length]).toEqual(["08:00", "08:30", "23:30", 32]);
  });
});
