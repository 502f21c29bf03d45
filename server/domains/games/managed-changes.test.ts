import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Deps } from "../../context";
import { games, participations, payments } from "../../db/schema";
import { errorData } from "../../testing/caller";
import { addPlayers } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, eventDeliverer, eventsSince, managedGame, participationRow, signedInPlayer } from "../../testing/payment-fixtures";

/**
 * Changing a managed-payment game (issue 13 "Changes to a managed game"; spec 000 sections 5, 8, 9):
 * a warned change gives the players who pay 24 hours of free cancellation, the price is not raised
 * once anyone is in or paying, the start does not move past 6 days after the oldest standing card
 * hold, and a game with players may switch to managed payment (they stay without payment).
 */

let deps: Deps;
let deliver: ReturnType<typeof eventDeliverer>;
beforeAll(async () => {
  deps = await testDeps();
  deliver = eventDeliverer(deps);
});

const NOW = new Date("2026-10-06T10:00:00Z");
const HOUR = 3_600_000;
const at = (h: number) => new Date(NOW.getTime() + h * HOUR);

async function atStripe(action: () => unknown): Promise<Stripe.Event[]> {
  const since = eventsSince(emulatorOf(deps));
  await action();
  const events = since();
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  return events;
}

/** A managed game at `start` with: a player whose card is held (Approved), one still paying (Open). */
async function gameWithPayers(start = at(48)) {
  const { host, game } = await managedGame(deps, { startTime: start, maxPlayers: 12, minPlayers: 4 });
  const approved = await signedInPlayer(deps);
  const a = await approved.caller.participation.join({ gameId: game.id });
  const paymentId = (await participationRow(deps, a.participation.id)).paymentId!;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
  expect((await participationRow(deps, a.participation.id)).paymentStatus).toBe("Approved");
  const open = await signedInPlayer(deps);
  const o = await open.caller.participation.join({ gameId: game.id });
  expect((await participationRow(deps, o.participation.id)).paymentStatus).toBe("Open");
  const [organiser] = await deps.db.select().from(participations).where(eq(participations.userId, host.user.id));
  return { host, game, approvedId: a.participation.id, openId: o.participation.id, organiserId: organiser!.id };
}

const cancelUntil = async (id: number) => (await participationRow(deps, id)).paymentCanCancelUntil;

describe("a warned change gives the paying players 24 hours of free cancellation", () => {
  test.each<[string, Record<string, unknown>]>([
    ["the start time", { startTime: at(49) }],
    ["the duration shortened", { durationMinutes: 45 }],
    ["the minimum up by 5", { minPlayers: 9 }],
    ["more substitutes", { maxPlayers: 14 }],
    ["the teams", { teams: 3, maxPlayers: 15 }],
  ])("%s", async (_label, change) => {
    testClock.freeze(NOW);
    const { host, game, approvedId, openId, organiserId } = await gameWithPayers();
    // a player without a payment (in before managed payment, say) and a cancelled paying one
    const [none] = await deps.db.insert(participations).values({ gameId: game.id, userId: (await signedInPlayer(deps)).user.id }).returning();
    const [gone] = await deps.db
      .insert(participations)
      .values({ gameId: game.id, userId: (await signedInPlayer(deps)).user.id, paymentStatus: "PaidExternally", cancelledAt: NOW })
      .returning();
    testClock.freeze(at(2));
    await host.caller.games.update({ gameId: game.id, ...change });
    const until = at(2 + 24);
    expect(await cancelUntil(approvedId)).toEqual(until);
    expect(await cancelUntil(openId)).toEqual(until);
    expect(await cancelUntil(organiserId)).toBeNull();
    expect(await cancelUntil(none!.id)).toBeNull();
    expect(await cancelUntil(gone!.id)).toBeNull();
  });

  test.each<[string, Record<string, unknown>]>([
    ["the description", { description: "Neue Beschreibung für alle, die mitspielen." }],
    ["a longer game", { durationMinutes: 90 }],
    ["the minimum up by 4", { minPlayers: 8 }],
    ["a lower maximum", { maxPlayers: 11 }],
  ])("not for %s", async (_label, change) => {
    testClock.freeze(NOW);
    const { host, game, approvedId, openId } = await gameWithPayers();
    await host.caller.games.update({ gameId: game.id, ...change });
    expect(await cancelUntil(approvedId)).toBeNull();
    expect(await cancelUntil(openId)).toBeNull();
  });

  test("a second warned change a day later starts the 24 hours again; a game without managed payment gives nothing", async () => {
    testClock.freeze(NOW);
    const { host, game, approvedId } = await gameWithPayers();
    await host.caller.games.update({ gameId: game.id, startTime: at(47) });
    testClock.freeze(at(20));
    await host.caller.games.update({ gameId: game.id, durationMinutes: 30 });
    expect(await cancelUntil(approvedId)).toEqual(at(44));

    const free = await managedGame(deps, { startTime: at(48) });
    await deps.db.update(games).set({ isManagedPayment: false, priceCents: 0 }).where(eq(games.id, free.game.id));
    const [paidCash] = await deps.db
      .insert(participations)
      .values({ gameId: free.game.id, userId: (await signedInPlayer(deps)).user.id, paymentStatus: "PaidExternally" })
      .returning();
    await free.host.caller.games.update({ gameId: free.game.id, startTime: at(50) });
    expect(await cancelUntil(paidCash!.id)).toBeNull();
  });
});

describe("the price (spec 000 section 8)", () => {
  test("cannot be raised once another player is in; lowering stays possible", async () => {
    testClock.freeze(NOW);
    const { host, game } = await gameWithPayers();
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 600 }))).toEqual({ code: "PRICE_RAISE_NOT_ALLOWED" });
    await host.caller.games.update({ gameId: game.id, priceCents: 450 });
  });

  test("cannot be raised while a payment is in progress, even of a cancelled participation; alone the organiser may", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: at(48) });
    await host.caller.games.update({ gameId: game.id, priceCents: 600 });
    const [held] = await deps.db
      .insert(participations)
      .values({ gameId: game.id, userId: (await signedInPlayer(deps)).user.id, paymentStatus: "Approved", cancelledAt: NOW })
      .returning();
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 700 }))).toEqual({ code: "PRICE_RAISE_NOT_ALLOWED" });
    await deps.db.update(participations).set({ paymentStatus: "Open" }).where(eq(participations.id, held!.id));
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 700 }))).toEqual({ code: "PRICE_RAISE_NOT_ALLOWED" });
    await deps.db.update(participations).set({ paymentStatus: "Released" }).where(eq(participations.id, held!.id));
    await host.caller.games.update({ gameId: game.id, priceCents: 700 });
  });
});

describe("at most 6 days after the oldest standing card hold (spec 000 section 8)", () => {
  test("the start may move up to exactly 6 x 24 h after the approval, not 5 minutes more", async () => {
    testClock.freeze(NOW); // the card is approved at NOW
    const { host, game, approvedId } = await gameWithPayers(at(30));
    testClock.freeze(at(24)); // a day later, "6 days ahead of now" would allow up to NOW + 7 days
    const tooFar = new Date(NOW.getTime() + 6 * 24 * HOUR + 5 * 60_000);
    expect(await errorData(host.caller.games.update({ gameId: game.id, startTime: tooFar }))).toEqual({ code: "MANAGED_GAME_MOVED_TOO_FAR" });
    expect((await deps.db.select().from(games).where(eq(games.id, game.id)))[0]!.startTime).toEqual(at(30));
    expect(await cancelUntil(approvedId)).toBeNull(); // the refused edit changed nothing
    await host.caller.games.update({ gameId: game.id, startTime: at(6 * 24) });
    expect(await cancelUntil(approvedId)).toEqual(at(48));
  });

  test("a released hold no longer binds the game; moving earlier is always possible", async () => {
    testClock.freeze(NOW);
    const { host, game, approvedId } = await gameWithPayers(at(30));
    testClock.freeze(at(24));
    const startOf = async () => (await deps.db.select().from(games).where(eq(games.id, game.id)))[0]!.startTime;
    expect((await host.caller.games.update({ gameId: game.id, startTime: at(28) })).startTime).toEqual(at(28));
    expect(await startOf()).toEqual(at(28));
    // an hour past the 6 days after the approval: refused while the card is held ...
    const pastTheHold = new Date(NOW.getTime() + 6 * 24 * HOUR + 60 * 60_000);
    expect(await errorData(host.caller.games.update({ gameId: game.id, startTime: pastTheHold }))).toEqual({ code: "MANAGED_GAME_MOVED_TOO_FAR" });
    expect(await startOf()).toEqual(at(28));
    // ... and moved once the hold is released
    await deps.db.update(participations).set({ paymentStatus: "Released", cancelledAt: at(24) }).where(eq(participations.id, approvedId));
    expect((await host.caller.games.update({ gameId: game.id, startTime: pastTheHold })).startTime).toEqual(pastTheHold);
    expect(await startOf()).toEqual(pastTheHold);
  });
});

describe("switching a game with players to managed payment", () => {
  test("is allowed; the players already in stay without payment (the organiser collects their money)", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: at(48) });
    await deps.db.update(games).set({ isManagedPayment: false }).where(eq(games.id, game.id));
    await addPlayers(deps, game.id, 2);
    const updated = await host.caller.games.update({ gameId: game.id, isManagedPayment: true });
    expect(updated.isManagedPayment).toBe(true);
    const rows = await deps.db.select().from(participations).where(eq(participations.gameId, game.id));
    expect(rows.map((r) => [r.paymentStatus, r.paymentCanCancelUntil])).toEqual([
      ["None", null],
      ["None", null],
      ["None", null],
    ]);
  });
});
