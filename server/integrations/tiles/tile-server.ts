import { encodePng } from "./png";
import { MAX_TILE_ZOOM, renderTile, TILE_SIZE } from "./render-tile";

/** Shown in the map's corner while the local test map is in use. */
export const LOCAL_MAP_ATTRIBUTION = "Kickrunde Testkarte";
/** Where the local tiles are served (server/http/map.ts); relative, so the style works behind any host. */
export const LOCAL_TILE_PATH = "/map/tiles";

/** How many encoded tiles stay in memory (a few kilobytes each: a couple of megabytes at most). */
const CACHE_SIZE = 600;

/** z/x/y of a tile request when it names an existing tile (decimal integers only, no signs or leading zeros), else null. */
export function parseTile(z: string, x: string, y: string): { z: number; x: number; y: number } | null {
  const integer = (s: string) => (/^(0|[1-9][0-9]{0,6})$/.test(s) ? Number(s) : null);
  const zoom = integer(z);
  if (zoom === null || zoom > MAX_TILE_ZOOM) return null;
  const col = integer(x);
  const row = integer(y);
  const count = 2 ** zoom;
  if (col === null || row === null || col >= count || row >= count) return null;
  return { z: zoom, x: col, y: row };
}

/** The local test map (development and tests only): PNG tiles drawn on request, the latest kept in an LRU cache. */
export function createTileServer(cacheSize = CACHE_SIZE) {
  const cache = new Map<string, Uint8Array>();
  return {
    /** The PNG of an existing tile (see parseTile). */
    tile(z: number, x: number, y: number): Uint8Array {
      const key = `${z}/${x}/${y}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const png = encodePng(TILE_SIZE, TILE_SIZE, renderTile(z, x, y));
      cache.set(key, png);
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
      return png;
    },
    get cached() {
      return cache.size;
    },
  };
}

export type TileServer = ReturnType<typeof createTileServer>;

/** The local test map's MapLibre style: one raster source of the tiles above over a land-coloured background. */
export function localMapStyle() {
  return {
    version: 8 as const,
    name: LOCAL_MAP_ATTRIBUTION,
    sources: {
      "kickrunde-test": {
        type: "raster" as const,
        tiles: [`${LOCAL_TILE_PATH}/{z}/{x}/{y}.png`],
        tileSize: TILE_SIZE,
        minzoom: 0,
        maxzoom: MAX_TILE_ZOOM,
        attribution: LOCAL_MAP_ATTRIBUTION,
      },
    },
    layers: [
      { id: "background", type: "background" as const, paint: { "background-color": "#f3f1ea" } },
      { id: "kickrunde-test", type: "raster" as const, source: "kickrunde-test" },
    ],
  };
}
