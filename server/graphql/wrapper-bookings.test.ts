import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { Deps } from "../context";
import { courtAvailabilities, courtBookings, payments, subCourts } from "../db/schema";
import { connectAccount, emulatorOf } from "../testing/payment-fixtures";
import { createCourt } from "../testing/factories";
import { wrapperCalls, type WrapperClient } from "../testing/graphql-wrapper";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's court booking calls (spec 001 section 7), each sent with exactly the documented
 * arguments (courtBooking: id; courtBookings: isCustomer; createCourtBooking: duration, startTime,
 * courtId; updateCourtBooking: id, subCourtId, status; occupiedTimes: courtId; createManualCourtBooking
 * and the series: courtId, subCourtId, title, startTime, endTime, recurrences; delete…: id), variables
 * named as documented and ids as strings.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

type Client = WrapperClient;
const { signedIn, ok } = wrapperCalls(() => deps);
const failure = async (client: Client, query: string, variables: Record<string, unknown> = {}) => (await wrapperCalls(() => deps).failure(client, query, variables))?.code;

/** A Tuesday 8 to 14 days from today (Berlin), at a wall time. */
function nextTuesday(hhmm: string, weeksLater = 0): Date {
  let day = addBerlinDays(berlinDay(new Date()), 8);
  while (weekdayOfDay(day) !== 2) day = addBerlinDays(day, 1);
  return berlinDateTimeToInstant(addBerlinDays(day, 7 * weeksLater), hhmm);
}

async function rentalCourt(subCount = 2) {
  const owner = await signedIn({ isCourtOwner: true, firstName: "Sabine" });
  await connectAccount(deps, owner.user.id);
  const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: "Halle am Wrapper" });
  const subs = await deps.db.insert(subCourts).values(Array.from({ length: subCount }, (_, i) => ({ courtId: court.id, name: `Court ${i + 1}` }))).returning();
  await deps.db.insert(courtAvailabilities).values({ courtId: court.id, weekday: 1, startTime: "16:00", endTime: "23:00", pricePerHourCents: 6000 });
  return { owner, court, subs };
}

const BOOKING_FIELDS = `id status duration startTime endTime price earning fee priceCents earningCents feeCents listPrice
  court { id name } subCourt { id name } subCourts { id name } discount { name relativeAmount }
  renter { id firstName } rentee { id firstName } stripePaymentIntentClientSecret`;

describe("the renter and the owner", () => {
  test("createCourtBooking → updateCourtBooking (TP with subCourtId) → courtBooking with the client secret → BO after paying → courtBookings", async () => {
    const { owner, court, subs } = await rentalCourt();
    const renter = await signedIn({ firstName: "Mehmet" });
    const start = nextTuesday("19:00");
    const created = await ok(renter.client, `mutation($duration: Int!, $startTime: DateTime!, $courtId: ID!) {
      createCourtBooking(duration: $duration, startTime: $startTime, courtId: $courtId) { ${BOOKING_FIELDS} }
    }`, { duration: 90, startTime: start.toISOString(), courtId: String(court.id) });
    const b = created.createCourtBooking;
    expect(b).toMatchObject({ status: "RE", duration: 90, price: 90, priceCents: 9000, earning: 72, fee: 18, court: { id: String(court.id) }, subCourt: null, renter: { firstName: "Mehmet" }, rentee: { firstName: "Sabine" }, stripePaymentIntentClientSecret: null });
    expect(b.subCourts).toHaveLength(2);

    const accepted = await ok(owner.client, `mutation($id: ID!, $subCourtId: ID, $status: String!) {
      updateCourtBooking(id: $id, subCourtId: $subCourtId, status: $status) { id status subCourt { id name } }
    }`, { id: b.id, subCourtId: String(subs[1]!.id), status: "TP" });
    expect(accepted.updateCourtBooking).toEqual({ id: b.id, status: "TP", subCourt: { id: String(subs[1]!.id), name: "Court 2" } });

    const read = await ok(renter.client, `query($id: ID!) { courtBooking(id: $id) { ${BOOKING_FIELDS} } }`, { id: b.id });
    expect(read.courtBooking.stripePaymentIntentClientSecret).toStartWith("pi_");
    const [row] = await deps.db.select().from(courtBookings).where(eq(courtBookings.id, Number(b.id)));
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success");
    const booked = await ok(renter.client, `mutation($id: ID!, $subCourtId: ID, $status: String!) {
      updateCourtBooking(id: $id, subCourtId: $subCourtId, status: $status) { id status }
    }`, { id: b.id, subCourtId: null, status: "BO" });
    expect(booked.updateCourtBooking.status).toBe("BO");

    const mine = await ok(renter.client, `query($isCustomer: Boolean) { courtBookings(isCustomer: $isCustomer) { id status } }`, { isCustomer: true });
    expect(mine.courtBookings).toEqual([{ id: b.id, status: "BO" }]);
    const rentals = await ok(owner.client, `query($isCustomer: Boolean) { courtBookings(isCustomer: $isCustomer) { id status renter { firstName } } }`, { isCustomer: false });
    expect(rentals.courtBookings).toEqual([{ id: b.id, status: "BO", renter: { firstName: "Mehmet" } }]);
  });

  test("refusals keep the spec's message for a taken court and never a 5xx", async () => {
    const { owner, court, subs } = await rentalCourt(1);
    const [a, c] = [await signedIn(), await signedIn()];
    const start = nextTuesday("18:00");
    const create = (client: Client) =>
      client.graphql<any>(`mutation($duration: Int!, $startTime: DateTime!, $courtId: ID!) { createCourtBooking(duration: $duration, startTime: $startTime, courtId: $courtId) { id } }`, {
        duration: 60,
        startTime: start.toISOString(),
        courtId: String(court.id),
      });
    const first = (await create(a.client)).body.data!.createCourtBooking.id;
    const second = (await create(c.client)).body.data!.createCourtBooking.id;
    const update = `mutation($id: ID!, $subCourtId: ID, $status: String!) { updateCourtBooking(id: $id, subCourtId: $subCourtId, status: $status) { status } }`;
    await ok(owner.client, update, { id: first, subCourtId: String(subs[0]!.id), status: "TP" });
    expect(await failure(owner.client, update, { id: second, subCourtId: String(subs[0]!.id), status: "TP" })).toBe("BOOKING_SLOT_TAKEN");
    expect(await failure(owner.client, update, { id: second, subCourtId: null, status: "XX" })).toBe("VALIDATION");
    expect(await failure(a.client, `query($id: ID!) { courtBooking(id: $id) { id } }`, { id: "99999999999" })).toBe("VALIDATION");
    expect(await failure(a.client, `mutation($duration: Int!, $startTime: DateTime!, $courtId: ID!) { createCourtBooking(duration: $duration, startTime: $startTime, courtId: $courtId) { id } }`, { duration: 45, startTime: start.toISOString(), courtId: String(court.id) })).toBe("VALIDATION");
  });
});

describe("the owner's manual bookings and the public occupied times", () => {
  test("createManualCourtBooking, createManualCourtBookingSeries, occupiedTimes(courtId), deleteManualCourtBooking(Series)", async () => {
    const { owner, court, subs } = await rentalCourt(1);
    const start = nextTuesday("19:00");
    const end = new Date(start.getTime() + 60 * 60_000);
    const args = `$courtId: ID!, $subCourtId: ID!, $title: String!, $startTime: DateTime!, $endTime: DateTime!, $recurrences: Int`;
    const pass = `courtId: $courtId, subCourtId: $subCourtId, title: $title, startTime: $startTime, endTime: $endTime, recurrences: $recurrences`;
    const single = await ok(owner.client, `mutation(${args}) { createManualCourtBooking(${pass}) { id title startTime endTime courtId subCourtId seriesId } }`, {
      courtId: String(court.id),
      subCourtId: String(subs[0]!.id),
      title: "Telefon Müller",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      recurrences: null,
    });
    expect(single.createManualCourtBooking).toMatchObject({ title: "Telefon Müller", courtId: String(court.id), seriesId: null });
    const series = await ok(owner.client, `mutation(${args}) { createManualCourtBookingSeries(${pass}) { id recurrences terminatingDate manualCourtBookings { id startTime } } }`, {
      courtId: String(court.id),
      subCourtId: String(subs[0]!.id),
      title: "Firmenkick",
      startTime: nextTuesday("21:00").toISOString(),
      endTime: new Date(nextTuesday("21:00").getTime() + 90 * 60_000).toISOString(),
      recurrences: 2,
    });
    expect(series.createManualCourtBookingSeries.manualCourtBookings).toHaveLength(3);
    expect(series.createManualCourtBookingSeries.recurrences).toBe(2);

    const visitor = httpClient(deps);
    const occupied = await ok(visitor, `query($courtId: ID!) { occupiedTimes(courtId: $courtId) { startTime endTime } }`, { courtId: String(court.id) });
    expect(occupied.occupiedTimes).toContainEqual({ startTime: start.toISOString(), endTime: end.toISOString() });
    expect(occupied.occupiedTimes).toContainEqual({ startTime: nextTuesday("21:00", 2).toISOString(), endTime: new Date(nextTuesday("21:00", 2).getTime() + 90 * 60_000).toISOString() });

    const del = `mutation($id: ID!) { deleteManualCourtBooking(id: $id) { id } }`;
    expect((await ok(owner.client, del, { id: single.createManualCourtBooking.id })).deleteManualCourtBooking.id).toBe(single.createManualCourtBooking.id);
    expect(await failure(visitor, del, { id: single.createManualCourtBooking.id })).toBe("UNAUTHENTICATED");
    await ok(owner.client, `mutation($id: ID!) { deleteManualCourtBookingSeries(id: $id) { id } }`, { id: series.createManualCourtBookingSeries.id });
    expect((await ok(visitor, `query($courtId: ID!) { occupiedTimes(courtId: $courtId) { startTime } }`, { courtId: String(court.id) })).occupiedTimes).toEqual([]);
  });
});

describe("court(id) with occupied times", () => {
  test("the court's fully booked times between start and end", async () => {
    const { owner, court, subs } = await rentalCourt(1);
    const start = nextTuesday("20:00");
    const end = new Date(start.getTime() + 90 * 60_000);
    await ok(owner.client, `mutation($courtId: ID!, $subCourtId: ID!, $title: String!, $startTime: DateTime!, $endTime: DateTime!) {
      createManualCourtBooking(courtId: $courtId, subCourtId: $subCourtId, title: $title, startTime: $startTime, endTime: $endTime) { id }
    }`, { courtId: String(court.id), subCourtId: String(subs[0]!.id), title: "Stammtisch", startTime: start.toISOString(), endTime: end.toISOString() });
    const q = `query($id: ID!, $start: DateTime, $end: DateTime) { court(id: $id) { id name occupiedTimes(start: $start, end: $end) { startTime endTime } } }`;
    const data = await ok(httpClient(deps), q, { id: String(court.id), start: new Date(start.getTime() - 86400_000).toISOString(), end: new Date(start.getTime() + 86400_000).toISOString() });
    expect(data.court.occupiedTimes).toEqual([{ startTime: start.toISOString(), endTime: end.toISOString() }]);
    const before = await ok(httpClient(deps), q, { id: String(court.id), start: new Date(start.getTime() - 3 * 86400_000).toISOString(), end: new Date(start.getTime() - 86400_000).toISOString() });
    expect(before.court.occupiedTimes).toEqual([]);
  });
});
