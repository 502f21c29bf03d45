// `bun dev`: the API with `bun --watch` (port API_PORT, default 3000) and the vite dev server on
// http://localhost:5173, which proxies /trpc, /graphql and /api to it (client/vite.config.ts).
// Ctrl-C, or either one exiting, stops both.
import { join } from "node:path";
import { nodeBin, ROOT } from "./lib/paths";
import { BUN } from "./lib/proc";

const apiPort = process.env.API_PORT ?? process.env.PORT ?? "3000";
const clientUrl = "http://localhost:5173";

const api = Bun.spawn([BUN, "--watch", join(ROOT, "server/index.ts")], {
  cwd: ROOT,
  // The browser talks to vite's origin, so that is the public URL (CSRF origin check, cookies).
  env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? clientUrl },
  stdio: ["inherit", "inherit", "inherit"],
});
const vite = Bun.spawn([BUN, nodeBin("vite/bin/vite.js"), "--config", join(ROOT, "client/vite.config.ts")], {
  cwd: ROOT,
  env: { ...process.env, API_PORT: apiPort },
  stdio: ["inherit", "inherit", "inherit"],
});
console.log(`\n  Kickrunde dev: open ${clientUrl} (API on http://127.0.0.1:${apiPort}). Ctrl-C stops both.\n`);

let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const p of [api, vite]) if (p.exitCode === null) p.kill("SIGTERM");
    const timeout = Bun.sleep(5000).then(() => {
      for (const p of [api, vite]) if (p.exitCode === null) p.kill("SIGKILL");
    });
    await Promise.race([Promise.all([api.exited, vite.exited]), timeout]);
  }
  process.exit(code);
}

process.on("SIGINT", () => void stopAll(130));
process.on("SIGTERM", () => void stopAll(143));
const first = await Promise.race([api.exited.then((c) => ["API server", c] as const), vite.exited.then((c) => ["vite", c] as const)]);
if (!stopping) {
  console.error(`\n${first[0]} exited (${first[1]}); stopping the other.`);
  await stopAll(first[1] || 1);
}
