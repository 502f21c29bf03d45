import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { like } from "drizzle-orm";
import { parseConfig } from "../../config";
import type { Deps } from "../../context";
import { geocodeCache } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { CACHE_TTL_MS, cacheKey, createGeocoder, MIN_INTERVAL_MS, type Geocoder } from "./client";
import { startGeocoderEmulator, type GeocoderEmulator } from "./emulator";

let deps: Deps;
let emulator: GeocoderEmulator;
const opened: Geocoder[] = [];

beforeAll(async () => {
  deps = await testDeps();
  emulator = await startGeocoderEmulator();
});
afterAll(async () => {
  for (const g of opened) await g.close();
  await emulator.close();
});
beforeEach(async () => {
  emulator.fault = null;
  emulator.requests.length = 0;
  // every test asks the emulator itself, not an answer an earlier test left in the shared cache
  await deps.db.delete(geocodeCache).where(like(geocodeCache.key, "%"));
});

async function geocoder(opts: { minIntervalMs?: number; timeoutMs?: number; maxQueueWaitMs?: number; email?: string } = {}) {
  const g = await createGeocoder(
    { baseUrl: emulator.url, userAgent: "Kickrunde-Test/1.0 (+test@example.org)", email: opts.email ?? null },
    { db: deps.db, clock: testClock, minIntervalMs: opts.minIntervalMs ?? 0, timeoutMs: opts.timeoutMs, maxQueueWaitMs: opts.maxQueueWaitMs },
  );
  opened.push(g);
  return g;
}

async function appCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    return e instanceof AppError ? e.code : `not an AppError: ${String(e)}`;
  }
}

describe("geocoding client against the emulator", () => {
  test("search finds a house number on a known street, with its address parts", async () => {
    const g = await geocoder({ email: "ops@example.org" });
    const [hit, ...rest] = await g.search("Gleimstraße 55, 10437 Berlin");
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ street: "Gleimstraße", houseNumber: "55", postcode: "10437", town: "Berlin", state: "Berlin", category: "place", type: "house", name: null });
    expect(hit!.osmId).toMatch(/^node\/\d+$/);
    expect(hit!.latitude).toBeCloseTo(52.547, 2);
    expect(hit!.longitude).toBeCloseTo(13.41, 1);
    // Nominatim's parameters and the policy's identification travel along
    const req = emulator.requests[0]!;
    expect(req.path).toBe("/search");
    expect(req.params).toMatchObject({ q: "Gleimstraße 55, 10437 Berlin", format: "jsonv2", addressdetails: "1", email: "ops@example.org" });
    expect(req.userAgent).toBe("Kickrunde-Test/1.0 (+test@example.org)");
  });

  test("search finds parks and sports grounds by name, spelled loosely", async () => {
    const g = await geocoder();
    const parks = await g.search("mauerpark berlin");
    expect(parks.map((p) => p.name)).toEqual(["Mauerpark", "Soccer Court Mauerpark"]);
    expect(parks[0]).toMatchObject({ osmId: "way/25016001", category: "leisure", type: "park", street: "Gleimstraße", town: "Berlin" });
    expect((await g.search("Bolzplatz Gruneburgpark")).map((p) => p.name)).toEqual(["Bolzplatz Grüneburgpark"]);
    expect((await g.search("Koenigsallee 12 Duesseldorf"))[0]).toMatchObject({ street: "Königsallee", houseNumber: "12", town: "Düsseldorf", postcode: "40212" });
    expect(await g.search("Atlantis Straße 3")).toEqual([]);
    expect(await g.search("Gleimstraße 999 Berlin")).toEqual([]);
  });

  test("reverse answers the pitch, the park, the nearest address, and nothing in the sea", async () => {
    const g = await geocoder();
    expect(await g.reverse(52.4958, 13.4392)).toMatchObject({ name: "Bolzplatz Görlitzer Park", type: "pitch", osmId: "way/250160021" });
    expect(await g.reverse(52.4975, 13.4355)).toMatchObject({ name: "Görlitzer Park", type: "park" });
    const house = await g.reverse(52.5472, 13.405);
    expect(house).toMatchObject({ street: "Gleimstraße", postcode: "10437", town: "Berlin", name: null });
    expect(Number(house!.houseNumber)).toBeGreaterThan(20);
    // the North Sea, and latitude and longitude swapped (13.4, 52.5 is in Ethiopia)
    expect(await g.reverse(54.5, 7.0)).toBeNull();
    expect(await g.reverse(13.4, 52.5)).toBeNull();
    expect(emulator.requests.filter((r) => r.path === "/reverse").length).toBe(5);
  });

  test("lookup by OSM id; unknown ids are null", async () => {
    const g = await geocoder();
    expect(await g.lookup("relation/1705401")).toMatchObject({ name: "Ostpark", town: "Frankfurt am Main", postcode: "60385", state: "Hessen" });
    expect(emulator.requests.at(-1)!.params.osm_ids).toBe("R1705401");
    expect(await g.lookup("way/1")).toBeNull();
    expect(await g.lookup("spaceship/1")).toBeNull();
  });

  test("the cache answers a repeated question without a second request, whatever its spelling", async () => {
    const g = await geocoder();
    const first = await g.search("Zeil 10, Frankfurt");
    expect(emulator.requests.length).toBe(1);
    expect(await g.search("  zeil 10,   FRANKFURT ")).toEqual(first);
    expect(await g.reverse(50.11471, 8.67901)).not.toBeNull();
    expect(await g.reverse(50.114711, 8.679011)).not.toBeNull();
    // another process (another client) shares the cache through the database
    const other = await geocoder();
    expect(await other.search("Zeil 10, Frankfurt")).toEqual(first);
    expect(emulator.requests.length).toBe(2);
    // negative answers are cached too
    expect(await g.reverse(54.5, 7.0)).toBeNull();
    expect(await g.reverse(54.5, 7.0)).toBeNull();
    expect(emulator.requests.length).toBe(3);
    const rows = await deps.db.select().from(geocodeCache);
    const scope = new URL(emulator.url).host;
    expect(rows.map((r) => r.key).sort()).toEqual(
      [cacheKey("reverse", "50.11471", "8.67901"), cacheKey("reverse", "54.50000", "7.00000"), cacheKey("search", 10, "zeil 10, frankfurt")].map((k) => `${scope}|${k}`).sort(),
    );
    // another geocoder (another GEOCODER_URL) does not get these answers
    const elsewhere = await createGeocoder({ baseUrl: emulator.url.replace("127.0.0.1", "localhost"), userAgent: "x", email: null }, { db: deps.db, clock: testClock, minIntervalMs: 0 });
    await elsewhere.search("Zeil 10, Frankfurt");
    expect(emulator.requests.length).toBe(4);
  });

  test("an answer older than 30 days is asked again", async () => {
    const g = await geocoder();
    testClock.freeze(new Date(Date.now() - CACHE_TTL_MS - 60_000));
    await g.search("Ostparkstraße 5 Frankfurt");
    testClock.reset();
    await g.search("Ostparkstraße 5 Frankfurt");
    expect(emulator.requests.length).toBe(2);
    await g.search("Ostparkstraße 5 Frankfurt");
    expect(emulator.requests.length).toBe(2);
  });

  test("requests of one process start at least minIntervalMs apart (a queue, not a refusal)", async () => {
    expect(MIN_INTERVAL_MS).toBe(1000);
    // when each request leaves the client (arrival times at the emulator add the network's jitter)
    const sent: number[] = [];
    const g = await createGeocoder(
      { baseUrl: emulator.url, userAgent: "x", email: null },
      { db: deps.db, clock: testClock, minIntervalMs: 250, fetch: ((u: URL, init: RequestInit) => (sent.push(performance.now()), fetch(u, init))) as unknown as typeof fetch },
    );
    opened.push(g);
    const started = Date.now();
    const results = await Promise.all([g.search("Zeil 1"), g.search("Zeil 2"), g.search("Zeil 3"), g.search("Zeil 4")]);
    expect(results.every((r) => r.length === 1)).toBe(true);
    expect(sent.length).toBe(4);
    expect(emulator.requests.length).toBe(4);
    // (the sub-millisecond between the limiter's clock and this wrapper's aside)
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(249);
    expect(Date.now() - started).toBeGreaterThanOrEqual(740);
    // a cache hit sends nothing, so it takes no slot
    expect(await g.search("Zeil 1")).toHaveLength(1);
    expect(sent.length).toBe(4);
  });

  test("a queue longer than the client's patience is refused with GEOCODER_UNAVAILABLE", async () => {
    const g = await geocoder({ minIntervalMs: 400, maxQueueWaitMs: 500 });
    const codes = await Promise.all(["Zeil 5", "Zeil 6", "Zeil 7", "Zeil 8"].map((q) => appCode(g.search(q))));
    // which two get through depends on whose cache lookup finishes first
    expect(codes.sort()).toEqual(["GEOCODER_UNAVAILABLE", "GEOCODER_UNAVAILABLE", "OK", "OK"]);
  });

  test("timeouts, an unreachable host, errors and malformed answers are GEOCODER_UNAVAILABLE", async () => {
    const g = await geocoder({ timeoutMs: 300 });
    emulator.fault = "hang";
    const t = Date.now();
    expect(await appCode(g.search("Zeil 20"))).toBe("GEOCODER_UNAVAILABLE");
    expect(Date.now() - t).toBeLessThan(2000);
    emulator.fault = "status500";
    expect(await appCode(g.reverse(50.1147, 8.68))).toBe("GEOCODER_UNAVAILABLE");
    emulator.fault = "notJson";
    expect(await appCode(g.lookup("relation/1705401"))).toBe("GEOCODER_UNAVAILABLE");
    emulator.fault = "malformed";
    expect(await appCode(g.search("Zeil 21"))).toBe("GEOCODER_UNAVAILABLE");
    expect(await appCode(g.reverse(50.1148, 8.68))).toBe("GEOCODER_UNAVAILABLE");
    // nothing of a failure is cached: the next question goes out again and succeeds
    emulator.fault = null;
    expect((await g.search("Zeil 21")).length).toBe(1);

    const closed = await startGeocoderEmulator();
    const url = closed.url;
    await closed.close();
    const unreachable = await createGeocoder({ baseUrl: url, userAgent: "x", email: null }, { db: deps.db, clock: testClock, minIntervalMs: 0, timeoutMs: 500 });
    expect(await appCode(unreachable.search("Zeil 22"))).toBe("GEOCODER_UNAVAILABLE");
  });

  test("upstream text is cleaned: control characters and overlong fields never reach us", async () => {
    const answer = [
      {
        osm_type: "way",
        osm_id: 77,
        lat: "52.5",
        lon: "13.4",
        category: "leisure",
        type: "pitch",
        name: "Bolz\u0000platz\u2028X",
        display_name: "Bolzplatz, Berlin",
        address: { road: "Weg\r\n1", city: "Berlin" },
      },
    ];
    const g = await createGeocoder(
      { baseUrl: "http://geocoder.invalid", userAgent: "x", email: null },
      { db: deps.db, clock: testClock, minIntervalMs: 0, fetch: (async () => new Response(JSON.stringify(answer))) as unknown as typeof fetch },
    );
    expect((await g.search("anything"))[0]).toMatchObject({ osmId: "way/77", name: "Bolz platz X", street: "Weg 1", town: "Berlin" });
    const bad = await createGeocoder(
      { baseUrl: "http://geocoder.invalid", userAgent: "x", email: null },
      { db: deps.db, clock: testClock, minIntervalMs: 0, fetch: (async () => new Response(JSON.stringify([{ ...answer[0], lat: "95" }]))) as unknown as typeof fetch },
    );
    expect(await appCode(bad.search("anything else"))).toBe("GEOCODER_UNAVAILABLE");
  });

  test("only the configured host is called; user input stays a query parameter", async () => {
    const urls: string[] = [];
    const g = await createGeocoder(
      { baseUrl: "https://geo.example.org/nominatim", userAgent: "x", email: null },
      { db: deps.db, clock: testClock, minIntervalMs: 0, fetch: (async (u: URL) => (urls.push(String(u)), new Response("[]"))) as unknown as typeof fetch },
    );
    await g.search("http://evil.example/?x=1#y");
    await g.lookup("way/5");
    await g.lookup("../../etc/passwd");
    expect(urls.map((u) => new URL(u).origin + new URL(u).pathname)).toEqual(["https://geo.example.org/nominatim/search", "https://geo.example.org/nominatim/lookup"]);
    expect(new URL(urls[0]!).searchParams.get("q")).toBe("http://evil.example/?x=1#y");
  });
});

describe("geocoder configuration", () => {
  test("production uses Nominatim, never the emulator; elsewhere the emulator unless a URL is set", () => {
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://kickrunde.de" }).geocoder).toEqual({
      baseUrl: "https://nominatim.openstreetmap.org",
      userAgent: "Kickrunde/1.0 (+hallo@kickrunde.de)",
      email: null,
    });
    expect(parseConfig({ NODE_ENV: "test" }).geocoder.baseUrl).toBeNull();
    expect(parseConfig({ NODE_ENV: "development", GEOCODER_URL: "http://127.0.0.1:8088/", GEOCODER_EMAIL: "geo@kickrunde.de" }).geocoder).toEqual({
      baseUrl: "http://127.0.0.1:8088",
      userAgent: "Kickrunde/1.0 (+geo@kickrunde.de)",
      email: "geo@kickrunde.de",
    });
    expect(parseConfig({ GEOCODER_USER_AGENT: "Meine App/2" }).geocoder.userAgent).toBe("Meine App/2");
    expect(() => parseConfig({ GEOCODER_URL: "ftp://x" })).toThrow(/GEOCODER_URL/);
    expect(() => parseConfig({ GEOCODER_URL: "https://x/?q=1" })).toThrow(/GEOCODER_URL/);
    expect(() => parseConfig({ GEOCODER_EMAIL: "nope" })).toThrow(/GEOCODER_EMAIL/);
  });
});
