import type { Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { berlinDay } from "@shared/rules/berlin-time";
import { m } from "@client/paraglide/messages";
import { formatShortDate, formatTime } from "@client/lib/format/dates";

/**
 * A text a tournament has in German and English: the app language's, else the other one (an organiser may
 * write only one of them); null when neither has any text.
 */
export function localizedText(de: string | null | undefined, en: string | null | undefined, locale: string): string | null {
  const german = de?.trim() ? de : null;
  const english = en?.trim() ? en : null;
  return locale === "en" ? (english ?? german) : (german ?? english);
}

type Fee = { participationPriceCents: number; pricePerPlayer: boolean };

/** The entry fee as the spec writes it (001 section 2.10): "25,00 € pro Spieler", "120,00 € pro Team", or "kostenlos". */
export function entryFeeText(tournament: Fee, locale: Language): string {
  if (tournament.participationPriceCents === 0) return m.game_price_free();
  const price = formatMoney(tournament.participationPriceCents, locale);
  return tournament.pricePerPlayer ? m.tournament_fee_per_player({ price }) : m.tournament_fee_per_team({ price });
}

/** "3/16 Teams". */
export function teamsText(teamAmount: number, maxTeams: number): string {
  return m.tournament_teams_count({ count: String(teamAmount), max: String(maxTeams) });
}

/**
 * When it takes place, in Berlin time: "10:00–18:00 Uhr" on one day, "Sa., 5. Dez., 10:00 – So., 6. Dez., 18:00"
 * when it runs over more than one day.
 */
export function timeSpanText(start: Date, end: Date, locale: string): string {
  if (berlinDay(start) === berlinDay(end)) return m.game_time_range({ start: formatTime(start, locale), end: formatTime(end, locale) });
  return m.tournament_time_span_days({
    start: `${formatShortDate(start, locale)}, ${formatTime(start, locale)}`,
    end: `${formatShortDate(end, locale)}, ${formatTime(end, locale)}`,
  });
}
