import type { MiddlewareHandler } from "hono";

/** Content codings we produce: br and gzip files are made at build time, zstd and gzip on the fly. */
export type Encoding = "br" | "zstd" | "gzip";

/**
 * The first of `preferred` that the Accept-Encoding header allows (a `q=0` refuses a coding, `*`
 * stands for any not named), or null for the identity. Order is ours, not the client's: each list
 * is sorted by what is best for that kind of answer.
 */
export function acceptedEncoding(header: string | null | undefined, preferred: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  for (const encoding of preferred) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > 0) return encoding;
  }
  return null;
}

/** Adds Accept-Encoding to Vary without repeating it. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/** Answers worth compressing on the fly: JSON (tRPC, GraphQL), HTML, and text. Never event streams (live chat). */
const COMPRESSIBLE = /^(application\/(json|graphql-response\+json|manifest\+json)|text\/(html|css|javascript|plain)|image\/svg\+xml)\s*(;|$)/i;
/** Below about one network packet compression saves nothing a phone would notice. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic answers (the feed, a game page, GraphQL, the preview HTML of /game/{id}) by
 * the client's Accept-Encoding: zstd (fastest, Chromium and Firefox) or gzip. Brotli is for the
 * build's files only; at a speed fit for every request it compresses no better than these. Answers
 * that already carry a Content-Encoding (the precompressed client files) are left alone, as are
 * streams: only a body whose type is in COMPRESSIBLE is read, and those are never streamed here.
 */
export function compressAnswers(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD" || res.headers.has("Content-Encoding") || res.status === 204 || res.status === 304) return;
    if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
    const encoding = acceptedEncoding(c.req.header("Accept-Encoding"), ["zstd", "gzip"]);
    const body = new Uint8Array(await res.arrayBuffer());
    const small = !encoding || body.byteLength < threshold;
    // Hono copies the old answer's headers onto the new one, so headers are changed after the swap.
    const out: Uint8Array = small ? body : encoding === "zstd" ? Bun.zstdCompressSync(body, { level: 3 }) : Bun.gzipSync(body, { level: 6 });
    c.res = new Response(out as BodyInit, res);
    varyOnEncoding(c.res.headers);
    if (small) return;
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.delete("Content-Length");
  };
}
