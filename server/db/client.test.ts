import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openRawDatabase, withDrizzle, type RawDatabase } from "./client";

/**
 * PGlite's array types after the first answer (client.ts, server/README.md): a reopened embedded database answers raw
 * SQL before it has read the catalog's array types, and the drizzle layer is handed out only once it has, so every
 * query of the app, pg-boss's included, gets arrays as arrays.
 */
const dir = mkdtempSync(join(tmpdir(), "kr-pglite-client-"));
const opened: RawDatabase[] = [];
afterAll(async () => {
  for (const raw of opened) await raw.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** The drizzle layer is typed as postgres.js's (client.ts `Db`); PGlite's `execute` answers `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const ARRAYS = "select array[1, 2]::int4[] as ints, array['a b', 'c']::text[] as texts, array['2026-11-30T12:00:00Z']::timestamptz[] as times";

describe("PGlite's array types", () => {
  test("are read after the start, by the drizzle layer, before it answers: on a new and on a reopened folder", async () => {
    for (const round of ["new", "reopened"]) {
      const raw = await openRawDatabase({ kind: "pglite", dataDir: join(dir, "db") });
      opened.push(raw);
      // the start has not read them: PostgreSQL's array text comes through as it is
      expect([round, await raw.query(ARRAYS)]).toEqual([round, [{ ints: "{1,2}", texts: '{"a b",c}', times: '{"2026-11-30 12:00:00+00"}' }]]);
      const database = await withDrizzle(raw);
      const parsed = [{ ints: [1, 2], texts: ["a b", "c"], times: [new Date("2026-11-30T12:00:00Z")] }];
      expect([round, await raw.query(ARRAYS)]).toEqual([round, parsed]);
      // drizzle's PGlite driver keeps times as text itself (its own parsers), arrays of them too
      const drizzled = [{ ...parsed[0], times: '{"2026-11-30 12:00:00+00"}' }];
      expect([round, rowsOf(await database.db.execute(sql.raw(ARRAYS)))]).toEqual([round, drizzled]);
      // a second drizzle layer of the same connection answers the same
      expect([round, rowsOf(await (await withDrizzle(raw)).db.execute(sql.raw(ARRAYS)))]).toEqual([round, drizzled]);
      await raw.close();
      opened.pop();
    }
  }, 60_000);
});
