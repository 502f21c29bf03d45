import { createApp } from "./app";
import type { Deps } from "./context";
import type { StaticAssets } from "./http/static";
import { Lifecycle } from "./lifecycle";
import { IDLE_TIMEOUT_SECONDS, stopOnSignals } from "./start";
import { withAbsoluteUrl } from "./http/absolute-url";

/**
 * Serves an app booted beforehand (boot.ts `boot()`: everything started) until SIGINT/SIGTERM, then shuts down
 * gracefully (lifecycle.ts): ready at once. For benchmarks and tools; `bun server/index.ts` and the single binary
 * start in stages instead (start.ts `serveStaged`, server/README.md "Cold start").
 */
export function serve(deps: Deps, assets: StaticAssets, extra: Record<string, unknown> = {}) {
  const cfg = deps.config;
  const lifecycle = new Lifecycle();
  const app = createApp(deps, assets, lifecycle);
  stopOnSignals(() => server, lifecycle, deps, deps.logger, cfg.shutdownDelayMs);
  const server = Bun.serve({ hostname: cfg.host, port: cfg.port, idleTimeout: IDLE_TIMEOUT_SECONDS, fetch: async (req, srv) => lifecycle.holdStream(await app.fetch(withAbsoluteUrl(req, cfg.publicUrl), { server: srv })) });
  lifecycle.markReady();
  deps.logger.info("listening", { url: cfg.publicUrl, port: server.port, database: deps.database.kind, ...extra });
  console.log(`\n  Kickrunde is running at ${cfg.publicUrl}\n`);
  return server;
}
