#!/usr/bin/env node
// Lets `npm start` and `npm test` work on a machine with only Node and npm: finds bun (or installs
// the pinned version with npm into a cache folder outside the repo), runs `bun install
// --frozen-lockfile`, then runs scripts/<name>.ts with that bun. Plain Node, no dependencies.
//
//   node scripts/bootstrap.mjs start      -> bun scripts/start.ts
//   node scripts/bootstrap.mjs test-all   -> bun scripts/test-all.ts
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The bun every tool here was verified with (stack.md); also the one that builds the binary. */
const BUN_VERSION = "1.4.5";
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...args] = process.argv.slice(2);
const isWindows = process.platform === "win32";

function say(line) {
  console.log(`[kickrunde] ${line}`);
}

function die(line) {
  console.error(`[kickrunde] ${line}`);
  process.exit(1);
}

if (!name || !/^[a-z0-9-]+$/.test(name) || !existsSync(join(ROOT, "scripts", `${name}.ts`))) {
  die(`usage: node scripts/bootstrap.mjs <script> [args]   (runs scripts/<script>.ts with bun)`);
}

/** The version a bun executable reports, or null when it does not run. */
function versionOf(bun) {
  const r = spawnSync(bun, ["--version"], { encoding: "utf8", shell: false });
  return r.status === 0 ? r.stdout.trim() : null;
}

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), ".cache") : tmpdir());
  return join(base, "kickrunde", `bun-${BUN_VERSION}`);
}

/** npm of the Node running us: `npm_execpath` when started by npm, else `npm` on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.c?js$/.test(cli)) return [process.execPath, [cli]];
  return [isWindows ? "npm.cmd" : "npm", []];
}

function findBun() {
  // 1. Already running under the right bun (e.g. `bun run test`).
  if (process.versions.bun === BUN_VERSION) return process.execPath;
  // 2. A bun 1.4.x on PATH.
  const onPath = versionOf(isWindows ? "bun.exe" : "bun");
  if (onPath && onPath.startsWith(BUN_VERSION.split(".").slice(0, 2).join(".") + ".")) return "bun";
  // 3. The pinned bun from npm, installed once into a cache folder outside the repo (the bun
  //    package ships the executable; `bun install` in the repo must not be able to remove it).
  const dir = cacheDir();
  const bun = join(dir, "node_modules", "bun", "bin", "bun.exe");
  if (versionOf(bun) === BUN_VERSION) return bun;
  say(`bun ${BUN_VERSION} not found${onPath ? ` (bun ${onPath} on PATH is not 1.4.x)` : ""}; installing it with npm into ${dir}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, dependencies: { bun: BUN_VERSION } }, null, 2));
  const [npm, npmArgs] = npmCommand();
  const r = spawnSync(npm, [...npmArgs, "install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
    shell: isWindows,
  });
  if (r.status !== 0) die(`npm install bun@${BUN_VERSION} failed (exit ${r.status}); install bun ${BUN_VERSION} yourself and retry`);
  if (versionOf(bun) !== BUN_VERSION) {
    // Where npm skipped the package's postinstall, run it: it puts the platform's executable in place.
    spawnSync(process.execPath, ["install.js"], { cwd: join(dir, "node_modules", "bun"), stdio: "inherit" });
  }
  if (versionOf(bun) !== BUN_VERSION) die(`the bun installed into ${dir} does not run; install bun ${BUN_VERSION} yourself and retry`);
  return bun;
}

const bun = findBun();
// Children that call `bun` by name (package scripts, test harnesses) find the same one.
const binDir = bun === "bun" ? null : bun === process.execPath ? dirname(bun) : join(dirname(bun), "..", "..", ".bin");
const env = { ...process.env };
if (binDir) env.PATH = `${binDir}${delimiter}${env.PATH ?? ""}`;

const install = spawnSync(bun, ["install", "--frozen-lockfile"], { cwd: ROOT, stdio: "inherit", env });
if (install.status !== 0) die(`bun install --frozen-lockfile failed (exit ${install.status})`);

const child = spawn(bun, [join(ROOT, "scripts", `${name}.ts`), ...args], { cwd: ROOT, stdio: "inherit", env });
// Ctrl-C in a terminal reaches the whole process group, so the child has its own SIGINT; when only
// we got one (npm passing it on, a supervisor), hand it on if the child is still running a moment later.
process.on("SIGINT", () => {
  setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGINT"), 1000).unref();
});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal === "SIGINT" ? 130 : 1));
});
