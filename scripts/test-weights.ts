// Writes scripts/lib/test-weights.json from a JUnit report of bun test (seconds per test file, from the
// top-level <testsuite file=...>): `bun scripts/test-weights.ts <report.xml>`. scripts/test-shards.ts
// deals the unit test files out to its processes by these; refresh them when files grow or move
// (a stale or missing entry only makes the processes less even, never skips a file).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/paths";

const report = process.argv[2];
if (!report) {
  console.error("usage: bun scripts/test-weights.ts <junit report>");
  process.exit(2);
}
const xml = readFileSync(report, "utf8");
const weights: Record<string, number> = {};
// Top-level suites sit at two spaces of indentation in bun's report; nested ones deeper.
for (const m of xml.matchAll(/^ {2}<testsuite name="[^"]*" file="([^"]+)"[^>]*\btime="([\d.]+)"/gm)) {
  const [, file, time] = m;
  weights[file!] = Math.max(weights[file!] ?? 0, Math.round(Number(time) * 10) / 10);
}
const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(ROOT, "scripts/lib/test-weights.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0).toFixed(0)} s in all`);
