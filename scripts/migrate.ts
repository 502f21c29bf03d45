// `bun run migrate`: applies migrations/ to the configured database (DATABASE_URL or ./data/pglite).
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { parseConfig } from "../server/config";

const cfg = parseConfig(process.env);
const database = await openDatabase(cfg.database);
await runMigrations(database);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
