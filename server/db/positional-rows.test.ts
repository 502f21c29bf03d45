import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../context";
import { createCourt, createGameRow, createRegion, createUser } from "../testing/factories";
import { testDeps } from "../testing/test-db";
import { courts, games, users, weatherForecasts } from "./schema";
import { positionalReader } from "./positional-rows";

/**
 * The feed's rows read by position (positional-rows.ts) are exactly what drizzle's own mapping gives for the same
 * prepared statement: values through their decoders (times as Dates, an expression's number), nested objects, and a
 * left-joined object null when the join found nothing, kept when it did (also with some of its columns null).
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("rows by position", () => {
  test("equal drizzle's own mapping, row for row, for inner and left joins, expressions and placeholders", async () => {
    const region = await createRegion(deps, { name: "Positionsstadt" });
    const host = await createUser(deps, { firstName: "Pia" });
    // a court with no image and no address (columns null, the object not), and games with and without a court
    const court = await createCourt(deps, { regionId: region.id, name: "Ohne Bild", imageUrl: null, address: null });
    const start = new Date(Date.now() + 5 * 3_600_000);
    const withCourt = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: start, title: null }, 2);
    const withoutCourt = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: null, startTime: new Date(start.getTime() + 3_600_000), title: "Ohne Platz" }, 0);
    const cancelled = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: new Date(start.getTime() + 7_200_000), cancelledAt: new Date() });
    // a cached forecast for the first game's hour only
    await deps.db.insert(weatherForecasts).values({
      courtId: court.id,
      hour: new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000),
      code: 61,
      temperatureTenths: -15,
      precipitationTenths: 12,
      windKmh: 20,
      gustsKmh: 41,
      fetchedAt: new Date(),
    });

    const prepared = deps.db
      .select({
        id: games.id,
        title: games.title,
        startTime: games.startTime,
        cancelledAt: games.cancelledAt,
        players: sql<number>`(select count(*) from participations p where p.game_id = ${games.id})::int`,
        court: { id: courts.id, name: courts.name, imageUrl: courts.imageUrl, address: courts.address },
        creator: { id: users.id, firstName: users.firstName },
        forecast: { courtId: weatherForecasts.courtId, hour: weatherForecasts.hour, temperatureTenths: weatherForecasts.temperatureTenths },
      })
      .from(games)
      .innerJoin(users, eq(users.id, games.creatorId))
      .leftJoin(courts, eq(courts.id, games.courtId))
      .leftJoin(weatherForecasts, and(eq(weatherForecasts.courtId, games.courtId), eq(weatherForecasts.hour, sql`date_trunc('hour', ${games.startTime}, 'UTC')`)))
      .where(eq(games.regionId, sql.placeholder("regionId")))
      .orderBy(asc(games.startTime))
      .prepare("positional_rows_test");

    const read = positionalReader<Awaited<ReturnType<typeof prepared.execute>>[number]>(prepared);
    expect(read).not.toBeNull();
    const byDrizzle = await prepared.execute({ regionId: region.id });
    const byPosition = await read!({ regionId: region.id });
    expect(byPosition).toEqual(byDrizzle);
    expect(byPosition.map((r) => r.id)).toEqual([withCourt.id, withoutCourt.id, cancelled.id]);
    // what the comparison covers: the three kinds of object and the decoded values
    const [first, second, third] = byPosition;
    expect(first!.startTime).toBeInstanceOf(Date);
    expect(first!.players).toBe(1); // one participation row (the organiser with a friend)
    expect(first!.court).toEqual({ id: court.id, name: "Ohne Bild", imageUrl: null, address: null });
    expect(first!.forecast?.temperatureTenths).toBe(-15);
    expect(second!.court).toBeNull();
    expect(second!.forecast).toBeNull();
    expect(third!.cancelledAt).toBeInstanceOf(Date);
    expect(third!.forecast).toBeNull();
    // the same reader again (built once per prepared query), and an empty answer
    expect(positionalReader(prepared)).toBe(read);
    expect(await read!({ regionId: -1 })).toEqual([]);
  });

  test("another driver gets no reader: the caller runs drizzle's execute", () => {
    expect(positionalReader({ client: { query: () => null }, queryString: "select 1", params: [], fields: [] })).toBeNull();
    expect(positionalReader({})).toBeNull();
  });
});
