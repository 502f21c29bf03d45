import { z } from "zod";
import type { WeatherConfig } from "../../config";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import { startWeatherEmulator, type WeatherEmulator } from "./emulator";

/**
 * The weather integration (issue 29): a client for an Open-Meteo-compatible forecast API (api.open-meteo.com in
 * production, the in-process emulator in tests and the offline default). Only the configured base URL is ever
 * called, with coordinates of our own courts as query parameters; every answer is checked with zod. A failure is a
 * WeatherUnavailableError, which the refresh job logs and skips: no page ever waits on this (pages read the cache,
 * server/domains/weather).
 */

/** One hour's forecast, parsed (never the upstream JSON itself). */
export type WeatherHour = { hour: Date; code: number; temperatureC: number; precipitationMm: number; windKmh: number; gustsKmh: number };

export type WeatherClient = {
  /** The hourly forecast at a point from today 00:00 UTC for FORECAST_DAYS days (hours with a missing value left out). */
  forecast(latitude: number, longitude: number): Promise<WeatherHour[]>;
  /** the in-process emulator (offline default and tests), null against a real API */
  emulator: WeatherEmulator | null;
  close(): Promise<void>;
};

export class WeatherUnavailableError extends Error {
  override name = "WeatherUnavailableError";
}

export const HOURLY_VARIABLES = "weather_code,temperature_2m,precipitation,wind_speed_10m,wind_gusts_10m";
export const FORECAST_DAYS = 16;
export const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1_000_000;
const MAX_HOURS = FORECAST_DAYS * 24 + 48;

const values = z.array(z.number().finite().nullable()).max(MAX_HOURS);
const ZForecastAnswer = z.object({
  hourly: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)).max(MAX_HOURS),
    weather_code: values,
    temperature_2m: values,
    precipitation: values,
    wind_speed_10m: values,
    wind_gusts_10m: values,
  }),
});

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export type WeatherClientOptions = {
  clock: Clock;
  logger?: Logger;
  /** tests: a shorter timeout */
  timeoutMs?: number;
  /** tests: count or break the transport */
  fetch?: typeof fetch;
};

/** The client as the configuration says: the configured URL, or (baseUrl null, never in production) an emulator started in-process. */
export async function createWeatherClient(cfg: WeatherConfig, opts: WeatherClientOptions): Promise<WeatherClient> {
  const emulator = cfg.baseUrl === null ? await startWeatherEmulator({ clock: () => opts.clock.now() }) : null;
  const base = (cfg.baseUrl ?? emulator!.url).replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;

  const unavailable = (reason: string, cause?: unknown) => {
    opts.logger?.warn("weather forecast unavailable", { reason, error: cause instanceof Error ? cause.message : undefined });
    return new WeatherUnavailableError(reason, { cause });
  };

  async function forecast(latitude: number, longitude: number): Promise<WeatherHour[]> {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw unavailable("invalid coordinates");
    const url = new URL(`${base}/v1/forecast`);
    url.searchParams.set("latitude", latitude.toFixed(4));
    url.searchParams.set("longitude", longitude.toFixed(4));
    url.searchParams.set("hourly", HOURLY_VARIABLES);
    url.searchParams.set("timezone", "UTC");
    url.searchParams.set("forecast_days", String(FORECAST_DAYS));
    let res: Response;
    try {
      res = await doFetch(url, { headers: { Accept: "application/json", "User-Agent": "Kickrunde/1.0" }, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    } catch (e) {
      throw unavailable("request failed", e);
    }
    if (!res.ok) {
      const reason = await res.text().catch(() => "");
      throw unavailable(`status ${res.status}${reason ? `: ${reason.slice(0, 200)}` : ""}`);
    }
    const body = await res.text().catch((e) => {
      throw unavailable("body unreadable", e);
    });
    if (body.length > MAX_ANSWER_BYTES) throw unavailable("answer too large");
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch (e) {
      throw unavailable("answer not JSON", e);
    }
    const parsed = ZForecastAnswer.safeParse(raw);
    if (!parsed.success) throw unavailable(`malformed answer: ${parsed.error.issues[0]?.message ?? ""}`);
    const h = parsed.data.hourly;
    const hours: WeatherHour[] = [];
    h.time.forEach((time, i) => {
      const [code, temperature, precipitation, wind, gusts] = [h.weather_code[i], h.temperature_2m[i], h.precipitation[i], h.wind_speed_10m[i], h.wind_gusts_10m[i]];
      // an hour the model has no value for (the far end of the forecast) is no forecast
      if (code == null || temperature == null || precipitation == null || wind == null || gusts == null) return;
      const hour = new Date(`${time}:00Z`);
      if (Number.isNaN(hour.getTime())) return;
      hours.push({
        hour,
        code: clamp(Math.round(code), 0, 99),
        temperatureC: clamp(Math.round(temperature * 10) / 10, -90, 60),
        precipitationMm: clamp(Math.round(precipitation * 10) / 10, 0, 500),
        windKmh: clamp(Math.round(wind), 0, 500),
        gustsKmh: clamp(Math.round(gusts), 0, 500),
      });
    });
    return hours;
  }

  return {
    emulator,
    forecast,
    close: async () => {
      await emulator?.close();
    },
  };
}
