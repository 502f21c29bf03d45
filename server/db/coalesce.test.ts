import { beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import type { Deps } from "../context";
import { testDeps } from "../testing/test-db";
import type { DbOrTx } from "./client";
import { coalesced, coalescingWrites } from "./coalesce";

/** A table of this test only, made in each transaction and dropped at its end. */
const probe = pgTable("coalesce_probe", { id: serial("id").primaryKey(), label: text("label").notNull().unique() });
type Probe = typeof probe.$inferSelect;

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

/** `coalesced` on the probe table, counting the statements sent. */
function probeWriter() {
  const statements: number[] = [];
  const insertMany = async (db: DbOrTx, labels: string[]): Promise<Probe[]> => {
    statements.push(labels.length);
    return db.insert(probe).values(labels.map((label) => ({ label }))).returning();
  };
  return { statements, write: (db: DbOrTx, label: string) => coalesced(db, "probe", label, insertMany) };
}

/** Runs `work` in a transaction that has the probe table, rolled back at the end. */
async function withProbe(work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const rollback = new Error("rollback");
  await deps.db
    .transaction(async (tx) => {
      await tx.execute(sql`create temp table coalesce_probe (id serial primary key, label text not null unique) on commit drop`);
      await work(tx);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
}

describe("writes of the same kind side by side on one transaction (db/coalesce.ts)", () => {
  test("inside coalescingWrites: one statement per kind and turn, each write gets its own row, in the order made", async () => {
    await withProbe(async (tx) => {
      const { statements, write } = probeWriter();
      // 30 chains of two dependent writes each, as a join batch's joins write (participation, then event)
      const chains = await coalescingWrites(tx, () =>
        Promise.all(Array.from({ length: 30 }, async (_, i) => [await write(tx, `first-${i}`), await write(tx, `second-${i}`)] as const)),
      );
      expect(statements).toEqual([30, 30]);
      chains.forEach(([first, second], i) => {
        expect(first.label).toBe(`first-${i}`);
        expect(second.label).toBe(`second-${i}`);
      });
      const firstIds = chains.map(([first]) => first.id);
      expect(firstIds).toEqual([...firstIds].sort((a, b) => a - b));
      expect(Math.min(...chains.map(([, second]) => second.id))).toBeGreaterThan(Math.max(...firstIds));
    });
  });

  test("outside it, every write is its own statement, sent at once", async () => {
    await withProbe(async (tx) => {
      const { statements, write } = probeWriter();
      const rows = await Promise.all([write(tx, "a"), write(tx, "b"), write(tx, "c")]);
      expect(statements).toEqual([1, 1, 1]);
      expect(rows.map((r) => r.label)).toEqual(["a", "b", "c"]);
      // and after coalescingWrites ended
      await coalescingWrites(tx, async () => {});
      await write(tx, "d");
      expect(statements).toEqual([1, 1, 1, 1]);
    });
  });

  test("a failing statement fails every write it carried, each with the database's error", async () => {
    await withProbe(async (tx) => {
      const { statements, write } = probeWriter();
      const outcomes = await coalescingWrites(tx, () => Promise.allSettled([write(tx, "same"), write(tx, "other"), write(tx, "same")]));
      expect(statements).toEqual([3]);
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
      const reasons = outcomes.map((o) => (o as PromiseRejectedResult).reason as Error);
      expect(new Set(reasons).size).toBe(1);
      expect(String((reasons[0] as { cause?: unknown }).cause ?? reasons[0])).toContain("coalesce_probe_label_key");
    });
  });

  test("a statement that answers fewer results than values fails its writes instead of handing out the wrong rows", async () => {
    const short = (_db: object, values: string[]) => Promise.resolve(values.slice(1));
    const outcomes = await coalescingWrites(deps.db, () => Promise.allSettled(["x", "y"].map((v) => coalesced(deps.db, "short", v, short))));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain("answered 1 results for 2 values");
    // a single write outside is checked the same way
    await expect(coalesced(deps.db, "short", "z", short)).rejects.toThrow("answered 0 results for 1 values");
  });
});
