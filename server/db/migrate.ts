import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { Database } from "./client";

/** The repo's migrations folder; the single binary passes a folder it unpacked its embedded copy into. */
export const defaultMigrationsFolder = join(import.meta.dir, "..", "..", "migrations");

/** Applies drizzle-kit's migrations; the same files on both drivers. Safe to call at every boot. */
export async function runMigrations(database: Database, migrationsFolder = defaultMigrationsFolder): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder });
  } else {
    await migratePostgres(database.db, { migrationsFolder });
  }
}
