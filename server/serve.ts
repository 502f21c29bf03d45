import { createApp } from "./app";
import { config, ConfigError, type Config } from "./config";
import type { Deps } from "./context";
import type { StaticAssets } from "./http/static";

/** The configuration, or a clear message and exit 1 (fail fast). */
export function loadConfigOrExit(): Config {
  try {
    return config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Serves the app until SIGINT/SIGTERM; shared by `bun server/index.ts` and the single binary. */
export function serve(deps: Deps, assets: StaticAssets, extra: Record<string, unknown> = {}) {
  const cfg = deps.config;
  const app = createApp(deps, assets);
  const server = Bun.serve({ hostname: cfg.host, port: cfg.port, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  deps.logger.info("listening", { url: cfg.publicUrl, port: server.port, database: deps.database.kind, ...extra });
  console.log(`\n  Kickrunde is running at ${cfg.publicUrl}\n`);
  const stop = async () => {
    await server.stop();
    await deps.jobs.stop();
    await deps.mailer.close();
    await deps.realtime.close();
    await deps.payments?.close();
    await deps.geocoder.close();
    await deps.google?.close();
    await deps.database.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return server;
}
