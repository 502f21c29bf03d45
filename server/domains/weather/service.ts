import { hourOf, hoursOfGame, weatherCondition } from "@shared/rules/weather";
import type { TGameWeather, TGameWeatherAlert } from "@shared/schemas/weather";
import type { Deps } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { WeatherRefreshJob } from "../../jobs/definitions";
import type { WeatherHour } from "../../integrations/weather/client";
import * as repo from "./repo";

/*
 * Weather for outdoor games (issue 29; README.md here): the hourly cache per court (weather_forecasts), filled by the
 * weather-refresh job, read by the feed and the game page (games/read.ts); the warnings are in alerts.ts.
 */

const HOUR_MS = 3_600_000;
/** Courts with a game starting within this many days are kept fresh (README Decisions "Refresh and cache"). */
export const REFRESH_DAYS_AHEAD = 7;
/** Hours kept in the cache: from this long ago (a game under way still shows its start's hour) … */
export const KEEP_HOURS_BEHIND = 24;
/** … to this far ahead (the last game of the window and its end). */
export const KEEP_HOURS_AHEAD = (REFRESH_DAYS_AHEAD + 1) * 24;
/** pg-boss cron of the refresh: every hour at minute 7 (Open-Meteo's models update hourly; not on the full hour everyone asks). */
export const WEATHER_REFRESH_CRON = "7 * * * *";

export function toWeather(row: repo.ForecastRow): TGameWeather {
  return {
    hour: row.hour,
    code: row.code,
    condition: weatherCondition(row.code),
    temperatureC: row.temperatureTenths / 10,
    precipitationMm: row.precipitationTenths / 10,
    windKmh: row.windKmh,
    gustsKmh: row.gustsKmh,
    fetchedAt: row.fetchedAt,
  };
}

/**
 * The cached forecast of each game's start hour, by game id (one statement for a feed page; games without a court,
 * on indoor courts or without a cached hour are missing from the map).
 */
export async function weatherForGames(db: DbOrTx, list: readonly { id: number; startTime: Date; court: { id: number } | null }[]): Promise<Map<number, TGameWeather>> {
  const withCourt = list.filter((g) => g.court !== null);
  const rows = await repo.forecastsAt(
    db,
    withCourt.map((g) => ({ courtId: g.court!.id, hour: hourOf(g.startTime) })),
  );
  const byKey = new Map(rows.map((r) => [`${r.courtId}:${r.hour.getTime()}`, r]));
  const out = new Map<number, TGameWeather>();
  for (const g of withCourt) {
    const row = byKey.get(`${g.court!.id}:${hourOf(g.startTime).getTime()}`);
    if (row) out.set(g.id, toWeather(row));
  }
  return out;
}

/** The game's weather warning while it stands (null when none was sent). */
export async function weatherAlertOf(db: DbOrTx, gameId: number): Promise<TGameWeatherAlert | null> {
  const row = await repo.alertOf(db, gameId);
  if (!row) return null;
  const s = row.summary;
  return {
    kind: row.kind,
    sentAt: row.sentAt,
    hour: new Date(s.hour),
    code: s.code,
    temperatureC: s.temperatureTenths / 10,
    precipitationMm: s.precipitationTenths / 10,
    gustsKmh: s.gustsKmh,
  };
}

/** The cached hours a game overlaps, as the alert rules read them. */
export async function forecastOfGame(db: DbOrTx, courtId: number, start: Date, end: Date): Promise<TGameWeather[]> {
  const hours = hoursOfGame(start, end);
  const rows = await repo.forecastsBetween(db, courtId, hours[0]!, new Date(hours.at(-1)!.getTime() + HOUR_MS));
  return rows.map(toWeather);
}

const toValues = (h: WeatherHour): repo.ForecastValues => ({
  hour: h.hour,
  code: h.code,
  temperatureTenths: Math.round(h.temperatureC * 10),
  precipitationTenths: Math.round(h.precipitationMm * 10),
  windKmh: h.windKmh,
  gustsKmh: h.gustsKmh,
});

/**
 * The weather-refresh job: one forecast request per outdoor court with a game (not cancelled, not over) starting in
 * the next REFRESH_DAYS_AHEAD days (`courtId`: that court only), saved per court and hour. A court whose request
 * fails is logged and skipped (its last forecast stays); the others go on. Returns what it did.
 */
export async function refreshForecasts(deps: Deps, job: WeatherRefreshJob = {}, signal?: AbortSignal): Promise<{ courts: number; failed: number }> {
  const now = deps.clock.now();
  const courts = (await repo.courtsToRefresh(deps.db, now, new Date(now.getTime() + REFRESH_DAYS_AHEAD * 24 * HOUR_MS))).filter(
    (c) => job.courtId === undefined || c.id === job.courtId,
  );
  const from = hourOf(now).getTime() - KEEP_HOURS_BEHIND * HOUR_MS;
  const to = hourOf(now).getTime() + KEEP_HOURS_AHEAD * HOUR_MS;
  let failed = 0;
  for (const court of courts) {
    // the process is stopping: the courts not reached keep their forecasts until the next hour's refresh
    if (signal?.aborted) break;
    let hours: WeatherHour[];
    try {
      hours = await deps.weather.forecast(court.latitude, court.longitude);
    } catch (error) {
      failed++;
      deps.logger.warn("weather refresh failed for a court", { courtId: court.id, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const kept = hours.filter((h) => h.hour.getTime() >= from && h.hour.getTime() < to).map(toValues);
    await deps.db.transaction((tx) => repo.saveForecast(tx, court.id, kept, now));
  }
  await repo.pruneForecasts(deps.db, new Date(from));
  if (courts.length) deps.logger.info("weather forecasts refreshed", { courts: courts.length, failed });
  return { courts: courts.length, failed };
}
