import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import type { Deps } from "../../context";
import { calendarFeeds, courtBookings, games, participations, tournamentParticipations, tournaments } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { FEED_REQUESTS_PER_WINDOW, FEED_WINDOW_MS } from "../../http/calendar-feed";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { calendarFeedFile } from "./service";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps, { name: "Berlin Test" })).id;
});

async function signedIn(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

async function newSignedInUser(values: { applicationLanguage?: "de" | "en" } = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), ...values });
  return { user, caller: await signedIn(user) };
}

const tokenOf = (url: string) => /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
const NOW = new Date("2026-11-29T12:00:00Z");

describe("calendarFeed.get, create, revoke", () => {
  test("visitors are refused", async () => {
    const { caller } = await callerFor(deps);
    expect(await errorData(caller.calendarFeed.get())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.calendarFeed.create())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.calendarFeed.revoke())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.calendarFeed.overlaps({ gameId: 1 }))).toEqual({ code: "UNAUTHENTICATED" });
  });

  test("create shows the link again, rotating stops the old one at once, revoking ends it", async () => {
    const { user, caller } = await newSignedInUser();
    expect(await caller.calendarFeed.get()).toBeNull();
    const first = await caller.calendarFeed.create();
    const token = tokenOf(first.url);
    expect(first.url).toBe(`${deps.config.publicUrl.replace(/\/$/, "")}/api/calendar/${token}.ics`);
    expect(first.webcalUrl).toBe(first.url.replace(/^https?:\/\//, "webcal://"));
    expect(first.googleCalendarUrl).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(first.webcalUrl)}`);
    expect(first.lastFetchedAt).toBeNull();
    expect(await caller.calendarFeed.get()).toEqual(first);
    // stored as shown: a bearer capability like a weekly session's share key
    const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    expect(row!.token).toBe(token);
    expect(await calendarFeedFile(deps, token)).not.toBeNull();

    const second = await caller.calendarFeed.create();
    const rotated = tokenOf(second.url);
    expect(rotated).not.toBe(token);
    expect(await calendarFeedFile(deps, token)).toBeNull();
    expect(await calendarFeedFile(deps, rotated)).not.toBeNull();
    expect((await caller.calendarFeed.get())!.url).toBe(second.url);

    expect(await caller.calendarFeed.revoke()).toEqual({ revoked: true });
    expect(await caller.calendarFeed.get()).toBeNull();
    expect(await calendarFeedFile(deps, rotated)).toBeNull();
    expect(await caller.calendarFeed.revoke()).toEqual({ revoked: false });
  });

  test("each acts on the caller's own link only", async () => {
    const a = await newSignedInUser();
    const b = await newSignedInUser();
    const linkA = await a.caller.calendarFeed.create();
    const linkB = await b.caller.calendarFeed.create();
    expect(linkA.url).not.toBe(linkB.url);
    await b.caller.calendarFeed.create();
    await b.caller.calendarFeed.revoke();
    expect(await a.caller.calendarFeed.get()).toEqual(linkA);
    expect(await calendarFeedFile(deps, tokenOf(linkA.url))).not.toBeNull();
  });

  test("a deleted account's link ends with it (the users row is anonymised, not deleted)", async () => {
    const { user, caller } = await newSignedInUser();
    const link = await caller.calendarFeed.create();
    await caller.accounts.deleteAccount({ confirmation: "LÖSCHEN" });
    expect(await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id))).toEqual([]);
    expect(await calendarFeedFile(deps, tokenOf(link.url))).toBeNull();
  });

  test("the GraphQL twins: myCalendarFeed, createCalendarFeed, revokeCalendarFeed", async () => {
    const user = await createUser(deps, { emailVerifiedAt: new Date() });
    const http = httpClient(deps);
    await http.request("/api/csrf");
    const login = await http.graphql<{ tokenAuth: { refreshExpiresIn: number } }>(
      "mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { refreshExpiresIn } }",
      { email: user.email, password: FACTORY_PASSWORD },
    );
    expect(login.body.errors).toBeUndefined();
    expect((await http.graphql("{ myCalendarFeed { feed { url } } }")).body.data).toEqual({ myCalendarFeed: { feed: null } });
    const created = await http.graphql<{ createCalendarFeed: { url: string; webcalUrl: string } }>("mutation { createCalendarFeed { url webcalUrl } }");
    expect(created.body.data!.createCalendarFeed.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await http.graphql("{ myCalendarFeed { feed { url } } }")).body.data).toEqual({ myCalendarFeed: { feed: { url: created.body.data!.createCalendarFeed.url } } });
    expect((await http.graphql("mutation { revokeCalendarFeed { success } }")).body.data).toEqual({ revokeCalendarFeed: { success: true } });
    expect((await http.graphql("{ myCalendarFeed { feed { url } } }")).body.data).toEqual({ myCalendarFeed: { feed: null } });
  });
});

/** The feed parsed by ical.js, its VTIMEZONE registered so TZID times resolve to instants. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  const events = calendar.getAllSubcomponents("vevent").map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      location: e.location,
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      tzid: e.startDate.zone?.tzid,
      status: c.getFirstPropertyValue("status"),
      sequence: e.sequence,
      url: c.getFirstPropertyValue("url"),
    };
  });
  return { calendar, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

describe("GET /api/calendar/<token>.ics", () => {
  const LONG_NAME = "Kick am Tempelhofer Feld, Süd; Flutlicht, Umkleide; Grüße an Jürgen ⚽🔥 – bitte pünktlich, Bälle, Leibchen; danke!";

  test("the user's games, bookings and tournaments, parsed by ical.js, in Europe/Berlin across the DST change", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await newSignedInUser();
    const other = await createUser(deps);
    const court = await createCourt(deps, { name: "Soccerhalle Kreuzberg", address: "Ohlauer Straße 38, 10999 Berlin" });

    // organised, in winter: 18:00 Berlin = 17:00 UTC
    const organised = await createGameRow(deps, { creatorId: user.id, regionId, courtId: court.id, title: LONG_NAME, startTime: new Date("2026-12-10T17:00:00Z"), durationMinutes: 90 });
    // played, on the day summer time begins: 19:00 Berlin (CEST) = 17:00 UTC
    const summer = await createGameRow(deps, { creatorId: other.id, regionId, courtId: court.id, startTime: new Date("2027-03-28T17:00:00Z") });
    await deps.db.insert(participations).values({ gameId: summer.id, userId: user.id, playerCount: 1 });
    // across the change itself: 01:30 CET to 03:30 CEST is one hour
    const night = await createGameRow(deps, { creatorId: other.id, regionId, title: "Nachtkick", startTime: new Date("2027-03-28T00:30:00Z") });
    await deps.db.insert(participations).values({ gameId: night.id, userId: user.id, playerCount: 1 });
    // waiting list
    const waiting = await createGameRow(deps, { creatorId: other.id, regionId, title: "Volles Spiel", startTime: new Date("2026-12-12T10:00:00Z") });
    await deps.db.insert(participations).values({ gameId: waiting.id, userId: user.id, playerCount: 1, queue: true, queuedAt: NOW });
    // cancelled by its organiser after the user joined: stays, marked cancelled
    const host = await newSignedInUser();
    const cancelled = await createGameRow(deps, { creatorId: host.user.id, regionId, title: "Fällt aus", startTime: new Date("2026-12-20T17:00:00Z") });
    await deps.db.insert(participations).values({ gameId: cancelled.id, userId: user.id, playerCount: 1 });
    await host.caller.games.cancel({ gameId: cancelled.id, reason: "BAD_WEATHER" });
    // the window: 30 days back is in, 70 days back is out; a game the user left is out; someone else's game is out
    const recent = await createGameRow(deps, { creatorId: user.id, regionId, title: "Letzten Monat", startTime: new Date("2026-10-30T17:00:00Z") });
    const old = await createGameRow(deps, { creatorId: user.id, regionId, title: "Vor langer Zeit", startTime: new Date("2026-09-20T16:00:00Z") });
    const left = await createGameRow(deps, { creatorId: other.id, regionId, title: "Abgemeldet", startTime: new Date("2026-12-05T17:00:00Z") });
    await deps.db.insert(participations).values({ gameId: left.id, userId: user.id, playerCount: 1, cancelledAt: NOW });
    const foreign = await createGameRow(deps, { creatorId: other.id, regionId, title: "Fremd", startTime: new Date("2026-12-06T17:00:00Z") });
    // bookings: a booked one and a cancelled one
    const booking = { courtId: court.id, renterId: user.id, durationMinutes: 60, listPriceCents: 6000, priceCents: 6000, earningCents: 4800, feeCents: 1200 };
    const [booked] = await deps.db.insert(courtBookings).values({ ...booking, status: "BO", startsAt: new Date("2026-12-14T18:00:00Z"), endsAt: new Date("2026-12-14T19:00:00Z") }).returning();
    const [dropped] = await deps.db.insert(courtBookings).values({ ...booking, status: "CA", startsAt: new Date("2026-12-15T18:00:00Z"), endsAt: new Date("2026-12-15T19:00:00Z"), cancelledAt: NOW }).returning();
    // tournaments: one organised, one with the user's team, one cancelled with the user's team
    const tournament = { regionId, maxTeams: 8, courtId: court.id, publishedAt: NOW };
    const [ownTournament] = await deps.db.insert(tournaments).values({ ...tournament, name: "Kiezpokal", organizerId: user.id, startTime: new Date("2027-01-16T09:00:00Z"), endTime: new Date("2027-01-16T16:00:00Z") }).returning();
    const [teamTournament] = await deps.db.insert(tournaments).values({ ...tournament, name: "Stadtmeisterschaft", organizerId: other.id, startTime: new Date("2027-02-06T09:00:00Z"), endTime: new Date("2027-02-06T17:00:00Z") }).returning();
    const [gone] = await deps.db.insert(tournaments).values({ ...tournament, name: "Abgesagter Cup", organizerId: other.id, startTime: new Date("2027-02-13T09:00:00Z"), endTime: new Date("2027-02-13T17:00:00Z"), cancelledAt: NOW }).returning();
    const team = { userId: user.id, teamName: "FC Test", firstName: "Testi", lastName: "Tester", email: user.email, phoneNumber: "+4915123456789" };
    await deps.db.insert(tournamentParticipations).values([{ ...team, tournamentId: teamTournament!.id }, { ...team, tournamentId: gone!.id }]);

    const link = await caller.calendarFeed.create();
    const http = httpClient(deps);
    const res = await http.request(new URL(link.url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    const text = await res.text();

    // the wire format: CRLF only, no line longer than 75 octets, folded lines start with a space
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain("X-WR-CALNAME:Kickrunde\r\n");
    expect(text).toContain("TZID:Europe/Berlin");

    const { calendar, events, byUid } = parseFeed(text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Kickrunde");
    expect(events.map((e) => e.uid).sort()).toEqual(
      [
        `game-${organised.id}@kickrunde`,
        `game-${summer.id}@kickrunde`,
        `game-${night.id}@kickrunde`,
        `game-${waiting.id}@kickrunde`,
        `game-${cancelled.id}@kickrunde`,
        `game-${recent.id}@kickrunde`,
        `booking-${booked!.id}@kickrunde`,
        `booking-${dropped!.id}@kickrunde`,
        `tournament-${ownTournament!.id}@kickrunde`,
        `tournament-${teamTournament!.id}@kickrunde`,
        `tournament-${gone!.id}@kickrunde`,
      ].sort(),
    );
    for (const missing of [old.id, left.id, foreign.id]) expect(byUid.has(`game-${missing}@kickrunde`)).toBe(false);

    // escaping and folding survive the round trip: commas, semicolons, umlauts, emoji
    const own = byUid.get(`game-${organised.id}@kickrunde`)!;
    expect(own.summary).toBe(LONG_NAME);
    expect(own.location).toBe("Soccerhalle Kreuzberg, Ohlauer Straße 38, 10999 Berlin");
    expect(own.url).toBe(`${deps.config.publicUrl.replace(/\/$/, "")}/game/${organised.id}`);
    expect(own.status).toBe("CONFIRMED");

    // times: TZID=Europe/Berlin, the instants right in winter, in summer and across the change
    expect(own.tzid).toBe("Europe/Berlin");
    expect(own.start.toISOString()).toBe("2026-12-10T17:00:00.000Z");
    expect(own.end.toISOString()).toBe("2026-12-10T18:30:00.000Z");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20261210T180000");
    const summerEvent = byUid.get(`game-${summer.id}@kickrunde`)!;
    expect(summerEvent.start.toISOString()).toBe("2027-03-28T17:00:00.000Z");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20270328T190000");
    expect(summerEvent.summary).toBe("Kickrunde · Soccerhalle Kreuzberg");
    const nightEvent = byUid.get(`game-${night.id}@kickrunde`)!;
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20270328T013000");
    expect(text).toContain("DTEND;TZID=Europe/Berlin:20270328T033000");
    expect(nightEvent.start.toISOString()).toBe("2027-03-28T00:30:00.000Z");
    expect(nightEvent.end.toISOString()).toBe("2027-03-28T01:30:00.000Z");

    const waitingEvent = byUid.get(`game-${waiting.id}@kickrunde`)!;
    expect(waitingEvent.summary).toBe("Warteliste: Volles Spiel");
    expect(waitingEvent.status).toBe("TENTATIVE");
    expect(byUid.get(`game-${cancelled.id}@kickrunde`)!.status).toBe("CANCELLED");
    expect(byUid.get(`booking-${booked!.id}@kickrunde`)!).toMatchObject({ status: "CONFIRMED", summary: "Platzbuchung · Soccerhalle Kreuzberg" });
    expect(byUid.get(`booking-${dropped!.id}@kickrunde`)!.status).toBe("CANCELLED");
    expect(byUid.get(`tournament-${ownTournament!.id}@kickrunde`)!).toMatchObject({ status: "CONFIRMED", summary: "Kiezpokal" });
    expect(byUid.get(`tournament-${teamTournament!.id}@kickrunde`)!.status).toBe("CONFIRMED");
    expect(byUid.get(`tournament-${gone!.id}@kickrunde`)!.status).toBe("CANCELLED");

    // the fetch is noted
    expect((await caller.calendarFeed.get())!.lastFetchedAt).toEqual(NOW);
  });

  test("ETag and If-None-Match: the same data gives 304; a change gives a new body with a higher SEQUENCE", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await newSignedInUser({ applicationLanguage: "en" });
    const game = await createGameRow(deps, { creatorId: user.id, regionId, title: "Evening kick", startTime: new Date("2026-12-03T18:00:00Z") });
    const other = await createUser(deps);
    const waiting = await createGameRow(deps, { creatorId: other.id, regionId, title: "Full game", startTime: new Date("2026-12-04T18:00:00Z") });
    await deps.db.insert(participations).values({ gameId: waiting.id, userId: user.id, playerCount: 1, queue: true, queuedAt: NOW });
    // rows made by the factories carry the database's now(); pin them before the frozen clock's "now"
    const earlier = new Date(NOW.getTime() - 7200_000);
    await deps.db.update(games).set({ updatedAt: earlier }).where(eq(games.id, game.id));
    await deps.db.update(participations).set({ updatedAt: earlier }).where(eq(participations.gameId, game.id));
    const path = new URL((await caller.calendarFeed.create()).url).pathname;
    const http = httpClient(deps);
    const first = await http.request(path);
    const etag = first.headers.get("etag")!;
    const before = parseFeed(await first.text()).byUid.get(`game-${game.id}@kickrunde`)!;
    // the owner's language
    expect(parseFeed(await (await http.request(path)).text()).byUid.get(`game-${waiting.id}@kickrunde`)!.summary).toBe("Waiting list: Full game");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);

    testClock.advance(3600_000);
    const again = await http.request(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");

    await deps.db.update(games).set({ title: "Evening kick, later", startTime: new Date("2026-12-03T19:00:00Z"), endTime: new Date("2026-12-03T20:00:00Z"), updatedAt: testClock.now() }).where(eq(games.id, game.id));
    const changed = await http.request(path, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const after = parseFeed(await changed.text()).byUid.get(`game-${game.id}@kickrunde`)!;
    expect(after.summary).toBe("Evening kick, later");
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  test("a malformed, unknown, overlong or revoked token: the same 404", async () => {
    const { caller } = await newSignedInUser();
    const path = new URL((await caller.calendarFeed.create()).url).pathname;
    const http = httpClient(deps);
    const tokenLike = "A".repeat(43);
    for (const bad of [`/api/calendar/${tokenLike}.ics`, "/api/calendar/abc.ics", `/api/calendar/${"A".repeat(5000)}.ics`, `/api/calendar/${tokenLike}`, "/api/calendar/%00%0A.ics"]) {
      const res = await http.request(bad);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    expect((await http.request(path)).status).toBe(200);
    await caller.calendarFeed.revoke();
    const revoked = await http.request(path);
    expect(revoked.status).toBe(404);
    expect(((await revoked.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });
});

describe("the per-token throttle", () => {
  test("30 answers per token in 10 minutes (304s count); the 31st is 429 with Retry-After; another token and the next window go on", async () => {
    testClock.freeze(NOW);
    const { caller } = await newSignedInUser();
    const path = new URL((await caller.calendarFeed.create()).url).pathname;
    const http = httpClient(deps);
    const first = await http.request(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    for (let i = 2; i <= FEED_REQUESTS_PER_WINDOW; i++) {
      testClock.freeze(new Date(NOW.getTime() + i * 1000));
      expect((await http.request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);
    }
    testClock.freeze(new Date(NOW.getTime() + 60_000));
    const refused = await http.request(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String((FEED_WINDOW_MS - 60_000) / 1000));
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CALENDAR_FEED_RATE_LIMITED");
    // another user's feed is counted on its own
    const other = await newSignedInUser();
    expect((await http.request(new URL((await other.caller.calendarFeed.create()).url).pathname)).status).toBe(200);
    // a new window
    testClock.freeze(new Date(NOW.getTime() + FEED_WINDOW_MS));
    expect((await http.request(path)).status).toBe(200);
  });
});

describe("calendarFeed.overlaps", () => {
  test("own games (playing, waiting, organising) and bookings at the same time; cancelled ones, the game itself and touching ones not", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await newSignedInUser();
    const other = await createUser(deps);
    const court = await createCourt(deps, { name: "Halle Mitte" });
    // the game to join: 18:00–19:30 Berlin on 2026-12-08
    const target = await createGameRow(deps, { creatorId: other.id, regionId, title: "Neues Spiel", startTime: new Date("2026-12-08T17:00:00Z"), durationMinutes: 90 });
    const playing = await createGameRow(deps, { creatorId: other.id, regionId, title: "Dienstagskick", startTime: new Date("2026-12-08T16:30:00Z"), durationMinutes: 60 });
    await deps.db.insert(participations).values({ gameId: playing.id, userId: user.id, playerCount: 1 });
    const queued = await createGameRow(deps, { creatorId: other.id, regionId, title: "Warteliste-Spiel", startTime: new Date("2026-12-08T18:00:00Z") });
    await deps.db.insert(participations).values({ gameId: queued.id, userId: user.id, playerCount: 1, queue: true, queuedAt: NOW });
    const organising = await createGameRow(deps, { creatorId: user.id, regionId, title: "Mein Spiel", startTime: new Date("2026-12-08T17:15:00Z"), durationMinutes: 30 });
    // touching (ends when the target starts), cancelled, left, someone else's: none of them count
    const touching = await createGameRow(deps, { creatorId: user.id, regionId, title: "Davor", startTime: new Date("2026-12-08T16:00:00Z"), durationMinutes: 60 });
    const called = await createGameRow(deps, { creatorId: user.id, regionId, title: "Abgesagt", startTime: new Date("2026-12-08T17:00:00Z"), cancelledAt: NOW });
    await createGameRow(deps, { creatorId: other.id, regionId, title: "Fremd", startTime: new Date("2026-12-08T17:00:00Z") });
    const booking = { courtId: court.id, renterId: user.id, durationMinutes: 60, listPriceCents: 6000, priceCents: 6000, earningCents: 4800, feeCents: 1200 };
    const [booked] = await deps.db.insert(courtBookings).values({ ...booking, status: "BO", startsAt: new Date("2026-12-08T18:00:00Z"), endsAt: new Date("2026-12-08T19:00:00Z") }).returning();
    await deps.db.insert(courtBookings).values({ ...booking, status: "CA", startsAt: new Date("2026-12-08T17:00:00Z"), endsAt: new Date("2026-12-08T18:00:00Z") });

    const overlaps = await caller.calendarFeed.overlaps({ gameId: target.id });
    expect(overlaps).toEqual([
      { kind: "game", id: playing.id, title: "Dienstagskick", startTime: playing.startTime, endTime: playing.endTime, role: "PLAYER", blocksJoin: true },
      { kind: "game", id: organising.id, title: "Mein Spiel", startTime: organising.startTime, endTime: organising.endTime, role: "ORGANISER", blocksJoin: true },
      { kind: "game", id: queued.id, title: "Warteliste-Spiel", startTime: queued.startTime, endTime: queued.endTime, role: "WAITING", blocksJoin: true },
      { kind: "booking", id: booked!.id, title: "Halle Mitte", startTime: booked!.startsAt, endTime: booked!.endsAt, role: "RENTER", blocksJoin: false },
    ]);
    expect(overlaps.some((o) => o.id === touching.id || o.id === called.id)).toBe(false);
    // blocksJoin says what the join answers
    expect(await errorData(caller.participation.join({ gameId: target.id, playerCount: 1 }))).toMatchObject({ code: "ALREADY_IN_GAME_AT_TIME" });
    // joined already: the game itself is never its own clash
    await deps.db.insert(participations).values({ gameId: target.id, userId: user.id, playerCount: 1 });
    expect((await caller.calendarFeed.overlaps({ gameId: target.id })).map((o) => o.id)).not.toContain(target.id);
    // nothing at that time: an empty list
    const lonely = await newSignedInUser();
    expect(await lonely.caller.calendarFeed.overlaps({ gameId: target.id })).toEqual([]);
    // a booking and a game organised without playing in it only inform: the join goes through
    const renter = await newSignedInUser();
    await deps.db.insert(courtBookings).values({ ...booking, renterId: renter.user.id, status: "RE", startsAt: new Date("2026-12-08T17:30:00Z"), endsAt: new Date("2026-12-08T18:30:00Z") });
    const onlyOrganised = await createGameRow(deps, { creatorId: renter.user.id, regionId, title: "Nur organisiert", startTime: new Date("2026-12-08T17:00:00Z") }, 0);
    const informing = await renter.caller.calendarFeed.overlaps({ gameId: target.id });
    expect(informing.map((o) => [o.kind, o.role, o.blocksJoin])).toEqual([
      ["game", "ORGANISER", false],
      ["booking", "RENTER", false],
    ]);
    expect(informing[0]!.id).toBe(onlyOrganised.id);
    expect((await renter.caller.participation.join({ gameId: target.id, playerCount: 1 })).participation.queue).toBe(false);
  });

  test("a game the viewer may not see is GAME_NOT_FOUND; a bad id is refused by the schema", async () => {
    const { caller } = await newSignedInUser();
    const other = await createUser(deps);
    const hidden = await createGameRow(deps, { creatorId: other.id, regionId, gameType: "PRIVATE", startTime: new Date(Date.now() + 86_400_000) });
    expect(await errorData(caller.calendarFeed.overlaps({ gameId: hidden.id }))).toEqual({ code: "GAME_NOT_FOUND" });
    expect(await errorData(caller.calendarFeed.overlaps({ gameId: 2 ** 31 - 1 }))).toEqual({ code: "GAME_NOT_FOUND" });
    expect((await errorData(caller.calendarFeed.overlaps({ gameId: -1 }))).code).toBe("VALIDATION");
  });
});
