import { GAME_TIME_ZONE } from "../constants";

/**
 * Europe/Berlin calendar arithmetic with Intl only (Bun has no Temporal). Game times are in Berlin
 * whatever the user's zone (spec 000 section 5). Days are 'YYYY-MM-DD' strings, wall times 'HH:MM'.
 */

export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type BerlinParts = { year: number; month: number; day: number; hour: number; minute: number; weekday: Weekday };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: GAME_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
  hourCycle: "h23",
});

const WEEKDAYS: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function allParts(instant: Date): BerlinParts & { second: number } {
  const out: Record<string, string> = {};
  for (const p of partsFormat.formatToParts(instant)) out[p.type] = p.value;
  const weekday = WEEKDAYS[out.weekday ?? ""];
  if (weekday === undefined || Number.isNaN(instant.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    // some engines print midnight as 24 even with h23
    hour: Number(out.hour) % 24,
    minute: Number(out.minute),
    second: Number(out.second),
    weekday,
  };
}

/** Berlin wall-clock fields of an instant; weekday 1 = Monday .. 7 = Sunday. */
export function berlinParts(instant: Date): BerlinParts {
  const { second: _second, ...parts } = allParts(instant);
  return parts;
}

/** The Berlin wall time of an instant as 'HH:MM'. */
export function berlinTimeOfDay(instant: Date): string {
  const p = berlinParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The Berlin wall clock of an instant, read as if it were UTC (milliseconds). */
function wallMs(instant: Date): number {
  const p = allParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + instant.getUTCMilliseconds();
}

function offsetMs(instantMs: number): number {
  return wallMs(new Date(instantMs)) - instantMs;
}

/**
 * The instant at which Berlin clocks show `time` on `day`.
 * - Spring gap (e.g. 02:30 on 29 March 2026 does not exist): the wall time is read with the offset
 *   from before the gap, so it lands the gap's length later, after the gap (02:30 -> 03:30 CEST).
 *   This is Temporal's 'compatible' disambiguation and what JS Date does for local times.
 * - Autumn overlap (02:30 on 25 October 2026 happens twice): the first occurrence (CEST, 00:30 UTC).
 */
export function berlinDateTimeToInstant(day: string, time: string): Date {
  const [y, m, d] = parseDay(day);
  const [h, mi] = parseTime(time);
  const naive = Date.UTC(y, m - 1, d, h, mi);
  // Berlin changes its offset at most once within any two days, so the offsets a day either side
  // are the only ones that can apply.
  const offsetBefore = offsetMs(naive - DAY_MS);
  const offsetAfter = offsetMs(naive + DAY_MS);
  const candidates = [naive - offsetBefore, naive - offsetAfter].sort((a, b) => a - b);
  const first = candidates.find((t) => wallMs(new Date(t)) === naive);
  return new Date(first ?? naive - offsetBefore);
}

/** Midnight in Berlin at the start of `day` (never inside a daylight-saving gap: Berlin switches at 02:00/03:00). */
export function startOfBerlinDay(day: string): Date {
  return berlinDateTimeToInstant(day, "00:00");
}

/** Calendar-day arithmetic on 'YYYY-MM-DD' (no time zone involved: a Berlin day is a calendar day). */
export function addBerlinDays(day: string, n: number): string {
  const [y, m, d] = parseDay(day);
  return formatDay(new Date(Date.UTC(y, m - 1, d + n)));
}

/** Whole calendar days from `from` to `to` (negative if `to` is earlier). */
export function berlinDaysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parseDay(from);
  const [ty, tm, td] = parseDay(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS);
}

/** Weekday of a calendar day, 1 = Monday .. 7 = Sunday. */
export function weekdayOfDay(day: string): Weekday {
  const [y, m, d] = parseDay(day);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return (js === 0 ? 7 : js) as Weekday;
}

/**
 * The same Berlin wall time `n` calendar months later (or earlier), the day clamped to the target
 * month's end (31 January + 1 month = 28/29 February). Seconds and milliseconds are kept. A wall
 * time that falls into the spring gap moves past it (see berlinDateTimeToInstant).
 */
export function addBerlinMonths(instant: Date, n: number): Date {
  const p = allParts(instant);
  const monthIndex = p.year * 12 + (p.month - 1) + n;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(p.day, daysInMonth))}`;
  const wall = berlinDateTimeToInstant(day, `${pad(p.hour)}:${pad(p.minute)}`);
  return new Date(wall.getTime() + p.second * 1000 + instant.getUTCMilliseconds());
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function formatDay(utcMidnight: Date): string {
  return utcMidnight.toISOString().slice(0, 10);
}

function parseDay(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) {
    throw new RangeError(`Invalid day (YYYY-MM-DD): ${day}`);
  }
  return [y, m, d];
}

function parseTime(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const [h, mi] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || h > 23 || mi > 59) throw new RangeError(`Invalid time (HH:MM): ${time}`);
  return [h, mi];
}
