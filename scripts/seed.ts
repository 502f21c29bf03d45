// `bun run seed`: loads the demo data into the configured database (DATABASE_URL or ./data/pglite).
import { boot } from "../server/boot";
import { parseConfig } from "../server/config";
import { seedDemo, seedDemoIfEmpty } from "../server/db/seed-demo";

const cfg = parseConfig({ ...process.env, SEED: "none" });
const deps = await boot(cfg);
const force = process.argv.includes("--force");
const result = force ? await seedDemo(deps) : await seedDemoIfEmpty(deps);
console.log(result ? `Demo data loaded: ${JSON.stringify(result)}` : "The database already has data; nothing loaded (use --force to add anyway).");
await deps.jobs.stop();
await deps.mailer.close();
await deps.realtime.close();
await deps.payments?.close();
await deps.database.close();
