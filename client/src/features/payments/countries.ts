import { ISO_COUNTRY_CODES } from "@shared/schemas/addresses";

/** The countries most organisers live in come first; the rest follow by name. */
const FIRST = ["DE", "AT", "CH"];

/** Every ISO country as an option, named in the reader's language. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const label = (code: string) => names.of(code) ?? code;
  const rest = [...ISO_COUNTRY_CODES].filter((c) => !FIRST.includes(c)).sort((a, b) => label(a).localeCompare(label(b), locale));
  return [...FIRST, ...rest].map((value) => ({ value, label: label(value) }));
}

export function countryName(code: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
}
