/**
 * The Intl locale of a UI language: English dates, times and numbers in British style ("Wed 25 Nov",
 * "25/11/2026, 18:30", 24-hour clock), German ones as in Germany. A bare "en" would give US dates
 * ("Wed, Nov 25", "11/25/2026"), which the app's (European) players misread (issue 23 item 19).
 */
export function intlLocale(locale: string): string {
  if (locale === "en") return "en-GB";
  if (locale === "de") return "de-DE";
  return locale;
}
