import type { Language } from "../constants";

/**
 * How an amount is written:
 * - `full`: with the currency sign and two decimals ("5,00 €", "€5.00");
 * - `compact`: whole euros without decimals, for tight places like feed cards ("5 €", "€5"; "4,50 €" stays);
 * - `plain`: the number alone, two decimals and no grouping, as a price field shows it ("5,50", "1234.50");
 *   `euroInputToCents` (rules/game-form.ts) reads it back.
 */
export type MoneyStyle = "full" | "compact" | "plain";

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, style: MoneyStyle, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${language}:${style}:${decimals}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(
      language,
      style === "plain"
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }
        : { style: "currency", currency: "EUR", minimumFractionDigits: decimals, maximumFractionDigits: 2 },
    );
    formatters.set(key, cached);
  }
  return cached;
}

/** An amount of integer euro cents as text in the user's language; a fractional cent is a bug and throws. */
export function formatMoney(cents: number, language: Language, style: MoneyStyle = "full"): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const decimals = style === "compact" && cents % 100 === 0 ? 0 : 2;
  return formatter(language, style, decimals).format(cents / 100);
}
