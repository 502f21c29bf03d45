import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { courtAvailabilities, courtBookingEvents, courtBookings, courtDiscounts, courtOccupancies, payments, subCourts } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { connectAccount, emulatorOf, eventDeliverer, eventsSince, signedInPlayer } from "../../testing/payment-fixtures";
import { handleBookingPaymentRelease } from "./payment";
import { countOverlaps } from "./repo";
import { handleBookingDeadline } from "./service";

let deps: Deps;
let deliver: ReturnType<typeof eventDeliverer>;
beforeAll(async () => {
  deps = await testDeps();
  deliver = eventDeliverer(deps);
});
afterEach(() => testClock.reset());

/** Tuesday 1 December 2026, 10:00 in Berlin (CET). */
const NOW = new Date("2026-12-01T09:00:00Z");
/** A Berlin wall time on a day as an instant (December: UTC+1). */
const berlin = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`);

async function atStripe(action: () => unknown) {
  const since = eventsSince(emulatorOf(deps));
  await action();
  for (const event of since()) expect((await deliver(event)).status).toBe(200);
}

/** A rentable court like the demo Soccerhalle: weekdays 16-18 at 60 €, 18-23 at 80 €, weekends 9-22 at 70 €, 10 % off from 80 €. */
async function rentalCourt(opts: { subCourts?: number; paymentAccount?: boolean; discount?: boolean } = {}) {
  const owner = await signedInPlayer(deps, { isCourtOwner: true });
  if (opts.paymentAccount ?? true) await connectAccount(deps, owner.user.id);
  const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: `Halle ${Math.random().toString(36).slice(2, 7)}` });
  const subs = [];
  for (let i = 1; i <= (opts.subCourts ?? 2); i++) {
    const [s] = await deps.db.insert(subCourts).values({ courtId: court.id, name: `Court ${i}` }).returning();
    subs.push(s!);
  }
  const windows = [
    ...[0, 1, 2, 3, 4].flatMap((weekday) => [
      { weekday, startTime: "16:00", endTime: "18:00", pricePerHourCents: 6000 },
      { weekday, startTime: "18:00", endTime: "23:00", pricePerHourCents: 8000 },
    ]),
    ...[5, 6].map((weekday) => ({ weekday, startTime: "09:00", endTime: "22:00", pricePerHourCents: 7000 })),
  ];
  await deps.db.insert(courtAvailabilities).values(windows.map((w) => ({ courtId: court.id, ...w })));
  if (opts.discount ?? true) {
    await deps.db.insert(courtDiscounts).values({ courtId: court.id, name: "Frühbucher-Rabatt", relativeAmount: 10, minPriceToApplyCents: 8000, validUntil: new Date("2027-06-01T00:00:00Z") });
  }
  return { owner, court, subs };
}

/** The booking's current payment row. */
async function paymentOf(bookingId: number) {
  const [b] = await deps.db.select().from(courtBookings).where(eq(courtBookings.id, bookingId));
  const [p] = await deps.db.select().from(payments).where(eq(payments.id, b!.paymentId!));
  return p!;
}

async function eventsOf(bookingId: number) {
  return (await deps.db.select().from(courtBookingEvents).where(eq(courtBookingEvents.bookingId, bookingId))).map((e) => e.type);
}

describe("prices and the booking grid", () => {
  test("slots of a day: prices across two windows, the discount from 80 €, closed times left out", async () => {
    testClock.freeze(NOW);
    const { court } = await rentalCourt();
    const { caller: visitor } = await callerFor(deps);
    const day = await visitor.bookings.slots({ courtId: court.id, date: "2026-12-08" });
    expect(day.slots[0]!.startTime).toEqual(berlin("2026-12-08", "16:00"));
    // the last start that fits is 22:00 for an hour (closing at 23:00); 22:30 fits nothing and is not offered
    expect(day.slots.at(-1)!.startTime).toEqual(berlin("2026-12-08", "22:00"));
    expect(day.slots.at(-1)!.options).toEqual([{ duration: 60, listPriceCents: 8000, priceCents: 7200 }, null]);
    const at1730 = day.slots.find((s) => s.startTime.getTime() === berlin("2026-12-08", "17:30").getTime())!;
    // 60 min: 30 × 60 € + 30 × 80 € per hour = 70 € (below 80 €, no discount); 90 min: 30 + 80 = 110 €, 10 % off = 99 €
    expect(at1730.options).toEqual([
      { duration: 60, listPriceCents: 7000, priceCents: 7000 },
      { duration: 90, listPriceCents: 11000, priceCents: 9900 },
    ]);
    expect(day.discount).toEqual({ name: "Frühbucher-Rabatt", relativeAmount: 10, minPriceToApplyCents: 8000 });
    // a Sunday opens at 9:00
    expect((await visitor.bookings.slots({ courtId: court.id, date: "2026-12-06" })).slots[0]!.startTime).toEqual(berlin("2026-12-06", "09:00"));
    // today: only future starts
    const today = await visitor.bookings.slots({ courtId: court.id, date: "2026-12-01" });
    expect(today.slots.every((s) => s.startTime > NOW)).toBe(true);
  });

  test("a request is priced by the server: list price, discount, the owner's 80 % and the fee", async () => {
    testClock.freeze(NOW);
    const { court } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "17:30"), duration: 90 });
    expect(b).toMatchObject({
      status: "RE",
      duration: 90,
      listPriceCents: 11000,
      priceCents: 9900,
      earningCents: 7920,
      feeCents: 1980,
      discount: { name: "Frühbucher-Rabatt", relativeAmount: 10 },
      subCourt: null,
      viewer: { isRenter: true, isOwner: false, canAccept: false, canCancel: true, canPay: false },
    });
    expect(b.endTime).toEqual(berlin("2026-12-08", "19:00"));
    expect(await eventsOf(b.id)).toEqual(["REQUESTED"]);
  });

  test("refusals: closed times, the past, off the grid, too far ahead, own court, not rentable, bad durations", async () => {
    testClock.freeze(NOW);
    const { owner, court } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const create = (startTime: Date, duration = 60, courtId = court.id) => errorData(renter.caller.bookings.create({ courtId, startTime, duration }));
    expect(await create(berlin("2026-12-08", "12:00"))).toMatchObject({ code: "BOOKING_OUTSIDE_OPENING_HOURS" });
    expect(await create(berlin("2026-12-08", "22:30"))).toMatchObject({ code: "BOOKING_OUTSIDE_OPENING_HOURS" });
    expect(await create(berlin("2026-11-30", "18:00"))).toMatchObject({ code: "BOOKING_START_INVALID" });
    expect(await create(berlin("2026-12-08", "18:15"))).toMatchObject({ code: "BOOKING_START_INVALID" });
    expect(await create(berlin("2027-04-06", "18:00"))).toMatchObject({ code: "BOOKING_START_INVALID" });
    expect(await create(berlin("2026-12-08", "18:00"), 45)).toMatchObject({ code: "VALIDATION", fields: [{ path: "duration", code: "booking_duration_invalid" }] });
    expect(await errorData(owner.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 }))).toMatchObject({ code: "BOOKING_OWN_COURT" });
    const plain = await createCourt(deps);
    expect(await create(berlin("2026-12-08", "18:00"), 60, plain.id)).toMatchObject({ code: "COURT_NOT_RENTABLE" });
    expect(await create(berlin("2026-12-08", "18:00"), 60, 2_000_000_000)).toMatchObject({ code: "COURT_NOT_FOUND" });
    const { caller: visitor } = await callerFor(deps);
    expect(await errorData(visitor.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("request → accept → pay → booked", () => {
  test("the owner accepts on a sub-court, the renter pays, the booking is booked; both lists show it", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "19:00"), duration: 60 });
    // several sub-courts: the owner must choose
    expect(await errorData(owner.caller.bookings.update({ id: b.id, status: "TP" }))).toMatchObject({ code: "SUB_COURT_REQUIRED" });
    const other = await createCourt(deps);
    const [foreign] = await deps.db.insert(subCourts).values({ courtId: other.id, name: "x" }).returning();
    expect(await errorData(owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: foreign!.id }))).toMatchObject({ code: "SUB_COURT_NOT_FOUND" });
    // the renter cannot accept their own request
    expect(await errorData(renter.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[1]!.id }))).toMatchObject({ code: "FORBIDDEN" });

    const accepted = await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[1]!.id });
    expect(accepted).toMatchObject({ status: "TP", subCourt: { id: subs[1]!.id, name: "Court 2" }, viewer: { isOwner: true, canAccept: false } });
    // 24 hours to pay (the start is a week away)
    expect(accepted.paymentDueAt).toEqual(new Date(NOW.getTime() + 24 * 3600_000));
    const payment = await paymentOf(b.id);
    expect(payment).toMatchObject({ purpose: "court_booking", subjectId: b.id, amountCents: 7200, applicationFeeCents: 1440, captureMethod: "automatic" });

    const forRenter = await renter.caller.bookings.get({ id: b.id });
    expect(forRenter.viewer.canPay).toBe(true);
    expect(forRenter.stripePaymentIntentClientSecret).toStartWith(payment.stripePaymentIntentId);
    expect(forRenter.checkout?.checkoutUrl).toContain(payment.stripePaymentIntentId);
    // the owner never sees the renter's client secret
    expect((await owner.caller.bookings.get({ id: b.id })).stripePaymentIntentClientSecret).toBeNull();
    // "I paid" before paying: the server asks the provider and says not yet
    expect(await errorData(renter.caller.bookings.update({ id: b.id, status: "BO" }))).toMatchObject({ code: "BOOKING_PAYMENT_PENDING" });

    await atStripe(() => emulatorOf(deps).confirm(payment.stripePaymentIntentId, "success"));
    const booked = await renter.caller.bookings.update({ id: b.id, status: "BO" });
    expect(booked).toMatchObject({ status: "BO", viewer: { canPay: false } });
    expect(await eventsOf(b.id)).toEqual(["REQUESTED", "ACCEPTED", "PAID"]);
    expect((await renter.caller.bookings.list({ isCustomer: true })).map((x) => x.id)).toContain(b.id);
    expect((await owner.caller.bookings.list({ isCustomer: false })).map((x) => x.id)).toContain(b.id);
    expect((await renter.caller.bookings.list({ isCustomer: false })).map((x) => x.id)).not.toContain(b.id);
  });

  test("a second request for the same time: accepted on the same sub-court it is refused, on another it works; a third finds the court full", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const [a, b2] = [await signedInPlayer(deps), await signedInPlayer(deps)];
    const start = berlin("2026-12-09", "20:00");
    const first = await a.caller.bookings.create({ courtId: court.id, startTime: start, duration: 90 });
    const second = await b2.caller.bookings.create({ courtId: court.id, startTime: new Date(start.getTime() + 30 * 60_000), duration: 60 });
    await owner.caller.bookings.update({ id: first.id, status: "TP", subCourtId: subs[0]!.id });
    expect(await errorData(owner.caller.bookings.update({ id: second.id, status: "TP", subCourtId: subs[0]!.id }))).toMatchObject({ code: "BOOKING_SLOT_TAKEN" });
    // refused means nothing changed
    expect((await owner.caller.bookings.get({ id: second.id })).status).toBe("RE");
    await owner.caller.bookings.update({ id: second.id, status: "TP", subCourtId: subs[1]!.id });
    const third = await signedInPlayer(deps);
    expect(await errorData(third.caller.bookings.create({ courtId: court.id, startTime: start, duration: 60 }))).toMatchObject({ code: "BOOKING_SLOT_TAKEN" });
    const slots = await third.caller.bookings.slots({ courtId: court.id, date: "2026-12-09" });
    expect(slots.slots.find((s) => s.startTime.getTime() === start.getTime() + 30 * 60_000)).toBeUndefined();
    expect(await countOverlaps(deps.db)).toBe(0);
  });

  test("decline, withdraw, visibility, repeated clicks", async () => {
    testClock.freeze(NOW);
    const { owner, court } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const stranger = await signedInPlayer(deps);
    const one = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-10", "18:00"), duration: 60 });
    const two = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-10", "20:00"), duration: 60 });
    expect(await errorData(stranger.caller.bookings.get({ id: one.id }))).toMatchObject({ code: "COURT_BOOKING_NOT_FOUND" });
    expect(await errorData(stranger.caller.bookings.update({ id: one.id, status: "DE" }))).toMatchObject({ code: "COURT_BOOKING_NOT_FOUND" });
    expect(await errorData(renter.caller.bookings.update({ id: one.id, status: "DE" }))).toMatchObject({ code: "FORBIDDEN" });
    expect((await owner.caller.bookings.update({ id: one.id, status: "DE" })).status).toBe("DE");
    // the notification link opened twice: the same answer, no second event
    expect((await owner.caller.bookings.update({ id: one.id, status: "DE" })).status).toBe("DE");
    expect(await eventsOf(one.id)).toEqual(["REQUESTED", "DECLINED"]);
    expect(await errorData(owner.caller.bookings.update({ id: one.id, status: "TP" }))).toMatchObject({ code: "BOOKING_TRANSITION_NOT_ALLOWED" });
    expect((await renter.caller.bookings.update({ id: two.id, status: "CA" })).status).toBe("CA");
    expect(await errorData(renter.caller.bookings.update({ id: two.id, status: "OP" }))).toMatchObject({ code: "BOOKING_TRANSITION_NOT_ALLOWED" });
  });

  test("waiting requests are counted for the court's owner only, until answered, withdrawn or started (issue 23 item 18)", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    expect(await owner.caller.bookings.waitingRequestCount()).toEqual({ count: 0 });
    const one = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-10", "18:00"), duration: 60 });
    const two = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-10", "20:00"), duration: 60 });
    const three = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-11", "20:00"), duration: 60 });
    expect(await owner.caller.bookings.waitingRequestCount()).toEqual({ count: 3 });
    // the renter owns no court: their own requests are not theirs to answer
    expect(await renter.caller.bookings.waitingRequestCount()).toEqual({ count: 0 });
    await owner.caller.bookings.update({ id: one.id, status: "TP", subCourtId: subs[0]!.id });
    await owner.caller.bookings.update({ id: two.id, status: "DE" });
    expect(await owner.caller.bookings.waitingRequestCount()).toEqual({ count: 1 });
    // a request whose start has passed waits for nobody
    testClock.freeze(new Date(berlin("2026-12-11", "20:00").getTime() + 60_000));
    expect(await owner.caller.bookings.waitingRequestCount()).toEqual({ count: 0 });
    testClock.freeze(NOW);
    await renter.caller.bookings.update({ id: three.id, status: "CA" });
    expect(await owner.caller.bookings.waitingRequestCount()).toEqual({ count: 0 });
  });

  test("a court of an owner without a payment account cannot accept paid bookings", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt({ paymentAccount: false });
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 });
    expect(await errorData(owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[0]!.id }))).toMatchObject({ code: "BOOKING_NEEDS_PAYMENT_ACCOUNT" });
    // nothing occupied
    expect(await deps.db.select().from(courtOccupancies).where(eq(courtOccupancies.bookingId, b.id))).toEqual([]);
  });
});

describe("deadlines and money back", () => {
  test("unpaid at the deadline: cancelled, the sub-court free again, the intent cancelled", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[0]!.id });
    // too early: the job fails and is retried
    await expect(handleBookingDeadline(deps, { bookingId: b.id, status: "TP" })).rejects.toThrow();
    testClock.advance(24 * 3600_000);
    await handleBookingDeadline(deps, { bookingId: b.id, status: "TP" });
    const after = await renter.caller.bookings.get({ id: b.id });
    expect(after).toMatchObject({ status: "CA", viewer: { canPay: false } });
    expect(await deps.db.select().from(courtOccupancies).where(eq(courtOccupancies.bookingId, b.id))).toEqual([]);
    expect(await eventsOf(b.id)).toEqual(["REQUESTED", "ACCEPTED", "EXPIRED"]);
    const payment = await paymentOf(b.id);
    await handleBookingPaymentRelease(deps, { bookingId: b.id, paymentId: payment.id });
    const [released] = await deps.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(released!.status).toBe("canceled");
  });

  test("a request nobody answered lapses at the start", async () => {
    testClock.freeze(NOW);
    const { court } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-02", "18:00"), duration: 60 });
    testClock.freeze(berlin("2026-12-02", "18:00"));
    await handleBookingDeadline(deps, { bookingId: b.id, status: "RE" });
    expect((await renter.caller.bookings.get({ id: b.id })).status).toBe("CA");
  });

  test("paid bookings: the renter cancels until 48 hours before, the owner until the start; money back in full", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-03", "18:00"), duration: 60 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[0]!.id });
    const payment = await paymentOf(b.id);
    await atStripe(() => emulatorOf(deps).confirm(payment.stripePaymentIntentId, "success"));
    expect((await renter.caller.bookings.get({ id: b.id })).status).toBe("BO");
    // 56 hours before the start: the renter may still cancel; at 47 they may not
    testClock.freeze(new Date(berlin("2026-12-03", "18:00").getTime() - 47 * 3600_000));
    expect(await errorData(renter.caller.bookings.update({ id: b.id, status: "CA" }))).toMatchObject({ code: "BOOKING_CANCEL_TOO_LATE" });
    expect((await renter.caller.bookings.get({ id: b.id })).viewer.canCancel).toBe(false);
    expect((await owner.caller.bookings.update({ id: b.id, status: "CA" })).status).toBe("CA");
    await handleBookingPaymentRelease(deps, { bookingId: b.id, paymentId: payment.id });
    const [refunded] = await deps.db.select().from(payments).where(eq(payments.id, payment.id));
    // Thursday 18:00 at 80 €/h, 10 % off: 72 €
    expect(refunded).toMatchObject({ status: "succeeded", amountReceivedCents: 7200, amountRefundedCents: 7200 });
    expect(await deps.db.select().from(courtOccupancies).where(eq(courtOccupancies.bookingId, b.id))).toEqual([]);
  });

  test("paid after the booking lapsed: the late money goes back by itself", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[0]!.id });
    const payment = await paymentOf(b.id);
    // the renter cancels, then pays the old checkout page anyway
    await renter.caller.bookings.update({ id: b.id, status: "CA" });
    await atStripe(() => emulatorOf(deps).confirm(payment.stripePaymentIntentId, "success"));
    expect((await renter.caller.bookings.get({ id: b.id })).status).toBe("CA");
    await handleBookingPaymentRelease(deps, { bookingId: b.id, paymentId: payment.id });
    const [after] = await deps.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.amountRefundedCents).toBe(after!.amountReceivedCents);
  });
});

describe("manual bookings, series and the calendars", () => {
  test("a weekly series keeps its Berlin wall time across the change to summer time; all or nothing; delete one or all", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt({ subCourts: 1 });
    // Tuesday 24 March 2026 is in winter time, 31 March in summer time (clocks change on 29 March)
    testClock.freeze(new Date("2026-03-01T09:00:00Z"));
    const series = await owner.caller.bookings.createSeries({
      courtId: court.id,
      subCourtId: subs[0]!.id,
      title: "Firmenkick",
      startTime: new Date("2026-03-17T18:00:00Z"),
      endTime: new Date("2026-03-17T19:30:00Z"),
      recurrences: 2,
    });
    expect(series.bookings.map((x) => x.startTime.toISOString())).toEqual(["2026-03-17T18:00:00.000Z", "2026-03-24T18:00:00.000Z", "2026-03-31T17:00:00.000Z"]);
    expect(series.terminatingDate).toEqual(new Date("2026-03-31T18:30:00Z"));
    // a second series (19:30 Berlin from 10 March) hits its second week on that sub-court: refused whole, naming the occurrence
    const clash = await errorData(
      owner.caller.bookings.createSeries({ courtId: court.id, subCourtId: subs[0]!.id, title: "Jugend", startTime: new Date("2026-03-10T18:30:00Z"), endTime: new Date("2026-03-10T19:30:00Z"), recurrences: 3 }),
    );
    expect(clash).toMatchObject({ code: "BOOKING_SLOT_TAKEN", details: { startTime: "2026-03-17T18:30:00.000Z" } });
    const calendar = await owner.caller.bookings.calendar({ courtId: court.id, from: new Date("2026-03-16T00:00:00Z"), to: new Date("2026-04-06T00:00:00Z") });
    expect(calendar.entries.map((e) => [e.kind, e.title])).toEqual([
      ["series", "Firmenkick"],
      ["series", "Firmenkick"],
      ["series", "Firmenkick"],
    ]);
    await owner.caller.bookings.deleteManual({ id: series.bookings[1]!.id });
    const single = await owner.caller.bookings.createManual({ courtId: court.id, subCourtId: subs[0]!.id, title: "Telefon Müller", startTime: new Date("2026-03-24T18:00:00Z"), endTime: new Date("2026-03-24T19:00:00Z") });
    expect(single.seriesId).toBeNull();
    await owner.caller.bookings.deleteSeries({ id: series.id });
    const after = await owner.caller.bookings.calendar({ courtId: court.id, from: new Date("2026-03-16T00:00:00Z"), to: new Date("2026-04-06T00:00:00Z") });
    expect(after.entries.map((e) => [e.kind, e.title])).toEqual([["manual", "Telefon Müller"]]);
    expect(await countOverlaps(deps.db)).toBe(0);
  });

  test("manual bookings: only the owner, 60 or 90 minutes, its own sub-courts; conflicts with app bookings", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt({ subCourts: 1 });
    const renter = await signedInPlayer(deps);
    const base = { courtId: court.id, subCourtId: subs[0]!.id, title: "Training", startTime: berlin("2026-12-08", "18:00"), endTime: berlin("2026-12-08", "19:00") };
    expect(await errorData(renter.caller.bookings.createManual(base))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorData(owner.caller.bookings.createManual({ ...base, endTime: berlin("2026-12-08", "18:45") }))).toMatchObject({ code: "MANUAL_BOOKING_DURATION_INVALID" });
    expect(await errorData(owner.caller.bookings.createManual({ ...base, title: "  " }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "title", code: "booking_title_required" }] });
    expect(await errorData(owner.caller.bookings.createManual({ ...base, title: "a\u0000b" }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(owner.caller.bookings.createSeries({ ...base, recurrences: 53 }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "recurrences", code: "recurrences_invalid" }] });
    const m = await owner.caller.bookings.createManual(base);
    // the only sub-court is taken: requests for that time are refused, and an owner cannot accept one made before
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "19:00"), duration: 60 });
    await owner.caller.bookings.createManual({ ...base, startTime: berlin("2026-12-08", "19:30"), endTime: berlin("2026-12-08", "20:30") });
    expect(await errorData(owner.caller.bookings.update({ id: b.id, status: "TP" }))).toMatchObject({ code: "BOOKING_SLOT_TAKEN" });
    expect(await errorData(renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 }))).toMatchObject({ code: "BOOKING_SLOT_TAKEN" });
    expect(await errorData(renter.caller.bookings.deleteManual({ id: m.id }))).toMatchObject({ code: "MANUAL_BOOKING_NOT_FOUND" });
  });

  test("the public calendar shows 'Ausgebucht' only where every sub-court is occupied, and the opening windows", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt({ subCourts: 2 });
    const at = (hhmm: string) => berlin("2026-12-08", hhmm);
    await owner.caller.bookings.createManual({ courtId: court.id, subCourtId: subs[0]!.id, title: "A", startTime: at("18:00"), endTime: at("19:30") });
    await owner.caller.bookings.createManual({ courtId: court.id, subCourtId: subs[1]!.id, title: "B", startTime: at("19:00"), endTime: at("20:00") });
    const { caller: visitor } = await callerFor(deps);
    const times = await visitor.bookings.occupiedTimes({ courtId: court.id, from: berlin("2026-12-08", "00:00"), to: berlin("2026-12-09", "00:00") });
    expect(times.occupied).toEqual([{ startTime: at("19:00"), endTime: at("19:30") }]);
    expect(times.open).toEqual([
      { startTime: at("16:00"), endTime: at("18:00") },
      { startTime: at("18:00"), endTime: at("23:00") },
    ]);
    expect(await errorData(visitor.bookings.occupiedTimes({ courtId: court.id, from: at("00:00"), to: new Date(at("00:00").getTime() + 60 * 86400_000) }))).toMatchObject({ code: "BOOKING_RANGE_TOO_LONG" });
  });

  test("the owner calendar lists app bookings with the renter's name; other users see nothing of it", async () => {
    testClock.freeze(NOW);
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedInPlayer(deps, { firstName: "Mehmet", lastName: "Yilmaz" });
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: subs[0]!.id });
    const cal = await owner.caller.bookings.calendar({ from: berlin("2026-12-07", "00:00"), to: berlin("2026-12-14", "00:00") });
    expect(cal.courts.map((c) => c.id)).toEqual([court.id]);
    expect(cal.entries).toEqual([expect.objectContaining({ key: `booking-${b.id}`, kind: "booking", title: "Mehmet Yilmaz", status: "TP", subCourtId: subs[0]!.id })]);
    expect(await errorData(renter.caller.bookings.calendar({ courtId: court.id, from: berlin("2026-12-07", "00:00"), to: berlin("2026-12-14", "00:00") }))).toMatchObject({ code: "COURT_NOT_FOUND" });
    expect((await renter.caller.bookings.calendar({ from: berlin("2026-12-07", "00:00"), to: berlin("2026-12-14", "00:00") })).courts).toEqual([]);
  });

  test("the owner calendar of a court without sub-courts answers it without any and creates none (a query writes nothing); accepting a request gives it one named after it", async () => {
    testClock.freeze(NOW);
    const { owner, court } = await rentalCourt({ subCourts: 0 });
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: berlin("2026-12-08", "18:00"), duration: 60 });
    const range = { courtId: court.id, from: berlin("2026-12-07", "00:00"), to: berlin("2026-12-14", "00:00") };
    const cal = await owner.caller.bookings.calendar(range);
    expect(cal.courts).toEqual([{ id: court.id, name: court.name, subCourts: [] }]);
    expect(cal.entries).toEqual([expect.objectContaining({ key: `booking-${b.id}`, kind: "booking", status: "RE", subCourtId: null })]);
    expect(await deps.db.select().from(subCourts).where(eq(subCourts.courtId, court.id))).toEqual([]);
    const accepted = await owner.caller.bookings.update({ id: b.id, status: "TP" });
    expect(accepted.subCourt).toMatchObject({ name: court.name });
    expect((await owner.caller.bookings.calendar(range)).courts[0]!.subCourts).toEqual([{ id: accepted.subCourt!.id, name: court.name }]);
  });
});
