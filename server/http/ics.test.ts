import { beforeAll, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import type { Deps } from "../context";
import { courtBookings, tournaments } from "../db/schema";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const START = new Date("2027-03-10T17:00:00Z");

async function signedIn(user: { email: string }) {
  const client = httpClient(deps);
  const { res } = await client.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

/** The single VEVENT of an answered file, read by ical.js. */
async function eventOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="kickrunde-[a-z]+-\d+\.ics"$/);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return { event: new ICAL.Event(vevent), vevent };
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("GET /api/calendar/game/{id}.ics", () => {
  test("a public game for anybody: title, start, end, the court as place, the page's link, a stable UID", async () => {
    const creator = await createUser(deps);
    const court = await createCourt(deps, { regionId, name: "Park am Gleisdreieck", address: "Möckernstraße 26, 10963 Berlin" });
    const game = await createGameRow(deps, { creatorId: creator.id, regionId, courtId: court.id, startTime: START, durationMinutes: 90, title: "Feierabendkick" });
    const res = await httpClient(deps).request(`/api/calendar/game/${game.id}.ics`);
    const { event, vevent } = await eventOf(res);
    expect(event.summary).toBe("Feierabendkick");
    expect(event.startDate.toJSDate().toISOString()).toBe(START.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-10T18:30:00.000Z");
    expect(event.location).toBe("Park am Gleisdreieck, Möckernstraße 26, 10963 Berlin");
    expect(event.uid).toBe(`game-${game.id}@${new URL(deps.config.publicUrl).hostname}`);
    expect(vevent.getFirstPropertyValue("url")).toBe(`${deps.config.publicUrl.replace(/\/$/, "")}/game/${game.id}`);
    // the same UID the next time, so a calendar updates the event instead of adding another
    const again = await eventOf(await httpClient(deps).request(`/api/calendar/game/${game.id}.ics`));
    expect(again.event.uid).toBe(event.uid);
  });

  test("an untitled game is named after its court, in the asked language; a cancelled one says CANCELLED", async () => {
    const creator = await createUser(deps);
    const court = await createCourt(deps, { regionId, name: "Bolzplatz Nord" });
    const game = await createGameRow(deps, { creatorId: creator.id, regionId, courtId: court.id, startTime: START, cancelledAt: new Date() });
    const { event, vevent } = await eventOf(await httpClient(deps).request(`/api/calendar/game/${game.id}.ics?lang=en`));
    expect(event.summary).toBe("Kickrunde · Bolzplatz Nord");
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  test("a private game only with its share key; without it 404 like an unknown id", async () => {
    const creator = await createUser(deps);
    const game = await createGameRow(deps, { creatorId: creator.id, regionId, courtId: (await createCourt(deps, { regionId })).id, startTime: START, gameType: "PRIVATE" });
    const without = await httpClient(deps).request(`/api/calendar/game/${game.id}.ics`);
    expect(without.status).toBe(404);
    expect(await codeOf(without)).toBe("GAME_NOT_FOUND");
    const wrongKey = await httpClient(deps).request(`/api/calendar/game/${game.id}.ics?key=${"0".repeat(32)}`);
    expect(wrongKey.status).toBe(404);
    const { event, vevent } = await eventOf(await httpClient(deps).request(`/api/calendar/game/${game.id}.ics?key=${game.shareKey}`));
    expect(event.startDate.toJSDate().toISOString()).toBe(START.toISOString());
    // the link in the event opens the private game too
    expect(vevent.getFirstPropertyValue("url")).toContain(`?key=${game.shareKey}`);
  });
});

describe("GET /api/calendar/booking/{id}.ics", () => {
  test("for the renter and the court's owner; a stranger and a guest get no booking", async () => {
    const owner = await createUser(deps, { isCourtOwner: true });
    const renter = await createUser(deps);
    const stranger = await createUser(deps);
    const court = await createCourt(deps, { regionId, name: "Soccerhalle", address: "Ohlauer Str. 38", rentable: true, ownerId: owner.id });
    const [booking] = await deps.db
      .insert(courtBookings)
      .values({ courtId: court.id, renterId: renter.id, status: "BO", startsAt: START, endsAt: new Date(START.getTime() + 3_600_000), durationMinutes: 60, listPriceCents: 6000, priceCents: 6000, earningCents: 4800, feeCents: 1200 })
      .returning();
    const path = `/api/calendar/booking/${booking!.id}.ics?lang=de`;
    for (const user of [renter, owner]) {
      const { event } = await eventOf(await (await signedIn(user)).request(path));
      expect(event.summary).toBe("Platzbuchung · Soccerhalle");
      expect(event.location).toBe("Soccerhalle, Ohlauer Str. 38");
      expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-10T18:00:00.000Z");
    }
    const other = await (await signedIn(stranger)).request(path);
    expect(other.status).toBe(404);
    expect(await codeOf(other)).toBe("COURT_BOOKING_NOT_FOUND");
    const guest = await httpClient(deps).request(path);
    expect(guest.status).toBe(401);
  });
});

describe("GET /api/calendar/tournament/{id}.ics", () => {
  test("a published tournament for anybody, with its place; a draft only for its organiser", async () => {
    const organiser = await createUser(deps);
    const values = { name: "Winter-Cup", startTime: START, endTime: new Date("2027-03-10T21:00:00Z"), maxTeams: 8, locationName: "Sporthalle Mitte", regionId, organizerId: organiser.id };
    const [published] = await deps.db.insert(tournaments).values({ ...values, publishedAt: new Date() }).returning();
    const [draft] = await deps.db.insert(tournaments).values(values).returning();
    const { event } = await eventOf(await httpClient(deps).request(`/api/calendar/tournament/${published!.id}.ics`));
    expect(event.summary).toBe("Winter-Cup");
    expect(event.location).toBe("Sporthalle Mitte");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-10T21:00:00.000Z");
    expect((await httpClient(deps).request(`/api/calendar/tournament/${draft!.id}.ics`)).status).toBe(404);
    await eventOf(await (await signedIn(organiser)).request(`/api/calendar/tournament/${draft!.id}.ics`));
  });
});

describe("paths that name nothing", () => {
  test.each([
    "/api/calendar/game/0.ics",
    "/api/calendar/game/2147483648.ics",
    "/api/calendar/game/99999999999.ics",
    "/api/calendar/game/12.pdf",
    "/api/calendar/game/-1.ics",
    "/api/calendar/game/01.ics",
    "/api/calendar/game/abc.ics",
    "/api/calendar/game/%00.ics",
    "/api/calendar/game/2147483647.ics",
    "/api/calendar/booking/2147483647.ics",
    "/api/calendar/tournament/2147483647.ics",
    "/api/calendar/user/1.ics",
    "/api/calendar/game/1.ics/x",
    "/api/calendar/game",
  ])("%s answers 4xx, never 5xx", async (path) => {
    const res = await httpClient(deps).request(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test("an unknown id is a 404 with the app's error code", async () => {
    const res = await httpClient(deps).request("/api/calendar/game/2147483647.ics");
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe("GAME_NOT_FOUND");
  });
});
