/**
 * Weather for outdoor games (issue 29; decisions in server/domains/weather/README.md): what a WMO weather code
 * means, and when the forecast for a game's hours warns its organiser. One definition for the server (the
 * alert job) and the client (icon and texts).
 */

/** The conditions the app names and draws, from WMO weather interpretation codes (WW) as Open-Meteo sends them. */
export const WEATHER_CONDITIONS = ["clear", "mostlyClear", "partlyCloudy", "overcast", "fog", "drizzle", "rain", "snow", "thunderstorm"] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

export function weatherCondition(code: number): WeatherCondition {
  if (code <= 0) return "clear";
  if (code === 1) return "mostlyClear";
  if (code === 2) return "partlyCloudy";
  if (code === 3) return "overcast";
  if (code === 45 || code === 48) return "fog";
  if (code >= 51 && code <= 57) return "drizzle";
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return "rain";
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return "snow";
  if (code >= 95) return "thunderstorm";
  // codes Open-Meteo does not send (4-44, 49, 58-60, …): the cloud cover is the safest guess
  return "overcast";
}

/** What the organiser is warned of; STORM before RAIN before HEAT when several apply. */
export const WEATHER_ALERT_KINDS = ["STORM", "RAIN", "HEAT"] as const;
export type WeatherAlertKind = (typeof WEATHER_ALERT_KINDS)[number];

/** Heavy rain: at least this much precipitation in an hour (DWD's "Starkregen" starts at 15 mm/h; 4 mm/h soaks a pitch). */
export const HEAVY_RAIN_MM_PER_HOUR = 4;
/** WMO codes that are heavy rain whatever the amount: heavy rain (65), heavy freezing rain (67), violent showers (82). */
export const HEAVY_RAIN_CODES: readonly number[] = [65, 67, 82];
/** Storm: gusts of at least this speed (Beaufort 9, DWD's warning level "Sturmböen" starts at 75 km/h). */
export const STORM_GUSTS_KMH = 75;
/** Thunderstorms (95 slight or moderate, 96 and 99 with hail): lightning on an open pitch. */
export const THUNDERSTORM_CODES: readonly number[] = [95, 96, 99];
/** Heat: at least this temperature (DWD's heat warning starts at a felt 32 °C). */
export const HEAT_CELSIUS = 32;

/** How long before the start the organiser is warned (and the alert job looks ahead). */
export const WEATHER_ALERT_HOURS_BEFORE = 3;

export type HourForecast = { code: number; temperatureC: number; precipitationMm: number; gustsKmh: number };

/** What one hour's forecast warns of, or null. */
export function weatherAlertKindOf(hour: HourForecast): WeatherAlertKind | null {
  if (hour.gustsKmh >= STORM_GUSTS_KMH || THUNDERSTORM_CODES.includes(hour.code)) return "STORM";
  if (hour.precipitationMm >= HEAVY_RAIN_MM_PER_HOUR || HEAVY_RAIN_CODES.includes(hour.code)) return "RAIN";
  if (hour.temperatureC >= HEAT_CELSIUS) return "HEAT";
  return null;
}

/**
 * The warning for a game's hours: the most serious kind of any hour, and the hour that shows it most (the
 * first such hour, then the one with the most rain, strongest gusts or highest temperature). Null: no warning.
 */
export function weatherAlertFor<H extends HourForecast>(hours: readonly H[]): { kind: WeatherAlertKind; hour: H } | null {
  let best: { kind: WeatherAlertKind; hour: H } | null = null;
  const rank = (k: WeatherAlertKind) => WEATHER_ALERT_KINDS.indexOf(k);
  const measure = (k: WeatherAlertKind, h: H) => (k === "STORM" ? h.gustsKmh : k === "RAIN" ? h.precipitationMm : h.temperatureC);
  for (const hour of hours) {
    const kind = weatherAlertKindOf(hour);
    if (kind === null) continue;
    if (!best || rank(kind) < rank(best.kind) || (kind === best.kind && measure(kind, hour) > measure(kind, best.hour))) best = { kind, hour };
  }
  return best;
}

/** The UTC hour a moment falls in (forecasts are hourly, keyed by their hour's start). */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** The forecast hours a game overlaps: from its start's hour up to (not including) its end. */
export function hoursOfGame(start: Date, end: Date): Date[] {
  const hours: Date[] = [];
  for (let t = hourOf(start).getTime(); t < end.getTime(); t += 3_600_000) hours.push(new Date(t));
  return hours.length ? hours : [hourOf(start)];
}

/**
 * Whether the sun is down at a moment and place (its centre below the horizon's refraction, -0.833°), by the
 * usual approximation of the sun's declination and hour angle: a clear night sky draws a moon, not a sun. Without
 * a place: the middle of Germany.
 */
export function isNight(at: Date, latitude = 51.2, longitude = 10.4): boolean {
  const rad = Math.PI / 180;
  const dayOfYear = (at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 0)) / 86_400_000;
  const declination = 23.44 * rad * Math.sin(((2 * Math.PI) / 365) * (dayOfYear - 81));
  const solarHours = at.getUTCHours() + at.getUTCMinutes() / 60 + longitude / 15;
  const hourAngle = (solarHours - 12) * 15 * rad;
  const sinElevation = Math.sin(latitude * rad) * Math.sin(declination) + Math.cos(latitude * rad) * Math.cos(declination) * Math.cos(hourAngle);
  return sinElevation < Math.sin(-0.833 * rad);
}
