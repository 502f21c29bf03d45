import type { Env, Hono } from "hono";
import type { Deps } from "../context";
import { createTileServer, LOCAL_MAP_ATTRIBUTION, localMapStyle, parseTile } from "../integrations/tiles/tile-server";

/** The address every client map loads its style from (client/src/components/map/court-map-impl.tsx). */
export const MAP_STYLE_PATH = "/map/style.json";
/** Style metadata the client adds to the map's credits (MAP_ATTRIBUTION). */
export const ATTRIBUTION_METADATA_KEY = "kickrunde:attribution";

const REMOTE_STYLE_TTL_MS = 60 * 60 * 1000;
const REMOTE_STYLE_TIMEOUT_MS = 8000;
const REMOTE_STYLE_MAX_BYTES = 2 * 1024 * 1024;

type Style = Record<string, unknown> & { sources?: Record<string, Record<string, unknown>>; metadata?: unknown };

/**
 * A configured style, made self-contained: its relative addresses (sprite, glyphs, sources, tiles)
 * resolved against the style's own URL, since the browser now fetches it from this server.
 */
export function absolutizeStyle(style: Style, base: string): Style {
  // URL() escapes the {z}/{x}/{y}/{fontstack}/{range} placeholders of templates: they are put back.
  const abs = (u: unknown) =>
    typeof u === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(u) ? new URL(u, base).href.replaceAll("%7B", "{").replaceAll("%7D", "}") : u;
  const out: Style = { ...style };
  if (typeof out.sprite === "string") out.sprite = abs(out.sprite);
  else if (Array.isArray(out.sprite)) out.sprite = out.sprite.map((s: { id: string; url: string }) => ({ ...s, url: abs(s.url) }));
  if (typeof out.glyphs === "string") out.glyphs = abs(out.glyphs);
  if (out.sources && typeof out.sources === "object") {
    out.sources = Object.fromEntries(
      Object.entries(out.sources).map(([id, source]) => {
        const s = { ...source };
        if (typeof s.url === "string") s.url = abs(s.url);
        if (typeof s.data === "string") s.data = abs(s.data);
        if (Array.isArray(s.tiles)) s.tiles = s.tiles.map(abs);
        return [id, s];
      }),
    );
  }
  return out;
}

function withAttribution(style: Style, attribution: string | null): Style {
  if (!attribution) return style;
  const metadata = style.metadata && typeof style.metadata === "object" ? style.metadata : {};
  return { ...style, metadata: { ...metadata, [ATTRIBUTION_METADATA_KEY]: attribution } };
}

/** Fetches the configured style, keeps it an hour, and falls back to the last good copy when the host is down. */
function remoteStyleSource(url: string, fetchImpl: typeof fetch) {
  let cached: { style: Style; at: number } | null = null;
  let pending: Promise<Style | null> | null = null;
  async function load(): Promise<Style | null> {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(REMOTE_STYLE_TIMEOUT_MS), headers: { accept: "application/json" } });
      if (!res.ok) return null;
      const text = await res.text();
      if (text.length > REMOTE_STYLE_MAX_BYTES) return null;
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== "object" || (parsed as Style).version !== 8) return null;
      return absolutizeStyle(parsed as Style, res.url || url);
    } catch {
      return null;
    }
  }
  return async (now: number): Promise<Style | null> => {
    if (cached && now - cached.at < REMOTE_STYLE_TTL_MS) return cached.style;
    pending ??= load().finally(() => (pending = null));
    const fresh = await pending;
    if (fresh) cached = { style: fresh, at: now };
    return fresh ?? cached?.style ?? null;
  };
}

/**
 * The map's style and, outside production without MAP_STYLE_URL, the local test map's tiles.
 * The client always asks this one address, so the tile provider is configuration only.
 */
export function mountMap<E extends Env>(app: Hono<E>, deps: Deps, fetchImpl: typeof fetch = fetch): void {
  const { style, attribution } = deps.config.map;
  // Made for development and tests: a production server never draws or serves these tiles.
  const local = style.kind === "local" && deps.config.env !== "production";

  if (style.kind === "remote") {
    const remote = remoteStyleSource(style.url, fetchImpl);
    app.get(MAP_STYLE_PATH, async (c) => {
      const loaded = await remote(Date.now());
      if (!loaded) return c.json({ error: { code: "MAP_STYLE_UNAVAILABLE", message: "The map style could not be loaded." } }, 502, { "Cache-Control": "no-store" });
      return c.json(withAttribution(loaded, attribution), 200, { "Cache-Control": "public, max-age=300" });
    });
  } else if (local) {
    app.get(MAP_STYLE_PATH, (c) =>
      c.json(withAttribution(localMapStyle(), attribution && attribution !== LOCAL_MAP_ATTRIBUTION ? attribution : null), 200, { "Cache-Control": "public, max-age=300" }),
    );
    const tiles = createTileServer();
    app.get("/map/tiles/:z/:x/:file", (c) => {
      const match = /^([0-9]+)\.png$/.exec(c.req.param("file"));
      const tile = match ? parseTile(c.req.param("z"), c.req.param("x"), match[1]!) : null;
      if (!tile) return c.text("Not found", 404);
      const png = tiles.tile(tile.z, tile.x, tile.y);
      // Drawn the same way every time: a week in any cache.
      return c.body(png as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800, stale-while-revalidate=86400" });
    });
  }
  app.all("/map/*", (c) => c.text("Not found", 404));
}
