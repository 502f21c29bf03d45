import { z } from "zod";
import { WEATHER_ALERT_KINDS, WEATHER_CONDITIONS } from "../rules/weather";

/** The cached forecast for a game's start hour (server/domains/weather): shown on the feed card and the game page. */
export const ZGameWeather = z.object({
  /** the forecast hour (UTC hour the game starts in) */
  hour: z.date(),
  /** WMO weather code and what it means (shared/rules/weather.ts) */
  code: z.number().int(),
  condition: z.enum(WEATHER_CONDITIONS),
  temperatureC: z.number(),
  precipitationMm: z.number(),
  windKmh: z.number().int(),
  gustsKmh: z.number().int(),
  /** when the forecast was fetched */
  fetchedAt: z.date(),
});
export type TGameWeather = z.infer<typeof ZGameWeather>;

/** The organiser's weather warning for a game (sent 3 hours before its start; game_weather_alerts). */
export const ZGameWeatherAlert = z.object({
  kind: z.enum(WEATHER_ALERT_KINDS),
  sentAt: z.date(),
  /** the hour that warned most, as it was forecast when the warning went out */
  hour: z.date(),
  code: z.number().int(),
  temperatureC: z.number(),
  precipitationMm: z.number(),
  gustsKmh: z.number().int(),
});
export type TGameWeatherAlert = z.infer<typeof ZGameWeatherAlert>;
