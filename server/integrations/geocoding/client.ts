import { lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { GeocoderConfig } from "../../config";
import type { DbOrTx } from "../../db/client";
import { geocodeCache } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { startGeocoderEmulator, type GeocoderEmulator } from "./emulator";

/**
 * The geocoding integration: a client for a Nominatim-compatible API (OpenStreetMap's Nominatim in
 * production, the in-process emulator in tests and the offline default). Only the configured base URL
 * is ever called; user input only ever travels as query parameters.
 *
 * Nominatim's usage policy (https://operations.osmfoundation.org/policies/nominatim/): an identifying
 * User-Agent, at most one request per second, and caching of results. Answers are cached in the
 * `geocode_cache` table (shared by every server process) for CACHE_TTL_MS; requests of one process go
 * through a queue that starts at most one per `minIntervalMs`.
 */

/** One result, parsed and normalised (never the upstream JSON itself). */
export type GeocodeResult = {
  /** "node/123", "way/456", "relation/789" */
  osmId: string;
  /** the object's own name ("Mauerpark"), null for plain addresses */
  name: string | null;
  /** Nominatim's category and type ("leisure"/"pitch", "highway"/"residential", "place"/"house") */
  category: string;
  type: string;
  displayName: string;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  town: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
};

export type Geocoder = {
  /** free-form search, best first (at most `limit`, default 10) */
  search(query: string, opts?: { limit?: number }): Promise<GeocodeResult[]>;
  /** the place at a point; null where the geocoder knows none (the sea, outside its data) */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
  /** an OpenStreetMap object by "node/1", "way/2", "relation/3"; null when unknown */
  lookup(osmId: string): Promise<GeocodeResult | null>;
  /** the in-process emulator (offline default and tests), null against a real geocoder */
  emulator: GeocoderEmulator | null;
  close(): Promise<void>;
};

export const CACHE_TTL_MS = 30 * 24 * 3600_000;
export const REQUEST_TIMEOUT_MS = 8_000;
/** Nominatim's policy: an absolute maximum of one request per second. */
export const MIN_INTERVAL_MS = 1_000;
/** A request that would wait longer than this in the queue is refused (GEOCODER_UNAVAILABLE) rather than left hanging. */
export const MAX_QUEUE_WAIT_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Nominatim's jsonv2 answers, validated: nothing from upstream is trusted.

const text = (max: number) => z.string().max(max);
const coordinate = (limit: number) =>
  z
    .union([z.string().max(40), z.number()])
    .transform((v) => Number(v))
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= limit);

const ZNominatimAddress = z
  .object({
    road: text(300).optional(),
    pedestrian: text(300).optional(),
    footway: text(300).optional(),
    path: text(300).optional(),
    square: text(300).optional(),
    house_number: text(50).optional(),
    postcode: text(30).optional(),
    city: text(200).optional(),
    town: text(200).optional(),
    village: text(200).optional(),
    municipality: text(200).optional(),
    hamlet: text(200).optional(),
    suburb: text(200).optional(),
    state: text(200).optional(),
  })
  .loose();

const ZNominatimPlace = z.object({
  osm_type: z.enum(["node", "way", "relation"]),
  osm_id: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/).transform(Number)]),
  lat: coordinate(90),
  lon: coordinate(180),
  category: text(100).optional(),
  class: text(100).optional(),
  type: text(100).default(""),
  name: text(500).nullish(),
  display_name: text(2000),
  address: ZNominatimAddress.optional(),
});
type NominatimPlace = z.infer<typeof ZNominatimPlace>;

const ZSearchAnswer = z.array(ZNominatimPlace).max(50);
/** reverse: a place, or `{"error":"Unable to geocode"}` where there is none */
const ZReverseAnswer = z.union([ZNominatimPlace, z.object({ error: text(500) })]);

const clean = (v: string | null | undefined): string | null => {
  // strip control characters an upstream could smuggle in; empty means absent
  const s = v?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return s ? s.slice(0, 200) : null;
};

function toResult(p: NominatimPlace): GeocodeResult {
  const a = p.address ?? {};
  return {
    osmId: `${p.osm_type}/${p.osm_id}`,
    name: clean(p.name),
    category: clean(p.category ?? p.class) ?? "",
    type: clean(p.type) ?? "",
    displayName: clean(p.display_name) ?? "",
    street: clean(a.road ?? a.pedestrian ?? a.square ?? a.footway ?? a.path),
    houseNumber: clean(a.house_number),
    postcode: clean(a.postcode),
    town: clean(a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet),
    state: clean(a.state),
    latitude: Math.round(p.lat * 1e7) / 1e7,
    longitude: Math.round(p.lon * 1e7) / 1e7,
  };
}

/** OSM ids as Nominatim's /lookup wants them: "way/123" → "W123". */
function lookupId(osmId: string): string | null {
  const m = /^(node|way|relation)\/([1-9]\d{0,15})$/.exec(osmId);
  return m ? `${m[1]![0]!.toUpperCase()}${m[2]}` : null;
}

/** Cache keys: the same question asked differently (case, spaces, centimetres) is one entry. */
export function cacheKey(kind: "search" | "reverse" | "lookup", ...parts: (string | number)[]): string {
  return [kind, ...parts.map((p) => (typeof p === "number" ? String(p) : p.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim()))].join(":");
}

export type GeocoderOptions = {
  db: DbOrTx;
  clock: Clock;
  logger?: Logger;
  /** tests: shorter spacing and timeouts */
  minIntervalMs?: number;
  timeoutMs?: number;
  maxQueueWaitMs?: number;
  /** tests: count or break the transport */
  fetch?: typeof fetch;
};

/**
 * The geocoder as the configuration says: the configured Nominatim-compatible URL, or (baseUrl null,
 * never in production, see config.ts) an emulator started in-process.
 */
export async function createGeocoder(cfg: GeocoderConfig, opts: GeocoderOptions): Promise<Geocoder> {
  const emulator = cfg.baseUrl === null ? await startGeocoderEmulator() : null;
  const baseUrl = cfg.baseUrl ?? emulator!.url;
  // The one-per-second spacing protects a real geocoder's quota; our own in-process emulator has none
  // (tests of the spacing pass minIntervalMs).
  return geocoderFor({ ...cfg, baseUrl }, emulator, { ...opts, minIntervalMs: opts.minIntervalMs ?? (emulator ? 0 : MIN_INTERVAL_MS) });
}

/** Cached answers belong to the geocoder that gave them: switching GEOCODER_URL never serves the other one's. */
export function cacheScope(baseUrl: string, emulated: boolean): string {
  return emulated ? "emulator" : new URL(baseUrl).host;
}

function geocoderFor(cfg: GeocoderConfig & { baseUrl: string }, emulator: GeocoderEmulator | null, opts: GeocoderOptions): Geocoder {
  const minInterval = opts.minIntervalMs ?? MIN_INTERVAL_MS;
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxQueueWait = opts.maxQueueWaitMs ?? MAX_QUEUE_WAIT_MS;
  const doFetch = opts.fetch ?? fetch;
  const base = cfg.baseUrl.replace(/\/+$/, "");
  const scope = cacheScope(base, emulator !== null);
  // The rate limit: requests take turns in one chain, each leaving at least minInterval after the
  // previous one actually left (a queue, not a refusal; measured at sending, so a busy event loop
  // that delays one request cannot squeeze the next one closer).
  let chain: Promise<void> = Promise.resolve();
  let lastSent = Number.NEGATIVE_INFINITY;
  let waiting = 0;
  let lastPrune = 0;

  const unavailable = (reason: string, cause?: unknown) => {
    opts.logger?.warn("geocoder unavailable", { reason, error: cause instanceof Error ? cause.message : undefined });
    return new AppError("GEOCODER_UNAVAILABLE", { cause });
  };

  async function waitForSlot() {
    const expectedWait = waiting * minInterval + Math.max(0, lastSent + minInterval - performance.now());
    if (expectedWait > maxQueueWait) throw unavailable("queue full");
    waiting++;
    const turn = chain.then(async () => {
      // timers may fire a little early: wait until the interval has really passed
      for (let wait = lastSent + minInterval - performance.now(); wait > 0; wait = lastSent + minInterval - performance.now()) await Bun.sleep(wait);
      lastSent = performance.now();
    });
    chain = turn.catch(() => {});
    try {
      await turn;
    } finally {
      waiting--;
    }
  }

  async function request(path: string, params: Record<string, string>): Promise<unknown> {
    await waitForSlot();
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries({ ...params, format: "jsonv2", addressdetails: "1", "accept-language": "de" })) url.searchParams.set(k, v);
    if (cfg.email) url.searchParams.set("email", cfg.email);
    let res: Response;
    try {
      res = await doFetch(url, { headers: { "User-Agent": cfg.userAgent, Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    } catch (e) {
      throw unavailable("request failed", e);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw unavailable(`status ${res.status}`);
    }
    const body = await res.text().catch((e) => {
      throw unavailable("body unreadable", e);
    });
    if (body.length > 2_000_000) throw unavailable("answer too large");
    try {
      return JSON.parse(body);
    } catch (e) {
      throw unavailable("answer not JSON", e);
    }
  }

  function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw unavailable(`malformed answer: ${parsed.error.issues[0]?.message ?? ""}`);
    return parsed.data;
  }

  /** The cached answer (normalised results) for a key, or fetch, normalise and store it. */
  async function cached(question: string, load: () => Promise<GeocodeResult[]>): Promise<GeocodeResult[]> {
    const key = `${scope}|${question}`;
    const now = opts.clock.now();
    const rows = await opts.db
      .select({ response: geocodeCache.response, createdAt: geocodeCache.createdAt })
      .from(geocodeCache)
      .where(sql`${geocodeCache.key} = ${key}`)
      .limit(1);
    const hit = rows[0];
    if (hit && now.getTime() - hit.createdAt.getTime() < CACHE_TTL_MS) {
      // our own earlier answer, but a database is input too: validate it like upstream
      const ok = ZCachedResults.safeParse(hit.response);
      if (ok.success) return ok.data;
    }
    const results = await load();
    await opts.db
      .insert(geocodeCache)
      .values({ key, response: results, createdAt: now })
      .onConflictDoUpdate({ target: geocodeCache.key, set: { response: results, createdAt: now } });
    // Expired entries go at most once an hour per process (the created_at index makes it cheap).
    if (now.getTime() - lastPrune > 3600_000) {
      lastPrune = now.getTime();
      await opts.db.delete(geocodeCache).where(lt(geocodeCache.createdAt, new Date(now.getTime() - CACHE_TTL_MS)));
    }
    return results;
  }

  return {
    emulator,
    async search(query, { limit = 10 } = {}) {
      const q = query.replace(/\s+/g, " ").trim().slice(0, 200);
      if (!q) return [];
      return cached(cacheKey("search", limit, q), async () => parse(ZSearchAnswer, await request("/search", { q, limit: String(limit) })).slice(0, limit).map(toResult));
    },
    async reverse(latitude, longitude) {
      // about 1 m: finer than that is the same place
      const lat = latitude.toFixed(5);
      const lon = longitude.toFixed(5);
      const results = await cached(cacheKey("reverse", lat, lon), async () => {
        const answer = parse(ZReverseAnswer, await request("/reverse", { lat, lon, zoom: "18" }));
        return "error" in answer ? [] : [toResult(answer)];
      });
      return results[0] ?? null;
    },
    async lookup(osmId) {
      const id = lookupId(osmId);
      if (!id) return null;
      const results = await cached(cacheKey("lookup", osmId), async () => parse(ZSearchAnswer, await request("/lookup", { osm_ids: id })).map(toResult).filter((r) => r.osmId === osmId));
      return results[0] ?? null;
    },
    close: async () => {
      await emulator?.close();
    },
  };
}

const ZCachedResults = z.array(
  z.object({
    osmId: z.string(),
    name: z.string().nullable(),
    category: z.string(),
    type: z.string(),
    displayName: z.string(),
    street: z.string().nullable(),
    houseNumber: z.string().nullable(),
    postcode: z.string().nullable(),
    town: z.string().nullable(),
    state: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
  }),
);
