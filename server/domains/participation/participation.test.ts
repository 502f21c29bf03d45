import { beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameEvents, games, guestProfiles, participations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { connectAccount } from "../../testing/payment-fixtures";
import * as repo from "./repo";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-09-01T10:00:00Z");
/** The game's row and events, read straight from the tables (games/repo is the games domain's own). */
const gameRow = async (id: number) => (await deps.db.select().from(games).where(eq(games.id, id)))[0];
const gameEventsOf = (gameId: number) => deps.db.select().from(gameEvents).where(eq(gameEvents.gameId, gameId)).orderBy(asc(gameEvents.id));
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

async function player(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}
const guest = async () => (await callerFor(deps)).caller;

async function game(values: Partial<Parameters<typeof createGameRow>[1]> = {}, organiserPlayers = 1) {
  const host = await player();
  const row = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: hours(24), minPlayers: 4, ...values }, organiserPlayers);
  return { host, game: row };
}


const active = (gameId: number) => repo.activePlayers(deps.db, gameId);

describe("joining", () => {
  test("a signed-in player joins with up to two extras, ball and bibs", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ maxPlayers: 10 });
    const { caller } = await player();
    const r = await caller.participation.join({ gameId: g.id, playerCount: 3, bringsBall: true });
    expect(r).toMatchObject({ participation: { queue: false, playerCount: 3, guestProfile: null, paymentStatus: "None" }, guestToken: null });
    expect(await active(g.id)).toBe(4);
    expect(await errorData((await player()).caller.participation.join({ gameId: g.id, playerCount: 4 }))).toMatchObject({ code: "PLAYER_EXTRA_LIMIT" });
    expect(await errorData(caller.participation.join({ gameId: g.id }))).toMatchObject({ code: "ALREADY_PARTICIPATING" });
    expect((await gameRow(g.id))!.highestParticipantsAmountReached).toBe(4);
  });

  test("a guest joins with a first name (unique per game, one extra, notifications on a public game)", async () => {
    testClock.freeze(NOW);
    const { host, game: g } = await game();
    const r = await (await guest()).participation.join({ gameId: g.id, firstName: "Kai", playerCount: 2, deviceToken: "push-1" });
    expect(r.guestToken).toMatch(/^[a-z2-7]{32}$/);
    expect(r.participation.guestProfile?.firstName).toBe("Kai");
    expect(await errorData((await guest()).participation.join({ gameId: g.id, firstName: "kai", deviceToken: "push-2" }))).toMatchObject({ code: "GUEST_NAME_TAKEN" });
    expect(await errorData((await guest()).participation.join({ gameId: g.id, firstName: "Ole", playerCount: 3, deviceToken: "p" }))).toMatchObject({ code: "GUEST_EXTRA_LIMIT" });
    expect(await errorData((await guest()).participation.join({ gameId: g.id, firstName: "Ole" }))).toMatchObject({ code: "GUEST_NEEDS_NOTIFICATIONS" });
    expect(await errorData((await guest()).participation.join({ gameId: g.id, deviceToken: "p" }))).toMatchObject({ code: "NAME_REQUIRED" });
    const page = await (await guest()).games.byId({ gameId: g.id });
    expect(page.participations.find((p) => p.firstName === "Kai")).toMatchObject({
      player: null,
      playerCount: 2,
      guestProfileId: r.participation.guestProfile!.id,
      guestReliabilityRating: null,
    });
    // the organiser sees a guest's reliability, visitors do not
    await deps.db.update(guestProfiles).set({ reliabilityRating: 80 }).where(eq(guestProfiles.id, r.participation.guestProfile!.id));
    const asHost = await host.caller.games.byId({ gameId: g.id });
    expect(asHost.participations.find((p) => p.firstName === "Kai")?.guestReliabilityRating).toBe(80);
    expect((await (await guest()).games.byId({ gameId: g.id })).participations.find((p) => p.firstName === "Kai")?.guestReliabilityRating).toBeNull();
  });

  test("a full game: no extras beyond the spots, the waiting list needs notifications and a verified e-mail", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ maxPlayers: 3 }, 2);
    expect(await errorData((await player()).caller.participation.join({ gameId: g.id, playerCount: 2 }))).toMatchObject({ code: "NOT_ENOUGH_PLACES" });
    await (await player()).caller.participation.join({ gameId: g.id });
    const late = await player();
    expect(await errorData(late.caller.participation.join({ gameId: g.id }))).toMatchObject({ code: "NOT_ENOUGH_PLACES" });
    expect(await errorData(late.caller.participation.join({ gameId: g.id, queue: true }))).toMatchObject({ code: "QUEUE_NEEDS_NOTIFICATIONS" });
    expect(await errorData(late.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "d", playerCount: 2 }))).toMatchObject({ code: "QUEUE_WITH_EXTRAS" });
    const unverified = await player({ emailVerifiedAt: null });
    expect(await errorData(unverified.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "d" }))).toMatchObject({ code: "QUEUE_NEEDS_VERIFIED_EMAIL" });
    const r = await late.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "d", bringsBall: true });
    expect(r.participation.queue).toBe(true);
    const [row] = await deps.db.select().from(participations).where(eq(participations.id, r.participation.id));
    expect(row!.bringsBall).toBe(false); // ball and bibs only count for active players
  });

  test("cancelled, past and banned", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ cancelledAt: NOW });
    expect(await errorData((await player()).caller.participation.join({ gameId: g.id }))).toMatchObject({ code: "GAME_CANCELLED" });
    const { game: past } = await game({ startTime: hours(-2) });
    expect(await errorData((await player()).caller.participation.join({ gameId: past.id }))).toMatchObject({ code: "GAME_OVER" });
    expect(await errorData((await player()).caller.participation.join({ gameId: 99999999 }))).toMatchObject({ code: "GAME_NOT_FOUND" });
  });

  test("already playing elsewhere at that time", async () => {
    testClock.freeze(NOW);
    const { game: a } = await game({ startTime: hours(30) });
    const { game: b } = await game({ startTime: hours(30.5) });
    const { caller } = await player();
    await caller.participation.join({ gameId: a.id });
    expect(await errorData(caller.participation.join({ gameId: b.id }))).toMatchObject({ code: "ALREADY_IN_GAME_AT_TIME" });
  });

  test("guests join public games only (spec 000 sections 1 and 6); accounts join private ones by link", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ gameType: "PRIVATE", maxPlayers: 10 });
    for (const deviceToken of ["push-private", undefined]) {
      // with the link's key (issue 23 item 11: without it a private game does not exist for outsiders)
      expect(await errorData((await guest()).participation.join({ gameId: g.id, firstName: "Gast", deviceToken, shareKey: g.shareKey }))).toMatchObject({ code: "PRIVATE_GAME_NEEDS_ACCOUNT" });
    }
    expect(await active(g.id)).toBe(1);
    expect((await (await player()).caller.participation.join({ gameId: g.id, shareKey: g.shareKey })).participation.queue).toBe(false);
  });
});

describe("playing without playing himself (playsHimself false): admins and organisations only", () => {
  async function organisationMember() {
    const { organizations } = await import("../../db/schema");
    const [org] = await deps.db.insert(organizations).values({ name: `Verein ${Math.random().toString(36).slice(2)}` }).returning();
    return player({ organizationId: org!.id });
  }

  test("joining", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ maxPlayers: 10 });
    const join = { gameId: g.id, playerCount: 2, playsHimself: false };
    expect(await errorData((await player()).caller.participation.join(join))).toMatchObject({ code: "PLAYS_HIMSELF_NOT_ALLOWED" });
    expect(await errorData((await guest()).participation.join({ ...join, firstName: "Gast", deviceToken: "g" }))).toMatchObject({ code: "PLAYS_HIMSELF_NOT_ALLOWED" });
    expect(await active(g.id)).toBe(1);
    await (await organisationMember()).caller.participation.join(join);
    await (await player({ isAdmin: true })).caller.participation.join(join);
    expect(await active(g.id)).toBe(5);
  });

  test("changing a participation, the player's own or by the organiser", async () => {
    testClock.freeze(NOW);
    const { host, game: g } = await game({ maxPlayers: 10 });
    const p = await player();
    const { participation } = await p.caller.participation.join({ gameId: g.id, playerCount: 2 });
    for (const who of [p.caller, host.caller]) {
      expect(await errorData(who.participation.update({ participationId: participation.id, playsHimself: false }))).toMatchObject({ code: "PLAYS_HIMSELF_NOT_ALLOWED" });
    }
    expect(await errorData(p.caller.participation.update({ participationId: participation.id, playsHimself: true, playerCount: 3 }))).toMatchObject({ code: "OK" });
    const admin = await player({ isAdmin: true });
    expect(await errorData(admin.caller.participation.update({ participationId: participation.id, playsHimself: false }))).toMatchObject({ code: "OK" });
    const [row] = await deps.db.select().from(participations).where(eq(participations.id, participation.id));
    expect(row!.playsHimself).toBe(false);
    // unchanged, it is no change: the player may still update the rest
    expect(await errorData(p.caller.participation.update({ participationId: participation.id, playsHimself: false, bringsBall: true }))).toMatchObject({ code: "OK" });
  });

  test("the organiser's own participation (addOwn)", async () => {
    testClock.freeze(NOW);
    const plain = await player();
    const own = await createGameRow(deps, { creatorId: plain.user.id, regionId, startTime: hours(30), maxPlayers: 10 }, 0);
    expect(await errorData(plain.caller.participation.addOwn({ gameId: own.id, playerCount: 2, playsHimself: false }))).toMatchObject({ code: "PLAYS_HIMSELF_NOT_ALLOWED" });
    expect(await errorData(plain.caller.participation.addOwn({ gameId: own.id, playerCount: 2 }))).toMatchObject({ code: "OK" });
    const member = await organisationMember();
    const theirs = await createGameRow(deps, { creatorId: member.user.id, regionId, startTime: hours(30), maxPlayers: 10 }, 0);
    expect(await errorData(member.caller.participation.addOwn({ gameId: theirs.id, playerCount: 2, playsHimself: false }))).toMatchObject({ code: "OK" });
  });
});

describe("cancelling, removing and the waiting list", () => {
  test("a cancellation frees the spot and the first in the queue moves up", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ maxPlayers: 2, startTime: hours(100) }, 1);
    const leaver = await player();
    await leaver.caller.participation.join({ gameId: g.id });
    const first = await player();
    const second = await player();
    const q1 = await first.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "a" });
    testClock.advance(1000);
    await second.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "b" });
    const { promoted } = await leaver.caller.participation.revoke({ gameId: g.id });
    expect(promoted).toEqual([q1.participation.id]);
    const page = await (await guest()).games.byId({ gameId: g.id });
    expect(page.participations.filter((p) => !p.queue).map((p) => p.player?.id)).toContain(first.user.id);
    expect(page.participations.filter((p) => p.queue).map((p) => p.player?.id)).toEqual([second.user.id]);
    const events = (await gameEventsOf(g.id)).map((e) => e.type);
    expect(events).toContain("MOVED_UP");
    // the leaver may come back (not banned); the game is full, so onto the waiting list
    expect((await leaver.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "c" })).participation.queue).toBe(true);
  });

  test("short-notice cancellations are recorded; within 2 hours the organiser is to be told", async () => {
    const { game: g } = await game({ startTime: hours(10) });
    const p = await player();
    testClock.freeze(NOW);
    await p.caller.participation.join({ gameId: g.id });
    testClock.freeze(hours(8.5));
    await p.caller.participation.revoke({ gameId: g.id });
    const [row] = await deps.db.select().from(participations).where(eq(participations.userId, p.user.id));
    expect(row!.cancelledShortNotice).toBe(true);
    const cancelled = (await gameEventsOf(g.id)).find((e) => e.type === "PARTICIPATION_CANCELLED");
    expect(cancelled!.payload).toMatchObject({ shortNotice: true, notifyOrganiser: true });
  });

  test("the organiser removes a player with a reason; the player is banned; not within 4 hours", async () => {
    testClock.freeze(NOW);
    const { host, game: g } = await game({ maxPlayers: 2, startTime: hours(10) });
    const p = await player();
    const joined = await p.caller.participation.join({ gameId: g.id });
    const waiting = await player();
    const q = await waiting.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "w" });
    expect(await errorData(host.caller.participation.revoke({ gameId: g.id, participationId: joined.participation.id }))).toEqual({ code: "VALIDATION", fields: [{ path: "playerRemovalReason", code: "reason_required" }] });
    expect(
      await errorData(host.caller.participation.revoke({ gameId: g.id, participationId: joined.participation.id, playerRemovalReason: "OTHER_REASON" })),
    ).toEqual({ code: "VALIDATION", fields: [{ path: "playerRemovalMessage", code: "message_required" }] });
    expect(await errorData((await player()).caller.participation.revoke({ gameId: g.id, participationId: joined.participation.id, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    const { promoted } = await host.caller.participation.revoke({
      gameId: g.id,
      participationId: joined.participation.id,
      playerRemovalReason: "RELIABILITY_RATING_TOO_BAD",
    });
    expect(promoted).toEqual([q.participation.id]);
    expect(await errorData(p.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "x" }))).toMatchObject({ code: "BANNED_FROM_GAME" });
    testClock.freeze(hours(6));
    const other = await player();
    const o = await other.caller.participation.join({ gameId: g.id, queue: true, deviceToken: "y" });
    expect(await errorData(host.caller.participation.revoke({ gameId: g.id, participationId: o.participation.id, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" }))).toMatchObject({ code: "REMOVAL_TOO_LATE" });
  });

  test("raising the maximum moves the queue up in order", async () => {
    testClock.freeze(NOW);
    const { host, game: g } = await game({ maxPlayers: 1, minPlayers: 1 }, 1);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      testClock.advance(1000);
      ids.push((await (await player()).caller.participation.join({ gameId: g.id, queue: true, deviceToken: `d${i}` })).participation.id);
    }
    await host.caller.games.update({ gameId: g.id, maxPlayers: 3 });
    const page = await (await guest()).games.byId({ gameId: g.id });
    expect(page.participations.filter((p) => p.queue).map((p) => p.id)).toEqual([ids[2]!]);
    expect(page.participantsAmount).toBe(3);
  });

  test("a guest changes and cancels only with their token", async () => {
    testClock.freeze(NOW);
    const { game: g } = await game({ maxPlayers: 10 });
    const r = await (await guest()).participation.join({ gameId: g.id, firstName: "Mia", deviceToken: "m" });
    expect(await errorData((await guest()).participation.update({ participationId: r.participation.id, playerCount: 2 }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    expect((await (await guest()).participation.update({ participationId: r.participation.id, guestToken: r.guestToken!, playerCount: 2 })).playerCount).toBe(2);
    expect(await errorData((await guest()).participation.update({ participationId: r.participation.id, guestToken: r.guestToken!, playerCount: 3 }))).toMatchObject({ code: "GUEST_EXTRA_LIMIT" });
    await (await guest()).participation.revoke({ gameId: g.id, participationId: r.participation.id, guestToken: r.guestToken! });
    expect(await active(g.id)).toBe(1);
  });

  test("the organiser moves a player to the waiting list and back", async () => {
    testClock.freeze(NOW);
    const { host, game: g } = await game({ maxPlayers: 3, minPlayers: 2 });
    const p = await player();
    const j = await p.caller.participation.join({ gameId: g.id });
    expect(await errorData(host.caller.participation.update({ participationId: j.participation.id, queue: true }))).toMatchObject({ code: "GAME_NOT_FULL" });
    await (await player()).caller.participation.join({ gameId: g.id });
    const waiting = await (await player()).caller.participation.join({ gameId: g.id, queue: true, deviceToken: "w" });
    expect(await errorData(p.caller.participation.update({ participationId: j.participation.id, queue: true }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    // the moved player goes to the end of the queue; the first waiting player takes the spot
    expect((await host.caller.participation.update({ participationId: j.participation.id, queue: true })).queue).toBe(true);
    const page = await (await guest()).games.byId({ gameId: g.id });
    expect(page.participations.filter((x) => x.queue).map((x) => x.id)).toEqual([j.participation.id]);
    expect(page.participations.find((x) => x.id === waiting.participation.id)?.queue).toBe(false);
    expect(await errorData(host.caller.participation.update({ participationId: j.participation.id, queue: false }))).toMatchObject({ code: "NOT_ENOUGH_PLACES" });
  });

  /**
   * A managed-payment game (price >= 2.50) of an organisation, created by one of its members who is
   * no admin, so the creator acts as "organiser" in the payment table; an admin who is not the creator.
   */
  async function managedGame(values: Partial<Parameters<typeof createGameRow>[1]> = {}) {
    const { organizations } = await import("../../db/schema");
    const [org] = await deps.db.insert(organizations).values({ name: `Verein ${Math.random().toString(36).slice(2)}` }).returning();
    const host = await player({ organizationId: org!.id });
    // the money goes to the organiser's connected account (a reservation needs one that takes charges)
    await connectAccount(deps, host.user.id);
    const admin = await player({ isAdmin: true });
    const row = await createGameRow(deps, {
      creatorId: host.user.id,
      organizationId: org!.id,
      regionId,
      startTime: hours(24),
      minPlayers: 4,
      isManagedPayment: true,
      priceCents: 500,
      ...values,
    });
    return { host, admin, game: row };
  }
  const storedStatus = async (id: number) =>
    (await deps.db.select({ s: participations.paymentStatus }).from(participations).where(eq(participations.id, id)))[0]!.s;
  const setStatus = (id: number, paymentStatus: typeof participations.$inferInsert.paymentStatus) =>
    deps.db.update(participations).set({ paymentStatus }).where(eq(participations.id, id));

  test("payment status changes follow the state machine: organisers and admins never set the provider's states", async () => {
    testClock.freeze(NOW);
    const { host, admin, game: g } = await managedGame();
    const p = await player();
    const id = (await p.caller.participation.join({ gameId: g.id })).participation.id;
    // a reservation comes with joining (payment.test.ts), nobody sets it
    expect(await storedStatus(id)).toBe("Open");
    await setStatus(id, "None");
    const set = (who: typeof host, paymentStatus: "Open" | "Approved" | "Captured" | "Expired" | "Released") =>
      errorData(who.caller.participation.update({ participationId: id, paymentStatus })).then((answer) => answer.code);

    expect(await set(host, "Open")).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    expect(await set(admin, "Open")).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    expect(await storedStatus(id)).toBe("None");

    // Open -> Approved / Captured / Expired are the provider's (and the expiry job's)
    await setStatus(id, "Open");
    for (const to of ["Approved", "Captured", "Expired"] as const) {
      expect(await set(host, to)).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
      expect(await set(admin, to)).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    }
    expect(await storedStatus(id)).toBe("Open");

    // collecting or releasing an approved payment is the provider's and the jobs' too
    await setStatus(id, "Approved");
    for (const to of ["Captured", "Released"] as const) {
      expect(await set(host, to)).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
      expect(await set(admin, to)).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    }
    expect(await storedStatus(id)).toBe("Approved");

    // and a game without managed payment has no payment status to change
    const { host: plainHost, game: plain } = await game();
    const other = await (await player()).caller.participation.join({ gameId: plain.id });
    expect(await errorData(plainHost.caller.participation.update({ participationId: other.participation.id, paymentStatus: "Captured" }))).toMatchObject({ code: "PAYMENT_TRANSITION_NOT_ALLOWED" });
  });

  test("payment status changes follow the state machine: the organiser or an admin allows cash, also after the start", async () => {
    testClock.freeze(NOW);
    const { host, admin, game: g } = await managedGame({ startTime: hours(2) });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await (await player()).caller.participation.join({ gameId: g.id })).participation.id);
    for (const id of ids) expect(await storedStatus(id)).toBe("Open");

    expect((await host.caller.participation.update({ participationId: ids[0]!, paymentStatus: "PaidExternally" })).paymentStatus).toBe("PaidExternally");
    expect((await admin.caller.participation.update({ participationId: ids[1]!, paymentStatus: "PaidExternally" })).paymentStatus).toBe("PaidExternally");
    // PaidExternally is final
    expect(await errorData(host.caller.participation.update({ participationId: ids[0]!, paymentStatus: "Open" }))).toMatchObject({ code: "PAYMENT_TRANSITION_NOT_ALLOWED" });
    expect(await storedStatus(ids[0]!)).toBe("PaidExternally");

    testClock.freeze(hours(2.5)); // the game is running
    expect((await host.caller.participation.update({ participationId: ids[2]!, paymentStatus: "PaidExternally" })).paymentStatus).toBe("PaidExternally");
    expect(await storedStatus(ids[2]!)).toBe("PaidExternally");
  });

  test("payment status changes follow the state machine: a player sets no payment status on his own participation", async () => {
    testClock.freeze(NOW);
    const { game: g } = await managedGame();
    const p = await player();
    const id = (await p.caller.participation.join({ gameId: g.id })).participation.id;
    const set = (paymentStatus: "Open" | "Approved" | "Captured" | "PaidExternally") =>
      errorData(p.caller.participation.update({ participationId: id, paymentStatus })).then((answer) => answer.code);

    await setStatus(id, "None");
    expect(await set("Open")).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    await setStatus(id, "Open");
    for (const to of ["Approved", "Captured", "PaidExternally"] as const) expect(await set(to)).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    expect(await errorData(p.caller.participation.update({ participationId: id, payed: 1 }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    expect(await storedStatus(id)).toBe("Open");
    // the rest of his participation he still changes
    expect((await p.caller.participation.update({ participationId: id, bringsBall: true })).paymentStatus).toBe("Open");
  });
});

describe("guests becoming accounts", () => {
  test("attaches the guest's participations proved by token; wrong tokens are skipped", async () => {
    testClock.freeze(NOW);
    const { game: g1 } = await game();
    const { game: g2 } = await game({ startTime: hours(48) });
    const a = await (await guest()).participation.join({ gameId: g1.id, firstName: "Tom", deviceToken: "t" });
    const b = await (await guest()).participation.join({ gameId: g2.id, firstName: "Tom", deviceToken: "t" });
    const { user, caller } = await player();
    const r = await caller.participation.attachGuests({
      participations: [
        { id: a.participation.id, guestToken: a.guestToken! },
        { id: b.participation.id, guestToken: "x".repeat(32) },
      ],
    });
    expect(r.attached).toEqual([a.participation.id]);
    const [row] = await deps.db.select().from(participations).where(eq(participations.id, a.participation.id));
    expect(row!.userId).toBe(user.id);
  });
});

describe("game subscriptions", () => {
  test("a device subscribes once and can ask whether it is subscribed", async () => {
    const { game: g } = await game();
    const c = await guest();
    expect((await c.participation.isSubscribed({ gameId: g.id, deviceToken: "dev" })).subscribed).toBe(false);
    await c.participation.subscribe({ gameId: g.id, deviceToken: "dev", userAgent: "test" });
    await c.participation.subscribe({ gameId: g.id, deviceToken: "dev" });
    expect((await c.participation.isSubscribed({ gameId: g.id, deviceToken: "dev" })).subscribed).toBe(true);
  });
});
