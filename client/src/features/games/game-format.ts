import { GAME_TIME_ZONE, type Language } from "@shared/constants";
import { berlinDay } from "@shared/rules/berlin-time";
import { durationParts } from "@shared/rules/game-form";
import type { TGameListItem } from "@shared/schemas/games";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { formatMoney } from "@shared/rules/money";
import { m } from "@client/paraglide/messages";
import { intlLocale } from "@client/lib/intl-locale";

type Level = TGameListItem["level"];
type Gender = TGameListItem["gender"];

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

/** The price ("4,50 €", compact "5 €") or "kostenlos". */
export function formatPrice(cents: number, locale: Language, options: { compact?: boolean } = {}): string {
  return cents === 0 ? m.game_price_free() : formatMoney(cents, locale, options.compact ? "compact" : "full");
}

/** Up to 90 minutes in minutes, otherwise in hours (spec 000 section 9). */
export function formatDuration(minutes: number, locale: string): string {
  const { value, unit } = durationParts(minutes);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return unit === "minutes" ? m.game_duration_minutes({ minutes: number }) : m.game_duration_hours({ hours: number });
}

export function levelLabel(level: Level): string {
  switch (level) {
    case "LOW":
      return m.game_level_low();
    case "MEDIUM":
      return m.game_level_medium();
    case "HIGH":
      return m.game_level_high();
    default:
      return m.game_level_all();
  }
}

export function genderLabel(gender: Gender): string {
  switch (gender) {
    case "FEMALE":
      return m.game_gender_female();
    case "MALE":
      return m.game_gender_male();
    default:
      return m.game_gender_mixed();
  }
}

/** Level colours (spec 000 section 2: low, medium, high coloured). */
export const LEVEL_TONES: Record<Level, string> = {
  ALL: "bg-slate-100 text-slate-800",
  LOW: "bg-emerald-100 text-emerald-900",
  MEDIUM: "bg-amber-100 text-amber-900",
  HIGH: "bg-rose-100 text-rose-900",
};

/** The title, else the court's name, else a generic name. */
export function gameDisplayTitle(game: Pick<TGameListItem, "title" | "court">): string {
  return game.title ?? game.court?.name ?? m.game_untitled();
}

/** "5 gegen 5" style label of teams x players per team. */
export function formatLineUp(teams: number, gameMode: number): string {
  if (teams === 2) return m.game_line_up_versus({ mode: String(gameMode) });
  return m.game_line_up_teams({ teams: String(teams), mode: String(gameMode) });
}

/** "4 Spieler waren dabei" for a game that is over. */
export function finishedPlayersText(count: number): string {
  return count === 1 ? m.game_finished_players_one() : m.game_finished_players({ count: String(count) });
}
