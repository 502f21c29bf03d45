import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { WEATHER_ALERT_KINDS } from "@shared/rules/weather";
import { courts } from "./courts";
import { games } from "./games";

/**
 * The hourly forecast of outdoor courts with games in the next days (issue 29), refreshed by the weather-refresh
 * job; pages read only this cache (never the network). Units as stored: tenths of °C and of mm, whole km/h.
 * Owner: domains/weather.
 */
export const weatherForecasts = pgTable(
  "weather_forecasts",
  {
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    /** the hour's start (UTC) */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    /** WMO weather interpretation code (0-99) */
    code: smallint("code").notNull(),
    temperatureTenths: smallint("temperature_c_tenths").notNull(),
    precipitationTenths: smallint("precipitation_mm_tenths").notNull(),
    windKmh: smallint("wind_kmh").notNull(),
    gustsKmh: smallint("gusts_kmh").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.courtId, t.hour] }), index("weather_forecasts_hour_idx").on(t.hour)],
);

/** The summary a warning was sent with: the hour that warned most, as forecast then (units as in weather_forecasts). */
export type WeatherAlertSummary = { hour: string; code: number; temperatureTenths: number; precipitationTenths: number; windKmh: number; gustsKmh: number };

/** One weather warning per game, sent to its organiser 3 hours before the start (the row makes it once). Owner: domains/weather. */
export const gameWeatherAlerts = pgTable("game_weather_alerts", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: WEATHER_ALERT_KINDS }).notNull(),
  summary: jsonb("summary").$type<WeatherAlertSummary>().notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});
