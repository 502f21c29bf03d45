// The build's map from routes to the chunks a first visit of them needs (shared/route-chunks.ts):
// written as `route-chunks.json` beside index.html; the server turns it into modulepreload links.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { routePathOfFile, type RouteChunks } from "../../shared/route-chunks";

/** `.../routes/game.$id.tsx?tsr-split=component` (TanStack's split of a route's component). */
const SPLIT_COMPONENT = /^(.*)\?tsr-split=component$/;

function staticClosure(bundle: OutputBundle, start: string[], skip: Set<string>): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || skip.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") chunk.imports.forEach(walk);
  };
  start.forEach(walk);
  return [...seen];
}

export function routeChunks(routesDir: string): Plugin {
  let base = "/";
  return {
    name: "kickrunde:route-chunks",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      // What index.html loads already: the entry and everything it imports statically.
      const entry = new Set(staticClosure(bundle, chunks.filter((c) => c.isEntry).map((c) => c.fileName), new Set()));
      const routes: RouteChunks = [];
      for (const chunk of chunks) {
        // The chunk that holds a route's split component (usually its own dynamic entry; merged
        // into a shared chunk when a lazily loaded part of the screen imports from it).
        for (const id of chunk.moduleIds) {
          const source = id.match(SPLIT_COMPONENT)?.[1];
          if (!source) continue;
          const file = relative(routesDir, source);
          const path = file.startsWith("..") ? null : routePathOfFile(file);
          if (path === null) continue;
          const layout = /\bOutlet\b/.test(readFileSync(source, "utf8"));
          routes.push({ path, layout, files: staticClosure(bundle, [chunk.fileName], entry).map((f) => `${base}${f}`) });
        }
      }
      routes.sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({ type: "asset", fileName: "route-chunks.json", source: JSON.stringify(routes) });
    },
  };
}
