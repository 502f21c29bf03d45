// Runs bun test over the given folders in N processes side by side (the unit and integration step of
// scripts/test-all.ts; also `bun scripts/test-shards.ts --shards 2 --junit out.xml ./server`).
// Each process gets its own test database (server/testing/test-db.ts), so they do not meet. Files are
// dealt out by their duration in an earlier run (scripts/lib/test-weights.json; a file it does not know
// counts as an average one), longest first to the least loaded process. The processes' JUnit reports are
// merged into one, and a summary in bun's own words closes the output, so the step is counted as one run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseBunSummary, parseJunit } from "./lib/junit";
import { ROOT } from "./lib/paths";
import { BUN } from "./lib/proc";

const WEIGHTS_FILE = join(ROOT, "scripts/lib/test-weights.json");

type Options = { shards: number; junit: string | null; paths: string[]; bunArgs: string[] };

function parseArgs(argv: string[]): Options {
  const options: Options = { shards: 2, junit: null, paths: [], bunArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--shards") options.shards = Math.max(1, Number(argv[++i]));
    else if (arg === "--junit") options.junit = argv[++i] ?? null;
    else if (arg.startsWith("--")) options.bunArgs.push(arg);
    else options.paths.push(arg);
  }
  return options;
}

/** The test files bun would find under `paths` (its default pattern: *.test.* and *.spec.*). */
export function testFiles(paths: string[]): string[] {
  const glob = new Bun.Glob("**/*.{test,spec}.{ts,tsx,js,jsx}");
  const files = new Set<string>();
  for (const p of paths) {
    for (const f of glob.scanSync({ cwd: join(ROOT, p), onlyFiles: true })) {
      if (f.includes("node_modules/")) continue;
      files.add(relative(ROOT, join(ROOT, p, f)));
    }
  }
  return [...files].sort();
}

/** Longest first onto the least loaded shard; unknown files weigh as much as an average known one. */
export function dealOut(files: string[], weights: Record<string, number>, shards: number): string[][] {
  const known = files.map((f) => weights[f]).filter((w): w is number => typeof w === "number");
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weighed = files.map((f) => ({ f, w: weights[f] ?? average })).sort((a, b) => b.w - a.w || a.f.localeCompare(b.f));
  const out = Array.from({ length: shards }, () => ({ files: [] as string[], load: 0 }));
  for (const { f, w } of weighed) {
    const least = out.reduce((min, s) => (s.load < min.load ? s : min));
    least.files.push(f);
    least.load += w;
  }
  return out.map((s) => s.files).filter((s) => s.length > 0);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const weights: Record<string, number> = existsSync(WEIGHTS_FILE) ? JSON.parse(readFileSync(WEIGHTS_FILE, "utf8")) : {};
  const shards = dealOut(testFiles(options.paths), weights, options.shards);
  const dir = mkdtempSync(join(tmpdir(), "kickrunde-shards-"));
  console.log(`${shards.length} test processes side by side: ${shards.map((s) => `${s.length} files`).join(", ")}`);
  const runs = shards.map((files, i) => {
    const report = join(dir, `shard-${i}.xml`);
    const proc = Bun.spawn([BUN, "test", ...files.map((f) => `./${f}`), ...options.bunArgs, "--reporter=junit", `--reporter-outfile=${report}`], {
      cwd: ROOT,
      // the servers its tests start take ports of this process's own range (server/testing/ports.ts)
      env: { ...process.env, TEST_SHARD_INDEX: String(i) },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    // Each process's output goes through whole, when it ends: interleaved lines would be unreadable.
    const output = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]).then(([a, b]) => a + b);
    return { report, proc, output };
  });
  let pass = 0;
  let fail = 0;
  let error = 0;
  let code = 0;
  for (const [i, run] of runs.entries()) {
    const [exit, output] = await Promise.all([run.proc.exited, run.output]);
    console.log(`\n── test process ${i + 1} of ${runs.length} (exit ${exit}) ──\n${output.replace(/^\s*\d+ (pass|fail|errors?)\s*$/gm, "")}`);
    const summary = parseBunSummary(output);
    const xml = existsSync(run.report) ? readFileSync(run.report, "utf8") : null;
    const counted = xml ? parseJunit(xml) : null;
    pass += summary?.pass ?? counted?.passed ?? 0;
    fail += Math.max(summary?.fail ?? 0, counted?.failed ?? 0);
    error += summary?.error ?? 0;
    if (exit !== 0) code = exit || 1;
    if (!xml) {
      console.log(`test process ${i + 1} wrote no JUnit report`);
      if (!summary) fail += 1;
    }
  }
  if (options.junit) writeFileSync(options.junit, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${topLevelSuites(runs.map((r) => r.report))}\n</testsuites>\n`);
  rmSync(dir, { recursive: true, force: true });
  console.log(`\n ${pass} pass\n ${fail} fail${error ? `\n ${error} errors` : ""}`);
  process.exit(code !== 0 || fail > 0 || error > 0 ? code || 1 : 0);
}

/** The reports' contents without their <testsuites> wrapper, one after the other (read before the folder goes). */
function topLevelSuites(reports: string[]): string {
  return reports
    .filter((r) => existsSync(r))
    .map((r) => readFileSync(r, "utf8").replace(/^<\?xml[^>]*>\s*/, "").replace(/^<testsuites\b[^>]*>/, "").replace(/<\/testsuites>\s*$/, ""))
    .join("\n");
}

if (import.meta.main) await main();
