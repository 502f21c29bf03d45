// `npm test` / `bun run test:all`: everything CI checks, in order, each step counted.
// The last line is exactly `N passed, N failed` (read by CI); the exit code is non-zero on any failure.
// Test cases come from bun's JUnit reports; every other step (generate, typecheck, builds) is one case.
// With DATABASE_URL set, the unit tests and the binary smoke test also run on PostgreSQL.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countBunTest, type Counts } from "./lib/junit";
import { BINARY, CLIENT_DIST, nodeBin, ROOT } from "./lib/paths";
import { BUN } from "./lib/proc";

const CHROMIUM = "/usr/bin/chromium";
const resultsDir = process.env.TEST_RESULTS_DIR ?? mkdtempSync(join(tmpdir(), "kickrunde-test-results-"));
mkdirSync(resultsDir, { recursive: true });

// Each step's time limit leaves room for a slow machine (together 98 minutes, more than CI's 90: see scripts/README.md);
// a clean clone took 18-22 minutes on 2 cores (2026-11-29 and 30), 44 on a slower machine of the same kind (2026-11-30).
type Step = {
  name: string;
  cmd: string[];
  /** A bun test run: counted from its JUnit file; otherwise the step is one case. */
  junit?: string;
  timeoutMinutes: number;
  before?: () => void;
};

type Result = { step: Step; counts: Counts & { failedNames?: string[]; failedDetails?: string[] }; seconds: number };
/** Failures whose reason the summary prints (the rest by name): CI shows only the end of the output. */
const DETAILED_FAILURES = 6;

const junit = (name: string) => join(resultsDir, `${name}.xml`);
// bun 1.4 ignores `[test] timeout` in bunfig.toml, so the per-test timeout is given here.
const bunTest = (paths: string[], report: string) => [
  BUN,
  "test",
  ...paths,
  "--timeout=20000",
  "--reporter=junit",
  `--reporter-outfile=${report}`,
];

/** The import-cycle check's arguments (also `bun run check:cycles`); config in .dependency-cruiser.cjs. */
const CYCLE_CHECK_ARGS = ["--config", join(ROOT, ".dependency-cruiser.cjs"), "--output-type", "err", "server", "shared", "client/src"];

const steps: Step[] = [
  { name: "generate (i18n messages, route tree)", cmd: [BUN, join(ROOT, "scripts/generate.ts")], timeoutMinutes: 2 },
  { name: "typecheck", cmd: [BUN, nodeBin("typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.json"), "--noEmit"], timeoutMinutes: 3 },
  // Domains form a DAG (README, Layout): any import circle in server/, shared/ or client/src fails the build.
  { name: "import cycles (dependency-cruiser)", cmd: [BUN, "--bun", nodeBin("dependency-cruiser/bin/dependency-cruiser.mjs"), ...CYCLE_CHECK_ARGS], timeoutMinutes: 2 },
  // Two bun test processes side by side (scripts/test-shards.ts), each on its own test database.
  {
    name: "unit and integration tests",
    cmd: [BUN, join(ROOT, "scripts/test-shards.ts"), "--shards", "2", "--junit", junit("unit"), "--timeout=20000", "./server", "./shared", "./client/src", "./scripts/lib"],
    junit: junit("unit"),
    timeoutMinutes: 24,
  },
  {
    name: "client build (vite)",
    cmd: [BUN, join(ROOT, "scripts/lib/vite-build.ts")],
    timeoutMinutes: 3,
    // A failed build must not leave an old client/dist for the e2e tests and the binary.
    before: () => rmSync(CLIENT_DIST, { recursive: true, force: true }),
  },
  // Two processes side by side as for the unit tests: every e2e file starts its own server on its own database and
  // port, so the files do not meet. The step took 27 minutes in one process on a clean clone (issue 26's journeys),
  // 11-12 minutes in two on a quiet machine, 31 minutes in two on 2026-11-29 while the host was slow, 32-33 on a slow
  // machine on 2026-11-30: room up to 50.
  {
    name: "end-to-end tests (Chromium)",
    cmd: [BUN, join(ROOT, "scripts/test-shards.ts"), "--shards", "2", "--junit", junit("e2e"), "--timeout=20000", "./client/e2e"],
    junit: junit("e2e"),
    timeoutMinutes: 50,
  },
  {
    name: "binary build",
    cmd: [BUN, join(ROOT, "scripts/build.ts"), "--binary-only"],
    timeoutMinutes: 3,
    before: () => rmSync(BINARY, { force: true }),
  },
  {
    name: "binary smoke test",
    cmd: bunTest(["./scripts/smoke/binary.test.ts"], junit("smoke")),
    junit: junit("smoke"),
    timeoutMinutes: 3,
  },
  {
    // issue 28: three binaries behind haproxy, a kill -9 and a SIGTERM under load (scripts/lb/README.md)
    name: "load balancer (3 binaries, haproxy)",
    cmd: bunTest(["./scripts/smoke/load-balancer.test.ts"], junit("load-balancer")),
    junit: junit("load-balancer"),
    timeoutMinutes: 8,
  },
];

let current: Bun.Subprocess | null = null;

/** Signals a step's whole process group (its servers and browsers too); quiet when it is gone. */
function signalGroup(proc: Bun.Subprocess, signal: NodeJS.Signals): void {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // the group has exited
  }
}

// Steps run in their own process group, so Ctrl-C must be passed on.
process.on("SIGINT", () => {
  if (current) signalGroup(current, "SIGTERM");
  console.log("\nInterrupted.");
  process.exit(130);
});

/** Streams a child's output through while keeping a copy to read bun's summary from. */
async function runStep(step: Step): Promise<{ code: number; output: string; timedOut: boolean }> {
  const proc = Bun.spawn(step.cmd, {
    cwd: ROOT,
    env: process.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    // Its own process group: a timeout or the end of the step stops everything it started.
    detached: true,
  });
  current = proc;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup(proc, "SIGKILL");
  }, step.timeoutMinutes * 60_000);
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      sink.write(chunk);
      output += decoder.decode(chunk, { stream: true });
    }
  };
  const pumped = Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  clearTimeout(timer);
  // Leftovers (a server or browser a test did not stop) would hold ports and pipes open.
  signalGroup(proc, "SIGKILL");
  // Something outside the group may still hold the pipes; do not wait for it forever.
  await Promise.race([pumped, Bun.sleep(10_000)]);
  current = null;
  if (timedOut) {
    const note = `[${step.name}: killed after ${step.timeoutMinutes} minutes]`;
    console.error(note);
    output += `\n${note}`;
  }
  return { code: timedOut && code === 0 ? 1 : code, output, timedOut };
}

/** The e2e tests drive Debian's Chromium; install it when missing and we may (root, apt-get). */
async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    console.log(
      `\n! ${CHROMIUM} is missing, so the end-to-end tests will fail.` +
        (hasApt ? `\n  Install it with: sudo apt-get update && sudo apt-get install -y chromium` : `\n  Install Chromium so that ${CHROMIUM} exists.`),
    );
    return;
  }
  console.log(`\n── Installing Chromium (apt-get) ──`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = Bun.spawnSync(["apt-get", "update"], { env, stdout: "inherit", stderr: "inherit" });
  const install = update.success
    ? Bun.spawnSync(["apt-get", "install", "-y", "--no-install-recommends", "chromium"], { env, stdout: "inherit", stderr: "inherit" })
    : update;
  if (!install.success || !existsSync(CHROMIUM)) console.log(`! Installing Chromium failed; the end-to-end tests will fail.`);
}

const started = performance.now();
console.log(`Kickrunde: all checks (${steps.length} steps). Database for tests: ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}.`);
await ensureChromium();

const results: Result[] = [];
for (const [i, step] of steps.entries()) {
  console.log(`\n── [${i + 1}/${steps.length}] ${step.name} ──`);
  const t0 = performance.now();
  let counts: Result["counts"];
  try {
    step.before?.();
    if (step.junit) rmSync(step.junit, { force: true });
    const { code, output, timedOut } = await runStep(step);
    if (step.junit) {
      const xml = existsSync(step.junit) ? readFileSync(step.junit, "utf8") : null;
      counts = countBunTest(xml, output, code);
    } else {
      counts = code === 0 ? { passed: 1, failed: 0, skipped: 0, notes: [] } : { passed: 0, failed: 1, skipped: 0, notes: [`exit code ${code}`] };
    }
    if (timedOut) counts.notes.push(`stopped after its time limit of ${step.timeoutMinutes} minutes`);
  } catch (e) {
    counts = { passed: 0, failed: 1, skipped: 0, notes: [`could not run: ${e instanceof Error ? e.message : String(e)}`] };
  }
  results.push({ step, counts, seconds: (performance.now() - t0) / 1000 });
}

const total = results.reduce((a, r) => ({ passed: a.passed + r.counts.passed, failed: a.failed + r.counts.failed, skipped: a.skipped + r.counts.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});

console.log(`\n── Summary (${((performance.now() - started) / 1000).toFixed(0)}s; JUnit reports in ${resultsDir}) ──`);
for (const { step, counts, seconds } of results) {
  const mark = counts.failed ? "✖" : "✔";
  const kind = step.junit ? `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}` : counts.failed ? "failed" : "ok";
  console.log(`${mark} ${step.name.padEnd(40)} ${kind.padEnd(34)} ${seconds.toFixed(1).padStart(6)}s`);
  for (const [i, name] of (counts.failedNames ?? []).slice(0, 20).entries()) {
    console.log(`    ✖ ${name}`);
    const detail = i < DETAILED_FAILURES ? counts.failedDetails?.[i] : undefined;
    if (detail) console.log(detail.replace(/^/gm, "        "));
  }
  for (const note of counts.notes) console.log(`    note: ${note}`);
}
if (total.skipped) console.log(`(${total.skipped} skipped or todo, not counted)`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
