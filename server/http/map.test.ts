import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import type { Server } from "bun";
import { DEFAULT_PRODUCTION_MAP_STYLE, parseConfig } from "../config";
import type { Deps } from "../context";
import { PNG_SIGNATURE } from "../integrations/tiles/png";
import { httpClient } from "../testing/http-client";
import { startServerProcess, type ServerProcess } from "../testing/server-process";
import { testDeps } from "../testing/test-db";
import { absolutizeStyle, ATTRIBUTION_METADATA_KEY } from "./map";

/** The map's style endpoint and the local test map's tiles (issue 14). */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const withMap = (map: Deps["config"]["map"], env: Deps["config"]["env"] = deps.config.env): Deps => ({ ...deps, config: { ...deps.config, env, map } });

/** A style host like OpenFreeMap's: relative sprite, glyphs and tiles, a TileJSON source. */
function upstreamStyle() {
  return {
    version: 8,
    name: "upstream",
    sprite: "../sprites/basic",
    glyphs: "/fonts/{fontstack}/{range}.pbf",
    sources: {
      base: { type: "raster", tiles: ["tiles/{z}/{x}/{y}.png", "https://cdn.example.org/{z}/{x}/{y}.png"], tileSize: 256, attribution: "© Upstream" },
      vector: { type: "vector", url: "/planet" },
    },
    layers: [{ id: "base", type: "raster", source: "base" }],
  };
}

describe("the local test map (development and tests)", () => {
  test("GET /map/style.json is a valid MapLibre style of the local tiles, credited 'Kickrunde Testkarte'", async () => {
    expect(deps.config.map.style.kind).toBe("local");
    const res = await httpClient(deps).request("/map/style.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const style = (await res.json()) as ReturnType<typeof upstreamStyle>;
    expect(validateStyleMin(style as never)).toEqual([]);
    expect(style.sources).toHaveProperty("kickrunde-test");
    const source = Object.values(style.sources)[0] as { tiles: string[]; attribution: string };
    expect(source.tiles).toEqual(["/map/tiles/{z}/{x}/{y}.png"]);
    expect(source.attribution).toBe("Kickrunde Testkarte");
  });

  test("a tile is a PNG with long cache headers", async () => {
    const res = await httpClient(deps).request("/map/tiles/11/1100/671.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d{6,}/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    expect(bytes.length).toBeGreaterThan(500);
    // Served again from memory, byte for byte.
    const again = new Uint8Array(await (await httpClient(deps).request("/map/tiles/11/1100/671.png")).arrayBuffer());
    expect(again).toEqual(bytes);
  });

  test.each([
    "/map/tiles/20/0/0.png",
    "/map/tiles/0/1/0.png",
    "/map/tiles/0/0/1.png",
    "/map/tiles/3/8/0.png",
    "/map/tiles/-1/0/0.png",
    "/map/tiles/a/0/0.png",
    "/map/tiles/1/0/0.jpg",
    "/map/tiles/1/0/0",
    "/map/tiles/1/0/0.png/x",
    "/map/tiles/01/0/0.png",
    "/map/tiles/19/524288/0.png",
    "/map/tiles/1/0/99999999999999999999999.png",
    "/map/tiles/1/0/%00.png",
    "/map/tiles",
    "/map/unknown",
  ])("%s: 404, never a 5xx", async (path) => {
    const res = await httpClient(deps).request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type") ?? "").not.toContain("image/png");
  });

  test("MAP_ATTRIBUTION is handed to the client in the style's metadata", async () => {
    const res = await httpClient(withMap({ style: { kind: "local" }, attribution: "© Beispiel" })).request("/map/style.json");
    expect(((await res.json()) as { metadata: Record<string, string> }).metadata[ATTRIBUTION_METADATA_KEY]).toBe("© Beispiel");
  });
});

describe("production", () => {
  test("without MAP_STYLE_URL the public no-key style, with its credit; with it, the configured one", () => {
    const production = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://kickrunde.de" });
    expect(production.map).toEqual({ style: { kind: "remote", url: DEFAULT_PRODUCTION_MAP_STYLE.url }, attribution: "© OpenStreetMap contributors, OpenFreeMap" });
    const configured = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://kickrunde.de", MAP_STYLE_URL: "https://maps.example.org/style.json", MAP_ATTRIBUTION: "© X" });
    expect(configured.map).toEqual({ style: { kind: "remote", url: "https://maps.example.org/style.json" }, attribution: "© X" });
    expect(parseConfig({ NODE_ENV: "development" }).map).toEqual({ style: { kind: "local" }, attribution: null });
    expect(() => parseConfig({ MAP_STYLE_URL: "ftp://x/style.json" })).toThrow(/MAP_STYLE_URL/);
  });

  test("the local tiles never answer in production, even if the configuration asked for them", async () => {
    const client = httpClient(withMap({ style: { kind: "local" }, attribution: null }, "production"));
    for (const path of ["/map/tiles/0/0/0.png", "/map/tiles/11/1100/671.png", "/map/style.json"]) {
      const res = await client.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Kickrunde Testkarte");
    }
  });
});

describe("a configured style (MAP_STYLE_URL)", () => {
  let upstream: Server<unknown>;
  let answer: "ok" | "down" = "ok";
  let requests = 0;
  beforeAll(() => {
    upstream = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () => {
        requests++;
        return answer === "ok" ? Response.json(upstreamStyle()) : new Response("down", { status: 503 });
      },
    });
  });
  afterAll(() => upstream.stop(true));
  const styleUrl = () => `http://127.0.0.1:${upstream.port}/styles/liberty/style.json`;

  test("is served from the same address, its relative addresses made absolute, MAP_ATTRIBUTION in its metadata, no local tiles", async () => {
    answer = "ok";
    const client = httpClient(withMap({ style: { kind: "remote", url: styleUrl() }, attribution: "© Test" }));
    const res = await client.request("/map/style.json");
    expect(res.status).toBe(200);
    const style = (await res.json()) as ReturnType<typeof upstreamStyle> & { metadata: Record<string, string> };
    expect(validateStyleMin(style as never)).toEqual([]);
    const base = `http://127.0.0.1:${upstream.port}`;
    expect(style.sprite).toBe(`${base}/styles/sprites/basic`);
    expect(style.glyphs).toBe(`${base}/fonts/{fontstack}/{range}.pbf`);
    expect(style.sources.base.tiles).toEqual([`${base}/styles/liberty/tiles/{z}/{x}/{y}.png`, "https://cdn.example.org/{z}/{x}/{y}.png"]);
    expect(style.sources.vector.url).toBe(`${base}/planet`);
    expect(style.metadata[ATTRIBUTION_METADATA_KEY]).toBe("© Test");
    expect((await client.request("/map/tiles/0/0/0.png")).status).toBe(404);
  });

  test("is kept: a host that goes down later changes nothing; one that never answered gives 502 (the map offers a retry)", async () => {
    answer = "ok";
    const client = httpClient(withMap({ style: { kind: "remote", url: styleUrl() }, attribution: null }));
    expect((await client.request("/map/style.json")).status).toBe(200);
    const before = requests;
    answer = "down";
    const cached = await client.request("/map/style.json");
    expect(cached.status).toBe(200);
    expect(requests).toBe(before);
    expect(((await cached.json()) as { metadata?: unknown }).metadata).toBeUndefined();

    const never = httpClient(withMap({ style: { kind: "remote", url: styleUrl() }, attribution: null }));
    const res = await never.request("/map/style.json");
    expect(res.status).toBe(502);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("absolutizeStyle leaves absolute and data addresses alone", () => {
    const style = absolutizeStyle({ version: 8, sprite: [{ id: "a", url: "https://x.org/s" }, { id: "b", url: "s2" }], sources: { g: { type: "geojson", data: "data:," } }, layers: [] }, "https://h.org/a/style.json");
    expect(style.sprite).toEqual([{ id: "a", url: "https://x.org/s" }, { id: "b", url: "https://h.org/a/s2" }]);
    expect(style.sources!.g!.data).toBe("data:,");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a production server process", () => {
  let server: ServerProcess;
  let upstream: Server<unknown>;
  beforeAll(async () => {
    upstream = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json(upstreamStyle()) });
    server = await startServerProcess(deps.database.url!, { NODE_ENV: "production", SMTP_URL: "", MAP_STYLE_URL: `http://127.0.0.1:${upstream.port}/style.json` });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    upstream?.stop(true);
  });

  test("serves the configured style and no local tile at all", async () => {
    const style = await fetch(`${server.url}/map/style.json`);
    expect(style.status).toBe(200);
    expect(((await style.json()) as { name: string }).name).toBe("upstream");
    for (const path of ["/map/tiles/0/0/0.png", "/map/tiles/11/1100/671.png"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type") ?? "").not.toContain("image/png");
    }
  });
});
