import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { games, participations } from "../../db/schema";
import { createCourt, createGameRow, createRegion, createUser } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import { joinSnapshot } from "./repo";

/**
 * The join's snapshot (repo.joinSnapshot, read by position on postgres.js: db/positional-rows.ts) gives the game and the
 * player's participation exactly as drizzle maps those rows (every column, times as Dates), the participation null when
 * the player has none, and the counts: active players, whether anybody waits, whether the player is busy at that time.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const gameRow = async (id: number) => (await deps.db.select().from(games).where(eq(games.id, id)))[0]!;
const participationRow = async (gameId: number, userId: number) =>
  (await deps.db.select().from(participations).where(and(eq(participations.gameId, gameId), eq(participations.userId, userId))))[0]!;

describe("the join's snapshot", () => {
  test("the game and the player's participation as drizzle maps them, null without one, and the counts", async () => {
    const region = await createRegion(deps, { name: "Schnappschussstadt" });
    const host = await createUser(deps, { firstName: "Hanna" });
    const player = await createUser(deps, { firstName: "Paul" });
    const waiting = await createUser(deps, { firstName: "Wiebke" });
    const court = await createCourt(deps, { regionId: region.id });
    const start = new Date(Date.now() + 24 * 3_600_000);
    // the organiser plays with a friend (2 active), one player waits; a cancelled participation of the player
    const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: start, maxPlayers: 2, title: null }, 2);
    await deps.db.insert(participations).values({ gameId: game.id, userId: waiting.id, playerCount: 1, queue: true, queuedAt: new Date() });
    await deps.db.insert(participations).values({ gameId: game.id, userId: player.id, playerCount: 1, cancelledAt: new Date(), bringsBall: true });
    // another game of the player at the same time makes them busy
    const other = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: null, startTime: new Date(start.getTime() + 30 * 60_000) }, 0);

    const before = await joinSnapshot(deps.db, game.id, player.id);
    expect(before).toEqual({ game: await gameRow(game.id), existing: await participationRow(game.id, player.id), active: 2, queued: true, busy: false });
    expect(before!.game.startTime).toBeInstanceOf(Date);
    expect(before!.existing!.cancelledAt).toBeInstanceOf(Date);

    await deps.db.insert(participations).values({ gameId: other.id, userId: player.id, playerCount: 1 });
    const stranger = await createUser(deps, { firstName: "Sina" });
    expect(await joinSnapshot(deps.db, game.id, stranger.id)).toEqual({ game: await gameRow(game.id), existing: null, active: 2, queued: true, busy: false });
    expect((await joinSnapshot(deps.db, game.id, player.id))!.busy).toBe(true);
    expect(await joinSnapshot(deps.db, -1, player.id)).toBeNull();
  });
});
