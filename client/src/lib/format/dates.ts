import { GAME_TIME_ZONE } from "@shared/constants";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { durationParts } from "@shared/rules/game-form";
import { m } from "@client/paraglide/messages";
import { intlLocale } from "../intl-locale";

// Dates and times of games, bookings and messages: always Berlin time, in the UI language's regional style.

/** "18:30" in Berlin time, whatever zone the phone is in. */
export function formatTime(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    instant,
  );
}

/** "Mi., 24. Nov." */
export function formatShortDate(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, weekday: "short", day: "numeric", month: "short" }).format(instant);
}

/** "Mi., 24.11." for the time block of a feed card. */
export function formatCardDate(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, weekday: "short", day: "2-digit", month: "2-digit" }).format(instant);
}

/** "Mittwoch, 24. November 2026" */
export function formatLongDate(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: GAME_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(instant);
}

/** "24.11.2026, 18:30" (who cancelled and when). */
export function formatDateTime(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: GAME_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** "Heute", "Morgen" or the short date, by Berlin calendar day. */
export function formatRelativeDay(instant: Date, locale: string, now: Date): string {
  const day = berlinDay(instant);
  const today = berlinDay(now);
  if (day === today) return m.game_day_today();
  if (day === addBerlinDays(today, 1)) return m.game_day_tomorrow();
  return formatShortDate(instant, locale);
}

/** Up to 90 minutes in minutes, otherwise in hours (spec 000 section 9). */
export function formatDuration(minutes: number, locale: string): string {
  const { value, unit } = durationParts(minutes);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return unit === "minutes" ? m.game_duration_minutes({ minutes: number }) : m.game_duration_hours({ hours: number });
}
