import type { Language } from "@shared/constants";
import { WEATHER_ALERT_HOURS_BEFORE, weatherAlertFor, type WeatherAlertKind } from "@shared/rules/weather";
import type { TGameWeather } from "@shared/schemas/weather";
import type { Deps } from "../../context";
import { gameLabel, type PushTextKey } from "../../integrations/push/texts";
import * as core from "../games/core";
import { notifyUsers } from "../notifications/notify-users";
import * as repo from "./repo";
import { forecastOfGame } from "./service";

/** pg-boss cron of the warnings: every 15 minutes, so a warning goes out between 3 h and 2 h 45 min before the start. */
export const WEATHER_ALERTS_CRON = "*/15 * * * *";

const PUSH_KEYS: Record<WeatherAlertKind, PushTextKey> = { RAIN: "weatherRain", STORM: "weatherStorm", HEAT: "weatherHeat" };

const number = (n: number, language: Language, digits = 0) => n.toLocaleString(language === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const clockTime = (at: Date, language: Language) =>
  new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(at);

/** The forecast line of a warning in the recipient's language: "Starkregen, 6,5 mm/h ab 18:00, 14 °C". */
export function forecastLine(kind: WeatherAlertKind, hour: TGameWeather, language: Language): string {
  const at = clockTime(hour.hour, language);
  const temperature = `${number(hour.temperatureC, language)} °C`;
  if (language === "de") {
    if (kind === "STORM") return `Sturmböen bis ${hour.gustsKmh} km/h${hour.code >= 95 ? " und Gewitter" : ""} ab ${at} Uhr, ${temperature}`;
    if (kind === "RAIN") return `Starkregen, ${number(hour.precipitationMm, language, 1)} mm pro Stunde ab ${at} Uhr, ${temperature}`;
    return `Hitze bis ${temperature} ab ${at} Uhr`;
  }
  if (kind === "STORM") return `Gusts up to ${hour.gustsKmh} km/h${hour.code >= 95 ? " and thunderstorms" : ""} from ${at}, ${temperature}`;
  if (kind === "RAIN") return `Heavy rain, ${number(hour.precipitationMm, language, 1)} mm per hour from ${at}, ${temperature}`;
  return `Heat up to ${temperature} from ${at}`;
}

/**
 * The weather-alerts job: every outdoor game (not cancelled) starting within the next WEATHER_ALERT_HOURS_BEFORE
 * hours and not warned yet whose cached forecast for its hours warns (shared/rules/weather.ts) gets one warning to
 * its organiser: a push and a mail linking to the game, and a game_weather_alerts row, in one transaction under
 * the game's lock (a second process or a retried job finds the row and sends nothing). A game without a cached
 * forecast gets its court refreshed at once and is looked at again in the next run. Returns the games warned.
 */
export async function sendWeatherAlerts(deps: Deps): Promise<number[]> {
  const now = deps.clock.now();
  const candidates = await repo.gamesToCheck(deps.db, now, new Date(now.getTime() + WEATHER_ALERT_HOURS_BEFORE * 3_600_000));
  const warned: number[] = [];
  for (const g of candidates) {
    const forecast = await forecastOfGame(deps.db, g.courtId, g.startTime, g.endTime);
    // a court nobody asked for yet (a game created since the last hourly refresh): fetch it now for the next run
    if (forecast.length === 0) await deps.jobs.send("weather-refresh", { courtId: g.courtId }, { singletonKey: `court-${g.courtId}` });
    const alert = weatherAlertFor(forecast);
    if (!alert) continue;
    const sent = await deps.db.transaction(async (tx) => {
      const game = await core.lockGame(tx, g.id);
      if (game.cancelledAt !== null || game.courtId !== g.courtId || game.startTime.getTime() !== g.startTime.getTime()) return false;
      const h = alert.hour;
      const recorded = await repo.insertAlert(tx, {
        gameId: g.id,
        kind: alert.kind,
        summary: {
          hour: h.hour.toISOString(),
          code: h.code,
          temperatureTenths: Math.round(h.temperatureC * 10),
          precipitationTenths: Math.round(h.precipitationMm * 10),
          windKmh: h.windKmh,
          gustsKmh: h.gustsKmh,
        },
        sentAt: now,
      });
      if (!recorded) return false;
      const link = `${deps.config.publicUrl}/game/${g.id}`;
      const label = (language: Language) => gameLabel(language, { title: game.title, startTime: game.startTime });
      await notifyUsers(deps, tx, {
        push: {
          to: { userIds: [game.creatorId] },
          key: PUSH_KEYS[alert.kind],
          params: (d) => ({ game: label(d.language), text: forecastLine(alert.kind, h, d.language) }),
          url: link,
          tag: `weather-${g.id}`,
        },
        mail: {
          userIds: [game.creatorId],
          // safety on the pitch and everybody's held money: to every confirmed address, like bookings (README Decisions)
          audience: "always",
          template: (u) => ({ name: "weather-alert", data: { firstName: u.firstName, game: label(u.language), kind: alert.kind, message: forecastLine(alert.kind, h, u.language), link } }),
        },
        once: { kind: "weather_alert", sourceId: g.id },
      });
      return true;
    });
    if (sent) warned.push(g.id);
  }
  if (warned.length) deps.logger.info("weather warnings sent", { games: warned });
  return warned;
}
