import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { weatherAlertKindOf } from "@shared/rules/weather";
import { testClock } from "../../testing/test-clock";
import { createWeatherClient, FORECAST_DAYS, WeatherUnavailableError, type WeatherClient } from "./client";
import { emulatedWeather, startWeatherEmulator, type WeatherEmulator } from "./emulator";

/**
 * The Open-Meteo client against the emulator (the same client production points at api.open-meteo.com): the
 * request it sends, the answer it reads, what a broken upstream becomes; and the emulator's own answers.
 */

const NOW = new Date("2026-12-05T09:30:00Z");
let emulator: WeatherEmulator;
let client: WeatherClient;
beforeAll(async () => {
  emulator = await startWeatherEmulator({ clock: () => testClock.now() });
  // a configured URL: what production does with WEATHER_URL (or api.open-meteo.com)
  client = await createWeatherClient({ baseUrl: emulator.url }, { clock: testClock, timeoutMs: 500 });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe("the client", () => {
  test("asks only the configured host for the hourly variables in UTC for 16 days, and reads every hour from today 00:00", async () => {
    testClock.freeze(NOW);
    const before = emulator.requests.length;
    const hours = await client.forecast(52.5163, 13.3777);
    expect(emulator.requests.length).toBe(before + 1);
    expect(emulator.requests.at(-1)).toMatchObject({
      path: "/v1/forecast",
      params: { latitude: "52.5163", longitude: "13.3777", hourly: "weather_code,temperature_2m,precipitation,wind_speed_10m,wind_gusts_10m", timezone: "UTC", forecast_days: String(FORECAST_DAYS) },
    });
    expect(hours).toHaveLength(FORECAST_DAYS * 24);
    expect(hours[0]!.hour).toEqual(new Date("2026-12-05T00:00:00Z"));
    expect(hours[1]!.hour).toEqual(new Date("2026-12-05T01:00:00Z"));
    for (const h of hours.slice(0, 48)) {
      expect(Number.isInteger(h.code) && h.code >= 0 && h.code <= 99).toBe(true);
      expect(h.temperatureC).toBeGreaterThan(-30);
      expect(h.temperatureC).toBeLessThan(45);
      expect(h.precipitationMm).toBeGreaterThanOrEqual(0);
      expect(h.gustsKmh).toBeGreaterThanOrEqual(h.windKmh);
    }
    // deterministic: the same place and time, the same forecast
    expect(await client.forecast(52.5163, 13.3777)).toEqual(hours);
  });

  test("an hour a test sets (heavy rain at 18:00) comes back as set, the hours around it unchanged", async () => {
    testClock.freeze(NOW);
    const rainAt = new Date("2026-12-06T18:00:00Z");
    const plain = await client.forecast(48.1372, 11.5756);
    emulator.setForecast({ latitude: 48.1372, longitude: 11.5756, hour: rainAt, code: 65, precipitationMm: 7.5 });
    const hours = await client.forecast(48.1372, 11.5756);
    const at = hours.find((h) => h.hour.getTime() === rainAt.getTime())!;
    const was = plain.find((h) => h.hour.getTime() === rainAt.getTime())!;
    expect(at).toEqual({ ...was, code: 65, precipitationMm: 7.5 });
    expect(hours.filter((h) => h.hour.getTime() !== rainAt.getTime())).toEqual(plain.filter((h) => h.hour.getTime() !== rainAt.getTime()));
    emulator.clearForecasts();
    expect(await client.forecast(48.1372, 11.5756)).toEqual(plain);
  });

  test("a broken upstream is WeatherUnavailableError, never a crash: 500, not JSON, malformed, no answer within the timeout", async () => {
    testClock.freeze(NOW);
    for (const fault of ["status500", "notJson", "malformed", "hang"] as const) {
      emulator.fault = fault;
      const error = await client.forecast(52.5, 13.4).catch((e: unknown) => e);
      expect({ fault, error: error instanceof WeatherUnavailableError }).toEqual({ fault, error: true });
    }
    emulator.fault = null;
    expect((await client.forecast(52.5, 13.4)).length).toBe(FORECAST_DAYS * 24);
  });

  test("a host that does not answer at all is WeatherUnavailableError; coordinates out of range are refused before any request", async () => {
    const down = await createWeatherClient({ baseUrl: "http://127.0.0.1:9" }, { clock: testClock, timeoutMs: 500 });
    expect(await down.forecast(52.5, 13.4).catch((e: unknown) => e)).toBeInstanceOf(WeatherUnavailableError);
    const before = emulator.requests.length;
    expect(await client.forecast(91, 13.4).catch((e: unknown) => e)).toBeInstanceOf(WeatherUnavailableError);
    expect(emulator.requests.length).toBe(before);
  });

  test("without a configured URL (never in production) the client starts its own emulator", async () => {
    testClock.freeze(NOW);
    const offline = await createWeatherClient({ baseUrl: null }, { clock: testClock });
    try {
      expect(offline.emulator).not.toBeNull();
      expect(await offline.forecast(53.55, 9.99)).toHaveLength(FORECAST_DAYS * 24);
      expect(offline.emulator!.requests).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });
});

describe("the emulator", () => {
  test("answers Open-Meteo's errors for bad parameters with status 400 and a reason", async () => {
    for (const query of ["latitude=95&longitude=13&hourly=temperature_2m", "longitude=13", "latitude=52&longitude=13&hourly=snow_depth_mars", "latitude=52&longitude=13&forecast_days=17"]) {
      const res = await fetch(`${emulator.url}/v1/forecast?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(await res.json()).toMatchObject({ error: true, reason: expect.any(String) });
    }
  });

  test("its own weather never warns: a year of hours at three places has no heavy rain, storm or heat", () => {
    const start = Date.UTC(2026, 0, 1);
    for (const [lat, lon] of [[52.52, 13.405], [48.137, 11.576], [50.94, 6.96]] as const) {
      for (let t = start; t < start + 365 * 24 * 3_600_000; t += 3_600_000) {
        const w = emulatedWeather(lat, lon, new Date(t));
        if (weatherAlertKindOf(w) !== null) throw new Error(`warns at ${new Date(t).toISOString()} ${lat},${lon}: ${JSON.stringify(w)}`);
      }
    }
  });
});
