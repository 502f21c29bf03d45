// Writes scripts/lib/test-weights.json from JUnit reports of bun test (seconds per test file, from the
// top-level <testsuite file=...>): `bun scripts/test-weights.ts <unit.xml> <e2e.xml>` (e.g. the reports of
// `npm test`, in the folder its summary names). scripts/test-shards.ts deals the unit and the end-to-end test
// files out to its processes by these; refresh them when files grow or move (a stale or missing entry only
// makes the processes less even, never skips a file). Files of no report given keep their weight.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/paths";

const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error("usage: bun scripts/test-weights.ts <junit report> [<junit report> ...]");
  process.exit(2);
}
const file = join(ROOT, "scripts/lib/test-weights.json");
const weights: Record<string, number> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
const measured: Record<string, number> = {};
for (const report of reports) {
  const xml = readFileSync(report, "utf8");
  // Top-level suites sit at two spaces of indentation in bun's report; nested ones deeper.
  for (const m of xml.matchAll(/^ {2}<testsuite name="[^"]*" file="([^"]+)"[^>]*\btime="([\d.]+)"/gm)) {
    const [, name, time] = m;
    measured[name!] = Math.max(measured[name!] ?? 0, Math.round(Number(time) * 10) / 10);
  }
}
// A file gone from the tree loses its weight; one measured now gets the new one.
for (const name of Object.keys(weights)) if (!existsSync(join(ROOT, name))) delete weights[name];
Object.assign(weights, measured);
const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0).toFixed(0)} s in all`);
