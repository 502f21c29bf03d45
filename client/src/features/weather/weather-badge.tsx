import { isNight, type WeatherCondition } from "@shared/rules/weather";
import type { TGameWeather } from "@shared/schemas/weather";
import { intlLocale } from "@client/lib/intl-locale";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** The condition's name in the current language (shared/rules/weather.ts names them from the WMO code). */
export function conditionLabel(condition: WeatherCondition): string {
  switch (condition) {
    case "clear":
      return m.weather_condition_clear();
    case "mostlyClear":
      return m.weather_condition_mostlyClear();
    case "partlyCloudy":
      return m.weather_condition_partlyCloudy();
    case "overcast":
      return m.weather_condition_overcast();
    case "fog":
      return m.weather_condition_fog();
    case "drizzle":
      return m.weather_condition_drizzle();
    case "rain":
      return m.weather_condition_rain();
    case "snow":
      return m.weather_condition_snow();
    default:
      return m.weather_condition_thunderstorm();
  }
}

/** Whole degrees in the locale's digits ("-2", "14"). */
export function formatDegrees(celsius: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(Math.round(celsius) === 0 ? 0 : Math.round(celsius));
}

/** "Regen, 14 °C": what a screen reader says for the icon. */
export function weatherLabel(weather: Pick<TGameWeather, "condition" | "temperatureC">, locale: string): string {
  return m.weather_badge_label({ condition: conditionLabel(weather.condition), temperature: formatDegrees(weather.temperatureC, locale) });
}

const SUN = "#fbbf24";
const SUN_EDGE = "#f59e0b";
const RAIN = "#0ea5e9";

/** A light cloud, or a darker one for overcast skies and storms; `y` moves it up to make room for rain. */
function Cloud({ dark = false, y = 0, x = 0, scale = 1 }: { dark?: boolean; y?: number; x?: number; scale?: number }) {
  return (
    <path
      transform={`translate(${x} ${y}) scale(${scale})`}
      d="M7.2 19.5h9.6a4.3 4.3 0 0 0 .55-8.56 5.6 5.6 0 0 0-10.6 1.05A3.8 3.8 0 0 0 7.2 19.5z"
      fill={dark ? "#94a3b8" : "#e2e8f0"}
      stroke={dark ? "#64748b" : "#94a3b8"}
      strokeWidth="1.2"
      strokeLinejoin="round"
    />
  );
}

function Sun({ cx = 12, cy = 12, r = 4.2, rays = true }: { cx?: number; cy?: number; r?: number; rays?: boolean }) {
  const ray = r + 2.2;
  return (
    <g>
      {rays
        ? [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
            const a = (deg * Math.PI) / 180;
            return (
              <line
                key={deg}
                x1={cx + Math.cos(a) * (r + 1.1)}
                y1={cy + Math.sin(a) * (r + 1.1)}
                x2={cx + Math.cos(a) * ray}
                y2={cy + Math.sin(a) * ray}
                stroke={SUN_EDGE}
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            );
          })
        : null}
      <circle cx={cx} cy={cy} r={r} fill={SUN} stroke={SUN_EDGE} strokeWidth="1" />
    </g>
  );
}

/** A crescent moon for a clear night sky, in place of the sun. */
function Moon({ cx = 12, cy = 12, r = 6.5 }: { cx?: number; cy?: number; r?: number }) {
  const k = r / 6.5;
  return (
    <path
      transform={`translate(${cx - 12 * k} ${cy - 12 * k}) scale(${k})`}
      d="M15.6 4.4A8 8 0 1 0 19.6 16a6.4 6.4 0 0 1-4-11.6z"
      fill="#fde68a"
      stroke="#d97706"
      strokeWidth="1"
      strokeLinejoin="round"
    />
  );
}

/**
 * A small coloured drawing of the condition (inline SVG, no image requests); decorative unless `label` is given.
 * `night`: a clear sky shows the moon.
 */
export function WeatherIcon({ condition, className = "size-5", label, night = false }: { condition: WeatherCondition; className?: string; label?: string; night?: boolean }) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  const Light = night ? Moon : Sun;
  return (
    <svg viewBox="0 0 24 24" className={className} {...a11y} data-condition={condition} data-night={night || undefined}>
      {condition === "clear" ? (night ? <Moon /> : <Sun />) : null}
      {condition === "mostlyClear" ? (
        <>
          <Light cx={10} cy={10} r={4.4} />
          <Cloud x={5.5} y={6.5} scale={0.72} />
        </>
      ) : null}
      {condition === "partlyCloudy" ? (
        <>
          <Light cx={8.5} cy={8.5} r={3.6} />
          <Cloud x={1.5} y={1.5} scale={0.92} />
        </>
      ) : null}
      {condition === "overcast" ? (
        <>
          <Cloud x={3} y={-4} scale={0.8} />
          <Cloud dark x={-0.5} y={0} />
        </>
      ) : null}
      {condition === "fog" ? (
        <>
          <Cloud y={-4} />
          {[17.5, 20.5].map((y, i) => (
            <line key={y} x1={4 + i * 2} y1={y} x2={20 - i * 2} y2={y} stroke="#94a3b8" strokeWidth="1.6" strokeLinecap="round" />
          ))}
        </>
      ) : null}
      {condition === "drizzle" || condition === "rain" ? (
        <>
          {[7.5, 12, 16.5].map((x) =>
            condition === "rain" ? (
              <line key={x} x1={x} y1={17} x2={x - 1.2} y2={21.5} stroke={RAIN} strokeWidth="1.8" strokeLinecap="round" />
            ) : (
              <circle key={x} cx={x - 0.6} cy={19.2} r={1} fill={RAIN} />
            ),
          )}
          <Cloud y={-4} dark={condition === "rain"} />
        </>
      ) : null}
      {condition === "snow" ? (
        <>
          {[7.5, 12, 16.5].map((x, i) => (
            <text key={x} x={x} y={i === 1 ? 22.5 : 20.8} fontSize="5.5" textAnchor="middle" fill="#38bdf8" fontWeight="700">
              *
            </text>
          ))}
          <Cloud y={-4} />
        </>
      ) : null}
      {condition === "thunderstorm" ? (
        <>
          <Cloud dark y={-4} />
          <path d="M12.8 13.2 9.6 18.6h2.9l-1.1 4 4.2-6h-3l1.6-3.4z" fill="#facc15" stroke="#ca8a04" strokeWidth="0.8" strokeLinejoin="round" />
        </>
      ) : null}
    </svg>
  );
}

/** The feed card's weather: icon and whole degrees, read out as "Regen, 14 °C". */
export function WeatherBadge({ weather }: { weather: TGameWeather }) {
  const { locale } = useLocale();
  const label = weatherLabel(weather, locale);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="weather-badge"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-50 py-0.5 pr-2 pl-1 text-[12px] font-semibold text-slate-700 tabular-nums ring-1 ring-sky-100"
    >
      <WeatherIcon condition={weather.condition} className="size-[18px]" night={isNight(new Date(weather.hour.getTime() + 1_800_000))} />
      {formatDegrees(weather.temperatureC, locale)}°
    </span>
  );
}
