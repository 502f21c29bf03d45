import { createApp } from "./app";
import { boot } from "./boot";
import { config, ConfigError } from "./config";
import { diskAssets } from "./http/static";

async function main() {
  let cfg;
  try {
    cfg = config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const deps = await boot(cfg);
  const app = createApp(deps, diskAssets(cfg.clientDist));
  const server = Bun.serve({ hostname: cfg.host, port: cfg.port, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  deps.logger.info("listening", { url: cfg.publicUrl, port: server.port, database: deps.database.kind });
  console.log(`\n  Kickrunde is running at ${cfg.publicUrl}\n`);

  const stop = async () => {
    await server.stop();
    await deps.database.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
