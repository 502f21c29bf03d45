import { beforeAll, describe, expect, test } from "bun:test";
import { PAYMENT_RESERVATION_MINUTES } from "@shared/constants";
import { participationFeeCents } from "@shared/rules/fees";
import type { Deps } from "../../context";
import { callerFor, errorData } from "../../testing/caller";
import { createUser } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { FACTORY_PASSWORD } from "../../testing/factories";
import { intentOf, managedGame, participationRow, paymentsOf, signedInPlayer } from "../../testing/payment-fixtures";

/**
 * Joining a managed-payment game makes a reservation (spec 000 sections 4, 5 and 7; issue 13 "Join and
 * pay"): Open with a deadline, and a payment intent at Stripe (here the run's emulator) for price ×
 * player count, with the fee, the organiser's account as destination and manual capture (automatic
 * with instant capture). The join answer carries what the client pays with.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-10-05T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

describe("joining a managed-payment game", () => {
  test("makes a reservation: Open until the deadline, an intent for price × players with the organisation's fee to the organiser", async () => {
    testClock.freeze(NOW);
    const { host, game } = await managedGame(deps, { startTime: hours(30), priceCents: 750, feePercentage: 5.75 });
    const p = await signedInPlayer(deps);
    const joined = await p.caller.participation.join({ gameId: game.id, playerCount: 2 });

    const deadline = minutes(PAYMENT_RESERVATION_MINUTES);
    expect(joined.participation).toMatchObject({ queue: false, paymentStatus: "Open", playerCount: 2, paymentReservationExpiresAt: deadline });
    const row = await participationRow(deps, joined.participation.id);
    expect(row).toMatchObject({ paymentStatus: "Open", paymentAttempt: 1, paymentReservationExpiresAt: deadline, totalPriceCents: 1500 });

    const [payment, ...more] = await paymentsOf(deps, row.id);
    expect(more).toEqual([]);
    const fee = participationFeeCents({ priceCents: 750, playerCount: 2, feePercentage: 5.75 });
    expect(fee).toBe(86 + 39);
    expect(payment).toMatchObject({
      id: row.paymentId!,
      purpose: "participation",
      attempt: 1,
      payerUserId: p.user.id,
      destinationAccountId: host.accountId,
      amountCents: 1500,
      applicationFeeCents: fee,
      captureMethod: "manual",
      status: "requires_payment_method",
    });
    // Stripe holds the same
    const intent = await intentOf(deps, payment!.stripePaymentIntentId);
    expect(intent).toMatchObject({ amount: 1500, application_fee_amount: fee, capture_method: "manual", currency: "eur" });
    expect(intent.transfer_data?.destination).toBe(host.accountId);

    // what the client pays with: no publishable key here, so the emulator's checkout page, back to the game
    expect(joined.payment).toMatchObject({ participationId: row.id, amountCents: 1500, clientSecret: intent.client_secret!, publishableKey: null, expiresAt: deadline });
    const checkout = new URL(joined.payment!.checkoutUrl!);
    expect(checkout.pathname).toBe(`/checkout/${intent.id}`);
    expect(checkout.searchParams.get("return_url")).toBe(`${deps.config.publicUrl}/game/${game.id}?payment-return`);

    // the reservation's job waits for the deadline
    const jobs = await deps.jobs.boss.findJobs("participation-payment-expiry", { data: { participationId: row.id } });
    expect(jobs.map((j) => ({ data: j.data, startAfter: new Date(j.startAfter).getTime() }))).toEqual([
      { data: { participationId: row.id, paymentId: payment!.id }, startAfter: deadline.getTime() },
    ]);
  });

  test("without an organisation the fee is 6 %; with instant capture the intent is captured automatically", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), priceCents: 500, instantCapture: true });
    const joined = await (await signedInPlayer(deps)).caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    expect(payment).toMatchObject({ amountCents: 500, applicationFeeCents: 30 + 39, captureMethod: "automatic" });
    expect((await intentOf(deps, payment!.stripePaymentIntentId)).capture_method).toBe("automatic");
  });

  test("the waiting list pays nothing until it moves up", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 2 });
    await (await signedInPlayer(deps)).caller.participation.join({ gameId: game.id });
    const queued = await (await signedInPlayer(deps)).caller.participation.join({ gameId: game.id, queue: true, deviceToken: "device-q" });
    expect(queued.participation).toMatchObject({ queue: true, paymentStatus: "None", paymentReservationExpiresAt: null });
    expect(queued.payment).toBeNull();
    expect(await paymentsOf(deps, queued.participation.id)).toEqual([]);
  });

  test("needs a signed-in player with a verified e-mail, before the start, and an organiser who can take payments", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30) });
    const guest = (await callerFor(deps)).caller;
    expect(await errorData(guest.participation.join({ gameId: game.id, firstName: "Gast", deviceToken: "g" }))).toMatchObject({ code: "MANAGED_PAYMENT_NEEDS_ACCOUNT" });
    const unverified = await signedInPlayer(deps, { emailVerifiedAt: null });
    expect(await errorData(unverified.caller.participation.join({ gameId: game.id }))).toMatchObject({ code: "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL" });

    // the game is running: joining is open until its end, but no reservation can be made any more
    const { game: running } = await managedGame(deps, { startTime: minutes(-10) });
    const late = await signedInPlayer(deps);
    expect(await errorData(late.caller.participation.join({ gameId: running.id }))).toMatchObject({ code: "GAME_ALREADY_STARTED" });
    expect(await errorData(late.caller.participation.join({ gameId: running.id, queue: true, deviceToken: "late" }))).toMatchObject({ code: "GAME_ALREADY_STARTED" });

    // the organiser's account lost its charges: nothing is created
    const { host, game: other } = await managedGame(deps, { startTime: hours(30) });
    await deps.database.query(`update users set payment_charges_enabled = false where id = $1`, [host.user.id]);
    const p = await signedInPlayer(deps);
    expect(await errorData(p.caller.participation.join({ gameId: other.id }))).toMatchObject({ code: "PAYMENT_ACCOUNT_NOT_READY" });
    const rows = await deps.database.query<{ n: number }>(`select count(*)::int as n from participations where game_id = $1`, [other.id]);
    expect(rows[0]!.n).toBe(1); // the organiser's own
  });

  test("the player reads the payment again until the deadline; then 'Reservierung abgelaufen'", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30) });
    const p = await signedInPlayer(deps);
    const joined = await p.caller.participation.join({ gameId: game.id });
    const again = await p.caller.participation.payment({ participationId: joined.participation.id });
    expect(again).toEqual(joined.payment!);

    const stranger = await signedInPlayer(deps);
    expect(await errorData(stranger.caller.participation.payment({ participationId: joined.participation.id }))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    const anonymous = (await callerFor(deps)).caller;
    expect(await errorData(anonymous.participation.payment({ participationId: joined.participation.id }))).toMatchObject({ code: "UNAUTHENTICATED" });

    testClock.freeze(minutes(PAYMENT_RESERVATION_MINUTES));
    expect(await errorData(p.caller.participation.payment({ participationId: joined.participation.id }))).toMatchObject({ code: "RESERVATION_EXPIRED" });
  });
});

test("a cancelled game's reservation is not paid any more", async () => {
  testClock.freeze(NOW);
  const { host, game } = await managedGame(deps, { startTime: hours(30) });
  const p = await signedInPlayer(deps);
  const joined = await p.caller.participation.join({ gameId: game.id });
  await host.caller.games.cancel({ gameId: game.id, reason: "COURT_NOT_AVAILABLE" });
  expect(await errorData(p.caller.participation.payment({ participationId: joined.participation.id }))).toMatchObject({ code: "GAME_CANCELLED" });
});

describe("participateInGame (GraphQL) into a managed-payment game", () => {
  test("answers the documented participation plus the client secret, the deadline and the checkout page", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30) });
    const user = await createUser(deps, { emailVerifiedAt: NOW });
    const client = httpClient(deps);
    await client.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: user.email, p: FACTORY_PASSWORD });
    type Answer = {
      participateInGame: {
        participation: { id: string; queue: boolean; paymentStatus: string; guestProfile: null; paymentIntentClientSecret: string; paymentReservationExpiresAt: string };
        payment: { clientSecret: string; checkoutUrl: string; amountCents: number };
      };
    };
    const r = await client.graphql<Answer>(
      `mutation($g: ID!) { participateInGame(gameId: $g) {
        participation { id queue paymentStatus guestProfile { firstName } paymentIntentClientSecret paymentReservationExpiresAt }
        payment { clientSecret checkoutUrl amountCents }
      } }`,
      { g: game.id },
    );
    expect(r.body.errors).toBeUndefined();
    const answer = r.body.data!.participateInGame;
    expect(answer.participation).toMatchObject({ queue: false, paymentStatus: "Open", guestProfile: null });
    expect(new Date(answer.participation.paymentReservationExpiresAt).getTime()).toBe(minutes(PAYMENT_RESERVATION_MINUTES).getTime());
    const [payment] = await paymentsOf(deps, Number(answer.participation.id));
    const intent = await intentOf(deps, payment!.stripePaymentIntentId);
    expect(answer.participation.paymentIntentClientSecret).toBe(intent.client_secret!);
    expect(answer.payment).toMatchObject({ clientSecret: intent.client_secret!, amountCents: 500 });
    expect(answer.payment.checkoutUrl).toContain(`/checkout/${intent.id}?`);
  });
});
