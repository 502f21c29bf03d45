import { join } from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { Database, RawDatabase } from "./client";

/** The repo's migrations folder; the single binary passes a folder it unpacked its embedded copy into. */
export const defaultMigrationsFolder = join(import.meta.dir, "..", "..", "migrations");

/** Applies drizzle-kit's migrations; the same files on both drivers. Safe to call at every boot. */
export async function runMigrations(database: Database, migrationsFolder = defaultMigrationsFolder): Promise<void> {
  // imported here: a restart without pending migrations never loads the migrators (server/README.md "Cold start")
  if (database.kind === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder });
  } else {
    const { migrate: migratePostgres } = await import("drizzle-orm/postgres-js/migrator");
    await migratePostgres(database.db, { migrationsFolder });
  }
}

/** drizzle-kit's `meta/_journal.json`: each migration's `when` is what the migrator records as `created_at`. */
export type MigrationJournal = { entries: { when: number; tag?: string }[] };

export async function readJournal(migrationsFolder = defaultMigrationsFolder): Promise<MigrationJournal> {
  return (await Bun.file(join(migrationsFolder, "meta", "_journal.json")).json()) as MigrationJournal;
}

/**
 * Whether drizzle's migrator would apply anything, decided as it decides (a migration runs when its `when` is
 * later than the newest `created_at` in drizzle.__drizzle_migrations) in two short queries: a restart skips the
 * migrator's schema statements and file reading (and the binary unpacking its migrations). server/README.md "Cold start".
 */
export async function migrationsPending(database: RawDatabase, journal: MigrationJournal): Promise<boolean> {
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  const [table] = await database.query<{ found: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as found");
  if (!table?.found) return true;
  const [row] = await database.query<{ last: string | null }>("select max(created_at)::text as last from drizzle.__drizzle_migrations");
  return row?.last == null || Number(row.last) < newest;
}
