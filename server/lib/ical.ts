/**
 * A calendar file (RFC 5545) with one event, written by hand: the few properties a phone's calendar needs, in
 * Europe/Berlin local time with its VTIMEZONE, so the event keeps its wall-clock time across the DST change.
 * Lines end in CRLF and are folded at 75 octets (never inside a UTF-8 character); TEXT values are escaped
 * (section 3.3.11). The UID is stable per object (`kind-id@host`), so importing the file again updates the
 * event instead of adding a second one; DTSTAMP is when the file was written (UTC).
 */

export type IcalEvent = {
  /** stable id, e.g. `game-42@kickrunde.de` */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  /** a cancelled game or tournament stays in the file as STATUS:CANCELLED, so a calendar that has it updates */
  cancelled?: boolean;
  /** when the file is written (DTSTAMP) */
  now: Date;
};

const TZID = "Europe/Berlin";

/** Europe/Berlin's rules since 1996 (EU summer time: last Sunday of March 02:00 to last Sunday of October 03:00). */
export const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT escaping (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks; other control characters go. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n")
    .replace(/[\u0000-\u001f\u007f]/g, "");
}

/** Folds one content line at 75 octets (section 3.1): continuation lines start with a space, UTF-8 characters stay whole. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      // the leading space of a continuation line counts towards its 75 octets
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const berlinParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TZID,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The Berlin wall-clock time of an instant as a DATE-TIME without zone (`20261129T183000`). */
export function berlinLocal(instant: Date): string {
  const parts = Object.fromEntries(berlinParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** An instant in UTC (`20261129T173000Z`), for DTSTAMP. */
export function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** The whole file: VCALENDAR with the Berlin VTIMEZONE and one VEVENT, CRLF-terminated. */
export function buildIcal(event: IcalEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kickrunde//Kickrunde//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;TZID=${TZID}:${berlinLocal(event.start)}`,
    `DTEND;TZID=${TZID}:${berlinLocal(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`);
  const description = [event.description, event.url].filter(Boolean).join("\n\n");
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  // URI values are not TEXT: no escaping, but nothing that could break the line either
  if (event.url && /^https?:\/\/[^\s"]+$/.test(event.url)) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
