// What a first visit must download before the app can draw anything: the entry script of the built
// index.html and every chunk it preloads (its static imports), with their compressed sizes as the
// server sends them (the build's .br and .gz copies). Route chunks load after the entry runs and
// are listed by scripts/bench/lighthouse.ts from the browser's own requests.
//   bun scripts/bench/critical-js.ts [client/dist]
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_DIST } from "../lib/paths";

export type CriticalFile = { path: string; bytes: number; brotli: number; gzip: number };
export type CriticalPath = { js: CriticalFile[]; css: CriticalFile[]; total: { bytes: number; brotli: number; gzip: number } };

/** issue 11: at most this much JavaScript (compressed) before the first screen */
export const CRITICAL_JS_BUDGET_BYTES = 130 * 1024;

function sizeOf(dist: string, path: string): CriticalFile {
  const file = join(dist, path);
  const size = (suffix: string) => (existsSync(file + suffix) ? statSync(file + suffix).size : statSync(file).size);
  return { path, bytes: statSync(file).size, brotli: size(".br"), gzip: size(".gz") };
}

export function criticalPath(dist = CLIENT_DIST): CriticalPath {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const refs = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, "")))];
  const js = refs(/<script[^>]+src="([^"]+\.js)"/g)
    .concat(refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    .map((p) => sizeOf(dist, p));
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g).map((p) => sizeOf(dist, p));
  const total = js.reduce((t, f) => ({ bytes: t.bytes + f.bytes, brotli: t.brotli + f.brotli, gzip: t.gzip + f.gzip }), { bytes: 0, brotli: 0, gzip: 0 });
  return { js, css, total };
}

export function describeCriticalPath(c: CriticalPath): string[] {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const verdict = c.total.brotli <= CRITICAL_JS_BUDGET_BYTES ? "met" : "NOT met";
  return [
    `critical-path JS (entry + ${c.js.length - 1} preloaded chunks): ${kib(c.total.bytes)}, ${kib(c.total.brotli)} brotli, ${kib(c.total.gzip)} gzip ` +
      `(target at most ${kib(CRITICAL_JS_BUDGET_BYTES)} compressed: ${verdict})`,
    ...c.js
      .toSorted((a, b) => b.brotli - a.brotli)
      .slice(0, 8)
      .map((f) => `  ${f.path.padEnd(48)}${kib(f.bytes).padStart(12)}${kib(f.brotli).padStart(12)} br`),
    ...c.css.map((f) => `  css: ${f.path.padEnd(43)}${kib(f.bytes).padStart(12)}${kib(f.brotli).padStart(12)} br`),
  ];
}

if (import.meta.main) {
  for (const line of describeCriticalPath(criticalPath(process.argv[2] ?? CLIENT_DIST))) console.log(line);
}
