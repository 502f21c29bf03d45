import type { Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { m } from "@client/paraglide/messages";

/** The price ("4,50 €", compact "5 €") or "kostenlos". */
export function formatPrice(cents: number, locale: Language, options: { compact?: boolean } = {}): string {
  return cents === 0 ? m.game_price_free() : formatMoney(cents, locale, options.compact ? "compact" : "full");
}
