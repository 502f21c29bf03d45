// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
// the built client, once at build time, so the server (server/http/static.ts) and the single binary
// (which embeds them, scripts/build.ts) hand out compressed bytes without compressing per request.
// Used by the Vite build (client/vite.config.ts) and again by scripts/build.ts for a client/dist
// built before it existed; files whose copies are newer than themselves are skipped.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/i;

export type PrecompressResult = { files: number; bytes: number; brotli: number; gzip: number };

function isFresh(copy: string, sourceMtime: number): boolean {
  try {
    return statSync(copy).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => TEXT.test(f) && statSync(join(dir, f)).isFile());
  for (const name of files) {
    const path = join(dir, name);
    const { mtimeMs } = statSync(path);
    const source = readFileSync(path);
    result.files++;
    result.bytes += source.byteLength;
    const variants: [string, () => Uint8Array][] = [
      [
        `${path}.br`,
        () =>
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
            },
          }),
      ],
      [`${path}.gz`, () => gzipSync(source, { level: 9 })],
    ];
    for (const [target, compress] of variants) {
      let bytes: Uint8Array | null = isFresh(target, mtimeMs) ? readFileSync(target) : compress();
      if (bytes.byteLength >= source.byteLength) bytes = null; // a tiny file: the copy would not be smaller
      if (bytes && !isFresh(target, mtimeMs)) writeFileSync(target, bytes);
      if (!bytes) rmSync(target, { force: true });
      const size = bytes?.byteLength ?? source.byteLength;
      if (target.endsWith(".br")) result.brotli += size;
      else result.gzip += size;
    }
  }
  return result;
}

export function describePrecompressed(r: PrecompressResult): string {
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  return `${r.files} text files, ${kib(r.bytes)}: ${kib(r.brotli)} brotli, ${kib(r.gzip)} gzip`;
}
