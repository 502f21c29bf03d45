import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { PAYMENT_RESERVATION_MINUTES, type PaymentIntentStatus, type PaymentStatus } from "@shared/constants";
import type { Deps } from "../../context";
import { gameEvents } from "../../db/schema";
import type { PaymentExpiryJob, WaitingListJob } from "../../jobs/definitions";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, eventDeliverer, managedGame, participationRow, paymentsOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { handlePaymentExpiry, providerSteps } from "./payment-lifecycle";
import { handleWaitingListRetry } from "./waiting-list";

/**
 * The participation follows its payment (issue 13 "Payment reactions"): Stripe's events, delivered to
 * the app's webhook endpoint as Stripe sends them (signed, in-process), move the participation's
 * payment status through shared/rules/payment-status.ts, exactly once.
 */

let deps: Deps;
let deliver: ReturnType<typeof eventDeliverer>;
let atStripe: ReturnType<typeof stripeActions>;
beforeAll(async () => {
  deps = await testDeps();
  deliver = eventDeliverer(deps);
  atStripe = stripeActions(deps);
});

const NOW = new Date("2026-10-06T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

async function joined(values: Parameters<typeof managedGame>[1] = { startTime: hours(30) }) {
  const { host, game } = await managedGame(deps, values);
  const player = await signedInPlayer(deps);
  const r = await player.caller.participation.join({ gameId: game.id });
  const [payment] = await paymentsOf(deps, r.participation.id);
  return { host, game, player, participationId: r.participation.id, intentId: payment!.stripePaymentIntentId, paymentId: payment!.id };
}

const status = async (id: number) => (await participationRow(deps, id)).paymentStatus;

async function paymentEvents(participationId: number) {
  const rows = await deps.db.select().from(gameEvents).where(and(eq(gameEvents.type, "PAYMENT_CHANGED")));
  return rows.filter((r) => (r.payload as { participationId: number }).participationId === participationId).map((r) => r.payload);
}

describe("the participation follows its payment", () => {
  test("a confirmed card is Approved (held until the start), once however often Stripe delivers", async () => {
    testClock.freeze(NOW);
    const { participationId, intentId } = await joined();
    const events = await atStripe(() => emulatorOf(deps).confirm(intentId, "success"));
    expect(await status(participationId)).toBe("Approved");
    expect(await paymentEvents(participationId)).toEqual([{ participationId, userId: expect.any(Number), from: "Open", to: "Approved", revoked: false }]);
    // Stripe delivers again: nothing more happens
    for (const event of events) expect((await deliver(event)).body).toMatchObject({ outcome: "duplicate" });
    expect(await paymentEvents(participationId)).toHaveLength(1);
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Approved", cancelledAt: null, queue: false });
  });

  test("with instant capture the confirmed payment is Captured at once", async () => {
    testClock.freeze(NOW);
    const { participationId, intentId } = await joined({ startTime: hours(30), instantCapture: true });
    await atStripe(() => emulatorOf(deps).confirm(intentId, "success"));
    expect(await status(participationId)).toBe("Captured");
  });

  test("a declined card leaves the reservation Open for another try; 3-D Secure approves after the authentication", async () => {
    testClock.freeze(NOW);
    const { participationId, intentId } = await joined();
    const failed = await atStripe(() => emulatorOf(deps).confirm(intentId, "decline"));
    expect(failed.map((e) => e.type)).toContain("payment_intent.payment_failed");
    expect(await status(participationId)).toBe("Open");
    await atStripe(() => emulatorOf(deps).confirm(intentId, "authentication"));
    expect(await status(participationId)).toBe("Open");
    await atStripe(() => emulatorOf(deps).authenticate(intentId, "authorise"));
    expect(await status(participationId)).toBe("Approved");
    expect((await paymentEvents(participationId)).map((p) => (p as { to: string }).to)).toEqual(["Approved"]);
  });

  test("a payment Stripe drops before it is paid expires the reservation: the place is given up and the next in the waiting list is asked to pay", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 2 });
    const first = await signedInPlayer(deps);
    const paying = await first.caller.participation.join({ gameId: game.id });
    const next = await signedInPlayer(deps);
    const waiting = await next.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "next-device" });
    expect(waiting.participation).toMatchObject({ queue: true, paymentStatus: "None" });

    const [payment] = await paymentsOf(deps, paying.participation.id);
    await atStripe(() => deps.payments!.stripe.paymentIntents.cancel(payment!.stripePaymentIntentId, { cancellation_reason: "abandoned" }));

    const gone = await participationRow(deps, paying.participation.id);
    expect(gone).toMatchObject({ paymentStatus: "Expired", queue: false, banned: false, removalReason: null });
    expect(gone.cancelledAt).toEqual(NOW);
    expect(await paymentEvents(paying.participation.id)).toEqual([{ participationId: paying.participation.id, userId: first.user.id, from: "Open", to: "Expired", revoked: true }]);

    const promoted = await participationRow(deps, waiting.participation.id);
    expect(promoted).toMatchObject({ queue: false, paymentStatus: "Open", paymentAttempt: 1 });
    const [promotedPayment] = await paymentsOf(deps, promoted.id);
    expect(promotedPayment).toMatchObject({ id: promoted.paymentId!, amountCents: 500, status: "requires_payment_method" });
    // the promoted player reads the payment to confirm it (the moved-up push leads there)
    const pay = await next.caller.participation.payment({ participationId: promoted.id });
    expect(pay.clientSecret).toBe((await deps.payments!.stripe.paymentIntents.retrieve(promotedPayment!.stripePaymentIntentId)).client_secret!);
    // and the first player may join again (a new attempt), now behind the waiting list: the game is full
    const again = await first.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "first-device" });
    expect(again.participation).toMatchObject({ id: paying.participation.id, queue: true, paymentStatus: "Expired" });
  });
});

describe("providerSteps: what the provider's word means for the participation", () => {
  const pay = (status: PaymentIntentStatus, received = 0, refunded = 0) => ({ status, amountReceivedCents: received, amountRefundedCents: refunded });
  test.each<[PaymentStatus, ReturnType<typeof pay>, PaymentStatus[]]>([
    ["Open", pay("requires_payment_method"), []],
    ["Open", pay("requires_action"), []],
    ["Open", pay("processing"), []],
    ["Open", pay("requires_capture"), ["Approved"]],
    ["Approved", pay("requires_capture"), []],
    ["Open", pay("succeeded", 500), ["Captured"]],
    ["Approved", pay("succeeded", 500), ["Captured"]],
    ["Captured", pay("succeeded", 500), []],
    ["Captured", pay("succeeded", 500, 200), []],
    ["Captured", pay("succeeded", 500, 500), ["Released"]],
    ["Open", pay("succeeded", 500, 500), ["Captured", "Released"]],
    ["Open", pay("canceled"), ["Expired"]],
    ["Approved", pay("canceled"), ["Released"]],
    ["Expired", pay("canceled"), []],
    ["PaidExternally", pay("canceled"), []],
    ["PaidExternally", pay("requires_capture"), []],
  ])("%s with %o → %o", (current, payment, steps) => {
    expect(providerSteps(current, payment)).toEqual(steps);
  });
});

describe("the reservation's deadline (fake clock)", () => {
  const RESERVATION_MS = PAYMENT_RESERVATION_MINUTES * 60_000;
  const expiryJobs = async (participationId: number) =>
    (await deps.jobs.boss.findJobs<PaymentExpiryJob>("participation-payment-expiry", { data: { participationId } })).map((j) => ({
      data: j.data,
      startAfter: new Date(j.startAfter).getTime(),
    }));

  test("unpaid at the deadline: the intent is cancelled, the place given up, the next in the waiting list asked to pay with its own deadline", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 2 });
    const late = await signedInPlayer(deps);
    const joinedLate = await late.caller.participation.join({ gameId: game.id });
    const next = await signedInPlayer(deps);
    const waiting = await next.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "next" });
    const [payment] = await paymentsOf(deps, joinedLate.participation.id);
    const [job] = await expiryJobs(joinedLate.participation.id);
    expect(job).toEqual({ data: { participationId: joinedLate.participation.id, paymentId: payment!.id }, startAfter: NOW.getTime() + RESERVATION_MS });

    // a second early: the job fails, so pg-boss tries again later; nothing changed
    testClock.freeze(new Date(NOW.getTime() + RESERVATION_MS - 1000));
    await expect(handlePaymentExpiry(deps, job!.data)).rejects.toThrow("before its deadline");
    expect(await status(joinedLate.participation.id)).toBe("Open");

    const deadline = new Date(NOW.getTime() + RESERVATION_MS);
    testClock.freeze(deadline);
    await handlePaymentExpiry(deps, job!.data);
    expect((await deps.payments!.stripe.paymentIntents.retrieve(payment!.stripePaymentIntentId)).status).toBe("canceled");
    const expired = await participationRow(deps, joinedLate.participation.id);
    expect(expired).toMatchObject({ paymentStatus: "Expired", cancelledAt: deadline, banned: false });
    expect(await late.caller.participation.payment({ participationId: expired.id }).catch((e) => e.cause?.code)).toBe("RESERVATION_EXPIRED");

    const promoted = await participationRow(deps, waiting.participation.id);
    expect(promoted).toMatchObject({ queue: false, paymentStatus: "Open", paymentAttempt: 1, paymentReservationExpiresAt: new Date(deadline.getTime() + RESERVATION_MS) });
    expect(await expiryJobs(promoted.id)).toEqual([{ data: { participationId: promoted.id, paymentId: promoted.paymentId! }, startAfter: deadline.getTime() + RESERVATION_MS }]);

    // the job again, and Stripe's canceled event arriving late: nothing more
    await handlePaymentExpiry(deps, job!.data);
    const canceledEvent = emulatorOf(deps).events.find((e) => e.type === "payment_intent.canceled" && (e.data.object as Stripe.PaymentIntent).id === payment!.stripePaymentIntentId)!;
    expect((await deliver(canceledEvent)).body).toMatchObject({ outcome: "unchanged" });
    expect((await paymentEvents(expired.id)).length).toBe(1);
    expect(await participationRow(deps, promoted.id)).toMatchObject({ paymentStatus: "Open", paymentAttempt: 1 });
  });

  test("paid just before the deadline, its webhook still on the way: the job reads Stripe and keeps the place", async () => {
    testClock.freeze(NOW);
    const { participationId, intentId, paymentId } = await joined();
    emulatorOf(deps).confirm(intentId, "success"); // no delivery
    testClock.freeze(new Date(NOW.getTime() + RESERVATION_MS));
    await handlePaymentExpiry(deps, { participationId, paymentId });
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Approved", cancelledAt: null });
    expect((await deps.payments!.stripe.paymentIntents.retrieve(intentId)).status).toBe("requires_capture");
  });

  test("joining again after an expiry is a new attempt with a new intent", async () => {
    testClock.freeze(NOW);
    const { game, player, participationId, paymentId } = await joined();
    testClock.freeze(new Date(NOW.getTime() + RESERVATION_MS));
    await handlePaymentExpiry(deps, { participationId, paymentId });
    expect(await status(participationId)).toBe("Expired");

    const again = await player.caller.participation.join({ gameId: game.id });
    expect(again.participation).toMatchObject({ id: participationId, queue: false, paymentStatus: "Open" });
    const [first, second] = await paymentsOf(deps, participationId);
    expect(first).toMatchObject({ attempt: 1, status: "canceled" });
    expect(second).toMatchObject({ attempt: 2, status: "requires_payment_method", id: (await participationRow(deps, participationId)).paymentId! });
    expect(second!.stripePaymentIntentId).not.toBe(first!.stripePaymentIntentId);
    expect(again.payment!.clientSecret).toBe((await deps.payments!.stripe.paymentIntents.retrieve(second!.stripePaymentIntentId)).client_secret!);
  });

  test("money nobody owes is given back: an old attempt paid after all, a card paid after cash was allowed", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId, intentId: oldIntent, paymentId: oldPayment } = await joined();
    // the player cancels while Open and joins again: attempt 2; then pays the old checkout page after all
    await player.caller.participation.revoke({ gameId: game.id });
    const again = await player.caller.participation.join({ gameId: game.id });
    expect(again.participation.paymentStatus).toBe("Open");
    await atStripe(() => emulatorOf(deps).confirm(oldIntent, "success"));
    expect(await status(participationId)).toBe("Open"); // the old attempt is not the participation's payment
    expect((await expiryJobs(participationId)).filter((j) => j.data.paymentId === oldPayment)).toHaveLength(3); // its deadline, the cancellation's give-back (late-cancellation.ts), and now
    await handlePaymentExpiry(deps, { participationId, paymentId: oldPayment });
    expect((await deps.payments!.stripe.paymentIntents.retrieve(oldIntent)).status).toBe("canceled");
    expect(await status(participationId)).toBe("Open");

    // the organiser allows cash, then the card is paid too: the hold is released
    await host.caller.participation.update({ participationId, paymentStatus: "PaidExternally" });
    const current = (await participationRow(deps, participationId)).paymentId!;
    const [, second] = await paymentsOf(deps, participationId);
    await atStripe(() => emulatorOf(deps).confirm(second!.stripePaymentIntentId, "success"));
    await handlePaymentExpiry(deps, { participationId, paymentId: current });
    expect((await deps.payments!.stripe.paymentIntents.retrieve(second!.stripePaymentIntentId)).status).toBe("canceled");
    expect(await status(participationId)).toBe("PaidExternally");
  });
});

describe("the waiting list of a managed game", () => {
  test("a reservation the provider refuses does not stop the player who cancels; the queue moves up later", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 1, organiserPlayers: 0 });
    const leaving = await signedInPlayer(deps);
    await leaving.caller.participation.join({ gameId: game.id });
    const next = await signedInPlayer(deps);
    const waiting = await next.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "wait" });

    // the organiser's account cannot take charges for now
    await deps.database.query(`update users set payment_charges_enabled = false where id = $1`, [host.user.id]);
    expect((await leaving.caller.participation.revoke({ gameId: game.id })).promoted).toEqual([]);
    expect(await participationRow(deps, waiting.participation.id)).toMatchObject({ queue: true, paymentStatus: "None", paymentId: null });
    const jobs = await deps.jobs.boss.findJobs<WaitingListJob>("game-waiting-list", { data: { gameId: game.id } });
    expect(jobs.map((j) => [j.data, new Date(j.startAfter).getTime()])).toEqual([[{ gameId: game.id, retry: 1 }, NOW.getTime() + 60_000]]);

    // a newcomer does not overtake the waiting list
    const newcomer = await signedInPlayer(deps);
    expect((await newcomer.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "new" })).participation.queue).toBe(true);

    await deps.database.query(`update users set payment_charges_enabled = true where id = $1`, [host.user.id]);
    await handleWaitingListRetry(deps, jobs[0]!.data);
    expect(await participationRow(deps, waiting.participation.id)).toMatchObject({ queue: false, paymentStatus: "Open", paymentAttempt: 1 });
    expect((await paymentsOf(deps, waiting.participation.id)).length).toBe(1);
  });

  test("a player the organiser moves up is asked to pay", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 3 });
    const p = await signedInPlayer(deps);
    const r = await p.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "q" }); // a place is free: joins as a player
    expect(r.participation.queue).toBe(false);
    // as if they had been queued while the game was full
    await deps.database.query(`update participations set queue = true, queued_at = $2, payment_status = 'None', payment_id = null where id = $1`, [r.participation.id, NOW.toISOString()]);
    const moved = await host.caller.participation.update({ participationId: r.participation.id, queue: false });
    expect(moved).toMatchObject({ queue: false, paymentStatus: "Open" });
    const row = await participationRow(deps, r.participation.id);
    expect(row.paymentAttempt).toBe(2);
    expect((await paymentsOf(deps, row.id)).map((x) => x.attempt)).toEqual([1, 2]);
  });
});
