import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courts, games, gameWeatherAlerts, weatherForecasts, type WeatherAlertSummary } from "../../db/schema";
import type { WeatherAlertKind } from "@shared/rules/weather";

/* The weather domain's tables (weather_forecasts, game_weather_alerts) and its reads of games and courts. */

export type ForecastRow = typeof weatherForecasts.$inferSelect;
export type ForecastValues = Omit<ForecastRow, "courtId" | "fetchedAt">;

/** Outdoor courts with a game (not cancelled, not over) starting before `until`: the courts whose forecast is kept fresh. */
export function courtsToRefresh(db: DbOrTx, now: Date, until: Date) {
  return db
    .selectDistinct({ id: courts.id, latitude: courts.latitude, longitude: courts.longitude })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(and(eq(courts.indoor, false), isNull(games.cancelledAt), gt(games.endTime, now), lt(games.startTime, until)))
    .orderBy(asc(courts.id));
}

/** Replaces a court's cached hours with the fetched ones (an hour missing from the answer keeps its last forecast). */
export async function saveForecast(tx: Tx, courtId: number, hours: ForecastValues[], fetchedAt: Date) {
  if (hours.length === 0) return;
  await tx
    .insert(weatherForecasts)
    .values(hours.map((h) => ({ ...h, courtId, fetchedAt })))
    .onConflictDoUpdate({
      target: [weatherForecasts.courtId, weatherForecasts.hour],
      set: {
        code: sql`excluded.code`,
        temperatureTenths: sql`excluded.temperature_c_tenths`,
        precipitationTenths: sql`excluded.precipitation_mm_tenths`,
        windKmh: sql`excluded.wind_kmh`,
        gustsKmh: sql`excluded.gusts_kmh`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

/** Hours before `before` are of no use any more. */
export function pruneForecasts(db: DbOrTx, before: Date) {
  return db.delete(weatherForecasts).where(lt(weatherForecasts.hour, before));
}

/** The cached hours of these (court, hour) pairs, in one statement. */
export async function forecastsAt(db: DbOrTx, pairs: { courtId: number; hour: Date }[]): Promise<ForecastRow[]> {
  if (pairs.length === 0) return [];
  const list = sql.join(
    pairs.map((p) => sql`(${p.courtId}::int, ${p.hour.toISOString()}::timestamptz)`),
    sql`, `,
  );
  return db.select().from(weatherForecasts).where(sql`(${weatherForecasts.courtId}, ${weatherForecasts.hour}) in (${list})`);
}

/** A court's cached hours from `from` up to (not including) `to`. */
export function forecastsBetween(db: DbOrTx, courtId: number, from: Date, to: Date) {
  return db
    .select()
    .from(weatherForecasts)
    .where(and(eq(weatherForecasts.courtId, courtId), gte(weatherForecasts.hour, from), lt(weatherForecasts.hour, to)))
    .orderBy(asc(weatherForecasts.hour));
}

/**
 * Games to warn of now: not cancelled, starting after `now` and at the latest at `until`, on an outdoor court,
 * not warned yet.
 */
export function gamesToCheck(db: DbOrTx, now: Date, until: Date) {
  return db
    .select({ id: games.id, courtId: courts.id, creatorId: games.creatorId, title: games.title, startTime: games.startTime, endTime: games.endTime, courtName: courts.name })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        eq(courts.indoor, false),
        isNull(games.cancelledAt),
        gt(games.startTime, now),
        lte(games.startTime, until),
        notExists(db.select({ one: sql`1` }).from(gameWeatherAlerts).where(eq(gameWeatherAlerts.gameId, games.id))),
      ),
    )
    .orderBy(asc(games.startTime), asc(games.id));
}

/** Records the warning; false when the game was warned already (another process, a retried job). */
export async function insertAlert(tx: Tx, values: { gameId: number; kind: WeatherAlertKind; summary: WeatherAlertSummary; sentAt: Date }): Promise<boolean> {
  const rows = await tx.insert(gameWeatherAlerts).values(values).onConflictDoNothing().returning({ gameId: gameWeatherAlerts.gameId });
  return rows.length > 0;
}

export async function alertOf(db: DbOrTx, gameId: number) {
  const [row] = await db.select().from(gameWeatherAlerts).where(eq(gameWeatherAlerts.gameId, gameId));
  return row ?? null;
}

export function alertsOf(db: DbOrTx, gameIds: number[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db.select().from(gameWeatherAlerts).where(inArray(gameWeatherAlerts.gameId, gameIds));
}
