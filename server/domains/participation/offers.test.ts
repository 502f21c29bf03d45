import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import type { Deps } from "../../context";
import { gameEvents, participations, waitingListOffers } from "../../db/schema";
import type { GamePaymentsReleaseJob, WaitingListOfferJob } from "../../jobs/definitions";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion } from "../../testing/factories";
import { emulatorOf, managedGame, payingPlayer, paymentsOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { dispatchPendingNotifications } from "../notifications/service";
import { OFFER_MINUTES, offerExpiry, offersApply } from "./offers";
import * as repo from "./repo";
import { handleGamePaymentsRelease } from "./payment-lifecycle";
import { handleOfferExpiry } from "./waiting-list";

/**
 * Waiting-list offers close to kick-off (issue 29; README "Waiting-list offers close to kick-off"): the rule's
 * boundaries with the fake clock (the 24-hour edge, the night pause, a game at 07:00), and on PostgreSQL what a
 * freed place becomes, accepting (a free and a managed game), declining and expiry passing it on, and what ends
 * an offer. The expiry jobs are run by hand, as pg-boss would run them at their instant.
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

/** A Berlin wall time as an instant: 2026-10-08 is summer time (UTC+2), 2026-12-08 winter time (UTC+1). */
const berlin = (day: string, time: string) => berlinDateTimeToInstant(day, time);
const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);

describe("when an offer runs out (offerExpiry)", () => {
  test("in the day: 30 minutes", () => {
    expect(OFFER_MINUTES).toBe(30);
    expect(offerExpiry(berlin("2026-10-08", "12:00"), berlin("2026-10-08", "20:00"))).toEqual(berlin("2026-10-08", "12:30"));
    // exactly 30 minutes before the pause: runs out as the pause begins
    expect(offerExpiry(berlin("2026-10-08", "21:30"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-08", "22:00"));
  });

  test("the pause starts at 22:00: the rest of the time runs from 08:00", () => {
    expect(offerExpiry(berlin("2026-10-08", "21:50"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:20"));
    expect(offerExpiry(berlin("2026-12-08", "21:31"), berlin("2026-12-09", "19:00"))).toEqual(berlin("2026-12-09", "08:01"));
    expect(offerExpiry(berlin("2026-10-08", "22:00"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:30"));
    expect(offerExpiry(berlin("2026-10-08", "23:15"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:30"));
  });

  test("the pause ends at 08:00", () => {
    expect(offerExpiry(berlin("2026-10-09", "07:59"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:30"));
    expect(offerExpiry(berlin("2026-10-09", "08:00"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:30"));
    expect(offerExpiry(berlin("2026-10-09", "08:01"), berlin("2026-10-09", "19:00"))).toEqual(berlin("2026-10-09", "08:31"));
  });

  test("a game starting before the pause ends (07:00): the offer runs through the night, never past the start", () => {
    expect(offerExpiry(berlin("2026-10-08", "23:00"), berlin("2026-10-09", "07:00"))).toEqual(berlin("2026-10-08", "23:30"));
    expect(offerExpiry(berlin("2026-10-08", "21:50"), berlin("2026-10-09", "07:00"))).toEqual(berlin("2026-10-08", "22:20"));
    expect(offerExpiry(berlin("2026-10-09", "06:45"), berlin("2026-10-09", "07:00"))).toEqual(berlin("2026-10-09", "07:00"));
    // a game at 08:00 starts as the pause ends: no pause either
    expect(offerExpiry(berlin("2026-10-09", "02:00"), berlin("2026-10-09", "08:00"))).toEqual(berlin("2026-10-09", "02:30"));
    // a game at 08:20 starts after the pause: the offer waits for the morning and is capped at the start
    expect(offerExpiry(berlin("2026-10-09", "02:00"), berlin("2026-10-09", "08:20"))).toEqual(berlin("2026-10-09", "08:20"));
  });

  test("the window: less than 24 hours before the start, a game with a maximum, not cancelled", () => {
    const start = berlin("2026-10-09", "19:00");
    const game = { startTime: start, maxPlayers: 10, cancelledAt: null };
    expect(offersApply(game, new Date(start.getTime() - 24 * 3600_000))).toBe(false);
    expect(offersApply(game, new Date(start.getTime() - 24 * 3600_000 + 1))).toBe(true);
    expect(offersApply(game, new Date(start.getTime() - 1))).toBe(true);
    expect(offersApply(game, start)).toBe(false);
    expect(offersApply({ ...game, maxPlayers: null }, minutes(start, -60))).toBe(false);
    expect(offersApply({ ...game, cancelledAt: minutes(start, -120) }, minutes(start, -60))).toBe(false);
  });
});

/* ---------- on the database ---------- */

const NOW = berlin("2026-10-08", "12:00");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const offersOf = (gameId: number) => deps.db.select().from(waitingListOffers).where(eq(waitingListOffers.gameId, gameId)).orderBy(asc(waitingListOffers.id));
const rowOf = async (id: number) => (await repo.findById(deps.db, id))!;
/** The game's events of a type, in the order they were recorded (a select without an order has none). */
const eventsOf = (gameId: number, type: string) =>
  deps.db.select().from(gameEvents).where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, type))).orderBy(asc(gameEvents.createdAt), asc(gameEvents.id));

/** Runs the game's expiry jobs as pg-boss would at their instant (the fake clock must be there). */
async function runExpiryJobs(gameId: number) {
  const jobs = await deps.jobs.boss.findJobs<WaitingListOfferJob>("waiting-list-offer-expiry", { data: { gameId } });
  for (const job of jobs) await handleOfferExpiry(deps, job.data);
  return jobs;
}

/** A full game (the organiser and `players` others, maximum 1 + players) starting at `start`, and `waiting` in its queue. */
async function fullGame(start: Date, players: number, waiting: number) {
  const host = await signedInPlayer(deps);
  const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: start, minPlayers: 2, maxPlayers: 1 + players }, 1);
  const playing = [];
  for (let i = 0; i < players; i++) {
    const p = await signedInPlayer(deps);
    playing.push({ ...p, participationId: (await p.caller.participation.join({ gameId: game.id })).participation.id });
  }
  const queued = [];
  for (let i = 0; i < waiting; i++) {
    const p = await signedInPlayer(deps, { receiveGameEmails: true, applicationLanguage: "de" });
    queued.push({ ...p, participationId: (await p.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `offer-${crypto.randomUUID()}` })).participation.id });
  }
  return { host, game, playing, queued };
}

describe("a place freed within 24 hours", () => {
  test("becomes an offer to the first in line: the place is held, a newcomer queues, the holder is told; accepting moves up", async () => {
    testClock.freeze(NOW);
    const { host, game, playing, queued } = await fullGame(hours(3), 1, 2);
    const [first, second] = queued;
    const { promoted } = await playing[0]!.caller.participation.revoke({ gameId: game.id });
    expect(promoted).toEqual([]);
    const [offer] = await offersOf(game.id);
    expect(offer).toMatchObject({ participationId: first!.participationId, status: "open", offeredAt: NOW, expiresAt: minutes(NOW, 30) });
    expect(await rowOf(first!.participationId)).toMatchObject({ queue: true });
    expect(await repo.activePlayers(deps.db, game.id)).toBe(1);
    // the held place is nobody else's: a newcomer is sent to the waiting list
    const late = await signedInPlayer(deps);
    expect(await errorData(late.caller.participation.join({ gameId: game.id }))).toMatchObject({ code: "NOT_ENOUGH_PLACES" });
    expect((await late.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "late" })).participation.queue).toBe(true);
    // who sees what
    expect(await first!.caller.participation.offers({ gameId: game.id })).toMatchObject({ own: { participationId: first!.participationId, expiresAt: minutes(NOW, 30) }, holders: [], managed: false });
    expect(await second!.caller.participation.offers({ gameId: game.id })).toMatchObject({ own: null, holders: [] });
    expect((await host.caller.participation.offers({ gameId: game.id })).holders).toEqual([{ participationId: first!.participationId, name: first!.user.firstName, expiresAt: minutes(NOW, 30) }]);
    expect(await errorData(second!.caller.participation.acceptOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_NOT_FOUND" });
    // the expiry job is planned at the expiry instant
    const [job] = await deps.jobs.boss.findJobs<WaitingListOfferJob>("waiting-list-offer-expiry", { data: { gameId: game.id } });
    expect(job!.data).toEqual({ gameId: game.id, offerId: offer!.id });
    expect(job!.startAfter).toEqual(minutes(NOW, 30));
    // pushed and mailed with the deadline
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(first!.user.email));
    expect(mail.subject).toStartWith("Ein Platz ist frei geworden:");
    expect(mail.text).toContain("bis 12:30 Uhr");

    testClock.freeze(minutes(NOW, 29));
    expect(await first!.caller.participation.acceptOffer({ gameId: game.id })).toMatchObject({ participationId: first!.participationId, queue: false, paymentStatus: "None" });
    expect(await rowOf(first!.participationId)).toMatchObject({ queue: false });
    expect(await repo.activePlayers(deps.db, game.id)).toBe(2);
    expect((await offersOf(game.id)).map((o) => o.status)).toEqual(["accepted"]);
    expect((await eventsOf(game.id, "MOVED_UP")).map((e) => e.payload)).toEqual([{ participationId: first!.participationId, userId: first!.user.id }]);
    expect(await errorData(first!.caller.participation.acceptOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_NOT_FOUND" });
    // the job at the instant finds the offer answered and changes nothing
    testClock.freeze(minutes(NOW, 30));
    await runExpiryJobs(game.id);
    expect((await offersOf(game.id)).map((o) => o.status)).toEqual(["accepted"]);
  });

  test("declining passes it on; the decliner leaves the waiting list", async () => {
    testClock.freeze(NOW);
    const { game, playing, queued } = await fullGame(hours(5), 1, 3);
    const [first, second] = queued;
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    testClock.freeze(minutes(NOW, 10));
    expect(await first!.caller.participation.declineOffer({ gameId: game.id })).toEqual({ ok: true });
    expect((await offersOf(game.id)).map((o) => [o.participationId, o.status, o.expiresAt])).toEqual([
      [first!.participationId, "declined", minutes(NOW, 30)],
      [second!.participationId, "open", minutes(NOW, 40)],
    ]);
    expect(await rowOf(first!.participationId)).toMatchObject({ queue: false, cancelledAt: minutes(NOW, 10) });
    expect((await eventsOf(game.id, "PARTICIPATION_CANCELLED")).map((e) => e.payload).at(-1)).toMatchObject({ participationId: first!.participationId, fromWaitingList: true });
    expect(await errorData(first!.caller.participation.acceptOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_NOT_FOUND" });
    expect(await errorData(first!.caller.participation.declineOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_NOT_FOUND" });
    expect((await second!.caller.participation.acceptOffer({ gameId: game.id })).queue).toBe(false);
  });

  test("an offer that runs out passes on at its instant; the job is idempotent; a late accept is refused", async () => {
    testClock.freeze(NOW);
    const { game, playing, queued } = await fullGame(hours(5), 1, 3);
    const [first, second, third] = queued;
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    testClock.freeze(minutes(NOW, 29));
    await runExpiryJobs(game.id); // too early: still open
    expect((await offersOf(game.id)).map((o) => o.status)).toEqual(["open"]);
    testClock.freeze(minutes(NOW, 30));
    // the time ran out before the job ran: no longer shown, and too late
    expect((await first!.caller.participation.offers({ gameId: game.id })).own).toBeNull();
    expect(await errorData(first!.caller.participation.acceptOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_EXPIRED" });
    await runExpiryJobs(game.id);
    await runExpiryJobs(game.id);
    expect((await offersOf(game.id)).map((o) => [o.participationId, o.status])).toEqual([
      [first!.participationId, "expired"],
      [second!.participationId, "open"],
    ]);
    expect(await errorData(first!.caller.participation.acceptOffer({ gameId: game.id }))).toMatchObject({ code: "OFFER_EXPIRED" });
    // the second leaves the waiting list: their offer ends and the third gets the place
    await second!.caller.participation.revoke({ gameId: game.id });
    expect((await offersOf(game.id)).map((o) => [o.participationId, o.status])).toEqual([
      [first!.participationId, "expired"],
      [second!.participationId, "ended"],
      [third!.participationId, "open"],
    ]);
  });

  test("who let an offer run out comes after everyone else; with nobody else waiting, they are asked again", async () => {
    testClock.freeze(NOW);
    const { game, playing, queued } = await fullGame(hours(5), 1, 1);
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    testClock.freeze(minutes(NOW, 30));
    await runExpiryJobs(game.id);
    expect((await offersOf(game.id)).map((o) => [o.participationId, o.status, o.expiresAt])).toEqual([
      [queued[0]!.participationId, "expired", minutes(NOW, 30)],
      [queued[0]!.participationId, "open", minutes(NOW, 60)],
    ]);
    // a newcomer queues behind (the place is held) and is asked first when that offer runs out too
    const late = await signedInPlayer(deps);
    const lateId = (await late.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "late-2" })).participation.id;
    testClock.freeze(minutes(NOW, 60));
    await runExpiryJobs(game.id);
    expect((await offersOf(game.id)).filter((o) => o.status === "open").map((o) => o.participationId)).toEqual([lateId]);
  });

  test("at exactly 24 hours and outside the window the waiting list moves up at once, as before", async () => {
    testClock.freeze(NOW);
    const { game, playing, queued } = await fullGame(hours(24), 1, 1);
    const { promoted } = await playing[0]!.caller.participation.revoke({ gameId: game.id });
    expect(promoted).toEqual([queued[0]!.participationId]);
    expect(await offersOf(game.id)).toEqual([]);
  });

  test("the organiser removing a player moves the queue up at once (the organiser chose)", async () => {
    testClock.freeze(NOW);
    const { host, game, playing, queued } = await fullGame(hours(6), 1, 1);
    const { promoted } = await host.caller.participation.revoke({ gameId: game.id, participationId: playing[0]!.participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" });
    expect(promoted).toEqual([queued[0]!.participationId]);
    expect(await offersOf(game.id)).toEqual([]);
  });

  test("a cancelled game ends its offers; so does the start", async () => {
    testClock.freeze(NOW);
    const a = await fullGame(hours(5), 1, 1);
    await a.playing[0]!.caller.participation.revoke({ gameId: a.game.id });
    await a.host.caller.games.cancel({ gameId: a.game.id, reason: "UNABLE_TO_ATTEND" });
    // ended by the cancellation itself, before any job ran
    expect((await offersOf(a.game.id)).map((o) => o.status)).toEqual(["ended"]);
    expect(await errorData(a.queued[0]!.caller.participation.acceptOffer({ gameId: a.game.id }))).toMatchObject({ code: "OFFER_EXPIRED" });
    expect((await a.queued[0]!.caller.participation.offers({ gameId: a.game.id })).own).toBeNull();
    await runExpiryJobs(a.game.id);
    expect((await offersOf(a.game.id)).map((o) => o.status)).toEqual(["ended"]);

    // a game at 12:20: the offer is capped at the start, where it ends and nobody moves up
    testClock.freeze(NOW);
    const b = await fullGame(minutes(NOW, 20), 1, 2);
    await b.playing[0]!.caller.participation.revoke({ gameId: b.game.id });
    expect((await offersOf(b.game.id)).map((o) => o.expiresAt)).toEqual([minutes(NOW, 20)]);
    testClock.freeze(minutes(NOW, 20));
    expect(await errorData(b.queued[0]!.caller.participation.acceptOffer({ gameId: b.game.id }))).toMatchObject({ code: "OFFER_EXPIRED" });
    await runExpiryJobs(b.game.id);
    expect((await offersOf(b.game.id)).map((o) => o.status)).toEqual(["ended"]);
    expect((await rowOf(b.queued[0]!.participationId)).queue).toBe(true);
    expect((await rowOf(b.queued[1]!.participationId)).queue).toBe(true);
  });

  test("a game at 07:00: a place freed at 23:00 is offered until 23:30, through the night", async () => {
    const evening = berlin("2026-10-08", "23:00");
    testClock.freeze(evening);
    const { playing, game, queued } = await fullGame(berlin("2026-10-09", "07:00"), 1, 1);
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    expect((await offersOf(game.id)).map((o) => [o.participationId, o.expiresAt])).toEqual([[queued[0]!.participationId, minutes(evening, 30)]]);
  });

  test("a game at 09:00: a place freed at 23:00 is offered until 08:30", async () => {
    testClock.freeze(berlin("2026-10-08", "23:00"));
    const { playing, game } = await fullGame(berlin("2026-10-09", "09:00"), 1, 1);
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    expect((await offersOf(game.id)).map((o) => o.expiresAt)).toEqual([berlin("2026-10-09", "08:30")]);
  });

  test("a guest on the waiting list answers with its participation and guest token", async () => {
    testClock.freeze(NOW);
    const { game, playing } = await fullGame(hours(4), 1, 0);
    const guest = (await callerFor(deps)).caller;
    const joined = await guest.participation.join({ gameId: game.id, firstName: "Kai", queue: true, deviceToken: `guest-${crypto.randomUUID()}` });
    await playing[0]!.caller.participation.revoke({ gameId: game.id });
    const mine = { gameId: game.id, participationId: joined.participation.id, guestToken: joined.guestToken! };
    expect((await guest.participation.offers(mine)).own).toMatchObject({ participationId: joined.participation.id, name: "Kai" });
    expect((await (await callerFor(deps)).caller.participation.offers({ gameId: game.id, participationId: joined.participation.id })).own).toBeNull();
    expect(await errorData((await callerFor(deps)).caller.participation.acceptOffer({ gameId: game.id, participationId: joined.participation.id }))).toMatchObject({ code: "PARTICIPATION_FORBIDDEN" });
    expect((await guest.participation.acceptOffer(mine)).queue).toBe(false);
  });
});

describe("accepting in a managed-payment game", () => {
  test("makes the reservation and the pay step, as after a promotion", async () => {
    testClock.freeze(NOW);
    const atStripe = stripeActions(deps);
    const { game } = await managedGame(deps, { startTime: hours(6), maxPlayers: 2 });
    const paying = await payingPlayer(deps, atStripe, game.id, { pay: false });
    const next = await signedInPlayer(deps);
    const queued = await next.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `next-${crypto.randomUUID()}` });
    await paying.caller.participation.revoke({ gameId: game.id });
    expect((await offersOf(game.id)).map((o) => o.participationId)).toEqual([queued.participation.id]);
    expect(await next.caller.participation.offers({ gameId: game.id })).toMatchObject({ managed: true });
    expect((await rowOf(queued.participation.id)).paymentStatus).toBe("None");
    const accepted = await next.caller.participation.acceptOffer({ gameId: game.id });
    expect(accepted).toMatchObject({ queue: false, paymentStatus: "Open" });
    expect(accepted.paymentReservationExpiresAt!.getTime()).toBeGreaterThan(NOW.getTime());
    const payment = await next.caller.participation.payment({ participationId: queued.participation.id });
    expect(payment.amountCents).toBeGreaterThan(0);
    expect((await deps.db.select().from(participations).where(eq(participations.id, queued.participation.id)))[0]!.queue).toBe(false);
  });

  test("money goes back: an accepted offer paid, then the game cancelled, releases the hold; one left unpaid cancels its intent", async () => {
    testClock.freeze(NOW);
    const atStripe = stripeActions(deps);
    const { host, game } = await managedGame(deps, { startTime: hours(6), maxPlayers: 3 });
    const leaving = await payingPlayer(deps, atStripe, game.id, { pay: true });
    await payingPlayer(deps, atStripe, game.id, { pay: true });
    const [first, second] = [await signedInPlayer(deps), await signedInPlayer(deps)];
    const a = await first.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `a-${crypto.randomUUID()}` });
    const b = await second.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `b-${crypto.randomUUID()}` });
    await leaving.caller.participation.revoke({ gameId: game.id });
    // the first in line accepts and pays: the card is held (Approved)
    await first.caller.participation.acceptOffer({ gameId: game.id });
    const [paid] = await paymentsOf(deps, a.participation.id);
    await atStripe(() => emulatorOf(deps).confirm(paid!.stripePaymentIntentId, "success"));
    expect((await rowOf(a.participation.id)).paymentStatus).toBe("Approved");
    // the payer leaves again within the window: the place is offered to the second, who accepts and does not pay
    await first.caller.participation.revoke({ gameId: game.id });
    await second.caller.participation.acceptOffer({ gameId: game.id });
    const [unpaid] = await paymentsOf(deps, b.participation.id);
    expect((await rowOf(b.participation.id)).paymentStatus).toBe("Open");
    // the organiser cancels: every hold and open intent is given back
    await host.caller.games.cancel({ gameId: game.id, reason: "BAD_WEATHER" });
    for (const j of await deps.jobs.boss.findJobs<GamePaymentsReleaseJob>("game-payments-release", { data: { gameId: game.id } })) await handleGamePaymentsRelease(deps, j.data);
    const intent = async (id: string) => (await deps.payments!.stripe.paymentIntents.retrieve(id)).status;
    // the unpaid reservation: its intent cancelled, the reservation ended (Expired, as for any open reservation of a
    // cancelled game); the held card of the one who left: released (the late cancellation's hold goes back too)
    expect([await intent(unpaid!.stripePaymentIntentId), (await rowOf(b.participation.id)).paymentStatus]).toEqual(["canceled", "Expired"]);
    expect([await intent(paid!.stripePaymentIntentId), (await rowOf(a.participation.id)).paymentStatus]).toEqual(["canceled", "Released"]);
  });
});
