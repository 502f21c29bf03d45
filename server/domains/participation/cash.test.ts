import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, inArray } from "drizzle-orm";
import { PAYMENT_RESERVATION_MINUTES } from "@shared/constants";
import type { Deps } from "../../context";
import { gameEvents, games, organizations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { managedGame, participationRow, paymentsOf, signedInPlayer } from "../../testing/payment-fixtures";
import { handlePaymentExpiry } from "./payment-lifecycle";

/**
 * Cash in managed-payment games (issue 13 "Cash"; spec 000 sections 4-7): a player on Open asks to pay in
 * cash (requestExternalPayment), the organiser declines (declineExternalPaymentRequest) or allows
 * (updateParticipation paymentStatus PaidExternally, also after a decline). Each step is a game event.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-10-07T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

async function cashGame(values: { allowed?: boolean; feePercentage?: number } = {}) {
  const { host, game } = await managedGame(deps, { startTime: hours(30), feePercentage: values.feePercentage });
  await deps.db.update(games).set({ externalPaymentRequestsAllowed: values.allowed ?? true }).where(eq(games.id, game.id));
  const player = await signedInPlayer(deps);
  const joined = await player.caller.participation.join({ gameId: game.id, deviceToken: `push-${player.user.id}` });
  return { host, game, player, participationId: joined.participation.id };
}

async function eventsOf(gameId: number, types: string[]) {
  const rows = await deps.db
    .select()
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), inArray(gameEvents.type, types)))
    .orderBy(asc(gameEvents.id));
  return rows.map((r) => ({ type: r.type, actorId: r.actorId, payload: r.payload }));
}

describe("requestExternalPayment", () => {
  test("records the request with its message, and the organiser sees RE with it on the game page", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId } = await cashGame();
    const answer = await player.caller.participation.requestCash({ gameId: game.id, message: "  Ich zahle vor Ort bar.  " });
    expect(answer).toEqual({
      participationId,
      paymentStatus: "Open",
      requestedExternalPaymentAt: NOW,
      declinedExternalPaymentAt: null,
      externalPaymentMessage: "Ich zahle vor Ort bar.",
    });
    expect(await eventsOf(game.id, ["CASH_REQUESTED"])).toEqual([
      { type: "CASH_REQUESTED", actorId: player.user.id, payload: { participationId, userId: player.user.id, message: "Ich zahle vor Ort bar." } },
    ]);

    const seenByHost = (await host.caller.games.byId({ gameId: game.id })).participations.find((p) => p.id === participationId)!;
    expect(seenByHost).toMatchObject({ paymentCode: "RE", requestedExternalPaymentAt: NOW, declinedExternalPaymentAt: null, externalPaymentMessage: "Ich zahle vor Ort bar.", payed: 0 });
    const own = await player.caller.games.byId({ gameId: game.id });
    expect(own.viewer.participation).toMatchObject({ requestedExternalPaymentAt: NOW, declinedExternalPaymentAt: null });
    // the player sees their own code, not the message fields meant for the organiser
    expect(own.participations.find((p) => p.id === participationId)).toMatchObject({ paymentCode: "RE", externalPaymentMessage: null, payed: null });
    // somebody else sees no codes at all
    const other = await signedInPlayer(deps);
    const seenByOther = await other.caller.games.byId({ gameId: game.id });
    expect(seenByOther.participations.map((p) => p.paymentCode)).toEqual(seenByOther.participations.map(() => null));
  });

  test("asking again while pending changes nothing; without a message the message is null", async () => {
    testClock.freeze(NOW);
    const { game, player } = await cashGame();
    await player.caller.participation.requestCash({ gameId: game.id, message: "" });
    testClock.advance(60_000);
    const again = await player.caller.participation.requestCash({ gameId: game.id, message: "anders" });
    expect(again).toMatchObject({ requestedExternalPaymentAt: NOW, externalPaymentMessage: null });
    expect(await eventsOf(game.id, ["CASH_REQUESTED"])).toHaveLength(1);
  });

  test("refused: game without cash requests, not managed, not Open, no participation, no notifications, not signed in", async () => {
    testClock.freeze(NOW);
    const closed = await cashGame({ allowed: false });
    expect(await errorData(closed.player.caller.participation.requestCash({ gameId: closed.game.id }))).toMatchObject({ code: "CASH_NOT_ALLOWED" });

    const { host, game, player, participationId } = await cashGame();
    // the organiser's own place is not Open (no payment)
    expect(await errorData(host.caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "CASH_NOT_OPEN" });
    const stranger = await signedInPlayer(deps);
    expect(await errorData(stranger.caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    expect(await errorData((await callerFor(deps)).caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "UNAUTHENTICATED" });

    // joined without a device: notifications are needed, a token sent with the request turns them on
    const quiet = await signedInPlayer(deps);
    const joined = await quiet.caller.participation.join({ gameId: game.id });
    expect(await errorData(quiet.caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "CASH_NEEDS_NOTIFICATIONS" });
    await quiet.caller.participation.requestCash({ gameId: game.id, deviceToken: "push-quiet", userAgent: "test" });
    expect(await participationRow(deps, joined.participation.id)).toMatchObject({ notificationsEnabled: true, deviceToken: "push-quiet" });

    // paid in cash already: nothing to request
    await host.caller.participation.update({ participationId, paymentStatus: "PaidExternally" });
    expect(await errorData(player.caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "CASH_NOT_OPEN" });
  });

  test("the message is plain text of at most 500 characters", async () => {
    testClock.freeze(NOW);
    const { game, player } = await cashGame();
    expect(await errorData(player.caller.participation.requestCash({ gameId: game.id, message: "x".repeat(501) }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "message", code: "message_too_long" }],
    });
    expect(await errorData(player.caller.participation.requestCash({ gameId: game.id, message: "bar\u0007" }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "message", code: "text_control_chars" }],
    });
    await player.caller.participation.requestCash({ gameId: game.id, message: "x".repeat(500) });
  });
});

describe("declining and allowing", () => {
  test("declined (DE), asked again (RE), then allowed (PA): each step an event with the organiser as actor", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId } = await cashGame();
    await player.caller.participation.requestCash({ gameId: game.id, message: "Bar bitte" });
    const declined = await host.caller.participation.declineCash({ participationId });
    expect(declined).toMatchObject({ paymentStatus: "Open", requestedExternalPaymentAt: NOW, declinedExternalPaymentAt: NOW });
    const code1 = async () => (await host.caller.games.byId({ gameId: game.id })).participations.find((p) => p.id === participationId)!;
    expect((await code1()).paymentCode).toBe("DE");
    // nothing pending any more
    expect(await errorData(host.caller.participation.declineCash({ participationId }))).toMatchObject({ code: "CASH_REQUEST_NOT_PENDING" });

    // asked again in the same millisecond: a newer request, the decline stays on record
    const again = await player.caller.participation.requestCash({ gameId: game.id });
    expect(again.requestedExternalPaymentAt!.getTime()).toBe(NOW.getTime() + 1);
    expect(again.declinedExternalPaymentAt).toEqual(NOW);
    expect((await code1()).paymentCode).toBe("RE");
    await host.caller.participation.declineCash({ participationId });
    expect((await code1()).paymentCode).toBe("DE");

    // the organiser may still allow after declining
    testClock.advance(60_000);
    const allowed = await host.caller.participation.update({ participationId, paymentStatus: "PaidExternally" });
    expect(allowed.paymentStatus).toBe("PaidExternally");
    expect(await code1()).toMatchObject({ paymentCode: "PA", payed: 1 });
    expect((await player.caller.games.byId({ gameId: game.id })).viewer.participation?.paymentStatus).toBe("PaidExternally");

    expect(await eventsOf(game.id, ["CASH_REQUESTED", "CASH_DECLINED", "PAYMENT_CHANGED"])).toEqual([
      { type: "CASH_REQUESTED", actorId: player.user.id, payload: { participationId, userId: player.user.id, message: "Bar bitte" } },
      { type: "CASH_DECLINED", actorId: host.user.id, payload: { participationId, userId: player.user.id } },
      { type: "CASH_REQUESTED", actorId: player.user.id, payload: { participationId, userId: player.user.id, message: null } },
      { type: "CASH_DECLINED", actorId: host.user.id, payload: { participationId, userId: player.user.id } },
      { type: "PAYMENT_CHANGED", actorId: host.user.id, payload: { participationId, userId: player.user.id, from: "Open", to: "PaidExternally", revoked: false } },
    ]);
  });

  test("only managers and admins decline; an organisation member may", async () => {
    testClock.freeze(NOW);
    const { game, player, participationId } = await cashGame({ feePercentage: 6 });
    await player.caller.participation.requestCash({ gameId: game.id });
    expect(await errorData(player.caller.participation.declineCash({ participationId }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    expect(await errorData((await signedInPlayer(deps)).caller.participation.declineCash({ participationId }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    expect(await errorData(player.caller.participation.declineCash({ participationId: 2_000_000_000 }))).toMatchObject({ code: "PARTICIPATION_NOT_FOUND" });
    const [row] = await deps.db.select({ organizationId: games.organizationId }).from(games).where(eq(games.id, game.id));
    const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, row!.organizationId!));
    const member = await signedInPlayer(deps, { organizationId: org!.id });
    await member.caller.participation.declineCash({ participationId });
    const admin = await createUser(deps, { isAdmin: true, emailVerifiedAt: NOW });
    const a = await callerFor(deps);
    await a.caller.auth.login({ email: admin.email, password: FACTORY_PASSWORD });
    await player.caller.participation.requestCash({ gameId: game.id });
    const adminCaller = (await callerFor(deps, { token: a.cookies.token! })).caller;
    expect((await adminCaller.participation.declineCash({ participationId })).declinedExternalPaymentAt).not.toBeNull();
    // the player may not allow their own cash
    expect(await errorData(player.caller.participation.update({ participationId, paymentStatus: "PaidExternally" }))).toMatchObject({ code: "PAYMENT_TRANSITION_NOT_ALLOWED" });
  });

  test("the reservation's deadline does not take a place paid in cash", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId } = await cashGame();
    await player.caller.participation.requestCash({ gameId: game.id });
    await host.caller.participation.update({ participationId, paymentStatus: "PaidExternally" });
    testClock.advance((PAYMENT_RESERVATION_MINUTES + 1) * 60_000);
    const [payment] = await paymentsOf(deps, participationId);
    await handlePaymentExpiry(deps, { participationId, paymentId: payment!.id });
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "PaidExternally", cancelledAt: null });
    expect((await host.caller.games.byId({ gameId: game.id })).participations.find((p) => p.id === participationId)?.paymentCode).toBe("PA");
    // the unpaid intent was given back (cancelled) and is no longer a payment of the place
    expect((await paymentsOf(deps, participationId))[0]!.status).toBe("canceled");
  });
});

describe("a pending request holds the place", () => {
  test("past the reservation's deadline and the start; a decline restarts the reservation, which then expires", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId } = await cashGame();
    const [payment] = await paymentsOf(deps, participationId);
    const job = { participationId, paymentId: payment!.id };
    await player.caller.participation.requestCash({ gameId: game.id, message: "Bar am Platz" });
    // the deadline moved to the start; the reservation's job at the old deadline leaves the place alone
    expect((await participationRow(deps, participationId)).paymentReservationExpiresAt).toEqual(game.startTime);
    testClock.advance((PAYMENT_RESERVATION_MINUTES + 1) * 60_000);
    await handlePaymentExpiry(deps, job);
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Open", cancelledAt: null });
    expect((await paymentsOf(deps, participationId))[0]!.status).not.toBe("canceled");
    const afterStart = new Date(game.startTime.getTime() + 60_000);
    testClock.freeze(afterStart);
    await handlePaymentExpiry(deps, job);
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Open", cancelledAt: null });
    testClock.freeze(new Date(NOW.getTime() + (PAYMENT_RESERVATION_MINUTES + 1) * 60_000));

    // declined: a normal reservation from now, with its own job; the old one (run again) sees a moved deadline
    const declinedAt = testClock.now();
    await host.caller.participation.declineCash({ participationId });
    const restarted = await participationRow(deps, participationId);
    expect(restarted.paymentReservationExpiresAt).toEqual(new Date(declinedAt.getTime() + PAYMENT_RESERVATION_MINUTES * 60_000));
    const planned = await deps.jobs.boss.findJobs("participation-payment-expiry", { data: job });
    expect(planned.map((j) => new Date(j.startAfter).getTime())).toContain(restarted.paymentReservationExpiresAt!.getTime());
    await handlePaymentExpiry(deps, job);
    expect((await participationRow(deps, participationId)).paymentStatus).toBe("Open");

    testClock.freeze(restarted.paymentReservationExpiresAt!);
    await handlePaymentExpiry(deps, job);
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Expired", cancelledAt: restarted.paymentReservationExpiresAt });
  });

  test("a request after the deadline is too late; a rejoin starts without the old request", async () => {
    testClock.freeze(NOW);
    const { game, player, participationId } = await cashGame();
    testClock.advance(PAYMENT_RESERVATION_MINUTES * 60_000);
    expect(await errorData(player.caller.participation.requestCash({ gameId: game.id }))).toMatchObject({ code: "RESERVATION_EXPIRED" });
    const [payment] = await paymentsOf(deps, participationId);
    await handlePaymentExpiry(deps, { participationId, paymentId: payment!.id });
    expect((await participationRow(deps, participationId)).paymentStatus).toBe("Expired");
    await player.caller.participation.join({ gameId: game.id, deviceToken: `push-${player.user.id}` });
    await player.caller.participation.requestCash({ gameId: game.id });
    expect(await participationRow(deps, participationId)).toMatchObject({ paymentStatus: "Open", paymentReservationExpiresAt: game.startTime });
  });
});

describe("the native wrapper's calls (spec 000 section 7, documented arguments)", () => {
  async function wrapperClient(email: string) {
    const client = httpClient(deps);
    await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, { email, password: FACTORY_PASSWORD });
    return client;
  }

  test("requestExternalPayment {gameId, message, deviceToken, userAgent}, declineExternalPaymentRequest {participationId}, updateParticipation {payed}", async () => {
    testClock.freeze(NOW);
    const { host, game, player, participationId } = await cashGame();
    const phone = await wrapperClient(player.user.email);
    const requested = await phone.graphql(
      `mutation($gameId: ID!, $message: String, $deviceToken: String, $userAgent: String) {
        requestExternalPayment(gameId: $gameId, message: $message, deviceToken: $deviceToken, userAgent: $userAgent) {
          participationId paymentStatus requestedExternalPaymentAt declinedExternalPaymentAt externalPaymentMessage
        }
      }`,
      { gameId: String(game.id), message: "Bar bitte", deviceToken: "native-token-1", userAgent: "Kickrunde/1.0 (iPhone)" },
    );
    expect(requested.body.errors).toBeUndefined();
    expect(requested.body.data).toEqual({
      requestExternalPayment: {
        participationId: String(participationId),
        paymentStatus: "Open",
        requestedExternalPaymentAt: NOW.toISOString(),
        declinedExternalPaymentAt: null,
        externalPaymentMessage: "Bar bitte",
      },
    });

    const organiser = await wrapperClient(host.user.email);
    const declined = await organiser.graphql(`mutation($id: ID!) { declineExternalPaymentRequest(participationId: $id) { declinedExternalPaymentAt } }`, { id: String(participationId) });
    expect(declined.body.data).toEqual({ declineExternalPaymentRequest: { declinedExternalPaymentAt: NOW.toISOString() } });
    const again = await organiser.graphql(`mutation($id: ID!) { declineExternalPaymentRequest(participationId: $id) { declinedExternalPaymentAt } }`, { id: String(participationId) });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: "CASH_REQUEST_NOT_PENDING" });

    // allowing after the decline: the old API's payed (number paid) = playerCount
    const paid = await organiser.graphql(`mutation($id: ID!) { updateParticipation(participationId: $id, payed: 1) { participation { paymentStatus } } }`, { id: String(participationId) });
    expect(paid.body.data).toEqual({ updateParticipation: { participation: { paymentStatus: "PaidExternally" } } });
    const seen = await organiser.graphql(`query($id: ID!) { retrieveGame(id: $id) { participations { id paymentCode payed requestedExternalPaymentAt declinedExternalPaymentAt externalPaymentMessage } } }`, {
      id: String(game.id),
    });
    const entry = (seen.body.data as { retrieveGame: { participations: Record<string, unknown>[] } }).retrieveGame.participations.find((p) => p.id === String(participationId));
    expect(entry).toEqual({
      id: String(participationId),
      paymentCode: "PA",
      payed: 1,
      requestedExternalPaymentAt: NOW.toISOString(),
      declinedExternalPaymentAt: NOW.toISOString(),
      externalPaymentMessage: "Bar bitte",
    });
  });
});
