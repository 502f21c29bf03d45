import { zCourtName, zLatitude, zLongitude } from "@shared/schemas/courts";
import { schemaProblem } from "@client/lib/schema-problem";

/**
 * Client checks of the create-court form (spec 001 section 5: coordinates required, numeric, latitude
 * -90 to 90, longitude -180 to 180; a name of 2 to 100 characters). Each value goes through the shared
 * schema the server parses it with (shared/schemas/courts.ts), so the browser refuses what the server
 * refuses and says it with the same code (`validation_<code>`).
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
  return coordinateProblem(raw, zLatitude, "latitude_invalid");
}

export function longitudeProblem(raw: string): string | null {
  return coordinateProblem(raw, zLongitude, "longitude_invalid");
}

/** The number as typed (a German comma allowed), then the shared range check. */
function coordinateProblem(raw: string, schema: typeof zLatitude, invalid: string): string | null {
  const value = parseCoordinate(raw);
  return value === null ? invalid : schemaProblem(schema, value);
}

/** The name of a court (zCourtName: one line without control characters, 2 to 100 characters); blank is "required". */
export function courtNameProblem(raw: string): string | null {
  if (raw.trim() === "") return "required";
  return schemaProblem(zCourtName, raw);
}

/** Six decimals (about 10 cm) for a point picked on the map. */
export function formatCoordinate(value: number): string {
  return (Math.round(value * 1e6) / 1e6).toFixed(6).replace(/\.?0+$/, "");
}
