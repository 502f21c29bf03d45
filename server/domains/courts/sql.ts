import { and, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boundingBox, EARTH_RADIUS_KM } from "@shared/rules/geo";
import { courts } from "../../db/schema";

/**
 * Read-only SQL fragments of the courts table (column sets, the distance search) that other domains may embed in
 * their own SELECTs (games' feed and court references): reads may join across domains, writes never do. Only
 * fragments live here, nothing that runs a statement; `.dependency-cruiser.cjs` allows other domains to import
 * this file and forbids them courts/repo.ts.
 */

/** The court reference other domains embed (games): TCourtRef of shared/schemas/games.ts. */
export const courtColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  imageUrl: courts.imageUrl,
  latitude: courts.latitude,
  longitude: courts.longitude,
  turf: courts.turf,
  indoor: courts.indoor,
  public: courts.public,
  regionId: courts.regionId,
};

/** TCourtListItem without distanceKm (places-repo.ts selects the same). */
export const listColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  latitude: courts.latitude,
  longitude: courts.longitude,
  imageUrl: courts.imageUrl,
  turf: courts.turf,
  indoor: courts.indoor,
  public: courts.public,
  rentable: courts.rentable,
  floodLight: courts.floodLight,
};

/** A number of the distance search: a value, or a placeholder of a prepared statement (games/repo.ts searchNear). */
type Num = number | Placeholder;
type Point = { latitude: Num; longitude: Num };
/** The point's latitude or longitude in the SELECT: a column (courts', regions') or an expression. */
type Coordinate = SQL | AnyPgColumn;

/**
 * The distance search's WHERE (server/domains/courts/README.md "Distance search"): a bounding box on the indexed
 * latitude and longitude (courts_latitude_idx, courts_longitude_idx narrow the rows), then the exact
 * haversine distance for the rows inside it. `lat`/`lng` are the columns or expressions of the point.
 */
export function withinDistance(lat: Coordinate, lng: Coordinate, center: { latitude: number; longitude: number }, distanceKm: number) {
  return withinBox(lat, lng, center, boundingBox(center, distanceKm), distanceKm);
}

/**
 * withinDistance with the box given (`boundingBox` of the centre and distance), so that a prepared statement can
 * take every number as a placeholder; a box of one longitude range may be passed as two equal ones.
 */
export function withinBox(
  lat: Coordinate,
  lng: Coordinate,
  center: Point,
  box: { minLat: Num; maxLat: Num; lngRanges: [Num, Num][] },
  distanceKm: Num,
) {
  const distance = haversineSql(lat, lng, center);
  const lngRanges = box.lngRanges.map(([a, b]) => sql`${lng} between ${a} and ${b}`);
  const where = and(
    sql`${lat} between ${box.minLat} and ${box.maxLat}`,
    lngRanges.length === 1 ? lngRanges[0] : or(...lngRanges),
    sql`${distance} <= ${distanceKm}`,
  ) as SQL;
  return { where, distance };
}

/** Great-circle distance in km in SQL; the same formula as shared/rules/geo.ts haversineKm, clamped so asin never sees > 1. */
export function haversineSql(lat: Coordinate, lng: Coordinate, center: Point) {
  const la = sql`${center.latitude}::double precision`;
  const lo = sql`${center.longitude}::double precision`;
  return sql<number>`(${2 * EARTH_RADIUS_KM}::double precision * asin(least(1::double precision, sqrt(
    power(sin(radians((${lat} - ${la}) / 2)), 2) +
    cos(radians(${la})) * cos(radians(${lat})) * power(sin(radians((${lng} - ${lo}) / 2)), 2)
  ))))`;
}
