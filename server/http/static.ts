import { join, normalize } from "node:path";
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

/**
 * Serves a built file, or index.html for app routes (SPA fallback), precompressed where the client
 * accepts it. Hashed assets are cached for a year; index.html never, so a deploy is picked up at once.
 */
export async function serveClient(assets: StaticAssets, pathname: string, acceptEncoding: string | null = null): Promise<Response | null> {
  const clean = decodeURIComponent(pathname).replace(/^\/+/, "");
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
  const index = assets.file("index.html");
  if (!index) return null;
  const { body, headers } = pick(assets, "index.html", index, acceptEncoding);
  return new Response(body, { headers: { "Content-Type": TYPES.html!, "Cache-Control": "no-cache", ...headers } });
}
