import { GAME_TIME_ZONE } from "@shared/constants";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { m } from "@client/paraglide/messages";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { intlLocale } from "@client/lib/intl-locale";

type Titled = Pick<TGameTemplate, "title" | "court">;

/** The session's title, else its court's name (spec 000 section 2: the list shows one or the other). */
export function weeklyTitle(template: Titled): string {
  return template.title ?? template.court?.name ?? m.game_untitled();
}

/** "Dienstag" in Berlin. */
export function formatWeekday(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, weekday: "long" }).format(instant);
}

/** "Jeden Dienstag, 19:00 Uhr": weeks are Berlin wall time, so the next start names the weekday and time of every week. */
export function weeklyWhen(template: Pick<TGameTemplate, "state">, locale: string): string {
  const start = template.state.nextStart;
  return m.weekly_every({ weekday: formatWeekday(start, locale), time: formatTime(start, locale) });
}

/** "Di., 1. Dez., 19:00". */
export function formatDayAndTime(instant: Date, locale: string): string {
  return `${formatShortDate(instant, locale)}, ${formatTime(instant, locale)}`;
}

/** The state line of a list card: next week's game, when confirming opens, "confirm now", or deactivated. */
export function weeklyStateLine(template: Pick<TGameTemplate, "state">, locale: string): string {
  const { state } = template;
  switch (state.kind) {
    case "scheduled":
      return m.weekly_state_next_game({ date: formatDayAndTime(state.nextStart, locale) });
    case "waiting":
      return m.weekly_state_opens({ date: formatDayAndTime(state.opensAt ?? state.nextStart, locale) });
    case "open":
      return m.weekly_state_open();
    default:
      return m.weekly_state_deactivated();
  }
}

/** "Dienstag, 1. Dezember" in Berlin. */
export function formatWeekdayDate(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, weekday: "long", day: "numeric", month: "long" }).format(instant);
}
