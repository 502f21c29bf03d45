import { beforeAll, describe, expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { FEED_PAGE_SIZE, type TGameFeed } from "@shared/schemas/games";
import type { Deps } from "../../context";
import * as schema from "../../db/schema";
import { games, participations, weatherForecasts } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

const NOW = new Date("2026-06-10T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

let deps: Deps;
let region: Awaited<ReturnType<typeof createRegion>>;
let host: Awaited<ReturnType<typeof createUser>>;
let player: Awaited<ReturnType<typeof createUser>>;
/** every game of the region as inserted, with what decides its place and visibility */
let all: { id: number; startTime: Date; endTime: Date; private: boolean; playerIsIn: boolean }[];

/**
 * 130 games: three runs of five games sharing one start time (so pages split inside a tie), every
 * 9th private (the player is in every other one), two already over and one running; courts,
 * titles and picture URLs as long as real ones, so the byte bound means something.
 */
beforeAll(async () => {
  deps = await testDeps();
  testClock.freeze(NOW);
  region = await createRegion(deps, { name: "Seitenstadt" });
  host = await createUser(deps, { firstName: "Maximilian-Alexander", profileImageUrl: "/uploads/profile-images/0f8fad5b-d9cb-469f-a165-70867728950e.jpg" });
  player = await createUser(deps);
  const courts = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      createCourt(deps, {
        regionId: region.id,
        name: `Kunstrasenplatz Sportpark am Volkspark Nummer ${i}`,
        address: `Am Sportplatz ${i}, 10115 Berlin-Mitte`,
        imageUrl: `/uploads/court-images/7c9e6679-7425-40de-944b-e07fc1f90ae${i}.jpg`,
      }),
    ),
  );
  const values = Array.from({ length: 130 }, (_, i) => {
    // ties: games 10-14, 49-53 (across the first page's end) and 98-102 start together
    const tie = [10, 49, 98].find((t) => i >= t && i < t + 5);
    const startTime = i < 3 ? hours(-3 + i * 0.5) : hours(tie !== undefined ? tie : i);
    return {
      creatorId: host.id,
      regionId: region.id,
      courtId: i % 7 === 0 ? null : courts[i % 5]!.id,
      title: i % 3 === 0 ? `Feierabendkick mit Freunden und Nachbarn ${i}` : null,
      startTime,
      durationMinutes: 90,
      endTime: new Date(startTime.getTime() + 90 * 60_000),
      gameType: i % 9 === 4 ? ("PRIVATE" as const) : ("PUBLIC" as const),
      maxPlayers: 14,
      priceCents: (i % 4) * 250,
    };
  });
  // Inserted in shuffled order, so ids within a tie do not follow the insert order of start times.
  const shuffled = values.map((v, i) => ({ v, key: (i * 37) % 131 })).sort((a, b) => a.key - b.key).map((x) => x.v);
  const rows = await deps.db.insert(games).values(shuffled).returning({ id: games.id, startTime: games.startTime, endTime: games.endTime, gameType: games.gameType });
  const privateIds = rows.filter((r) => r.gameType === "PRIVATE").map((r) => r.id);
  const joined = new Set(privateIds.filter((_, i) => i % 2 === 0));
  await deps.db.insert(participations).values([...joined].map((gameId) => ({ gameId, userId: player.id, playerCount: 1 })));
  all = rows.map((r) => ({ id: r.id, startTime: r.startTime, endTime: r.endTime, private: r.gameType === "PRIVATE", playerIsIn: joined.has(r.id) }));
});

/** What the feed must list, in order: not over, by start time then id. */
function expected(visible: (g: (typeof all)[number]) => boolean): number[] {
  return all
    .filter((g) => g.endTime > NOW && visible(g))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.id - b.id)
    .map((g) => g.id);
}

async function signedIn(email: string) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

type Caller = Awaited<ReturnType<typeof callerFor>>["caller"];

async function walk(caller: Caller, limit?: number): Promise<{ pages: TGameFeed[]; ids: number[] }> {
  const pages: TGameFeed[] = [];
  let cursor: string | null = null;
  do {
    const page: TGameFeed = await caller.games.feed({ regionSlug: region.slug, cursor, limit });
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(200); // a cursor that never ends would loop forever
  } while (cursor !== null);
  return { pages, ids: pages.flatMap((p) => p.games.map((g) => g.id)) };
}

describe("feed paging", () => {
  test("the first page holds what a phone shows first: 50 games in under 40 KB over HTTP, and a cursor", async () => {
    testClock.freeze(NOW);
    const client = httpClient(deps);
    const { res, body } = await client.trpc("games.feed", { regionSlug: region.slug }, "query");
    expect(res.status).toBe(200);
    const page = (body.result!.data.json as { games: { id: number }[]; nextCursor: string | null });
    expect(page.games).toHaveLength(FEED_PAGE_SIZE);
    expect(page.games.map((g) => g.id)).toEqual(expected((g) => !g.private).slice(0, FEED_PAGE_SIZE));
    expect(page.nextCursor).toMatch(/^\d+\.\d+$/);
    // the answer as sent (uncompressed: the client may not ask for compression)
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThan(40 * 1024);
  });

  test("following the cursor lists every game once, in start-time order, across ties at page ends", async () => {
    testClock.freeze(NOW);
    const { caller } = await callerFor(deps);
    const want = expected((g) => !g.private);
    expect(want.length).toBeGreaterThan(100);
    const { pages, ids } = await walk(caller);
    expect(ids).toEqual(want);
    expect(pages.map((p) => p.games.length)).toEqual([50, 50, want.length - 100]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.every((p) => p.region.slug === region.slug && p.region.name === "Seitenstadt")).toBe(true);

    // small pages split every tie somewhere: still no gap and no duplicate
    for (const limit of [1, 3, 7]) expect((await walk(caller, limit)).ids).toEqual(want);
  });

  test("private games stay visible only to those involved, on every page", async () => {
    testClock.freeze(NOW);
    const asPlayer = await signedIn(player.email);
    const asHost = await signedIn(host.email);
    const playerIds = (await walk(asPlayer, 20)).ids;
    expect(playerIds).toEqual(expected((g) => !g.private || g.playerIsIn));
    expect(playerIds.length).toBeLessThan(expected(() => true).length);
    expect((await walk(asHost, 20)).ids).toEqual(expected(() => true));
    const hostOrganising = await asHost.games.feed({ regionSlug: region.slug, filter: "organising", limit: 100 });
    expect(hostOrganising.games.map((g) => g.id)).toEqual(expected(() => true).slice(0, 100));
    expect(hostOrganising.nextCursor).not.toBeNull();
  });

  test("a page after the last game is empty; an empty region answers its region; an unknown one is not found", async () => {
    testClock.freeze(NOW);
    const { caller } = await callerFor(deps);
    const last = all.reduce((a, b) => (a.startTime > b.startTime || (+a.startTime === +b.startTime && a.id > b.id) ? a : b));
    const after = await caller.games.feed({ regionSlug: region.slug, cursor: `${last.startTime.getTime()}.${last.id}` });
    expect(after).toEqual({ region: { id: region.id, slug: region.slug, name: "Seitenstadt" }, games: [], nextCursor: null });
    const empty = await createRegion(deps);
    expect(await caller.games.feed({ regionSlug: empty.slug })).toEqual({ region: { id: empty.id, slug: empty.slug, name: empty.name }, games: [], nextCursor: null });
    expect(await errorData(caller.games.feed({ regionSlug: "gibt-es-nicht" }))).toEqual({ code: "REGION_NOT_FOUND" });
    expect(await errorData(caller.games.feed({ regionSlug: "gibt-es-nicht", filter: "playing" }))).toEqual({ code: "REGION_NOT_FOUND" });
  });

  test("a malformed cursor or limit is a validation error on its field", async () => {
    const { caller } = await callerFor(deps);
    for (const cursor of ["abc", "12", "1.2.3", "-5.3", `1.${2 ** 31}`]) {
      expect(await errorData(caller.games.feed({ regionSlug: region.slug, cursor }))).toEqual({ code: "VALIDATION", fields: [{ path: "cursor", code: "invalid" }] });
    }
    for (const limit of [0, 101, 2.5]) {
      expect(await errorData(caller.games.feed({ regionSlug: region.slug, limit }))).toEqual({ code: "VALIDATION", fields: [{ path: "limit", code: "invalid" }] });
    }
  });
});

describe("feed statements", () => {
  // The feed is one SELECT per page, the forecasts of its outdoor games included (a second statement per page once
  // cost it a third of its throughput: scripts/bench/README.md, the region feed). Counted on a twin connection that
  // sees every statement, as the feed benchmark counts them.
  test.skipIf(!process.env.DATABASE_URL)("one statement per page, the start hours' cached forecasts included", async () => {
    testClock.freeze(NOW);
    const seen: string[] = [];
    const client = postgres(deps.database.url!, { max: 1, onnotice: () => {}, debug: (_c, query) => void seen.push(query) });
    try {
      const db = drizzle(client, { schema });
      const counting: Deps = { ...deps, db, database: { ...deps.database, db } };
      const { caller } = await callerFor(counting);
      // two games of the first page get a cached forecast of their start hour
      const first = (await caller.games.feed({ regionSlug: region.slug })).games.filter((g) => g.court !== null).slice(0, 2);
      const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
      await deps.db
        .insert(weatherForecasts)
        .values(first.map((g, i) => ({ courtId: g.court!.id, hour: hourOf(g.startTime), code: 61 + i, temperatureTenths: 125, precipitationTenths: 20, windKmh: 10, gustsKmh: 30, fetchedAt: NOW })))
        .onConflictDoNothing();
      seen.length = 0;
      const page = await caller.games.feed({ regionSlug: region.slug });
      expect(seen).toHaveLength(1);
      for (const [i, g] of first.entries()) {
        expect(page.games.find((x) => x.id === g.id)!.weather).toMatchObject({ hour: hourOf(g.startTime), code: 61 + i, temperatureC: 12.5, precipitationMm: 2, gustsKmh: 30 });
      }
      expect(page.games.filter((g) => g.weather).length).toBeGreaterThanOrEqual(2);
      seen.length = 0;
      await caller.games.feed({ regionSlug: region.slug, cursor: page.nextCursor });
      expect(seen).toHaveLength(1);
    } finally {
      await client.end({ timeout: 2 });
    }
  });
});
