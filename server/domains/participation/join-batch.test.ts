import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameComments, gameEvents, games, participations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

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
