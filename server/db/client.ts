import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
// Imported as files so `bun build --compile` embeds them; outside the binary these are node_modules paths.
import pgliteWasmPath from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import initdbWasmPath from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import pgliteDataPath from "@electric-sql/pglite/pglite.data" with { type: "file" };
import * as schema from "./schema";

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
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(await Bun.file(pgliteWasmPath).arrayBuffer()),
    WebAssembly.compile(await Bun.file(initdbWasmPath).arrayBuffer()),
  ]);
  return PGlite.create({
    dataDir,
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: Bun.file(pgliteDataPath),
  });
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const client = postgres(target.url, { max: target.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    return {
      kind: "postgres",
      db,
      url: target.url,
      query: async (text, params = []) => [...(await client.unsafe(text, params as never[]))] as never,
      close: () => client.end({ timeout: 5 }),
    };
  }
  const pglite = await createPglite(target.dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    query: async (text, params = []) => (await pglite.query(text, params)).rows as never,
    close: () => pglite.close(),
  };
}
