import { beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameWeatherAlerts, weatherForecasts } from "../../db/schema";
import type { GamePaymentsReleaseJob } from "../../jobs/definitions";
import { createCourt, createGameRow, createRegion, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { emulatorOf, managedGame, participationRow, paymentsOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatedWeather, type EmulatedHour } from "../../integrations/weather/emulator";
import { handleGamePaymentsRelease } from "../participation/payment-lifecycle";
import { sendWeatherAlerts } from "./alerts";
import { refreshForecasts } from "./service";

/**
 * Weather for outdoor games (issue 29, README.md here): the hourly refresh into the cache, the feed and the game page
 * reading it, the organiser's warning 3 hours before the start (once, outdoor only, not for cancelled games, at the
 * thresholds' edges), and the rain cancel through the existing cancel, which releases held payments. On the run's
 * weather emulator with the fake clock.
 */

let deps: Deps;
let region: { id: number; slug: string };
beforeAll(async () => {
  deps = await testDeps();
  region = await createRegion(deps);
});

const NOW = new Date("2026-12-05T09:00:00Z");
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
const hours = (h: number) => minutes(h * 60);
const emulator = () => deps.weather.emulator!;

/** A court at a place of its own (the emulator's requests tell which courts were asked for). */
let spot = 0;
async function court(values: { indoor?: boolean } = {}) {
  spot++;
  return createCourt(deps, { regionId: region.id, latitude: 47 + spot * 0.01, longitude: 8 + spot * 0.013, indoor: values.indoor ?? false });
}

async function game(values: { start: Date; courtId: number; creatorId?: number }) {
  const creatorId = values.creatorId ?? (await signedInPlayer(deps)).user.id;
  return createGameRow(deps, { creatorId, regionId: region.id, startTime: values.start, courtId: values.courtId, durationMinutes: 90 });
}

const asked = (c: { latitude: number; longitude: number }, since: number) =>
  emulator().requests.slice(since).filter((r) => r.params.latitude === c.latitude.toFixed(4) && r.params.longitude === c.longitude.toFixed(4)).length;

function rainAt(c: { latitude: number; longitude: number }, hour: Date, values: Partial<EmulatedHour> = { code: 65, precipitationMm: 7.5 }) {
  emulator().setForecast({ latitude: c.latitude, longitude: c.longitude, hour, ...values });
}

describe("the refresh", () => {
  test("one request per outdoor court with a game in the next 7 days; indoor, later, cancelled and idle courts are not asked", async () => {
    testClock.freeze(NOW);
    const [soon, indoor, later, cancelled, idle] = [await court(), await court({ indoor: true }), await court(), await court(), await court()];
    await game({ start: hours(48), courtId: soon.id });
    await game({ start: hours(50), courtId: soon.id });
    await game({ start: hours(24), courtId: indoor.id });
    await game({ start: hours(8 * 24), courtId: later.id });
    const off = await game({ start: hours(30), courtId: cancelled.id });
    await deps.database.query("update games set cancelled_at = $1 where id = $2", [NOW.toISOString(), off.id]);
    const since = emulator().requests.length;
    await refreshForecasts(deps);
    expect([soon, indoor, later, cancelled, idle].map((c) => asked(c, since))).toEqual([1, 0, 0, 0, 0]);
    const rows = await deps.db.select().from(weatherForecasts).where(eq(weatherForecasts.courtId, soon.id));
    // from a day back to 8 days ahead, whole hours
    expect(rows.length).toBeGreaterThan(7 * 24);
    expect(rows.every((r) => r.hour.getTime() % 3_600_000 === 0 && r.fetchedAt.getTime() === NOW.getTime())).toBe(true);
    for (const c of [indoor, later, cancelled, idle]) expect(await deps.db.select().from(weatherForecasts).where(eq(weatherForecasts.courtId, c.id))).toEqual([]);
  });

  test("a failing forecast API is logged and skipped: the job finishes and the last forecast stays", async () => {
    testClock.freeze(NOW);
    const c = await court();
    await game({ start: hours(5), courtId: c.id });
    await refreshForecasts(deps, { courtId: c.id });
    const before = await deps.db.select().from(weatherForecasts).where(eq(weatherForecasts.courtId, c.id)).orderBy(asc(weatherForecasts.hour));
    expect(before.length).toBeGreaterThan(0);
    emulator().fault = "status500";
    try {
      testClock.freeze(hours(1));
      expect(await refreshForecasts(deps, { courtId: c.id })).toEqual({ courts: 1, failed: 1 });
    } finally {
      emulator().fault = null;
    }
    expect(await deps.db.select().from(weatherForecasts).where(eq(weatherForecasts.courtId, c.id)).orderBy(asc(weatherForecasts.hour))).toEqual(before);
  });
});

describe("the refresh when the process stops", () => {
  test("an aborted signal (the job queue stopping) asks no further court; the courts not reached keep their forecast", async () => {
    testClock.freeze(NOW);
    const c = await court();
    await game({ start: hours(6), courtId: c.id });
    const since = emulator().requests.length;
    const stopping = new AbortController();
    stopping.abort();
    await refreshForecasts(deps, { courtId: c.id }, stopping.signal);
    expect(asked(c, since)).toBe(0);
    await refreshForecasts(deps, { courtId: c.id }, new AbortController().signal);
    expect(asked(c, since)).toBe(1);
  });
});

describe("the feed and the game page read the cache", () => {
  test("an outdoor game shows its start hour's forecast; an indoor game and a game without a forecast show none", async () => {
    testClock.freeze(NOW);
    const viewer = await signedInPlayer(deps);
    const outdoor = await court();
    const indoor = await court({ indoor: true });
    const notYet = await court();
    const g = await game({ start: hours(26.5), courtId: outdoor.id });
    const i = await game({ start: hours(27), courtId: indoor.id });
    await refreshForecasts(deps, { courtId: outdoor.id });
    // the game on notYet is created after the refresh: no forecast yet
    const n = await game({ start: hours(28), courtId: notYet.id });

    const startHour = new Date("2026-12-06T11:00:00Z");
    const expected = emulatedWeather(outdoor.latitude, outdoor.longitude, startHour);
    const feed = await viewer.caller.games.feed({ regionSlug: region.slug, limit: 100 });
    const item = (id: number) => feed.games.find((x) => x.id === id)!;
    expect(item(g.id).weather).toMatchObject({ hour: startHour, code: expected.code, temperatureC: expected.temperatureC, precipitationMm: expected.precipitationMm, windKmh: expected.windKmh, gustsKmh: expected.gustsKmh, fetchedAt: NOW });
    expect(item(i.id).weather ?? null).toBeNull();
    expect(item(n.id).weather ?? null).toBeNull();

    const page = await viewer.caller.games.byId({ gameId: g.id });
    expect(page.weather).toEqual(item(g.id).weather!);
    expect((await viewer.caller.games.byId({ gameId: i.id })).weather).toBeNull();

    // the next refresh brings a changed forecast; the page shows it without asking the network itself
    rainAt(outdoor, startHour);
    testClock.freeze(hours(1));
    await refreshForecasts(deps, { courtId: outdoor.id });
    const since = emulator().requests.length;
    const after = await viewer.caller.games.byId({ gameId: g.id });
    expect(after.weather).toMatchObject({ code: 65, condition: "rain", precipitationMm: 7.5 });
    // (this court's place only: the test process's emulator also hears other files' refreshes)
    expect(asked(outdoor, since)).toBe(0);
  });
});

/** Mails of the weather warning to this address, once their jobs are done. */
const warningMails = (to: string) => settledJobs(deps, "send-mail", { to, template: { name: "weather-alert" } });

describe("the warning 3 hours before the start", () => {
  test("at 3 h 01 min before the start nothing; from 3 h before once, to the organiser only, by mail with the forecast and a link", async () => {
    testClock.freeze(NOW);
    const host = await signedInPlayer(deps, { firstName: "Olga" });
    const c = await court();
    const start = minutes(3 * 60 + 1);
    const g = await game({ start, courtId: c.id, creatorId: host.user.id });
    rainAt(c, start);
    await refreshForecasts(deps, { courtId: c.id });

    expect(await sendWeatherAlerts(deps)).not.toContain(g.id);
    expect(await deps.db.select().from(gameWeatherAlerts).where(eq(gameWeatherAlerts.gameId, g.id))).toEqual([]);

    testClock.freeze(minutes(1)); // exactly 3 hours before
    // two processes' runs at once: the game's lock and its alert row let one of them send
    const runs = await Promise.all([sendWeatherAlerts(deps), sendWeatherAlerts(deps)]);
    expect(runs.flat().filter((id) => id === g.id)).toHaveLength(1);
    const [row] = await deps.db.select().from(gameWeatherAlerts).where(eq(gameWeatherAlerts.gameId, g.id));
    expect(row).toMatchObject({ kind: "RAIN", sentAt: minutes(1), summary: { hour: "2026-12-05T12:00:00.000Z", code: 65, precipitationTenths: 75 } });

    // once: later runs, and a run at the same moment, send nothing more
    testClock.freeze(minutes(16));
    expect(await sendWeatherAlerts(deps)).not.toContain(g.id);
    const mails = await warningMails(host.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data as unknown as { language: string; template: { data: { game: string; kind: string; message: string; link: string } } };
    expect(mail.template.data).toMatchObject({ kind: "RAIN", link: `${deps.config.publicUrl}/game/${g.id}` });
    expect(mail.template.data.message).toContain("7,5 mm");

    // the organiser sees it on the game page; a player does not
    const page = await host.caller.games.byId({ gameId: g.id });
    expect(page.weatherAlert).toMatchObject({ kind: "RAIN", precipitationMm: 7.5, hour: new Date("2026-12-05T12:00:00Z") });
    const other = await signedInPlayer(deps);
    expect((await other.caller.games.byId({ gameId: g.id })).weatherAlert).toBeNull();

    // the wrapper's twin: retrieveGame carries both, and the rain cancel is cancelGame with BAD_WEATHER
    const wrapper = httpClient(deps);
    await wrapper.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: host.user.email, p: FACTORY_PASSWORD });
    const retrieved = await wrapper.graphql<{ retrieveGame: { weather: Record<string, unknown>; weatherAlert: Record<string, unknown> } }>(
      `query($id: ID!) { retrieveGame(id: $id) { weather { hour code condition temperatureC precipitationMm windKmh gustsKmh fetchedAt } weatherAlert { kind sentAt hour code precipitationMm } } }`,
      { id: g.id },
    );
    expect(retrieved.body.errors).toBeUndefined();
    expect(retrieved.body.data!.retrieveGame).toMatchObject({
      weather: { hour: "2026-12-05T12:00:00.000Z", code: 65, condition: "rain", precipitationMm: 7.5 },
      weatherAlert: { kind: "RAIN", hour: "2026-12-05T12:00:00.000Z", code: 65, precipitationMm: 7.5 },
    });
    const cancelled = await wrapper.graphql<{ cancelGame: { game: { cancellationReason: string; weatherAlert: null } } }>(
      `mutation($id: ID!) { cancelGame(id: $id, cancellationReason: "BAD_WEATHER") { game { cancellationReason weatherAlert { kind } } } }`,
      { id: g.id },
    );
    expect(cancelled.body.data!.cancelGame.game).toEqual({ cancellationReason: "BAD_WEATHER", weatherAlert: null });
  });

  test("indoor games, cancelled games, started games and games without a bad forecast are never warned", async () => {
    testClock.freeze(NOW);
    const indoor = await court({ indoor: true });
    const outdoor = await court();
    const calm = await court();
    const iGame = await game({ start: hours(2), courtId: indoor.id });
    const cGame = await game({ start: hours(2), courtId: outdoor.id });
    const started = await game({ start: NOW, courtId: outdoor.id });
    const calmGame = await game({ start: hours(2), courtId: calm.id });
    // the indoor court's cache filled by hand (the refresh never asks for it): the rule itself leaves it out
    await deps.db.insert(weatherForecasts).values({ courtId: indoor.id, hour: hours(2), code: 95, temperatureTenths: 200, precipitationTenths: 300, windKmh: 50, gustsKmh: 110, fetchedAt: NOW });
    for (const h of [NOW, hours(1), hours(2), hours(3)]) rainAt(outdoor, h, { code: 99, gustsKmh: 100 });
    await refreshForecasts(deps, { courtId: outdoor.id });
    await refreshForecasts(deps, { courtId: calm.id });
    const host = await deps.database.query<{ creator_id: number }>("select creator_id from games where id = $1", [cGame.id]);
    await deps.database.query("update games set cancelled_at = $1, cancellation_reason = 'BAD_WEATHER', cancelled_by_id = $2 where id = $3", [NOW.toISOString(), host[0]!.creator_id, cGame.id]);
    const warned = await sendWeatherAlerts(deps);
    for (const id of [iGame.id, cGame.id, started.id, calmGame.id]) expect(warned).not.toContain(id);
  });

  test("a game on a court without a cached forecast asks the refresh for that court, and is warned at the next run", async () => {
    testClock.freeze(NOW);
    const c = await court();
    const g = await game({ start: hours(2), courtId: c.id });
    rainAt(c, hours(2));
    expect(await sendWeatherAlerts(deps)).not.toContain(g.id);
    const jobs = await deps.jobs.boss.findJobs("weather-refresh", { data: { courtId: c.id } });
    expect(jobs).toHaveLength(1);
    await refreshForecasts(deps, jobs[0]!.data as { courtId: number });
    testClock.freeze(minutes(15));
    expect(await sendWeatherAlerts(deps)).toContain(g.id);
  });

  test.each([
    ["rain", { precipitationMm: 3.9, code: 63 }, { precipitationMm: 4, code: 63 }, "RAIN"],
    ["storm", { gustsKmh: 74, code: 3 }, { gustsKmh: 75, code: 3 }, "STORM"],
    ["heat", { temperatureC: 31.9, code: 0 }, { temperatureC: 32, code: 0 }, "HEAT"],
  ] as const)("%s: just below the threshold nothing, at it the warning", async (_name, below, at, kind) => {
    testClock.freeze(NOW);
    const [c1, c2] = [await court(), await court()];
    const quiet = await game({ start: hours(2.5), courtId: c1.id });
    const loud = await game({ start: hours(2.5), courtId: c2.id });
    // the game's second hour: every hour it overlaps counts
    rainAt(c1, hours(3), below);
    rainAt(c2, hours(3), at);
    await refreshForecasts(deps, { courtId: c1.id });
    await refreshForecasts(deps, { courtId: c2.id });
    const warned = await sendWeatherAlerts(deps);
    expect(warned).not.toContain(quiet.id);
    expect(warned).toContain(loud.id);
    const [row] = await deps.db.select().from(gameWeatherAlerts).where(eq(gameWeatherAlerts.gameId, loud.id));
    expect(row!.kind).toBe(kind);
  });
});

describe("the rain cancel", () => {
  test("the organiser cancels a warned managed game with BAD_WEATHER: the held card is released, the warning box goes", async () => {
    testClock.freeze(NOW);
    const atStripe = stripeActions(deps);
    const { host, game: g } = await managedGame(deps, { startTime: hours(26) });
    const player = await signedInPlayer(deps);
    const joined = await player.caller.participation.join({ gameId: g.id, playerCount: 1 });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
    expect((await participationRow(deps, joined.participation.id)).paymentStatus).toBe("Approved");

    const [courtRow] = await deps.database.query<{ latitude: number; longitude: number }>("select latitude, longitude from courts where id = $1", [g.courtId]);
    rainAt(courtRow!, g.startTime, { code: 82, precipitationMm: 12 });
    testClock.freeze(hours(23));
    await refreshForecasts(deps, { courtId: g.courtId! });
    expect(await sendWeatherAlerts(deps)).toContain(g.id);
    expect((await host.caller.games.byId({ gameId: g.id })).weatherAlert).toMatchObject({ kind: "RAIN" });

    const cancelled = await host.caller.games.cancel({ gameId: g.id, reason: "BAD_WEATHER" });
    expect(cancelled).toMatchObject({ cancellationReason: "BAD_WEATHER", weatherAlert: null });
    const [release] = await deps.jobs.boss.findJobs<GamePaymentsReleaseJob>("game-payments-release", { data: { gameId: g.id } });
    await handleGamePaymentsRelease(deps, release!.data);
    expect((await participationRow(deps, joined.participation.id)).paymentStatus).toBe("Released");
    expect((await deps.payments!.stripe.paymentIntents.retrieve(payment!.stripePaymentIntentId)).status).toBe("canceled");
  });
});
