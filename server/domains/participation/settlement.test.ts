import { beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import { ENDING_WAYS, SETTLEMENT_WINDOWS, settlementOf, type EndingWay, type SettlementWindow } from "@shared/rules/settlement";
import type { Deps } from "../../context";
import type { GamePaymentsReleaseJob, PaymentExpiryJob } from "../../jobs/definitions";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, managedGame, participationRow, paymentsOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { handleGamePaymentsRelease, handlePaymentExpiry } from "./payment-lifecycle";

/**
 * The money table walked against the Stripe emulator and the database (issue 23 item 1): for every
 * status that holds or asks for money (Open, Approved, Captured), every way a place ends and both time
 * windows, what happens at Stripe and to the participation is what shared/rules/settlement.ts says.
 * The free window's cells act through tRPC, the late window's through the native wrapper's GraphQL.
 * Statuses without money (None, Expired, Released, PaidExternally) move nothing: the pure table test.
 */

let deps: Deps;
let atStripe: ReturnType<typeof stripeActions>;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
});

const NOW = new Date("2026-10-14T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const START: Record<SettlementWindow, number> = { free: 72, late: 24 };

/** The participation's give-back and deadline jobs, run as pg-boss would (it plans by the wall clock, not the fake one). */
async function runPaymentJobs(participationId: number) {
  for (const j of await deps.jobs.boss.findJobs<PaymentExpiryJob>("participation-payment-expiry", { data: { participationId } })) await handlePaymentExpiry(deps, j.data);
}

const intentOf = (id: string) => deps.payments!.stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
const chargeOf = (pi: Stripe.PaymentIntent) => pi.latest_charge as Stripe.Charge | null;

function graphqlAs(token: string) {
  const client = httpClient(deps);
  client.jar.set("session", token);
  return client;
}

type Paying = "Open" | "Approved" | "Captured";

async function scene(status: Paying, way: EndingWay, window: SettlementWindow) {
  testClock.freeze(NOW);
  const { host, game } = await managedGame(deps, {
    startTime: hours(START[window]),
    // host + the player: a late cancellation leaves the game one short of what it had (needs 1 replacement)
    minPlayers: 4,
    // full with the host and the player, so the organiser may move the player to the waiting list
    maxPlayers: way === "movedToWaitingList" ? 2 : 10,
    instantCapture: status === "Captured",
  });
  const p = await signedInPlayer(deps);
  const joined = await p.caller.participation.join({ gameId: game.id, deviceToken: `settle-${p.user.id}` });
  const participationId = joined.participation.id;
  const [payment] = await paymentsOf(deps, participationId);
  if (status !== "Open") await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
  if (way === "movedToWaitingList") {
    // someone waits for the place, so the moved player does not move straight back up
    const w = await signedInPlayer(deps);
    await w.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `waiting-${w.user.id}` });
  }
  expect((await participationRow(deps, participationId)).paymentStatus).toBe(status);
  return { host, game, p, participationId, intentId: payment!.stripePaymentIntentId, amountCents: payment!.amountCents, feeCents: payment!.applicationFeeCents };
}

async function end(s: Awaited<ReturnType<typeof scene>>, way: EndingWay, viaGraphql: boolean) {
  const { host, game, p, participationId } = s;
  const ok = async (client: ReturnType<typeof httpClient>, query: string, variables: Record<string, unknown>) => {
    const { body } = await client.graphql(query, variables);
    expect(body.errors).toBeUndefined();
  };
  switch (way) {
    case "playerCancels":
      if (viaGraphql) await ok(graphqlAs(p.token), `mutation($g: ID!) { revokeGameParticipation(gameId: $g) { ok } }`, { g: game.id });
      else await p.caller.participation.revoke({ gameId: game.id });
      return;
    case "organiserRemoves":
      if (viaGraphql)
        await ok(graphqlAs(host.token), `mutation($g: ID!, $p: ID) { revokeGameParticipation(gameId: $g, participationId: $p, playerRemovalReason: "FRIEND_PLAYS_INSTEAD") { ok } }`, {
          g: game.id,
          p: participationId,
        });
      else await host.caller.participation.revoke({ gameId: game.id, participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" });
      return;
    case "reservationExpires": {
      const row = await participationRow(deps, participationId);
      if (row.paymentReservationExpiresAt) testClock.freeze(new Date(row.paymentReservationExpiresAt.getTime() + 1000));
      return;
    }
    case "gameCancelled":
      if (viaGraphql) await ok(graphqlAs(host.token), `mutation($g: ID!) { cancelGame(id: $g, cancellationReason: "BAD_WEATHER") { game { id } } }`, { g: game.id });
      else await host.caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" });
      for (const j of await deps.jobs.boss.findJobs<GamePaymentsReleaseJob>("game-payments-release", { data: { gameId: game.id } })) await handleGamePaymentsRelease(deps, j.data);
      return;
    case "accountDeleted":
      if (viaGraphql) await ok(graphqlAs(p.token), `mutation { deleteAccount(confirmation: "löschen") { success } }`, {});
      else await p.caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
      return;
    case "movedToWaitingList":
      if (viaGraphql) await ok(graphqlAs(host.token), `mutation($p: ID!) { updateParticipation(participationId: $p, queue: true) { participation { id } } }`, { p: participationId });
      else await host.caller.participation.update({ participationId, queue: true });
      return;
  }
}

const cells = (["Open", "Approved", "Captured"] as const).flatMap((status) => ENDING_WAYS.flatMap((way) => SETTLEMENT_WINDOWS.map((window) => [status, way, window] as const)));

describe("every way a paid place ends settles its money (status × way × window)", () => {
  test.each(cells)("%s, %s, %s", async (status, way, window) => {
    const s = await scene(status, way, window);
    await end(s, way, window === "late");
    await runPaymentJobs(s.participationId);
    const outcome = settlementOf(status, way, window);
    const pi = await intentOf(s.intentId);
    const row = await participationRow(deps, s.participationId);
    if (outcome === "release") {
      expect(pi.status).toBe("canceled");
      expect(row.paymentStatus).toBe(status === "Open" ? "Expired" : "Released");
    } else if (outcome === "refund") {
      expect(pi.status).toBe("succeeded");
      expect(chargeOf(pi)!.amount_refunded).toBe(s.amountCents);
      // the platform gives its fee back too: the game did not happen for this player
      expect(emulatorOf(deps).applicationFeeRefundedCents(s.intentId)).toBe(s.feeCents);
      expect(row.paymentStatus).toBe("Released");
    } else if (outcome === "keep") {
      // a paid place has no reservation to run out: nothing ends, nothing moves
      expect(pi.status).toBe(status === "Approved" ? "requires_capture" : "succeeded");
      expect(row).toMatchObject({ paymentStatus: status, cancelledAt: null });
    } else {
      expect(outcome).toBe("keepUnlessReplaced");
      expect(pi.status).toBe(status === "Approved" ? "requires_capture" : "succeeded");
      expect(chargeOf(pi)?.amount_refunded ?? 0).toBe(0);
      expect(row).toMatchObject({ paymentStatus: status, cancellationReplacementsNeeded: 1 });
      // a replacement who pays gives the money back
      const r = await signedInPlayer(deps);
      const joined = await r.caller.participation.join({ gameId: s.game.id });
      const [rp] = await paymentsOf(deps, joined.participation.id);
      await atStripe(() => emulatorOf(deps).confirm(rp!.stripePaymentIntentId, "success"));
      await runPaymentJobs(s.participationId);
      const after = await intentOf(s.intentId);
      expect(after.status).toBe(status === "Approved" ? "canceled" : "succeeded");
      if (status === "Captured") expect(chargeOf(after)!.amount_refunded).toBe(s.amountCents);
      expect(await participationRow(deps, s.participationId)).toMatchObject({ paymentStatus: "Released", cancellationReplacementsNeeded: 0 });
    }
  });
});

describe("after the money went back", () => {
  test("a player whose captured payment was refunded joins again and pays anew (instant capture, 5 days ahead)", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(120), instantCapture: true });
    const p = await signedInPlayer(deps);
    const first = await p.caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, first.participation.id);
    await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
    await p.caller.participation.revoke({ gameId: game.id });
    // joined again before the refund's job ran: the new reservation supersedes the captured payment
    const again = await p.caller.participation.join({ gameId: game.id });
    expect(again.payment).not.toBeNull();
    await runPaymentJobs(first.participation.id);
    const payments = await paymentsOf(deps, first.participation.id);
    expect(payments.map((x) => [x.status, x.amountRefundedCents])).toEqual([
      ["succeeded", 500],
      ["requires_payment_method", 0],
    ]);
    expect(await participationRow(deps, first.participation.id)).toMatchObject({ paymentStatus: "Open", cancelledAt: null, paymentAttempt: 2 });
  });

  test("a late canceller whose money is kept comes back: they replace themselves, the kept money goes back", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(24), minPlayers: 4, instantCapture: true });
    const p = await signedInPlayer(deps);
    const first = await p.caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, first.participation.id);
    await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
    await p.caller.participation.revoke({ gameId: game.id });
    expect(await participationRow(deps, first.participation.id)).toMatchObject({ paymentStatus: "Captured", cancellationReplacementsNeeded: 1 });
    await p.caller.participation.join({ gameId: game.id });
    await runPaymentJobs(first.participation.id);
    const [old] = await paymentsOf(deps, first.participation.id);
    expect(old!.amountRefundedCents).toBe(500);
    expect(await participationRow(deps, first.participation.id)).toMatchObject({ paymentStatus: "Open", cancellationReplacementsNeeded: null, cancelledAt: null });
  });
});
