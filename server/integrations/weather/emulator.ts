/**
 * A small Open-Meteo-compatible forecast API for tests and the offline default (never production, see config.ts):
 * `GET /v1/forecast?latitude=&longitude=&hourly=…&timezone=UTC&forecast_days=` answers Open-Meteo's JSON (hourly
 * arrays beside `time`, `hourly_units`, errors as `{"error":true,"reason":…}` with status 400) for every place on
 * earth. The weather is deterministic: a regime per place and day (clear, cloudy, light rain, …) with the season's
 * and the day's temperature curve, so a page looks the same on every run and never warns by itself (no heavy rain,
 * storm or heat). Tests set an hour's forecast for a place (`setForecast`: heavy rain at 18:00) and read `requests`;
 * `fault` breaks it on purpose.
 */

export type WeatherEmulatorFault = null | "status500" | "hang" | "notJson" | "malformed";

/** An hour's forecast set by a test (everything not given comes from the deterministic weather). */
export type EmulatedHour = { latitude: number; longitude: number; hour: Date; code?: number; temperatureC?: number; precipitationMm?: number; windKmh?: number; gustsKmh?: number };

export type WeatherEmulator = {
  url: string;
  /** every request, oldest first: path, query and when it arrived */
  requests: { path: string; params: Record<string, string>; at: number }[];
  fault: WeatherEmulatorFault;
  /** sets (merges) one hour's forecast at a place (matched to 3 decimals, about 100 m) */
  setForecast(hour: EmulatedHour): void;
  /** forgets every hour set by setForecast */
  clearForecasts(): void;
  close(): Promise<void>;
};

export const EMULATED_VARIABLES = ["weather_code", "temperature_2m", "precipitation", "wind_speed_10m", "wind_gusts_10m"] as const;
type Variable = (typeof EMULATED_VARIABLES)[number];
const UNITS: Record<Variable, string> = { weather_code: "wmo code", temperature_2m: "°C", precipitation: "mm", wind_speed_10m: "km/h", wind_gusts_10m: "km/h" };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** FNV-1a: a small, stable hash of a string to [0, 1). */
function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const placeKey = (latitude: number, longitude: number) => `${latitude.toFixed(3)},${longitude.toFixed(3)}`;

/** The deterministic weather of a place and hour: a mild central-European climate. */
export function emulatedWeather(latitude: number, longitude: number, hour: Date): { code: number; temperatureC: number; precipitationMm: number; windKmh: number; gustsKmh: number } {
  const place = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
  const day = Math.floor(hour.getTime() / DAY_MS);
  const regime = unit(`${place}:${day}`);
  const dayOfYear = (hour.getTime() - Date.UTC(hour.getUTCFullYear(), 0, 1)) / DAY_MS;
  // about 1 °C in late January, 18 °C in late July; warmest at 14:00 UTC
  const season = 9.5 - 8.5 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365);
  const daily = 4 * Math.sin((2 * Math.PI * (hour.getUTCHours() - 8)) / 24);
  const jitter = unit(`${place}:${hour.getTime()}`);
  const temperatureC = round1(season + daily + (regime - 0.5) * 3 + (jitter - 0.5));
  let code: number;
  let precipitationMm = 0;
  if (regime < 0.3) code = jitter < 0.5 ? 0 : 1;
  else if (regime < 0.55) code = 2;
  else if (regime < 0.75) code = 3;
  else if (regime < 0.82) code = jitter < 0.5 ? 3 : 51;
  else if (regime < 0.95) code = jitter < 0.35 ? 3 : 61;
  else code = jitter < 0.3 ? 61 : 63;
  if (code === 51) precipitationMm = round1(0.1 + jitter * 0.3);
  if (code === 61) precipitationMm = round1(0.3 + jitter * 1.2);
  if (code === 63) precipitationMm = round1(1.5 + jitter * 2);
  // snow instead of rain below freezing
  if (temperatureC < 0.5 && (code === 61 || code === 63)) code = code === 61 ? 71 : 73;
  const windKmh = Math.round(5 + regime * 15 + jitter * 8);
  const gustsKmh = Math.round(windKmh * 1.6 + jitter * 6);
  return { code, temperatureC, precipitationMm, windKmh, gustsKmh };
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
const refuse = (reason: string) => answer({ error: true, reason }, 400);

/** `clock`: "now" of the forecasts (the test clock in tests), so a forecast starts today as the app sees it. */
export async function startWeatherEmulator(options: { clock?: () => Date; hostname?: string; port?: number } = {}): Promise<WeatherEmulator> {
  const now = options.clock ?? (() => new Date());
  const set = new Map<string, Map<number, EmulatedHour>>();
  const hanging = new Set<() => void>();
  const emulator = {
    requests: [],
    fault: null,
    setForecast(h: EmulatedHour) {
      const key = placeKey(h.latitude, h.longitude);
      const hours = set.get(key) ?? new Map<number, EmulatedHour>();
      const at = Math.floor(h.hour.getTime() / HOUR_MS) * HOUR_MS;
      hours.set(at, { ...hours.get(at), ...h });
      set.set(key, hours);
    },
    clearForecasts() {
      set.clear();
    },
  } as unknown as WeatherEmulator;

  function forecast(params: Record<string, string>): Response {
    const latitude = Number(params.latitude);
    const longitude = Number(params.longitude);
    if (params.latitude === undefined || params.longitude === undefined) return refuse("Parameter 'latitude' and 'longitude' must be set");
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return refuse(`Latitude must be in range of -90 to 90°. Given: ${params.latitude}.`);
    if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return refuse(`Longitude must be in range of -180 to 180°. Given: ${params.longitude}.`);
    const variables = (params.hourly ?? "").split(",").filter(Boolean);
    const unknown = variables.find((v) => !(EMULATED_VARIABLES as readonly string[]).includes(v));
    if (unknown) return refuse(`Cannot initialize ForecastVariable from invalid String value ${unknown}.`);
    const timezone = params.timezone ?? "GMT";
    if (timezone !== "UTC" && timezone !== "GMT") return refuse("Only timezone=UTC or GMT is emulated");
    const days = params.forecast_days === undefined ? 7 : Number(params.forecast_days);
    if (!Number.isInteger(days) || days < 0 || days > 16) return refuse("Forecast days is invalid. Allowed range 0 to 16.");
    const today = Math.floor(now().getTime() / DAY_MS) * DAY_MS;
    const overrides = set.get(placeKey(latitude, longitude));
    const time: string[] = [];
    const columns = Object.fromEntries(variables.map((v) => [v, [] as number[]])) as Record<Variable, number[]>;
    for (let t = today; t < today + days * DAY_MS; t += HOUR_MS) {
      const hour = new Date(t);
      time.push(hour.toISOString().slice(0, 16));
      const w = { ...emulatedWeather(latitude, longitude, hour), ...withoutPlace(overrides?.get(t)) };
      const value: Record<Variable, number> = {
        weather_code: w.code,
        temperature_2m: w.temperatureC,
        precipitation: w.precipitationMm,
        wind_speed_10m: w.windKmh,
        wind_gusts_10m: w.gustsKmh,
      };
      for (const v of variables as Variable[]) columns[v].push(value[v]);
    }
    return answer({
      // Open-Meteo answers the grid cell's centre, not the point asked for
      latitude: Math.round(latitude * 40) / 40,
      longitude: Math.round(longitude * 40) / 40,
      generationtime_ms: 0.1,
      utc_offset_seconds: 0,
      timezone: "GMT",
      timezone_abbreviation: "GMT",
      elevation: 38,
      hourly_units: { time: "iso8601", ...Object.fromEntries(variables.map((v) => [v, UNITS[v as Variable]])) },
      hourly: { time, ...columns },
    });
  }

  const server = Bun.serve({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    async fetch(req) {
      const url = new URL(req.url);
      const params = Object.fromEntries(url.searchParams);
      emulator.requests.push({ path: url.pathname, params, at: Date.now() });
      if (req.method !== "GET") return answer({ error: true, reason: "Method not allowed" }, 405);
      if (emulator.fault === "status500") return answer({ error: true, reason: "Internal Server Error" }, 500);
      if (emulator.fault === "notJson") return new Response("<html>Bad Gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } });
      if (emulator.fault === "malformed") return answer({ hourly: { time: ["yesterday"], weather_code: ["sunny"] } });
      if (emulator.fault === "hang") {
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          req.signal.addEventListener("abort", () => resolve());
        });
        return answer({ error: true, reason: "gave up" }, 504);
      }
      if (url.pathname !== "/v1/forecast") return answer({ error: true, reason: "Not Found" }, 404);
      return forecast(params);
    },
  });
  emulator.url = `http://${server.hostname}:${server.port}`;
  emulator.close = async () => {
    for (const resolve of hanging) resolve();
    await server.stop(true);
  };
  return emulator;
}

function withoutPlace(h: EmulatedHour | undefined) {
  if (!h) return {};
  const { latitude: _lat, longitude: _lon, hour: _hour, ...values } = h;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
