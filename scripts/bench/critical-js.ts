// What a first visit must download before the app can draw anything: the entry script of the built
// index.html and every chunk it preloads (its static imports), with their compressed sizes as the
// server sends them (the build's .br and .gz copies). Route chunks load after the entry runs and
// are listed by scripts/bench/lighthouse.ts from the browser's own requests. The computation and the
// budget live in scripts/lib/critical-js.ts, shared with the build's check (which fails above it).
//   bun scripts/bench/critical-js.ts [client/dist]
import { CLIENT_DIST } from "../lib/paths";
import { criticalPath as criticalPathOf, describeCriticalPath } from "../lib/critical-js";

export { CRITICAL_JS_BUDGET_BYTES, describeCriticalPath, type CriticalFile, type CriticalPath } from "../lib/critical-js";

export function criticalPath(dist = CLIENT_DIST) {
  return criticalPathOf(dist);
}

if (import.meta.main) {
  for (const line of describeCriticalPath(criticalPath(process.argv[2] ?? CLIENT_DIST))) console.log(line);
}
