// The service worker's precache list (client/public/sw.js): after each build, sw.js gets the build's
// asset files and a version made from their hashed names, so a deploy installs a new worker that
// caches the new files and drops the old ones (README of client/src/lib: offline).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

/** The line in client/public/sw.js that the build replaces. */
export const PRECACHE_PLACEHOLDER = "self.__KR_PRECACHE__ = null;";

/** Script, style, font and image files of the app (the map's worker included), with the base path. */
export function precacheFiles(fileNames: string[], base = "/"): string[] {
  return fileNames.filter((f) => f.startsWith("assets/") && /\.(m?js|css|woff2?|svg|png|webp|jpe?g)$/.test(f)).map((f) => `${base}${f}`).sort();
}

export function swPrecache(): Plugin {
  let outDir = "";
  let base = "/";
  let files: string[] = [];
  return {
    name: "kickrunde:sw-precache",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      files = precacheFiles(Object.keys(bundle), base);
    },
    // before the precompress plugin's closeBundle, so sw.js.br and sw.js.gz hold the list too
    writeBundle() {
      const path = join(outDir, "sw.js");
      if (!existsSync(path)) return;
      const source = readFileSync(path, "utf8");
      if (!source.includes(PRECACHE_PLACEHOLDER)) throw new Error(`sw.js lacks "${PRECACHE_PLACEHOLDER}"`);
      const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 12);
      writeFileSync(path, source.replace(PRECACHE_PLACEHOLDER, () => `self.__KR_PRECACHE__ = ${JSON.stringify({ version, files })};`));
    },
  };
}
