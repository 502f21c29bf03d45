import { berlinLocal, escapeText, foldLine, utcStamp, VTIMEZONE } from "../../lib/ical";

/**
 * The subscription's calendar file (RFC 5545) with many events: the same writer rules as the single-event file of
 * lib/ical.ts (CRLF, folding at 75 octets without splitting a UTF-8 character, TEXT escaping, the Europe/Berlin
 * VTIMEZONE with its DST rules), plus what a subscription needs: a calendar name, a refresh hint, and per event a
 * SEQUENCE and a DTSTAMP that are the event's last change, so the same data always gives the same bytes (the feed's
 * ETag is a hash of them; README "Same data, same bytes").
 */

export type FeedEventStatus = "CONFIRMED" | "TENTATIVE" | "CANCELLED";

export type FeedEvent = {
  /** stable per object: `game-123@kickrunde` */
  uid: string;
  /** grows with every change of the event (README "SEQUENCE") */
  sequence: number;
  /** the event's last change (DTSTAMP, written in UTC) */
  changedAt: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
  /** an https (or http, in development) page of the app */
  url: string | null;
  status: FeedEventStatus;
};

export const CALENDAR_NAME = "Kickrunde";
const TZID = "Europe/Berlin";

/** URI values are not TEXT: no escaping, so only a plain http(s) address without spaces or quotes goes in. */
const safeUri = (url: string | null) => (url && /^https?:\/\/[^\s"\\]+$/.test(url) ? url : null);

function eventLines(event: FeedEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.changedAt)}`,
    `DTSTART;TZID=${TZID}:${berlinLocal(event.start)}`,
    `DTEND;TZID=${TZID}:${berlinLocal(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  const url = safeUri(event.url);
  const description = [event.description, url].filter(Boolean).join("\n\n");
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  if (url) lines.push(`URL:${url}`);
  lines.push(`STATUS:${event.status}`, "TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** The whole feed: VCALENDAR, the Berlin VTIMEZONE and the events in the given order, every line CRLF-terminated. */
export function buildFeed(events: FeedEvent[], description: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kickrunde//Kalender-Abo//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${CALENDAR_NAME}`,
    `X-WR-CALDESC:${escapeText(description)}`,
    `X-WR-TIMEZONE:${TZID}`,
    // how often to fetch again (RFC 7986 and the older Microsoft/Apple name): the answer's max-age is 15 minutes too
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
    ...VTIMEZONE,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
