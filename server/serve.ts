import { createApp } from "./app";
import { config, ConfigError, productionRefusal, type Config } from "./config";
import type { Deps } from "./context";
import type { StaticAssets } from "./http/static";
import { Lifecycle, shutdown } from "./lifecycle";

/** The configuration, or a clear message and exit 1 (fail fast). */
export function loadConfigOrExit(): Config {
  try {
    const cfg = config();
    const refusal = productionRefusal(cfg);
    if (refusal) throw new ConfigError(refusal);
    return cfg;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/**
 * Serves the app until SIGINT/SIGTERM, then shuts down gracefully (lifecycle.ts); shared by `bun server/index.ts` and
 * the single binary. Boot (migrations, seed) is done before this listens, so /api/ready never says "starting" here.
 */
export function serve(deps: Deps, assets: StaticAssets, extra: Record<string, unknown> = {}) {
  const cfg = deps.config;
  const lifecycle = new Lifecycle();
  const app = createApp(deps, assets, lifecycle);
  const server = Bun.serve({ hostname: cfg.host, port: cfg.port, fetch: async (req, srv) => lifecycle.holdStream(await app.fetch(req, { server: srv })) });
  lifecycle.markReady();
  deps.logger.info("listening", { url: cfg.publicUrl, port: server.port, database: deps.database.kind, ...extra });
  console.log(`\n  Kickrunde is running at ${cfg.publicUrl}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal (Ctrl-C again) does not wait for the drain.
    if (stopping) process.exit(1);
    stopping = true;
    deps.logger.info("shutting down", { signal });
    const ok = await shutdown(server, lifecycle, deps);
    process.exit(ok ? 0 : 1);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return server;
}
