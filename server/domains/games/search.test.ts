import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { EARTH_RADIUS_KM } from "@shared/rules/geo";
import type { Deps } from "../../context";
import { courts, games, regions, users } from "../../db/schema";
import { createCourt, createRegion, createUser } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import { withinDistance } from "../courts/sql";
import { playersInGameSql } from "../participation/sql";
import * as repo from "./repo";

/*
 * repo.searchNear (searchGames, the native wrapper's feed) finds the places first (courts, and regions for games
 * without a court) and then their games by index (issue 28). These tests hold it to what the single statement before
 * it answered, kept below as the reference: the same games, in the same order, with the same fields and distances.
 */

const FROM = new Date("2026-07-01T12:00:00Z");
const at = (h: number) => new Date(FROM.getTime() + h * 3600_000);
/** A point `km` north and `kmEast` east of `c` (small distances: flat enough for placing fixtures). */
const offset = (c: { latitude: number; longitude: number }, kmNorth: number, kmEast: number) => ({
  latitude: c.latitude + (kmNorth / EARTH_RADIUS_KM) * (180 / Math.PI),
  longitude: ((c.longitude + (kmEast / (EARTH_RADIUS_KM * Math.cos((c.latitude * Math.PI) / 180))) * (180 / Math.PI) + 540) % 360) - 180,
});

/** The search as one statement (before issue 28): every game not over, on coalesce(court, region centre). */
async function reference(deps: Deps, opts: { latitude: number; longitude: number; distanceKm: number; from: Date }) {
  const lat = sql`coalesce(${courts.latitude}, ${regions.latitude})`;
  const lng = sql`coalesce(${courts.longitude}, ${regions.longitude})`;
  const { where: near, distance } = withinDistance(lat, lng, opts, opts.distanceKm);
  const rows = await deps.db
    .select({
      id: games.id,
      title: games.title,
      startTime: games.startTime,
      endTime: games.endTime,
      durationMinutes: games.durationMinutes,
      gameType: games.gameType,
      level: games.level,
      gender: games.gender,
      priceCents: games.priceCents,
      isManagedPayment: games.isManagedPayment,
      minPlayers: games.minPlayers,
      maxPlayers: games.maxPlayers,
      participantsAmount: playersInGameSql(games.id),
      cancelledAt: games.cancelledAt,
      court: { id: courts.id, name: courts.name, imageUrl: courts.imageUrl, address: courts.address },
      creator: { id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl },
      distanceKm: distance,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .innerJoin(regions, eq(regions.id, games.regionId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(and(gt(games.endTime, opts.from), ne(games.gameType, "PRIVATE"), isNull(games.cancelledAt), near))
    .orderBy(asc(games.startTime), asc(games.id))
    .limit(200);
  return rows.map(({ distanceKm, ...r }) => ({ ...r, participantsAmount: Number(r.participantsAmount), distanceKm: Number(distanceKm) }));
}

let deps: Deps;
let host: Awaited<ReturnType<typeof createUser>>;
type Game = typeof games.$inferInsert;
const game = (values: Partial<Game> & { regionId: number; startTime: Date }): Game => ({
  creatorId: host.id,
  durationMinutes: 90,
  endTime: new Date(values.startTime.getTime() + (values.durationMinutes ?? 90) * 60_000),
  ...values,
});
const insert = async (values: Game[]) => (await deps.db.insert(games).values(values).returning({ id: games.id })).map((r) => r.id);

beforeAll(async () => {
  deps = await testDeps();
  host = await createUser(deps, { firstName: "Aroha", profileImageUrl: "/uploads/profile-images/a.jpg" });
});

describe("searchNear (searchGames)", () => {
  test("a game is where its court is, else at its region's centre; private, cancelled and ended games are left out", async () => {
    // Wellington: far from every other test's data, so the answer is this test's games only.
    const centre = { latitude: -41.29, longitude: 174.78 };
    const nearRegion = await createRegion(deps, { ...offset(centre, 1, 0) });
    const farRegion = await createRegion(deps, { ...offset(centre, 50, 0) });
    const court = (kmNorth: number, kmEast: number, regionId: number) =>
      createCourt(deps, { ...offset(centre, kmNorth, kmEast), regionId, imageUrl: kmEast > 0 ? "/uploads/court-images/c.jpg" : null, address: "Kaiwharawhara Rd 1" });
    const courtNearInFarRegion = await court(0.5, 0, farRegion.id);
    const courtAt3Km = await court(-2, 2.2, nearRegion.id);
    // inside the search's bounding box (4.75 km north and east), outside its circle (6.7 km)
    const courtInBoxCorner = await court(4.75, 4.75, nearRegion.id);
    const courtFarInNearRegion = await court(20, 0, nearRegion.id);

    const [found1, found2, found3, found4, found5, found6, found7] = await insert([
      game({ regionId: farRegion.id, courtId: courtNearInFarRegion.id, startTime: at(5), title: "Kick am Hafen" }),
      game({ regionId: nearRegion.id, courtId: courtAt3Km.id, startTime: at(5) }),
      game({ regionId: nearRegion.id, courtId: null, startTime: at(5) }),
      // started before `from`, not over yet
      game({ regionId: nearRegion.id, courtId: courtAt3Km.id, startTime: at(-1), durationMinutes: 120 }),
      game({ regionId: nearRegion.id, courtId: null, startTime: at(30), maxPlayers: 12, priceCents: 500 }),
      game({ regionId: farRegion.id, courtId: courtNearInFarRegion.id, startTime: at(2) }),
      game({ regionId: nearRegion.id, courtId: null, startTime: at(-0.5), durationMinutes: 60 }),
    ]);
    await insert([
      game({ regionId: nearRegion.id, courtId: courtInBoxCorner.id, startTime: at(3) }),
      // the court decides, not its region's centre
      game({ regionId: nearRegion.id, courtId: courtFarInNearRegion.id, startTime: at(3) }),
      game({ regionId: farRegion.id, courtId: null, startTime: at(3) }),
      game({ regionId: nearRegion.id, courtId: courtAt3Km.id, startTime: at(4), gameType: "PRIVATE" }),
      game({ regionId: nearRegion.id, courtId: null, startTime: at(4), cancelledAt: at(-48) }),
      game({ regionId: nearRegion.id, courtId: courtAt3Km.id, startTime: at(-3), durationMinutes: 60 }),
      game({ regionId: nearRegion.id, courtId: null, startTime: at(-2), durationMinutes: 120 }),
    ]);

    const opts = { ...centre, distanceKm: 5, from: FROM };
    const found = await repo.searchNear(deps.db, opts);
    // by start time, then id (found1-found3 start together)
    expect(found.map((g) => g.id)).toEqual([found4!, found7!, found6!, found1!, found2!, found3!, found5!]);
    expect(found).toEqual(await reference(deps, opts));
    const first = found.find((g) => g.id === found1)!;
    expect(first.court).toEqual({ id: courtNearInFarRegion.id, name: courtNearInFarRegion.name, imageUrl: null, address: "Kaiwharawhara Rd 1" });
    expect(first.creator).toEqual({ id: host.id, firstName: "Aroha", profileImageUrl: "/uploads/profile-images/a.jpg" });
    expect(first.distanceKm).toBeCloseTo(0.5, 2);
    expect(found.find((g) => g.id === found3)!.court).toBeNull();
    expect(found.find((g) => g.id === found3)!.distanceKm).toBeCloseTo(1, 2);

    // from later on: the games over by then drop out; a point between the places: the same games
    for (const o of [{ ...opts, from: at(7) }, { ...opts, ...offset(centre, -1, 1), distanceKm: 4 }, { ...opts, distanceKm: 0.8 }, { ...opts, distanceKm: 60 }]) {
      expect(await repo.searchNear(deps.db, o)).toEqual(await reference(deps, o));
    }
    expect((await repo.searchNear(deps.db, { ...opts, from: at(7) })).map((g) => g.id)).toEqual([found5!]);
    expect((await repo.searchNear(deps.db, { ...opts, distanceKm: 0.8 })).map((g) => g.id)).toEqual([found6!, found1!]);
  });

  test("at most 200 games, the first by start time across courts and regions", async () => {
    const centre = { latitude: -45.87, longitude: 170.5 }; // Dunedin
    const region = await createRegion(deps, { ...offset(centre, 0.2, 0.2) });
    const courtA = await createCourt(deps, { ...offset(centre, 1, 0), regionId: region.id });
    const courtB = await createCourt(deps, { ...offset(centre, 0, -1), regionId: region.id });
    const values = Array.from({ length: 260 }, (_, i) =>
      // every third without a court (at the region's centre); start times on a grid with ties across the three places
      game({ regionId: region.id, courtId: i % 3 === 0 ? null : i % 3 === 1 ? courtA.id : courtB.id, startTime: at(Math.floor(i / 2)) }),
    );
    // inserted backwards, so ids within a tie do not follow start times
    const ids = (await insert([...values].reverse())).reverse();
    const opts = { ...centre, distanceKm: 3, from: FROM };
    const found = await repo.searchNear(deps.db, opts);
    const expected = values
      .map((v, i) => ({ id: ids[i]!, start: v.startTime.getTime() }))
      .sort((a, b) => a.start - b.start || a.id - b.id)
      .slice(0, 200)
      .map((g) => g.id);
    expect(found.map((g) => g.id)).toEqual(expected);
    expect(found).toEqual(await reference(deps, opts));
    const later = { ...opts, from: at(60) };
    expect(await repo.searchNear(deps.db, later)).toEqual(await reference(deps, later));
  });

  test("across the antimeridian", async () => {
    const centre = { latitude: -17.71, longitude: 179.995 }; // Fiji
    const region = await createRegion(deps, { ...offset(centre, 30, 0) });
    const west = await createCourt(deps, { ...offset(centre, 0, -1), regionId: region.id });
    const east = await createCourt(deps, { ...offset(centre, 0, 1.5), regionId: region.id });
    expect(east.longitude).toBeLessThan(0);
    const [onWest, onEast] = await insert([
      game({ regionId: region.id, courtId: west.id, startTime: at(1) }),
      game({ regionId: region.id, courtId: east.id, startTime: at(2) }),
    ]);
    const opts = { ...centre, distanceKm: 2, from: FROM };
    const found = await repo.searchNear(deps.db, opts);
    expect(found.map((g) => g.id)).toEqual([onWest!, onEast!]);
    expect(found).toEqual(await reference(deps, opts));
  });
});
