import { GAME_MAX_MONTHS_AHEAD, MANAGED_PAYMENT_MAX_DAYS_AHEAD, START_MINUTE_STEP } from "@shared/constants";
import { addBerlinDays, addBerlinMonths, berlinDateTimeToInstant, berlinParts } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";

/**
 * Choices of the start-time picker (spec 000 section 5): Berlin days from today on, hours and
 * 5-minute steps, never in the past. The server checks the same limits with startTimeProblem.
 */

export const MINUTE_STEPS: readonly number[] = Array.from({ length: 60 / START_MINUTE_STEP }, (_, i) => i * START_MINUTE_STEP);
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, i) => i);

const pad = (n: number) => String(n).padStart(2, "0");

export function timeString(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

/** The start as an instant, or null until day, hour and minute are chosen. */
export function startInstant(day: string | null, hour: number | null, minute: number | null): Date | null {
  if (day === null || hour === null || minute === null) return null;
  return berlinDateTimeToInstant(day, timeString(hour, minute));
}

/** Is this Berlin wall time still ahead of now? */
function isAhead(day: string, hour: number, minute: number, now: Date): boolean {
  return berlinDateTimeToInstant(day, timeString(hour, minute)).getTime() > now.getTime();
}

/** Minutes of an hour that lie ahead of now (all of them on later days). */
export function minutesFor(day: string, hour: number, now: Date): number[] {
  return MINUTE_STEPS.filter((minute) => isAhead(day, hour, minute, now));
}

/** Hours with at least one 5-minute step ahead of now. */
export function hoursFor(day: string, now: Date): number[] {
  return HOURS.filter((hour) => minutesFor(day, hour, now).length > 0);
}

/** The first day that still has a free start time (tomorrow late in the evening). */
export function firstDay(now: Date): string {
  const today = berlinDay(now);
  return hoursFor(today, now).length > 0 ? today : addBerlinDays(today, 1);
}

/** The last day a game may start on: 2 months ahead, or 6 days with managed payment. */
export function lastDay(now: Date, isManagedPayment: boolean): string {
  if (isManagedPayment) return berlinDay(new Date(now.getTime() + MANAGED_PAYMENT_MAX_DAYS_AHEAD * 24 * 60 * 60_000));
  return berlinDay(addBerlinMonths(now, GAME_MAX_MONTHS_AHEAD));
}

/** The quick-pick days shown as chips: from the first free day, `count` days on. */
export function quickDays(now: Date, count: number): string[] {
  const first = firstDay(now);
  return Array.from({ length: count }, (_, i) => addBerlinDays(first, i));
}

/**
 * Keeps a chosen time valid when the day changes: an hour or minute now in the past moves to the
 * first one that is not.
 */
export function fitTime(day: string, hour: number | null, minute: number | null, now: Date): { hour: number | null; minute: number | null } {
  if (hour === null) return { hour: null, minute: null };
  const hours = hoursFor(day, now);
  const fittedHour = hours.includes(hour) ? hour : (hours.find((h) => h > hour) ?? hours[0] ?? null);
  if (fittedHour === null) return { hour: null, minute: null };
  const minutes = minutesFor(day, fittedHour, now);
  const wanted = minute ?? 0;
  const fittedMinute = minutes.includes(wanted) ? wanted : (minutes[0] ?? null);
  return { hour: fittedHour, minute: fittedMinute };
}

/** Berlin day and wall time of an existing start (edit form). */
export function partsOf(start: Date): { day: string; hour: number; minute: number } {
  const p = berlinParts(start);
  return { day: berlinDay(start), hour: p.hour, minute: p.minute };
}
