import { CITIES, PLACES, STREETS, type EmulatedCity, type EmulatedPlace, type EmulatedStreet } from "./emulator-data";

/**
 * A small Nominatim-compatible geocoder for tests and the offline default (never production, see
 * config.ts): GET /search?q=, /reverse?lat=&lon=, /lookup?osm_ids= in Nominatim's jsonv2 format with
 * addressdetails, over the streets, parks and sports grounds of the demo cities (emulator-data.ts).
 * Reverse geocoding outside every known city answers `{"error":"Unable to geocode"}` like Nominatim
 * does for the sea. Tests read `requests` and set `fault` to break it on purpose.
 */

export type GeocoderEmulatorFault = null | "malformed" | "status500" | "hang" | "notJson";

export type GeocoderEmulator = {
  url: string;
  /** every request, oldest first: path, query, User-Agent and when it arrived (ms since epoch) */
  requests: { path: string; params: Record<string, string>; userAgent: string | null; at: number }[];
  fault: GeocoderEmulatorFault;
  close(): Promise<void>;
};

type JsonPlace = {
  place_id: number;
  licence: string;
  osm_type: "node" | "way" | "relation";
  osm_id: number;
  lat: string;
  lon: string;
  category: string;
  type: string;
  place_rank: number;
  importance: number;
  addresstype: string;
  name: string;
  display_name: string;
  address: Record<string, string>;
  boundingbox: [string, string, string, string];
};

const LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright (emulated)";
const HOUSE_ID_BASE = 9_000_000_000;

const cityOf = (name: string): EmulatedCity => CITIES.find((c) => c.city === name)!;

function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function json(lat: number, lon: number, fields: Omit<JsonPlace, "lat" | "lon" | "licence" | "boundingbox" | "place_id"> & { place_id?: number }): JsonPlace {
  const d = 0.0005;
  return {
    place_id: fields.place_id ?? fields.osm_id % 100_000_000,
    licence: LICENCE,
    ...fields,
    lat: lat.toFixed(7),
    lon: lon.toFixed(7),
    boundingbox: [(lat - d).toFixed(7), (lat + d).toFixed(7), (lon - d).toFixed(7), (lon + d).toFixed(7)],
  };
}

function addressOf(city: EmulatedCity, parts: { road?: string; house_number?: string; suburb?: string; postcode?: string; leisure?: string }) {
  const address: Record<string, string> = {};
  if (parts.leisure) address.leisure = parts.leisure;
  if (parts.house_number) address.house_number = parts.house_number;
  if (parts.road) address.road = parts.road;
  if (parts.suburb) address.suburb = parts.suburb;
  address.city = city.city;
  address.state = city.state;
  address["ISO3166-2-lvl4"] = "DE";
  address.postcode = parts.postcode ?? city.postcode;
  address.country = "Deutschland";
  address.country_code = "de";
  return address;
}

const displayName = (a: Record<string, string>) =>
  [a.leisure, a.house_number, a.road, a.suburb, a.city, a.state === a.city ? undefined : a.state, a.postcode, a.country].filter(Boolean).join(", ");

function placeJson(p: EmulatedPlace): JsonPlace {
  const address = addressOf(cityOf(p.city), { leisure: p.name, road: p.street, house_number: p.houseNumber, suburb: p.suburb, postcode: p.postcode });
  return json(p.latitude, p.longitude, {
    osm_type: p.osmType,
    osm_id: p.osmId,
    category: p.category,
    type: p.type,
    place_rank: 24,
    importance: p.type === "park" ? 0.45 : 0.3,
    addresstype: p.category,
    name: p.name,
    display_name: displayName(address),
    address,
  });
}

function streetJson(s: EmulatedStreet): JsonPlace {
  const address = addressOf(cityOf(s.city), { road: s.name, suburb: s.suburb, postcode: s.postcode });
  const [lat, lon] = [(s.from[0] + s.to[0]) / 2, (s.from[1] + s.to[1]) / 2];
  return json(lat, lon, {
    osm_type: "way",
    osm_id: s.osmWayId,
    category: "highway",
    type: "residential",
    place_rank: 26,
    importance: 0.2,
    addresstype: "road",
    name: s.name,
    display_name: displayName(address),
    address,
  });
}

function houseJson(s: EmulatedStreet, n: number): JsonPlace {
  const t = s.maxNumber <= 1 ? 0 : (n - 1) / (s.maxNumber - 1);
  const lat = s.from[0] + (s.to[0] - s.from[0]) * t;
  const lon = s.from[1] + (s.to[1] - s.from[1]) * t;
  const address = addressOf(cityOf(s.city), { road: s.name, house_number: String(n), suburb: s.suburb, postcode: s.postcode });
  return json(lat, lon, {
    osm_type: "node",
    osm_id: HOUSE_ID_BASE + STREETS.indexOf(s) * 1000 + n,
    category: "place",
    type: "house",
    place_rank: 30,
    importance: 0.1,
    addresstype: "place",
    name: "",
    display_name: displayName(address),
    address,
  });
}

function cityJson(c: EmulatedCity): JsonPlace {
  const address = addressOf(c, {});
  return json(c.latitude, c.longitude, {
    osm_type: "relation",
    osm_id: c.osmRelationId,
    category: "boundary",
    type: "administrative",
    place_rank: 16,
    importance: 0.8,
    addresstype: "city",
    name: c.city,
    display_name: displayName(address),
    address,
  });
}

/** Lower case, no diacritics, ß → ss, "str." and "strasse" → "str": "Gleimstr. 55" finds "Gleimstraße 55". */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ae/g, "a")
    .replace(/oe/g, "o")
    .replace(/ue/g, "u")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/strasse\b|str\b\.?/g, "str");
}
const tokens = (s: string) => fold(s).split(/[^a-z0-9]+/).filter(Boolean);

/** Every word of the query must begin a word of the candidate (or its postcode, house numbers aside). */
function matches(words: string[], haystack: string[]): boolean {
  return words.every((w) => haystack.some((h) => h.startsWith(w) || (h.length > 3 && w.length > 3 && h.includes(w))));
}

function search(q: string, limit: number): JsonPlace[] {
  const words = tokens(q).filter((w) => !["deutschland", "germany", "de"].includes(w));
  if (!words.length) return [];
  const postcodes = words.filter((w) => /^\d{5}$/.test(w));
  const numbers = words.filter((w) => /^\d{1,4}[a-z]?$/.test(w));
  const rest = words.filter((w) => !postcodes.includes(w) && !numbers.includes(w));
  const results: JsonPlace[] = [];
  const withPostcode = (pc: string) => postcodes.every((p) => p === pc);
  if (numbers.length <= 1 && rest.length) {
    for (const s of STREETS) {
      const hay = tokens(`${s.name} ${s.suburb} ${s.city} ${cityOf(s.city).state}`);
      if (!withPostcode(s.postcode) || !matches(rest, hay)) continue;
      // the street's name itself must be asked for, not only its town
      if (!rest.some((w) => tokens(s.name).some((h) => h.startsWith(w) || h.includes(w)))) continue;
      if (numbers.length) {
        const n = Number.parseInt(numbers[0]!, 10);
        if (n >= 1 && n <= s.maxNumber) results.push(houseJson(s, n));
      } else results.push(streetJson(s));
    }
  }
  if (!numbers.length && rest.length) {
    for (const p of PLACES) {
      const hay = tokens(`${p.name} ${p.type === "pitch" ? "bolzplatz fussballplatz sportplatz" : p.type === "park" ? "park" : "sportplatz sporthalle"} ${p.street} ${p.suburb} ${p.city} ${cityOf(p.city).state}`);
      if (withPostcode(p.postcode) && matches(rest, hay)) results.push(placeJson(p));
    }
    for (const c of CITIES) {
      if (withPostcode(c.postcode) && matches(rest, tokens(`${c.city} ${c.state}`)) && rest.every((w) => tokens(c.city).some((h) => h.startsWith(w)))) results.push(cityJson(c));
    }
  }
  return results.sort((a, b) => b.importance - a.importance).slice(0, limit);
}

function reverse(lat: number, lon: number): JsonPlace | null {
  const city = CITIES.map((c) => ({ c, d: distanceM(lat, lon, c.latitude, c.longitude) }))
    .filter((x) => x.d <= x.c.radiusKm * 1000)
    .sort((a, b) => a.d - b.d)[0]?.c;
  if (!city) return null;
  // the smallest known object around the point (a pitch inside a park is the pitch)
  const inside = PLACES.filter((p) => distanceM(lat, lon, p.latitude, p.longitude) <= p.radiusM).sort((a, b) => a.radiusM - b.radiusM)[0];
  if (inside) return placeJson(inside);
  let best: { s: EmulatedStreet; n: number; d: number } | null = null;
  for (const s of STREETS.filter((x) => x.city === city.city)) {
    // project onto the segment in a local flat frame (fine over a few km)
    const k = Math.cos((lat * Math.PI) / 180);
    const [ax, ay, bx, by, px, py] = [s.from[1] * k, s.from[0], s.to[1] * k, s.to[0], lon * k, lat];
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
    const d = distanceM(lat, lon, ay + (by - ay) * t, (ax + (bx - ax) * t) / k);
    if (!best || d < best.d) best = { s, n: Math.max(1, Math.round(1 + t * (s.maxNumber - 1))), d };
  }
  if (best && best.d <= 1500) return houseJson(best.s, best.n);
  return cityJson(city);
}

function lookup(ids: string[]): JsonPlace[] {
  const out: JsonPlace[] = [];
  for (const id of ids.slice(0, 50)) {
    const m = /^([NWR])(\d{1,16})$/.exec(id);
    if (!m) continue;
    const type = ({ N: "node", W: "way", R: "relation" } as const)[m[1] as "N" | "W" | "R"];
    const osmId = Number(m[2]);
    const place = PLACES.find((p) => p.osmType === type && p.osmId === osmId);
    if (place) out.push(placeJson(place));
    const street = type === "way" ? STREETS.find((s) => s.osmWayId === osmId) : undefined;
    if (street) out.push(streetJson(street));
    const city = type === "relation" ? CITIES.find((c) => c.osmRelationId === osmId) : undefined;
    if (city) out.push(cityJson(city));
    if (type === "node" && osmId > HOUSE_ID_BASE) {
      const s = STREETS[Math.floor((osmId - HOUSE_ID_BASE) / 1000)];
      const n = (osmId - HOUSE_ID_BASE) % 1000;
      if (s && n >= 1 && n <= s.maxNumber) out.push(houseJson(s, n));
    }
  }
  return out;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });

export async function startGeocoderEmulator(options: { hostname?: string; port?: number } = {}): Promise<GeocoderEmulator> {
  const emulator = { requests: [], fault: null } as unknown as GeocoderEmulator;
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    async fetch(req) {
      const url = new URL(req.url);
      const params = Object.fromEntries(url.searchParams);
      emulator.requests.push({ path: url.pathname, params, userAgent: req.headers.get("user-agent"), at: Date.now() });
      if (req.method !== "GET") return answer({ error: { code: 405, message: "Method not allowed" } }, 405);
      if (emulator.fault === "status500") return answer({ error: "Internal Server Error" }, 500);
      if (emulator.fault === "notJson") return new Response("<html>Bad Gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } });
      if (emulator.fault === "malformed") return answer([{ osm_type: "spaceship", lat: "north", display_name: 42 }]);
      if (emulator.fault === "hang") {
        // answers only when the emulator closes (or the client gives up)
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          req.signal.addEventListener("abort", () => resolve());
        });
        return answer([]);
      }
      const format = params.format ?? "xml";
      if (format !== "jsonv2" && format !== "json") return answer({ error: { code: 400, message: "Parameter 'format': only json and jsonv2 are emulated" } }, 400);
      const limit = Math.min(Math.max(Number.parseInt(params.limit ?? "10", 10) || 10, 1), 40);
      switch (url.pathname) {
        case "/search":
        case "/search.php":
          return answer(search(params.q ?? [params.street, params.postalcode, params.city].filter(Boolean).join(" "), limit));
        case "/reverse":
        case "/reverse.php": {
          const lat = Number(params.lat);
          const lon = Number(params.lon);
          if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
            return answer({ error: { code: 400, message: "Parameter 'lat' / 'lon': invalid coordinate" } }, 400);
          }
          return answer(reverse(lat, lon) ?? { error: "Unable to geocode" });
        }
        case "/lookup":
        case "/lookup.php":
          return answer(lookup((params.osm_ids ?? "").split(",")));
        default:
          return answer({ error: { code: 404, message: "Not found" } }, 404);
      }
    },
  });
  emulator.url = `http://${server.hostname}:${server.port}`;
  emulator.close = async () => {
    for (const resolve of hanging) resolve();
    await server.stop(true);
  };
  return emulator;
}
