import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { berlinLocal, buildIcal, escapeText, foldLine } from "./ical";

const NOW = new Date("2026-11-29T08:00:00Z");

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  // the file's own VTIMEZONE, so times are read by its rules and not by the parser's built-in zones
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
  ICAL.TimezoneService.register(zone, "Europe/Berlin");
  return { calendar, event: new ICAL.Event(vevent), vevent };
}

describe("RFC 5545 calendar file", () => {
  test("one event that a real iCalendar parser reads back: title, times in Berlin, place, link, UID, DTSTAMP", () => {
    const text = buildIcal({
      uid: "game-42@kickrunde.de",
      title: "Kicken im Park, Teil 2; mit Ball",
      start: new Date("2026-12-08T17:30:00Z"),
      end: new Date("2026-12-08T19:00:00Z"),
      location: "Soccerhalle Kreuzberg, Ohlauer Str. 38, 10999 Berlin",
      url: "https://kickrunde.de/game/42",
      geo: { latitude: 52.5, longitude: 13.43 },
      now: NOW,
    });
    const { calendar, event, vevent } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe("game-42@kickrunde.de");
    expect(event.summary).toBe("Kicken im Park, Teil 2; mit Ball");
    expect(event.location).toBe("Soccerhalle Kreuzberg, Ohlauer Str. 38, 10999 Berlin");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-08T17:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-08T19:00:00.000Z");
    expect(event.startDate.zone?.tzid).toBe("Europe/Berlin");
    expect(String(vevent.getFirstPropertyValue("dtstamp"))).toBe("2026-11-29T08:00:00Z");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://kickrunde.de/game/42");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20261208T183000\r\n");
  });

  test("summer time: the wall-clock time in Berlin is UTC+2, and the parser agrees", () => {
    const start = new Date("2026-07-01T16:00:00Z");
    expect(berlinLocal(start)).toBe("20260701T180000");
    const { event } = parse(buildIcal({ uid: "t-1@x", title: "Turnier", start, end: new Date("2026-07-01T20:00:00Z"), now: NOW }));
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-07-01T20:00:00.000Z");
  });

  test("CRLF everywhere, no line above 75 octets, long UTF-8 text folded whole and read back unchanged", () => {
    const title = "Ümläut-Ründe ⚽ ".repeat(20).trim();
    const text = buildIcal({ uid: "g-1@x", title, start: NOW, end: new Date(NOW.getTime() + 3_600_000), description: "Zeile 1\nZeile 2, mit \\ Rückstrich", now: NOW });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { event } = parse(text);
    expect(event.summary).toBe(title);
    expect(event.description).toBe("Zeile 1\nZeile 2, mit \\ Rückstrich");
  });

  test("a cancelled event says so", () => {
    const { vevent } = parse(buildIcal({ uid: "g-2@x", title: "Abgesagt", start: NOW, end: new Date(NOW.getTime() + 1), cancelled: true, now: NOW }));
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  test.each([
    ["a,b", "a\\,b"],
    ["a;b", "a\\;b"],
    ["a\\b", "a\\\\b"],
    ["a\r\nb\nc", "a\\nb\\nc"],
    ["bell\u0007", "bell"],
  ])("escapes %j as %j", (raw, escaped) => {
    expect(escapeText(raw)).toBe(escaped);
  });

  test("folding: 75 octets on the first line, 74 plus the space after, a 2-octet character never split", () => {
    const folded = foldLine(`SUMMARY:${"ä".repeat(100)}`).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(`SUMMARY:${"ä".repeat(100)}`);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });
});
