import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { participationFeeCents } from "@shared/rules/fees";
import type { Deps } from "../../context";
import { gameEvents } from "../../db/schema";
import type { GamePaymentsCaptureJob, GamePaymentsRepriceJob, PaymentReminderJob } from "../../jobs/definitions";
import { errorData } from "../../testing/caller";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, managedGame, participationRow, payingPlayer, paymentsOf, stripeActions } from "../../testing/payment-fixtures";
import { handlePaymentReminder } from "./payment-notices";
import { handleGamePaymentsCapture } from "./payment-capture";
import { handleGamePaymentsReprice } from "./payment-reprice";

/**
 * Changes that must move money (issue 23 items 2 to 5): switching managed payment off, a lowered price,
 * a refund made outside the app, and the jobs that must come once. Against the Stripe emulator and the
 * database, with the fake clock; jobs run by hand as pg-boss would.
 */

let deps: Deps;
let atStripe: ReturnType<typeof stripeActions>;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
});

const NOW = new Date("2026-10-20T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

const player = (gameId: number, pay: boolean) => payingPlayer(deps, atStripe, gameId, { pay, deviceTokenPrefix: "money-" });

function graphqlAs(token: string) {
  const client = httpClient(deps);
  client.jar.set("session", token);
  return client;
}

const UPDATE = `mutation($gameId: ID!, $price: Float, $isManagedPayment: Boolean) {
  updateGame(gameId: $gameId, price: $price, isManagedPayment: $isManagedPayment) { game { id priceCents isManagedPayment } }
}`;

describe("switching managed payment off (item 2)", () => {
  test.each(["Open", "Approved", "Captured"] as const)("is refused while a payment is %s, on both transports; allowed when none is", async (status) => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(48), instantCapture: status === "Captured" });
    const p = await player(game.id, status !== "Open");
    expect((await participationRow(deps, p.participationId)).paymentStatus).toBe(status);
    expect(await errorData(host.caller.games.update({ gameId: game.id, isManagedPayment: false }))).toMatchObject({ code: "MANAGED_PAYMENT_HAS_PAYMENTS" });
    const { body } = await graphqlAs(host.token).graphql(UPDATE, { gameId: game.id, isManagedPayment: false });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "MANAGED_PAYMENT_HAS_PAYMENTS", status: 409 });

    const { game: empty, host: other } = await managedGame(deps, { startTime: hours(48) });
    const switched = await other.caller.games.update({ gameId: empty.id, isManagedPayment: false });
    expect(switched.isManagedPayment).toBe(false);
  });
});

describe("a lowered price (item 3): everyone pays the new price", () => {
  test.each(["trpc", "graphql"] as const)("an unpaid intent asks for less, a hold is captured at the new amount, a capture is refunded the difference (%s)", async (transport) => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(48), maxPlayers: 10 });
    const open = await player(game.id, false);
    const held = await player(game.id, true);
    if (transport === "trpc") await host.caller.games.update({ gameId: game.id, priceCents: 400 });
    else expect((await graphqlAs(host.token).graphql(UPDATE, { gameId: game.id, price: 4 })).body.errors).toBeUndefined();
    for (const j of await deps.jobs.boss.findJobs<GamePaymentsRepriceJob>("game-payments-reprice", { data: { gameId: game.id } })) await handleGamePaymentsReprice(deps, j.data);

    // the open reservation's intent (the same one: an open checkout shows the new amount)
    const [openPayment] = await paymentsOf(deps, open.participationId);
    expect(openPayment).toMatchObject({ amountCents: 400, applicationFeeCents: participationFeeCents({ priceCents: 400, feePercentage: 6 }), stripePaymentIntentId: open.intentId });
    expect((await deps.payments!.stripe.paymentIntents.retrieve(open.intentId)).amount).toBe(400);
    expect(await participationRow(deps, open.participationId)).toMatchObject({ totalPriceCents: 400, paymentStatus: "Open" });
    // a newcomer pays the new price too
    const late = await player(game.id, false);
    expect((await paymentsOf(deps, late.participationId))[0]!.amountCents).toBe(400);

    // the hold is taken at 4 € at the start, with the fee of 4 €
    testClock.freeze(game.startTime);
    await handleGamePaymentsCapture(deps, { gameId: game.id, startTime: game.startTime.toISOString() });
    const heldIntent = await deps.payments!.stripe.paymentIntents.retrieve(held.intentId);
    expect(heldIntent).toMatchObject({ status: "succeeded", amount_received: 400, application_fee_amount: participationFeeCents({ priceCents: 400, feePercentage: 6 }) });
    expect(await participationRow(deps, held.participationId)).toMatchObject({ paymentStatus: "Captured", totalPriceCents: 400 });
  });

  test("a captured payment (instant capture) is refunded the difference once, with the fee in proportion", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(48), instantCapture: true });
    const paid = await player(game.id, true);
    await host.caller.games.update({ gameId: game.id, priceCents: 300 });
    const jobs = await deps.jobs.boss.findJobs<GamePaymentsRepriceJob>("game-payments-reprice", { data: { gameId: game.id } });
    expect(jobs).toHaveLength(1);
    await handleGamePaymentsReprice(deps, jobs[0]!.data);
    await handleGamePaymentsReprice(deps, jobs[0]!.data); // again: nothing twice
    const intent = await deps.payments!.stripe.paymentIntents.retrieve(paid.intentId, { expand: ["latest_charge"] });
    expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(200);
    const fee = participationFeeCents({ priceCents: 500, feePercentage: 6 });
    expect(emulatorOf(deps).applicationFeeRefundedCents(paid.intentId)).toBe(Math.floor((fee * 200) / 500));
    expect(await participationRow(deps, paid.participationId)).toMatchObject({ paymentStatus: "Captured", totalPriceCents: 300 });
    expect((await paymentsOf(deps, paid.participationId))[0]).toMatchObject({ amountReceivedCents: 500, amountRefundedCents: 200 });
  });
});

describe("a refund made outside the app (item 4)", () => {
  test("the participation follows the money and the organiser is told", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(48), instantCapture: true });
    const paid = await player(game.id, true);
    expect((await participationRow(deps, paid.participationId)).paymentStatus).toBe("Captured");
    // the organiser refunds in Stripe's dashboard (an API call that is not ours)
    await atStripe(() => deps.payments!.stripe.refunds.create({ payment_intent: paid.intentId }));
    expect(await participationRow(deps, paid.participationId)).toMatchObject({ paymentStatus: "Released", cancelledAt: null });
    const events = await deps.db
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, game.id), eq(gameEvents.type, "PAYMENT_CHANGED")));
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ participationId: paid.participationId, from: "Captured", to: "Released", refundedOutsideApp: true }));
  });
});

describe("jobs that come once (item 5)", () => {
  test("after a declined cash request the reservation is reminded once", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(48) });
    await host.caller.games.update({ gameId: game.id, externalPaymentRequestsAllowed: true });
    const p = await player(game.id, false);
    testClock.freeze(new Date(NOW.getTime() + 60_000));
    await p.caller.participation.requestCash({ gameId: game.id });
    testClock.freeze(new Date(NOW.getTime() + 120_000));
    await host.caller.participation.declineCash({ participationId: p.participationId });
    const reminders = await deps.jobs.boss.findJobs<PaymentReminderJob>("participation-payment-reminder", { data: { participationId: p.participationId } });
    expect(reminders).toHaveLength(2);
    // both reminders' times come; only the one of the deadline in force reminds
    const row = await participationRow(deps, p.participationId);
    testClock.freeze(new Date(row.paymentReservationExpiresAt!.getTime() - 60_000));
    for (const j of reminders) await handlePaymentReminder(deps, j.data);
    const due = await deps.db
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, game.id), eq(gameEvents.type, "PAYMENT_DUE")));
    expect(due).toHaveLength(1);
  });

  test("the capture at the start is one job per game, however many cards are held", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(48), maxPlayers: 10 });
    for (let i = 0; i < 4; i++) await player(game.id, true);
    const jobs = await deps.jobs.boss.findJobs<GamePaymentsCaptureJob>("game-payments-capture", { data: { gameId: game.id } });
    expect(jobs).toHaveLength(1);
  });
});
