import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameComments, gameEvents, games, participations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import type { Tx } from "../../db/client";
import { coalesced } from "../../db/coalesce";
import { joinInGameOrder, type LockedJoin } from "./join-batch";

/**
 * Joins of one game that meet in one process are served several to a transaction (join-batch.ts): each decides on
 * what the ones before it took, as one transaction each would.
 */
let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-09-01T10:00:00Z");

async function player() {
  const user = await createUser(deps, { emailVerifiedAt: NOW });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

async function hotGame(maxPlayers: number) {
  const host = await player();
  return createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date(NOW.getTime() + 86400_000), minPlayers: 2, maxPlayers }, 1);
}

describe("joins of one game at once, in one process", () => {
  test("places, then the waiting list in the order served, 'full' for the rest; one event and one chat line per join", async () => {
    testClock.freeze(NOW);
    const g = await hotGame(6); // the organiser plays: 5 places left
    const players = await Promise.all(Array.from({ length: 40 }, () => player()));
    const answers = await Promise.all(
      players.map(({ caller }, i) =>
        caller.participation.join(i % 2 ? { gameId: g.id, queue: true, deviceToken: `hot-${i}` } : { gameId: g.id }).then(
          (r) => (r.participation.queue ? "queued" : "joined"),
          async (e) => (await errorData(Promise.reject(e)))?.code,
        ),
      ),
    );
    const count = (kind: string) => answers.filter((a) => a === kind).length;
    expect(count("joined")).toBe(5);
    expect(count("joined") + count("queued") + count("NOT_ENOUGH_PLACES")).toBe(40);
    const rows = await deps.db
      .select({ id: participations.id, queue: participations.queue, queuedAt: participations.queuedAt })
      .from(participations)
      .where(and(eq(participations.gameId, g.id)))
      .orderBy(asc(participations.id));
    expect(rows.filter((r) => !r.queue)).toHaveLength(6);
    const queued = rows.filter((r) => r.queue);
    expect(queued).toHaveLength(count("queued"));
    // the waiting list's order (queued_at, id) is the order of the rows, and every place was taken before it began
    const byQueueOrder = [...queued].sort((a, b) => +a.queuedAt! - +b.queuedAt! || a.id - b.id);
    expect(byQueueOrder.map((r) => r.id)).toEqual(queued.map((r) => r.id));
    expect(Math.max(...rows.filter((r) => !r.queue).map((r) => r.id))).toBeLessThan(Math.min(...queued.map((r) => r.id)));
    const events = await deps.db.select({ type: gameEvents.type }).from(gameEvents).where(eq(gameEvents.gameId, g.id));
    expect(events.filter((e) => e.type === "JOINED")).toHaveLength(5);
    expect(events.filter((e) => e.type === "QUEUED")).toHaveLength(count("queued"));
    const lines = await deps.db.select({ text: gameComments.text }).from(gameComments).where(eq(gameComments.gameId, g.id));
    expect(lines.filter((l) => l.text === "joined")).toHaveLength(5);
    expect(lines.filter((l) => l.text === "queued")).toHaveLength(count("queued"));
    expect((await deps.db.select().from(games).where(eq(games.id, g.id)))[0]!.highestParticipantsAmountReached).toBe(6);
  });

  test("the same player twice at once: one place, one ALREADY_PARTICIPATING, among others joining", async () => {
    testClock.freeze(NOW);
    const g = await hotGame(20);
    const twice = await player();
    const others = await Promise.all(Array.from({ length: 8 }, () => player()));
    const settled = await Promise.allSettled([
      ...others.map(({ caller }) => caller.participation.join({ gameId: g.id })),
      twice.caller.participation.join({ gameId: g.id }),
      twice.caller.participation.join({ gameId: g.id }),
    ]);
    expect(settled.slice(0, 8).every((s) => s.status === "fulfilled")).toBe(true);
    const mine = settled.slice(8);
    expect(mine.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    const refused = mine.find((s) => s.status === "rejected") as PromiseRejectedResult;
    expect(await errorData(Promise.reject(refused.reason))).toMatchObject({ code: "ALREADY_PARTICIPATING" });
    const rows = await deps.db.select().from(participations).where(and(eq(participations.gameId, g.id), eq(participations.userId, twice.user.id)));
    expect(rows).toHaveLength(1);
  });
});

describe("a batch when one of its joins fails (join-batch.ts)", () => {
  // Synthetic joins on a real game and database: each `write` leaves a row in a probe table inside the batch's
  // transaction, so what a rolled-back batch wrote and what was written again alone can be counted.
  const PROBE = "join_batch_probe";
  // this run's tags only: the table outlives the run when the test database does
  const RUN = crypto.randomUUID().slice(0, 8);
  async function probeRows(tag: string): Promise<string[]> {
    // raw SQL through the database's own query: rows alike on PostgreSQL and PGlite
    const rows = await deps.database.query<{ tag: string }>(`select tag from ${PROBE} where tag like $1 order by tag`, [`${RUN}-${tag}-%`]);
    return rows.map((r) => r.tag.slice(RUN.length + 1));
  }
  type Behaviour = "ok" | "refuse" | "crashDecide" | "crashWrite";
  function syntheticJoin(userId: number, tag: string, behaviour: Behaviour, calls: { decide: number; write: number }): LockedJoin<string, string> {
    return {
      userId,
      async decide() {
        calls.decide++;
        if (behaviour === "refuse") throw new AppError("NOT_ENOUGH_PLACES");
        if (behaviour === "crashDecide") throw new Error(`decide of ${tag} broke`);
        return tag;
      },
      async write(tx, _game, plan) {
        calls.write++;
        await tx.execute(sql.raw(`insert into ${PROBE} (tag) values ('${plan}')`));
        if (behaviour === "crashWrite") throw new Error(`write of ${tag} broke`);
        return plan;
      },
    };
  }
  async function runBatch(name: string, behaviours: Behaviour[]) {
    const g = await hotGame(20);
    const users = await Promise.all(behaviours.map(() => createUser(deps, { emailVerifiedAt: NOW })));
    const calls = behaviours.map(() => ({ decide: 0, write: 0 }));
    // called in one go: the first starts the game's queue alone, the others wait and are served as one batch
    const settled = await Promise.allSettled(
      behaviours.map((b, i) => joinInGameOrder(deps.db, g.id, syntheticJoin(users[i]!.id, `${RUN}-${name}-${i}`, b, calls[i]!))),
    );
    return { settled, calls };
  }
  beforeAll(async () => {
    await deps.db.execute(sql.raw(`create table if not exists ${PROBE} (tag text not null)`));
  });

  test("a refusal (AppError) stays its own: the others of the batch are written in the same transaction", async () => {
    const { settled, calls } = await runBatch("refuse", ["ok", "ok", "refuse", "ok"]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(((settled[2] as PromiseRejectedResult).reason as AppError).code).toBe("NOT_ENOUGH_PLACES");
    expect(await probeRows("refuse")).toEqual(["refuse-0", "refuse-1", "refuse-3"]);
    // nobody was served twice
    expect(calls.map((c) => c.decide)).toEqual([1, 1, 1, 1]);
    expect(calls.map((c) => c.write)).toEqual([1, 1, 0, 1]);
  });

  test("a write that breaks rolls the batch back; every join is served again alone, and only the broken one fails", async () => {
    const { settled, calls } = await runBatch("write", ["ok", "ok", "crashWrite", "ok"]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[2] as PromiseRejectedResult).reason)).toContain("write-2 broke");
    expect(settled.filter((s) => s.status === "fulfilled").map((s) => (s as PromiseFulfilledResult<string>).value.slice(RUN.length + 1))).toEqual(["write-0", "write-1", "write-3"]);
    // each success written once (the rolled-back batch left nothing), the broken one not at all
    expect(await probeRows("write")).toEqual(["write-0", "write-1", "write-3"]);
    // the first came alone; the batch of the other three was served, rolled back, and each served again
    expect(calls.map((c) => c.write)).toEqual([1, 2, 2, 2]);
  });

  test("a decide that breaks otherwise than with an AppError: the batch is served again one by one", async () => {
    const { settled, calls } = await runBatch("decide", ["ok", "ok", "crashDecide", "ok", "ok"]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(String((settled[2] as PromiseRejectedResult).reason)).toContain("decide-2 broke");
    expect(await probeRows("decide")).toEqual(["decide-0", "decide-1", "decide-3", "decide-4"]);
    expect(calls.map((c) => c.decide)).toEqual([1, 2, 2, 1, 1]);
  });

  test("the same write of every join of a batch goes out as one statement; when it fails, each join is served again alone", async () => {
    const g = await hotGame(20);
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(deps, { emailVerifiedAt: NOW })));
    const statements: string[][] = [];
    // a probe row per join, written with db/coalesce.ts as the participations, events and chat lines of a join are
    const insertTags = async (tx: object, tags: string[]) => {
      statements.push(tags.map((t) => t.slice(RUN.length + 1)));
      if (tags.includes(`${RUN}-coalesced-bad`) && tags.length > 1) throw new Error("the statement with the bad one broke");
      const values = tags.map((t) => `('${t}')`).join(", ");
      await (tx as Tx).execute(sql.raw(`insert into ${PROBE} (tag) values ${values}`));
      return tags;
    };
    const join = (userId: number, tag: string): LockedJoin<string, string> => ({
      userId,
      decide: async () => `${RUN}-${tag}`,
      write: (tx, _game, plan) => coalesced(tx, "probe", plan, insertTags),
    });
    const tags = ["coalesced-0", "coalesced-1", "coalesced-2", "coalesced-3", "coalesced-4"];
    const settled = await Promise.allSettled(users.map((u, i) => joinInGameOrder(deps.db, g.id, join(u.id, tags[i]!))));
    expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
    // the first alone, the four waiting beside it as one batch: one statement for their four rows
    expect(statements).toEqual([["coalesced-0"], ["coalesced-1", "coalesced-2", "coalesced-3", "coalesced-4"]]);
    expect(await probeRows("coalesced")).toEqual(tags);

    statements.length = 0;
    const more = await Promise.all([0, 1, 2, 3].map(() => createUser(deps, { emailVerifiedAt: NOW })));
    const again = await Promise.allSettled(more.map((u, i) => joinInGameOrder(deps.db, g.id, join(u.id, ["coalesced-5", "coalesced-6", "coalesced-bad", "coalesced-7"][i]!))));
    // the batch's one statement failed for all three: rolled back, and each served again alone (the bad one alone works)
    expect(again.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(statements).toEqual([["coalesced-5"], ["coalesced-6", "coalesced-bad", "coalesced-7"], ["coalesced-6"], ["coalesced-bad"], ["coalesced-7"]]);
    expect(await probeRows("coalesced")).toEqual([...tags, "coalesced-5", "coalesced-6", "coalesced-7", "coalesced-bad"]);
  });

  test("a game that does not exist: every join of the batch gets the lock's answer, nothing is written", async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(deps, { emailVerifiedAt: NOW })));
    const calls = users.map(() => ({ decide: 0, write: 0 }));
    const settled = await Promise.allSettled(
      users.map((u, i) => joinInGameOrder(deps.db, 2_000_000_000, syntheticJoin(u.id, `${RUN}-missing-${i}`, "ok", calls[i]!))),
    );
    expect(settled.every((s) => s.status === "rejected" && (s.reason as AppError).code === "GAME_NOT_FOUND")).toBe(true);
    expect(calls.every((c) => c.decide === 0 && c.write === 0)).toBe(true);
    expect(await probeRows("missing")).toEqual([]);
  });
});
