import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
// Imported as files so `bun build --compile` embeds them; outside the binary these are node_modules paths.
import pgliteWasmPath from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import initdbWasmPath from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import pgliteDataPath from "@electric-sql/pglite/pglite.data" with { type: "file" };
import type * as schema from "./schema";

/**
 * One drizzle type for both drivers. The PGlite database is a PgDatabase with the same query API;
 * only `execute()` differs in its return shape, so raw SQL goes through `query()` below.
 */
export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  kind: "postgres" | "pglite";
  db: Db;
  /** Raw SQL returning rows, identical on both drivers. */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The PGlite instance (embedded mode), for pg-boss and tools. */
  pglite?: PGlite;
  /** The connection string (server mode), for pg-boss and tools. */
  url?: string;
  close(): Promise<void>;
};

export type DatabaseTarget = { kind: "postgres"; url: string; max?: number } | { kind: "pglite"; dataDir?: string };

async function createPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // initdb runs only for a folder without a database (PGlite looks for PG_VERSION as here): reopening one does not
  // compile its wasm (server/README.md "Cold start").
  const needsInitdb = !dataDir || !existsSync(join(dataDir, "PG_VERSION"));
  const [{ PGlite }, pgliteWasmModule, initdbWasmModule] = await Promise.all([
    import("@electric-sql/pglite"),
    WebAssembly.compile(await Bun.file(pgliteWasmPath).arrayBuffer()),
    needsInitdb ? WebAssembly.compile(await Bun.file(initdbWasmPath).arrayBuffer()) : undefined,
  ]);
  // PGlite reads every array type of the catalog at the end of its start (`_initArrayTypes`: one SELECT over pg_type,
  // 35-55 ms on a freshly opened database, a sixth of a reopen's first answer). Nothing before the drizzle layer needs
  // them (the health check and the migrations check read no arrays), so the start skips that read and `withDrizzle`
  // makes it (`refreshArrayTypes`, PGlite's public call for it) before anything else can query (server/README.md
  // "PGlite's array types after the first answer").
  class PGliteArrayTypesLater extends PGlite {
    override _initArrayTypes(options?: { force?: boolean }): Promise<void> {
      return options?.force ? super._initArrayTypes(options) : Promise.resolve();
    }
  }
  const pglite = new PGliteArrayTypesLater({
    dataDir,
    // PostgreSQL's shared buffers at 32 MB instead of PGlite's 128 MB: setting up 128 MB took about 40 ms of every
    // start (of a reopen's 370 ms; server/README.md "Cold start"), and the embedded database of a small installation
    // reads the rest through the operating system's file cache.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
    pgliteWasmModule,
    ...(initdbWasmModule ? { initdbWasmModule } : {}),
    fsBundle: Bun.file(pgliteDataPath),
  });
  await pglite.waitReady;
  return pglite;
}

/** Each PGlite's array types, read once by the first `withDrizzle` of it. */
const arrayTypesRead = new WeakMap<PGlite, Promise<void>>();
function readArrayTypes(pglite: PGlite): Promise<void> {
  let read = arrayTypesRead.get(pglite);
  if (!read) arrayTypesRead.set(pglite, (read = pglite.refreshArrayTypes()));
  return read;
}

/**
 * The connection without drizzle: raw SQL only, enough for /api/health and the migrations check while a server
 * starts (server/start.ts). The drizzle layer and the table definitions (schema/) are imported by `withDrizzle`,
 * so a start does not evaluate them before it listens (server/README.md "Cold start"). On PGlite `withDrizzle` also
 * reads the array types: raw queries before it get arrays as PostgreSQL's text.
 */
export type RawDatabase = Omit<Database, "db">;
const postgresClients = new WeakMap<RawDatabase, postgres.Sql>();

export async function openRawDatabase(target: DatabaseTarget): Promise<RawDatabase> {
  if (target.kind === "postgres") {
    const client = postgres(target.url, { max: target.max ?? 10, onnotice: () => {} });
    const raw: RawDatabase = {
      kind: "postgres",
      url: target.url,
      query: async (text, params = []) => [...(await client.unsafe(text, params as never[]))] as never,
      close: () => client.end({ timeout: 5 }),
    };
    postgresClients.set(raw, client);
    return raw;
  }
  const pglite = await createPglite(target.dataDir);
  return {
    kind: "pglite",
    pglite,
    query: async (text, params = []) => (await pglite.query(text, params)).rows as never,
    close: () => pglite.close(),
  };
}

/** The same connection with its drizzle database. */
export async function withDrizzle(raw: RawDatabase): Promise<Database> {
  const tables = await import("./schema");
  if (raw.kind === "postgres") {
    const { drizzle } = await import("drizzle-orm/postgres-js");
    return { ...raw, db: drizzle(postgresClients.get(raw)!, { schema: tables }) };
  }
  const [{ drizzle }] = await Promise.all([import("drizzle-orm/pglite"), readArrayTypes(raw.pglite!)]);
  return { ...raw, db: drizzle(raw.pglite!, { schema: tables }) as unknown as Db };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return withDrizzle(await openRawDatabase(target));
}
