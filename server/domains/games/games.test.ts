import { beforeAll, describe, expect, test } from "bun:test";
import type { TCreateGameInput } from "@shared/schemas/games";
import type { Deps } from "../../context";
import { callerFor, errorData } from "../../testing/caller";
import { addPlayers, createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD, gameInput } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { handleAutoCancel, handleMinPlayersWarning, handleTakesPlacePrompt } from "./lifecycle";
import * as repo from "./repo";

let deps: Deps;
let region: Awaited<ReturnType<typeof createRegion>>;
beforeAll(async () => {
  deps = await testDeps();
  region = await createRegion(deps, { name: "Teststadt" });
});

const NOW = new Date("2026-06-10T10:00:00Z"); // a Wednesday, 12:00 in Berlin
const at = (iso: string) => new Date(iso);
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

async function organiser(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, regionId: region.id, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  const { caller } = await callerFor(deps, { token: a.cookies.token });
  return { user, caller };
}

/** A complete draft on a court of its own (a public game needs a court; one per draft keeps tests off each other's hour). */
const draft = async (overrides: Partial<TCreateGameInput> = {}) =>
  gameInput(hours(24), { courtId: (await createCourt(deps, { regionId: region.id })).id, ...overrides });


describe("createGame", () => {
  test("creates the game with the organiser's participation and schedules the minimum-players jobs", async () => {
    testClock.freeze(NOW);
    const court = await createCourt(deps, { regionId: region.id });
    const { user, caller } = await organiser();
    const { id } = await caller.games.create(await draft({ courtId: court.id, playerCount: 3 }));
    const game = await caller.games.byId({ gameId: id });
    expect(game).toMatchObject({
      creator: { id: user.id },
      court: { id: court.id },
      region: { id: region.id },
      participantsAmount: 3,
      highestParticipantsAmountReached: 3,
      endTime: hours(25),
      viewer: { canManage: true },
    });
    const jobs = await deps.database.query<{ name: string; start_after: Date }>(
      `select name, start_after from pgboss.job where data->>'gameId' = $1 order by start_after`,
      [String(id)],
    );
    expect(jobs.map((j) => [j.name, new Date(j.start_after).toISOString()])).toEqual([
      ["game-min-players-warning", hours(16).toISOString()],
      ["game-takes-place-prompt", hours(21).toISOString()],
      ["game-auto-cancel", hours(23).toISOString()],
    ]);
  });

  test.each([
    ["unverified e-mail", { verified: false }, {}, "EMAIL_NOT_VERIFIED"],
    ["title by a player", {}, { title: "Mein Turnier" }, "TITLE_NOT_ALLOWED"],
    ["price by a player", {}, { priceCents: 500 }, "PRICE_NOT_ALLOWED"],
    ["own type by a player", {}, { gameType: "KICKRUNDE" }, "GAME_TYPE_NOT_ALLOWED"],
    ["instant capture by a player", {}, { instantCapture: true }, "INSTANT_CAPTURE_NOT_ALLOWED"],
    ["organisation game without organisation", {}, { isOrganizationGame: true }, "ORGANIZATION_GAME_NOT_ALLOWED"],
    ["not playing himself as a player", {}, { playsHimself: false, playerCount: 0 }, "PLAYS_HIMSELF_NOT_ALLOWED"],
    ["in the past", {}, { startTime: hours(-1) }, "GAME_IN_PAST"],
    ["off the 5-minute step", {}, { startTime: new Date(hours(24).getTime() + 3 * 60_000) }, "START_TIME_STEP"],
    ["more than two months ahead", {}, { startTime: at("2026-08-10T10:05:00Z") }, "GAME_TOO_FAR_AHEAD"],
    ["max below min", {}, { maxPlayers: 8 }, "MAX_PLAYERS_BELOW_MIN"],
    ["players above max", {}, { minPlayers: 2, maxPlayers: 2, playerCount: 3 }, "PLAYER_COUNT_ABOVE_MAX"],
    ["price above 100 euro", { admin: true }, { priceCents: 10050 }, { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_too_high" }] }],
    ["price off the 50 cent step", { admin: true }, { priceCents: 520 }, { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_step" }] }],
    // managed payment needs the organiser's account to take charges (managed-payment.test.ts has the rest)
    ["managed payment by an admin without a payment account", { admin: true }, { priceCents: 500, isManagedPayment: true }, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["managed price under 2.50", { admin: true, charges: true }, { priceCents: 200, isManagedPayment: true }, "MANAGED_PRICE_TOO_LOW"],
    ["managed more than 6 days ahead", { admin: true, charges: true }, { priceCents: 500, isManagedPayment: true, startTime: hours(24 * 7) }, "MANAGED_PAYMENT_TOO_FAR_AHEAD"],
  ] as const)("refuses %s", async (_name, who, overrides, expected) => {
    testClock.freeze(NOW);
    const { caller } = await organiser({
      emailVerifiedAt: "verified" in who && !who.verified ? null : NOW,
      isAdmin: "admin" in who && who.admin,
      paymentChargesEnabled: "charges" in who && who.charges,
    });
    const answer = await errorData(caller.games.create(await draft(overrides as Partial<TCreateGameInput>)));
    if (typeof expected === "string") expect(answer).toMatchObject({ code: expected });
    else expect(answer).toEqual(expected);
  });

  test("an admin may set title, price, own type and instant capture; exactly two months ahead is allowed", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser({ isAdmin: true });
    const { id } = await caller.games.create(
      await draft({ title: "Kickrunde Cup", priceCents: 500, gameType: "KICKRUNDE", instantCapture: true, startTime: at("2026-08-10T10:00:00Z") }),
    );
    expect((await caller.games.byId({ gameId: id })).title).toBe("Kickrunde Cup");
  });

  test("one game per 2 minutes, one public game per hour, five per week", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    await caller.games.create(await draft({ startTime: hours(24) }));
    testClock.advance(119_000);
    expect(await errorData(caller.games.create(await draft({ gameType: "PRIVATE", startTime: hours(30) })))).toMatchObject({ code: "GAME_CREATION_THROTTLED" });
    testClock.advance(2_000);
    await caller.games.create(await draft({ gameType: "PRIVATE", startTime: hours(30) })); // private games are not limited
    testClock.advance(180_000);
    expect(await errorData(caller.games.create(await draft({ startTime: hours(40) })))).toMatchObject({ code: "PUBLIC_GAME_WITHIN_HOUR" });
    for (let i = 1; i < 5; i++) {
      testClock.advance(3600_000);
      await caller.games.create(await draft({ startTime: hours(30 + i * 24) }));
    }
    testClock.advance(3600_000);
    expect(await errorData(caller.games.create(await draft({ startTime: hours(200) })))).toMatchObject({ code: "TOO_MANY_PUBLIC_GAMES_WEEK" });
  });

  test("simultaneous creations by one organiser: the throttle lets exactly one through", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    const drafts = await Promise.all([24, 48, 72].map((h) => draft({ gameType: "PRIVATE", startTime: hours(h) })));
    const results = await Promise.allSettled(drafts.map((d) => caller.games.create(d)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  test("the same court within an hour is refused, an hour apart is fine", async () => {
    testClock.freeze(NOW);
    const court = await createCourt(deps, { regionId: region.id });
    await (await organiser()).caller.games.create(await draft({ courtId: court.id, startTime: hours(24) }));
    const other = await organiser();
    expect(await errorData(other.caller.games.create(await draft({ courtId: court.id, startTime: new Date(hours(24).getTime() + 55 * 60_000) })))).toMatchObject({ code: "SAME_COURT_WITHIN_HOUR" });
    await other.caller.games.create(await draft({ courtId: court.id, startTime: hours(25) }));
  });

  test("an organiser already playing at that time is refused", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const host = await createUser(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: hours(24) });
    await deps.db.insert((await import("../../db/schema")).participations).values({ gameId: game.id, userId: user.id });
    expect(await errorData(caller.games.create(await draft({ startTime: new Date(hours(24).getTime() + 30 * 60_000) })))).toMatchObject({ code: "ALREADY_IN_GAME_AT_TIME" });
    await caller.games.create(await draft({ startTime: hours(25) })); // back to back is fine
  });

  test("an unknown court", async () => {
    testClock.freeze(NOW);
    expect(await errorData((await organiser()).caller.games.create(await draft({ courtId: 99999999 })))).toMatchObject({ code: "COURT_NOT_FOUND" });
  });

  test("visitors cannot create", async () => {
    expect(await errorData((await callerFor(deps)).caller.games.create(await draft()))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("a public game needs a court, the product's own type too; a private one does not (spec 000 sections 4-5)", async () => {
    testClock.freeze(NOW);
    const noCourt = { code: "GAME_WITHOUT_COURT", fields: [{ path: "courtId", code: "court_required" }] } as const;
    expect(await errorData((await organiser()).caller.games.create(await draft({ courtId: null })))).toEqual(noCourt);
    const admin = await organiser({ isAdmin: true });
    expect(await errorData(admin.caller.games.create(await draft({ courtId: null, gameType: "KICKRUNDE" })))).toEqual(noCourt);
    const { id } = await (await organiser()).caller.games.create(await draft({ courtId: null, gameType: "PRIVATE" }));
    expect((await admin.caller.games.byId({ gameId: id })).court).toBeNull();
  });

  test.each([0, 1])("minPlayers %d is refused (the minimum is 2)", async (minPlayers) => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    expect(await errorData(caller.games.create(await draft({ minPlayers, maxPlayers: 4 })))).toEqual({
      code: "VALIDATION",
      fields: [{ path: "minPlayers", code: "min_players_too_low" }],
    });
  });

  test("a minimum of 2 is fine", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    const { id } = await caller.games.create(await draft({ minPlayers: 2, maxPlayers: 4 }));
    expect((await caller.games.byId({ gameId: id })).minPlayers).toBe(2);
  });

  test("a cancelled game counts for neither the hour nor the week, but still for the 2-minute throttle", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    const first = await caller.games.create(await draft({ startTime: hours(24) }));
    await caller.games.cancel({ gameId: first.id, reason: "BAD_WEATHER" });
    testClock.advance(60_000);
    expect(await errorData(caller.games.create(await draft({ startTime: hours(30) })))).toMatchObject({ code: "GAME_CREATION_THROTTLED" });
    testClock.advance(61_000);
    await caller.games.create(await draft({ startTime: hours(30) })); // within the hour of the cancelled one
    testClock.advance(180_000);
    expect(await errorData(caller.games.create(await draft({ startTime: hours(40) })))).toMatchObject({ code: "PUBLIC_GAME_WITHIN_HOUR" });
    for (let i = 1; i < 5; i++) {
      testClock.advance(3600_000);
      await caller.games.create(await draft({ startTime: hours(40 + i * 24) })); // the fifth active one; six with the cancelled one
    }
    testClock.advance(3600_000);
    expect(await errorData(caller.games.create(await draft({ startTime: hours(200) })))).toMatchObject({ code: "TOO_MANY_PUBLIC_GAMES_WEEK" });
  });
});

describe("updateGame", () => {
  test("only the creator, an admin or the organisation may edit", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(24) });
    const stranger = await organiser();
    expect(await errorData(stranger.caller.games.update({ gameId: game.id, description: "Meins!" }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
    const admin = await organiser({ isAdmin: true });
    expect((await admin.caller.games.update({ gameId: game.id, description: "Geändert" })).description).toBe("Geändert");
  });

  test("edits are blocked within 30 minutes of the start and for past games", async () => {
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(1) });
    testClock.freeze(new Date(hours(1).getTime() - 30 * 60_000 - 1));
    await caller.games.update({ gameId: game.id, description: "noch ok" });
    testClock.freeze(new Date(hours(1).getTime() - 30 * 60_000));
    expect(await errorData(caller.games.update({ gameId: game.id, description: "zu spät" }))).toMatchObject({ code: "GAME_EDIT_TOO_LATE" });
    testClock.freeze(hours(3));
    expect(await errorData(caller.games.update({ gameId: game.id, description: "vorbei" }))).toMatchObject({ code: "GAME_EDIT_TOO_LATE" });
  });

  test("max players cannot go below the attendees; removeMaxPlayers lifts the limit", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(24), minPlayers: 2, maxPlayers: 12 });
    await addPlayers(deps, game.id, 4);
    expect(await errorData(caller.games.update({ gameId: game.id, maxPlayers: 4 }))).toMatchObject({ code: "MAX_PLAYERS_BELOW_ATTENDEES" });
    expect((await caller.games.update({ gameId: game.id, maxPlayers: 5 })).maxPlayers).toBe(5);
    expect((await caller.games.update({ gameId: game.id, removeMaxPlayers: true })).maxPlayers).toBeNull();
  });

  test("the price cannot be raised once others joined", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser({ isAdmin: true });
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(24), priceCents: 300 });
    expect((await caller.games.update({ gameId: game.id, priceCents: 400 })).priceCents).toBe(400);
    await addPlayers(deps, game.id, 1);
    expect(await errorData(caller.games.update({ gameId: game.id, priceCents: 450 }))).toMatchObject({ code: "PRICE_RAISE_NOT_ALLOWED" });
    expect((await caller.games.update({ gameId: game.id, priceCents: 350 })).priceCents).toBe(350);
  });

  test("moving the start records a change and plans new jobs; a public game never turns private", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(24) });
    await caller.games.update({ gameId: game.id, startTime: hours(48) });
    const events = await repo.eventsOf(deps.db, game.id);
    expect(events.at(-1)).toMatchObject({ type: "CHANGED", payload: { fields: expect.arrayContaining(["startTime", "endTime"]) } });
    const [job] = await deps.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'game-auto-cancel' and data->>'gameId' = $1 and data->>'startTime' = $2`,
      [String(game.id), hours(48).toISOString()],
    );
    expect(job!.n).toBe(1);
    expect(await errorData(caller.games.update({ gameId: game.id, gameType: "PRIVATE" }))).toMatchObject({ code: "GAME_TYPE_NOT_ALLOWED" });
  });

  test("a public game keeps its court; a courtless one cannot become the product's own type", async () => {
    testClock.freeze(NOW);
    const court = await createCourt(deps, { regionId: region.id });
    const admin = await organiser({ isAdmin: true });
    const withCourt = await createGameRow(deps, { creatorId: admin.user.id, regionId: region.id, startTime: hours(24), courtId: court.id });
    expect(await errorData(admin.caller.games.update({ gameId: withCourt.id, courtId: null }))).toMatchObject({ code: "GAME_WITHOUT_COURT" });
    // a public game from before the rule, without a court: its other details still change, its type not
    const courtless = await createGameRow(deps, { creatorId: admin.user.id, regionId: region.id, startTime: hours(26) });
    expect(await errorData(admin.caller.games.update({ gameId: courtless.id, gameType: "KICKRUNDE" }))).toMatchObject({ code: "GAME_WITHOUT_COURT" });
    expect((await admin.caller.games.update({ gameId: courtless.id, description: "Neu" })).description).toBe("Neu");
    expect((await admin.caller.games.update({ gameId: courtless.id, gameType: "KICKRUNDE", courtId: court.id })).gameType).toBe("KICKRUNDE");
  });

  test("minPlayers 1 is refused; 2 is fine", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(24), minPlayers: 10 });
    expect(await errorData(caller.games.update({ gameId: game.id, minPlayers: 1 }))).toEqual({
      code: "VALIDATION",
      fields: [{ path: "minPlayers", code: "min_players_too_low" }],
    });
    expect((await caller.games.update({ gameId: game.id, minPlayers: 2 })).minPlayers).toBe(2);
  });

  test("minPlayers 0 is the wrapper's 'takes place': recorded exactly like confirmTakesPlace, also within the edit block", async () => {
    const { user, caller } = await organiser();
    const start = hours(3);
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10, description: "Abendkick" }, 3);
    const confirmedAt = new Date(start.getTime() - 20 * 60_000); // past the 30-minute edit block, before the start
    testClock.freeze(confirmedAt);
    // a real edit in the same call is still an edit: refused now, and the confirmation with it
    expect(await errorData(caller.games.update({ gameId: game.id, minPlayers: 0, description: "Anders" }))).toMatchObject({ code: "GAME_EDIT_TOO_LATE" });
    expect((await repo.findGameRow(deps.db, game.id))!).toMatchObject({ minPlayers: 10, minPlayersConfirmedAt: null });
    // the documented call (gameId, minPlayers 0, the unchanged description)
    const page = await caller.games.update({ gameId: game.id, minPlayers: 0, description: "Abendkick" });
    expect(page).toMatchObject({ minPlayers: 0, minPlayersConfirmedAt: confirmedAt, description: "Abendkick" });
    const events = await repo.eventsOf(deps.db, game.id);
    expect(events.map((e) => [e.type, e.actorId, e.payload])).toEqual([["CONFIRMED", user.id, { minPlayers: 10 }]]);
    // sent again, nothing more is recorded
    await caller.games.update({ gameId: game.id, minPlayers: 0 });
    expect(await repo.eventsOf(deps.db, game.id)).toHaveLength(1);
    // the same as games.confirmTakesPlace on another game
    const other = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10 }, 3);
    await caller.games.confirmTakesPlace({ gameId: other.id });
    const viaProcedure = await repo.findGameRow(deps.db, other.id);
    const viaUpdate = await repo.findGameRow(deps.db, game.id);
    expect([viaUpdate!.minPlayers, viaUpdate!.minPlayersConfirmedAt]).toEqual([viaProcedure!.minPlayers, viaProcedure!.minPlayersConfirmedAt]);
    // and, like it, only until the start
    const late = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10 }, 3);
    testClock.freeze(start);
    expect(await errorData(caller.games.update({ gameId: late.id, minPlayers: 0 }))).toMatchObject({ code: "GAME_ALREADY_STARTED" });
  });
});

describe("cancelGame", () => {
  test("records who cancelled, when and why", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(5) });
    const cancelled = await caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" });
    expect(cancelled).toMatchObject({ cancelledAt: NOW, cancelledBy: { id: user.id }, cancellationReason: "BAD_WEATHER" });
    expect(await errorData(caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" }))).toMatchObject({ code: "GAME_ALREADY_CANCELLED" });
  });

  test("OTHER_REASON needs a message", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(5) });
    expect(await errorData(caller.games.cancel({ gameId: game.id, reason: "OTHER_REASON" }))).toEqual({ code: "VALIDATION", fields: [{ path: "message", code: "message_required" }] });
    expect((await caller.games.cancel({ gameId: game.id, reason: "OTHER_REASON", message: "Halle gesperrt" })).cancellationMessage).toBe(
      "Halle gesperrt",
    );
  });

  test("blocked within one hour of the start and once started", async () => {
    const { user, caller } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(2) });
    testClock.freeze(hours(1)); // exactly one hour before
    expect(await errorData(caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" }))).toMatchObject({ code: "SHORT_NOTICE_CANCELLATION" });
    testClock.freeze(hours(2));
    expect(await errorData(caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" }))).toMatchObject({ code: "GAME_ALREADY_STARTED" });
    const other = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(10) });
    testClock.freeze(new Date(hours(9).getTime() - 1));
    await caller.games.cancel({ gameId: other.id, reason: "BAD_WEATHER" });
  });

  test("strangers may not cancel", async () => {
    testClock.freeze(NOW);
    const { user } = await organiser();
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(5) });
    expect(await errorData((await organiser()).caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" }))).toMatchObject({ code: "GAME_EDIT_FORBIDDEN" });
  });
});

describe("make public", () => {
  test("once, never back, and only with a court", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await organiser();
    const noCourt = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(5), gameType: "PRIVATE" });
    expect(await errorData(caller.games.makePublic({ gameId: noCourt.id }))).toMatchObject({ code: "GAME_WITHOUT_COURT" });
    const court = await createCourt(deps, { regionId: region.id });
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: hours(5), gameType: "PRIVATE", courtId: court.id });
    expect((await caller.games.makePublic({ gameId: game.id })).gameType).toBe("PUBLIC");
    expect(await errorData(caller.games.makePublic({ gameId: game.id }))).toMatchObject({ code: "GAME_ALREADY_PUBLIC" });
  });
});

describe("feed", () => {
  test("upcoming games of the region by start time, private ones only for those involved, court filter", async () => {
    testClock.freeze(NOW);
    const feedRegion = await createRegion(deps);
    const court = await createCourt(deps, { regionId: feedRegion.id });
    const host = await createUser(deps);
    const later = await createGameRow(deps, { creatorId: host.id, regionId: feedRegion.id, startTime: hours(30) });
    const soon = await createGameRow(deps, { creatorId: host.id, regionId: feedRegion.id, startTime: hours(2), courtId: court.id });
    await createGameRow(deps, { creatorId: host.id, regionId: feedRegion.id, startTime: hours(-3) }); // over
    const running = await createGameRow(deps, { creatorId: host.id, regionId: feedRegion.id, startTime: hours(-0.5) });
    const secret = await createGameRow(deps, { creatorId: host.id, regionId: feedRegion.id, startTime: hours(5), gameType: "PRIVATE" });
    await addPlayers(deps, soon.id, 3);

    const { caller } = await callerFor(deps);
    const feed = await caller.games.feed({ regionSlug: feedRegion.slug });
    expect(feed.games.map((g) => g.id)).toEqual([running.id, soon.id, later.id]);
    expect(feed.games[1]).toMatchObject({ participantsAmount: 4, court: { id: court.id }, creator: { id: host.id } });
    expect(feed.games[0]!.court).toBeNull();

    const hostCaller = (await callerFor(deps, { token: (await loginToken(host.email)) })).caller;
    expect((await hostCaller.games.feed({ regionSlug: feedRegion.slug })).games.map((g) => g.id)).toContain(secret.id);
    expect((await hostCaller.games.feed({ regionSlug: feedRegion.slug, filter: "organising" })).games).toHaveLength(4);
    expect((await caller.games.feed({ regionSlug: feedRegion.slug, courtId: court.id })).games.map((g) => g.id)).toEqual([soon.id]);
    expect((await caller.games.feed({ regionSlug: feedRegion.slug, filter: "playing" })).games).toEqual([]);
  });

  test("searchGames finds public games near a point", async () => {
    testClock.freeze(NOW);
    const r = await createRegion(deps, { latitude: 48.1, longitude: 11.5 });
    const host = await createUser(deps);
    const near = await createCourt(deps, { regionId: r.id, latitude: 48.11, longitude: 11.51 });
    const far = await createCourt(deps, { regionId: r.id, latitude: 48.6, longitude: 11.5 });
    const g1 = await createGameRow(deps, { creatorId: host.id, regionId: r.id, courtId: near.id, startTime: hours(3) });
    await createGameRow(deps, { creatorId: host.id, regionId: r.id, courtId: far.id, startTime: hours(3) });
    const found = await (await callerFor(deps)).caller.games.search({ latitude: 48.1, longitude: 11.5, distance: 10 });
    expect(found.map((g) => g.id)).toEqual([g1.id]);
    expect(found[0]!.distanceKm).toBeLessThan(2);
  });
});

async function loginToken(email: string) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email, password: FACTORY_PASSWORD });
  return a.cookies.token;
}

describe("minimum players lifecycle", () => {
  test("warning 8 h before, prompt 3 h before, automatic cancellation 1 h before when short", async () => {
    const { user } = await organiser();
    const start = at("2026-06-12T18:00:00Z");
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10 }, 3);
    const job = { gameId: game.id, startTime: start.toISOString() };

    testClock.freeze(at("2026-06-12T10:00:00Z")); // 8 h before
    await handleMinPlayersWarning(deps, job);
    await handleMinPlayersWarning(deps, job); // a second run records nothing more
    testClock.freeze(at("2026-06-12T15:00:00Z"));
    await handleTakesPlacePrompt(deps, job);
    testClock.freeze(at("2026-06-12T16:59:59Z"));
    await expect(handleAutoCancel(deps, job)).rejects.toThrow(); // too early: retried later
    testClock.freeze(at("2026-06-12T17:00:00Z"));
    await handleAutoCancel(deps, job);

    const types = (await repo.eventsOf(deps.db, game.id)).map((e) => e.type);
    expect(types).toEqual(["MIN_PLAYERS_WARNING", "TAKES_PLACE_PROMPT", "CANCELLED"]);
    const page = await (await callerFor(deps)).caller.games.byId({ gameId: game.id });
    expect(page).toMatchObject({ cancelledAt: at("2026-06-12T17:00:00Z"), cancellationReason: "TOO_FEW_PLAYERS", cancelledBy: null });
  });

  test("confirmed, full, moved or cancelled games are left alone", async () => {
    const { user, caller } = await organiser();
    const start = at("2026-06-20T18:00:00Z");
    const confirmed = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10 });
    const full = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 3 });
    await addPlayers(deps, full.id, 2);
    const moved = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: at("2026-06-21T18:00:00Z"), minPlayers: 10 });
    testClock.freeze(at("2026-06-20T16:00:00Z"));
    await caller.games.confirmTakesPlace({ gameId: confirmed.id });
    testClock.freeze(at("2026-06-20T17:00:00Z"));
    for (const g of [confirmed, full]) await handleAutoCancel(deps, { gameId: g.id, startTime: start.toISOString() });
    await handleAutoCancel(deps, { gameId: moved.id, startTime: start.toISOString() }); // planned for the old time
    for (const g of [confirmed, full, moved]) expect((await repo.findGameRow(deps.db, g.id))!.cancelledAt).toBeNull();
    expect((await repo.findGameRow(deps.db, confirmed.id))!.minPlayers).toBe(0);
  });

  test("a late warning is not sent once its window has passed", async () => {
    const { user } = await organiser();
    const start = at("2026-06-25T18:00:00Z");
    const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: start, minPlayers: 10 });
    testClock.freeze(at("2026-06-25T15:30:00Z")); // already in the prompt window
    await handleMinPlayersWarning(deps, { gameId: game.id, startTime: start.toISOString() });
    expect(await repo.eventsOf(deps.db, game.id)).toHaveLength(0);
  });
});

describe("createGame with a device", () => {
  test("the organiser's device follows the new game; without a token nothing is subscribed", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    const { id } = await caller.games.create(await draft({ deviceToken: "push-orga-device" }));
    expect((await caller.participation.isSubscribed({ gameId: id, deviceToken: "push-orga-device" })).subscribed).toBe(true);
    testClock.freeze(new Date(NOW.getTime() + 3 * 60_000));
    const other = await caller.games.create(await draft({ startTime: hours(30), gameType: "PRIVATE" }));
    expect((await caller.participation.isSubscribed({ gameId: other.id, deviceToken: "push-orga-device" })).subscribed).toBe(false);
  });

  test("editing with a device token makes that device follow the game too, also when nothing else changes", async () => {
    testClock.freeze(NOW);
    const { caller } = await organiser();
    const { id } = await caller.games.create(await draft());
    expect((await caller.participation.isSubscribed({ gameId: id, deviceToken: "push-second-phone" })).subscribed).toBe(false);
    await caller.games.update({ gameId: id, deviceToken: "push-second-phone" });
    expect((await caller.participation.isSubscribed({ gameId: id, deviceToken: "push-second-phone" })).subscribed).toBe(true);
  });
});
