/**
 * Distances on the globe without PostGIS (PGlite has none; server/domains/courts/README.md "Distance search").
 * A search first narrows the rows with a bounding box on the indexed latitude and longitude columns,
 * then keeps those whose exact great-circle (haversine) distance is within the radius.
 */

/** Mean earth radius in km (the IUGG value PostGIS' sphere and most map tools use, rounded as they do). */
export const EARTH_RADIUS_KM = 6371;

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

export type LatLng = { latitude: number; longitude: number };

/** Great-circle distance in km (haversine formula; exact on a sphere, about 0.5 % off the ellipsoid). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // rounding can push h a hair above 1 for antipodes: asin would give NaN
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))));
}

/**
 * The box holding every point within `radiusKm` of `center`. Latitude widens by radius / R; longitude by
 * asin(sin(r) / cos(lat)) (Matuschek, "Finding points within a distance of a latitude/longitude", the exact
 * longitude span of the circle, a little wider than the r / cos(lat) approximation, so the box never cuts
 * the circle). Near a pole, when the circle holds the pole, every longitude is inside. Across the
 * antimeridian the longitude span is returned as two ranges, [minLng, 180] and [-180, maxLng].
 */
export type BoundingBox = {
  minLat: number;
  maxLat: number;
  /** one range, or two when the circle crosses the antimeridian; each [min, max] with min <= max */
  lngRanges: [number, number][];
};

export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  const r = Math.max(0, radiusKm) / EARTH_RADIUS_KM;
  const lat = toRad(center.latitude);
  let minLat = lat - r;
  let maxLat = lat + r;
  const all: [number, number][] = [[-180, 180]];
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2 || r >= Math.PI / 2) {
    // the circle holds a pole: every longitude, latitude up to that pole
    minLat = Math.max(minLat, -Math.PI / 2);
    maxLat = Math.min(maxLat, Math.PI / 2);
    return { minLat: toDeg(minLat), maxLat: toDeg(maxLat), lngRanges: all };
  }
  const ratio = Math.sin(r) / Math.cos(lat);
  if (ratio >= 1) return { minLat: toDeg(minLat), maxLat: toDeg(maxLat), lngRanges: all };
  const dLng = toDeg(Math.asin(ratio));
  const minLng = center.longitude - dLng;
  const maxLng = center.longitude + dLng;
  let lngRanges: [number, number][];
  if (dLng >= 180) lngRanges = all;
  else if (minLng < -180) lngRanges = [[minLng + 360, 180], [-180, maxLng]];
  else if (maxLng > 180) lngRanges = [[minLng, 180], [-180, maxLng - 360]];
  else lngRanges = [[minLng, maxLng]];
  return { minLat: toDeg(minLat), maxLat: toDeg(maxLat), lngRanges };
}

/** Whether a point lies in the box (the SQL's BETWEEN, for tests and the client). */
export function inBoundingBox(box: BoundingBox, p: LatLng): boolean {
  return p.latitude >= box.minLat && p.latitude <= box.maxLat && box.lngRanges.some(([a, b]) => p.longitude >= a && p.longitude <= b);
}
