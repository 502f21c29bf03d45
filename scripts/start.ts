// `npm start` (via scripts/bootstrap.mjs) or `bun scripts/start.ts`: the app with demo data on the
// embedded database (PGlite in ./data), serving the built client. Builds the client first when
// client/dist is missing or older than its sources. Configuration as for the server (PORT, HOST,
// DATA_DIR, DATABASE_URL, SEED, ...; see the README's Configuration table).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compileMessages, generateRouteTree } from "./lib/generate";
import { CLIENT_DIR, CLIENT_DIST, PARAGLIDE_OUT, ROOT, ROUTE_TREE } from "./lib/paths";
import { BUN, fail, runOrExit } from "./lib/proc";

/** Inputs of the client build; generated files are left out (they are rewritten by every generate). */
const CLIENT_INPUTS = [
  join(CLIENT_DIR, "index.html"),
  join(CLIENT_DIR, "vite.config.ts"),
  join(CLIENT_DIR, "src"),
  join(CLIENT_DIR, "public"),
  join(ROOT, "shared"),
  join(ROOT, "package.json"),
  join(ROOT, "bun.lock"),
];
const GENERATED = new Set([PARAGLIDE_OUT, ROUTE_TREE]);

function newestInput(path: string): { path: string; mtime: number } | null {
  if (!existsSync(path) || GENERATED.has(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtime: stat.mtimeMs };
  let newest: { path: string; mtime: number } | null = null;
  for (const entry of readdirSync(path)) {
    const found = newestInput(join(path, entry));
    if (found && (!newest || found.mtime > newest.mtime)) newest = found;
  }
  return newest;
}

/** Why the client needs building, or null when client/dist is up to date. */
function clientBuildReason(): string | null {
  const index = join(CLIENT_DIST, "index.html");
  if (!existsSync(index)) return "client/dist is missing";
  const built = statSync(index).mtimeMs;
  for (const input of CLIENT_INPUTS) {
    const newest = newestInput(input);
    if (newest && newest.mtime > built) return `${relative(ROOT, newest.path)} changed since the last build`;
  }
  return null;
}

const reason = clientBuildReason();
if (reason) {
  console.log(`Building the client (${reason})...`);
  const messages = await compileMessages();
  if (!messages.ok) fail(messages.error);
  const routes = await generateRouteTree();
  if (!routes.ok) fail(`route tree: ${routes.error}`);
  await runOrExit("vite build", [BUN, join(ROOT, "scripts/lib/vite-build.ts")]);
}

// Absolute paths so the server finds them whatever the working directory.
process.env.CLIENT_DIST ??= CLIENT_DIST;
process.env.DATA_DIR ??= join(ROOT, "data");
await import("../server/index");
console.log("  Stop it with Ctrl-C. Demo accounts and their password: README, Demo data.\n");
