import { join, normalize } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chunksForPath, type RouteChunks } from "@shared/route-chunks";
import { acceptedEncoding, type Encoding } from "./compression";

/** Where the built client comes from: a folder on disk, or files embedded in the single binary. */
export type StaticAssets = { file(path: string): Blob | null };

export function diskAssets(dir: string): StaticAssets {
  const root = normalize(dir);
  return {
    file(path) {
      const full = normalize(join(root, path));
      if (!full.startsWith(root)) return null;
      const f = Bun.file(full);
      return f.size > 0 ? f : null;
    },
  };
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  webmanifest: "application/manifest+json",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  woff2: "font/woff2",
  wasm: "application/wasm",
  txt: "text/plain; charset=utf-8",
  pdf: "application/pdf",
};

export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}

/** The build writes `<file>.br` and `<file>.gz` beside each text file (scripts/lib/precompress.ts). */
const PRECOMPRESSED: readonly { encoding: Encoding; suffix: string }[] = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
];

/**
 * The file, or its precompressed copy when the client accepts one: brotli first, then gzip. Every
 * answer for a file that has copies says `Vary: Accept-Encoding`, so a cache keeps them apart.
 */
function pick(assets: StaticAssets, path: string, file: Blob, acceptEncoding: string | null): { body: Blob; headers: Record<string, string> } {
  const copies = PRECOMPRESSED.flatMap((p) => {
    const body = assets.file(path + p.suffix);
    return body ? [{ encoding: p.encoding, body }] : [];
  });
  if (copies.length === 0) return { body: file, headers: {} };
  const encoding = acceptedEncoding(acceptEncoding, copies.map((c) => c.encoding));
  const copy = copies.find((c) => c.encoding === encoding);
  if (!copy) return { body: file, headers: { Vary: "Accept-Encoding" } };
  return { body: copy.body, headers: { Vary: "Accept-Encoding", "Content-Encoding": copy.encoding } };
}

type IndexVariant = { html: string; encoded: Map<Encoding, Uint8Array<ArrayBuffer>> };
type IndexCache = { stamp: string; template: string; routes: RouteChunks; variants: Map<string, IndexVariant> };
const indexCaches = new WeakMap<StaticAssets, IndexCache>();
/** Distinct preload sets kept per build (one per route shape; a bound, not a need). */
const MAX_INDEX_VARIANTS = 200;

async function readRouteChunks(assets: StaticAssets): Promise<RouteChunks> {
  const file = assets.file("route-chunks.json");
  if (!file) return [];
  try {
    const parsed: unknown = JSON.parse(await file.text());
    return Array.isArray(parsed) ? (parsed as RouteChunks) : [];
  } catch {
    return [];
  }
}

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!);

/**
 * index.html for an app route, with a `<link rel="modulepreload">` for each chunk of the screen the
 * path opens (the build's route-chunks.json, shared/route-chunks.ts): the browser fetches the
 * screen's code together with the entry instead of after it. One copy per distinct set of chunks,
 * kept with its compressed forms until the build changes.
 */
export async function indexHtmlFor(assets: StaticAssets, pathname: string): Promise<IndexVariant | null> {
  const index = assets.file("index.html");
  if (!index) return null;
  const stamp = `${index.size}:${index instanceof File ? index.lastModified : 0}`;
  let cache = indexCaches.get(assets);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, template: await index.text(), routes: await readRouteChunks(assets), variants: new Map() };
    indexCaches.set(assets, cache);
  }
  const files = chunksForPath(cache.routes, pathname);
  const key = files.join(" ");
  let variant = cache.variants.get(key);
  if (!variant) {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${attr(f)}">`).join("\n    ");
    const html = links ? cache.template.replace("</head>", () => `  ${links}\n  </head>`) : cache.template;
    variant = { html, encoded: new Map() };
    if (cache.variants.size < MAX_INDEX_VARIANTS) cache.variants.set(key, variant);
  }
  return variant;
}

function encodedIndex(variant: IndexVariant, acceptEncoding: string | null): { body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const encoding = acceptedEncoding(acceptEncoding, ["br", "gzip"]);
  if (!encoding || encoding === "zstd") return { body: variant.html, headers: { Vary: "Accept-Encoding" } };
  let body = variant.encoded.get(encoding);
  if (!body) {
    body = new Uint8Array(encoding === "br" ? brotliCompressSync(variant.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(variant.html, { level: 9 }));
    variant.encoded.set(encoding, body);
  }
  return { body, headers: { Vary: "Accept-Encoding", "Content-Encoding": encoding } };
}

/**
 * Serves a built file, or index.html for app routes (SPA fallback, with the route's chunks to
 * preload), compressed where the client accepts it. Hashed assets are cached for a year; index.html
 * never, so a deploy is picked up at once.
 */
export async function serveClient(assets: StaticAssets, pathname: string, acceptEncoding: string | null = null): Promise<Response | null> {
  let clean: string;
  try {
    clean = decodeURIComponent(pathname).replace(/^\/+/, "");
  } catch {
    return null; // a malformed %-escape names no file and no route
  }
  const file = clean && !clean.endsWith("/") ? assets.file(clean) : null;
  if (file) {
    const immutable = clean.startsWith("assets/");
    const { body, headers } = pick(assets, clean, file, acceptEncoding);
    return new Response(body, {
      headers: {
        "Content-Type": contentTypeOf(clean),
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
        ...headers,
      },
    });
  }
  // A missing file with an extension is a real 404, not the app shell.
  if (/\.[a-z0-9]+$/i.test(clean)) return null;
  const index = await indexHtmlFor(assets, `/${clean}`);
  if (!index) return null;
  const { body, headers } = encodedIndex(index, acceptEncoding);
  return new Response(body, { headers: { "Content-Type": TYPES.html!, "Cache-Control": "no-cache", ...headers } });
}
