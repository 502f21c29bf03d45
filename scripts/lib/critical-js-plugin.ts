// Fails the build when the critical-path JavaScript (the entry of index.html and every chunk it
// preloads, brotli as served) exceeds CRITICAL_JS_BUDGET_BYTES. Runs after the precompress plugin
// (it reads the .br copies) and names the largest modules of those chunks, so the failure says what
// to move out. `CRITICAL_JS_MODULES=40` prints that list on every build.
import { relative, resolve } from "node:path";
import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";
import { CRITICAL_JS_BUDGET_BYTES, criticalPath, criticalPathOverBudget, describeCriticalPath, type CriticalModule } from "./critical-js.js";

/** The entry chunks and everything they import statically (what index.html preloads). */
export function entryModules(bundle: OutputBundle, root: string): CriticalModule[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") chunk.imports.forEach(walk);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === "chunk" && chunk.isEntry) walk(chunk.fileName);
  const modules: CriticalModule[] = [];
  for (const file of seen) {
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") continue;
    for (const [id, m] of Object.entries(chunk.modules)) {
      if (m.renderedLength > 0) modules.push({ id: relative(root, id.replace(/\0/g, "")), bytes: m.renderedLength });
    }
  }
  return modules;
}

export function criticalJsBudget(budget = CRITICAL_JS_BUDGET_BYTES): Plugin {
  let outDir = "";
  let root = "";
  let modules: CriticalModule[] = [];
  return {
    name: "kickrunde:critical-js-budget",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = resolve(config.root, "..");
    },
    generateBundle(_options, bundle) {
      modules = entryModules(bundle, root);
    },
    // after kickrunde:precompress (listed before this plugin, also "post"): the .br copies exist
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const c = criticalPath(outDir);
        const list = Number(process.env.CRITICAL_JS_MODULES ?? 0);
        if (list > 0) {
          console.log(`critical-path modules (rendered bytes, before minification):`);
          for (const m of modules.toSorted((a, b) => b.bytes - a.bytes).slice(0, list)) console.log(`  ${String(m.bytes).padStart(8)}  ${m.id}`);
        }
        const failure = criticalPathOverBudget(c, modules, budget);
        if (failure) throw new Error(failure);
        console.log(describeCriticalPath(c, budget)[0]);
      },
    },
  };
}
