import { beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import type { Deps } from "../../context";
import type { GamePaymentsCaptureJob, GamePaymentsReleaseJob, PaymentExpiryJob } from "../../jobs/definitions";
import { errorData } from "../../testing/caller";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, managedGame, participationRow, payingPlayer, paymentsOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { handleGamePaymentsCapture } from "./payment-capture";
import { handleGamePaymentsRelease, handlePaymentExpiry } from "./payment-lifecycle";

/**
 * What cancelling does to a player's money in a managed-payment game (issue 13 "Cancelling"; spec 000
 * section 4 "Refund on cancellation"): against the run's Stripe emulator and PostgreSQL, with the fake clock.
 * The jobs are run by hand, as pg-boss would run them.
 */

let deps: Deps;
let atStripe: ReturnType<typeof stripeActions>;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
});

const NOW = new Date("2026-10-08T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

const player = (gameId: number, pay: boolean) => payingPlayer(deps, atStripe, gameId, { pay });

/**
 * The participation's payment jobs, run (the give-back sent at once and the reservation's deadline job:
 * for a cancelled participation both settle the same way; pg-boss plans by the wall clock, not the fake one).
 */
async function runDueGiveBacks(participationId: number, paymentId?: number) {
  const jobs = await deps.jobs.boss.findJobs<PaymentExpiryJob>("participation-payment-expiry", { data: { participationId, ...(paymentId ? { paymentId } : {}) } });
  for (const j of jobs) await handlePaymentExpiry(deps, j.data);
}

const intentStatus = async (id: string) => (await deps.payments!.stripe.paymentIntents.retrieve(id)).status;
const row = (id: number) => participationRow(deps, id);

describe("a deleted account", () => {
  test("owes nothing: a hold within 48 h is released, not kept for replacements", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(24), minPlayers: 3 });
    const a = await player(game.id, true);
    await a.caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
    await runDueGiveBacks(a.participationId);
    expect(await intentStatus(a.intentId)).toBe("canceled");
    expect((await row(a.participationId)).paymentStatus).toBe("Released");
  });
});

describe("a player cancels", () => {
  test("3 days ahead: the hold is released at once", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(72), minPlayers: 2 });
    const a = await player(game.id, true);
    expect((await row(a.participationId)).paymentStatus).toBe("Approved");
    await a.caller.participation.revoke({ gameId: game.id });
    await runDueGiveBacks(a.participationId);
    expect(await intentStatus(a.intentId)).toBe("canceled");
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: null });
  });

  test("an unpaid reservation: the intent is cancelled at once, the participation reads Expired, nothing owed", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(24) });
    const a = await player(game.id, false);
    await a.caller.participation.revoke({ gameId: game.id });
    await runDueGiveBacks(a.participationId);
    expect(await intentStatus(a.intentId)).toBe("canceled");
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Expired", cancellationReplacementsNeeded: null, cancelledAt: NOW });
  });

  test("within 48 h: the holds are kept; a replacement who pays releases the earlier of two late cancellers; the other is captured at the start", async () => {
    testClock.freeze(NOW);
    // host + 3 paid players: 4, the minimum
    const { game } = await managedGame(deps, { startTime: hours(24), minPlayers: 4, maxPlayers: 6 });
    const a = await player(game.id, true);
    const b = await player(game.id, true);
    const c = await player(game.id, true);

    testClock.freeze(hours(1));
    await a.caller.participation.revoke({ gameId: game.id });
    testClock.freeze(hours(2));
    await b.caller.participation.revoke({ gameId: game.id });
    await runDueGiveBacks(a.participationId);
    await runDueGiveBacks(b.participationId);
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Approved", cancellationReplacementsNeeded: 1 });
    expect(await row(b.participationId)).toMatchObject({ paymentStatus: "Approved", cancellationReplacementsNeeded: 1 });

    // a newcomer who has not paid replaces nobody
    testClock.freeze(hours(3));
    const d = await player(game.id, false);
    await runDueGiveBacks(a.participationId);
    expect((await row(a.participationId)).paymentStatus).toBe("Approved");
    // paid: the earlier canceller (a) is replaced
    await atStripe(() => emulatorOf(deps).confirm(d.intentId, "success"));
    await runDueGiveBacks(a.participationId);
    await runDueGiveBacks(b.participationId);
    expect(await intentStatus(a.intentId)).toBe("canceled");
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: 0 });
    expect(await row(b.participationId)).toMatchObject({ paymentStatus: "Approved", cancellationReplacementsNeeded: 1 });

    // nobody else came: at the start b's hold is captured with the players'
    testClock.freeze(game.startTime);
    const job: GamePaymentsCaptureJob = { gameId: game.id, startTime: game.startTime.toISOString() };
    await handleGamePaymentsCapture(deps, job);
    expect(await intentStatus(b.intentId)).toBe("succeeded");
    expect((await row(b.participationId)).paymentStatus).toBe("Captured");
    expect((await row(c.participationId)).paymentStatus).toBe("Captured");
    expect((await row(a.participationId)).paymentStatus).toBe("Released");
    await handleGamePaymentsCapture(deps, job); // again: nothing taken twice
    expect((await paymentsOf(deps, b.participationId)).map((p) => p.amountReceivedCents)).toEqual([500]);
  });

  test("within 48 h when the game keeps its minimum: nothing needed, released at once", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(24), minPlayers: 2 });
    const a = await player(game.id, true);
    await player(game.id, true);
    await a.caller.participation.revoke({ gameId: game.id });
    await runDueGiveBacks(a.participationId);
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: 0 });
  });

  test("removed by the organiser within 48 h: always released", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(24), minPlayers: 4 });
    const a = await player(game.id, true);
    await host.caller.participation.revoke({ gameId: game.id, participationId: a.participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" });
    await runDueGiveBacks(a.participationId);
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: null });
  });

  test("cash paid after a late cancellation replaces it too", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(24), minPlayers: 3 });
    const a = await player(game.id, true);
    await player(game.id, true);
    await a.caller.participation.revoke({ gameId: game.id });
    expect((await row(a.participationId)).cancellationReplacementsNeeded).toBe(1);
    const d = await player(game.id, false);
    await host.caller.participation.update({ participationId: d.participationId, paymentStatus: "PaidExternally" });
    await runDueGiveBacks(a.participationId);
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: 0 });
  });
});

describe("the organiser cancels the game", () => {
  test("every payment is given back, the late cancellation's hold too", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(24), minPlayers: 3 });
    const a = await player(game.id, true);
    const b = await player(game.id, true);
    await a.caller.participation.revoke({ gameId: game.id });
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Approved", cancellationReplacementsNeeded: 1 });
    await host.caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" });
    for (const j of await deps.jobs.boss.findJobs<GamePaymentsReleaseJob>("game-payments-release", { data: { gameId: game.id } })) await handleGamePaymentsRelease(deps, j.data);
    for (const p of [a, b]) {
      expect(await intentStatus(p.intentId)).toBe("canceled");
      expect((await row(p.participationId)).paymentStatus).toBe("Released");
    }
  });
});

describe("the organiser moves a player to the waiting list", () => {
  test("a held card is released and an unpaid reservation cancelled; moving up asks for a new payment", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(24), minPlayers: 2, maxPlayers: 3 });
    const a = await player(game.id, true);
    const b = await player(game.id, false);
    const c = await signedInPlayer(deps);
    const queued = await c.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `device-${c.user.id}` });
    expect(queued.participation.queue).toBe(true);

    await host.caller.participation.update({ participationId: a.participationId, queue: true }); // c moves up
    await runDueGiveBacks(a.participationId);
    expect(await intentStatus(a.intentId)).toBe("canceled");
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Released", queue: true, cancelledAt: null });
    expect(await row(queued.participation.id)).toMatchObject({ paymentStatus: "Open", queue: false });

    await host.caller.participation.update({ participationId: b.participationId, queue: true }); // a moves up again: pays again
    await runDueGiveBacks(b.participationId);
    expect(await intentStatus(b.intentId)).toBe("canceled");
    expect(await row(b.participationId)).toMatchObject({ paymentStatus: "Expired", queue: true, cancelledAt: null });
    expect(await row(a.participationId)).toMatchObject({ paymentStatus: "Open", queue: false, paymentAttempt: 2 });
    expect((await paymentsOf(deps, a.participationId)).map((p) => p.status)).toEqual(["canceled", "requires_payment_method"]);
  });
});

describe("a player count change in a managed game", () => {
  test("an unpaid place gets a new reservation for the new amount; a place paid by card refuses it", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(24), maxPlayers: 6 });
    const a = await player(game.id, true);
    const b = await player(game.id, false);
    const [first] = await paymentsOf(deps, b.participationId);
    expect(await errorData(host.caller.participation.update({ participationId: a.participationId, playerCount: 2 }))).toMatchObject({ code: "PAYMENT_STATE_CONFLICT" });
    expect(await row(a.participationId)).toMatchObject({ playerCount: 1, paymentStatus: "Approved" });

    await host.caller.participation.update({ participationId: b.participationId, playerCount: 2 });
    await runDueGiveBacks(b.participationId, first!.id); // the superseded attempt's give-back (the new one waits for its deadline)
    const payments = await paymentsOf(deps, b.participationId);
    expect(payments.map((p) => [p.amountCents, p.status])).toEqual([
      [500, "canceled"],
      [1000, "requires_payment_method"],
    ]);
    expect(await row(b.participationId)).toMatchObject({ playerCount: 2, paymentStatus: "Open", paymentAttempt: 2, paymentId: payments[1]!.id, cancelledAt: null });
  });
});

export type { Stripe };
