/**
 * Client checks of the create-court form (spec 001 section 5: coordinates required, numeric, latitude
 * -90 to 90, longitude -180 to 180). Codes are the shared schemas' (`validation_<code>`), so the browser
 * and the server say the same.
 */
const NUMBER = /^[+-]?\d{1,3}([.,]\d{1,12})?$/;

/** "52,5" and "52.5" both mean 52.5 (German keyboards); anything else is null. */
export function parseCoordinate(raw: string): number | null {
  const text = raw.trim();
  if (!NUMBER.test(text)) return null;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

export function latitudeProblem(raw: string): string | null {
  if (raw.trim() === "") return "latitude_invalid";
  const value = parseCoordinate(raw);
  return value === null || value < -90 || value > 90 ? "latitude_invalid" : null;
}

export function longitudeProblem(raw: string): string | null {
  if (raw.trim() === "") return "longitude_invalid";
  const value = parseCoordinate(raw);
  return value === null || value < -180 || value > 180 ? "longitude_invalid" : null;
}

/** The name of a court: 2 to 100 characters (shared/schemas/courts.ts zCourtName). */
export function courtNameProblem(raw: string): string | null {
  const text = raw.trim();
  if (text === "") return "required";
  if (text.length < 2) return "court_name_too_short";
  if (text.length > 100) return "court_name_too_long";
  return null;
}

/** Six decimals (about 10 cm) for a point picked on the map. */
export function formatCoordinate(value: number): string {
  return (Math.round(value * 1e6) / 1e6).toFixed(6).replace(/\.?0+$/, "");
}
