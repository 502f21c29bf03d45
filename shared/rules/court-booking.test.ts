import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { COURT_BOOKING_STATUSES } from "../constants";
import { bookingPrice, bookingStartProblem, bookingTransitionProblem, fullyBooked, listPriceCents, mergeIntervals, type BookingActor } from "./court-booking";

const WEEKDAY = [
  { weekday: 1, startTime: "16:00", endTime: "18:00", pricePerHourCents: 6000 },
  { weekday: 1, startTime: "18:00", endTime: "23:00", pricePerHourCents: 8000 },
];
/** Tuesday 8 December 2026 (weekday 1), a Berlin wall time */
const tue = (hhmm: string) => new Date(`2026-12-08T${hhmm}:00+01:00`);

describe("list price", () => {
  test("each minute at its window's price, rounded once; null outside the windows", () => {
    expect(listPriceCents(WEEKDAY, tue("16:00"), 60)).toBe(6000);
    expect(listPriceCents(WEEKDAY, tue("17:30"), 90)).toBe(11000);
    expect(listPriceCents(WEEKDAY, tue("22:00"), 60)).toBe(8000);
    expect(listPriceCents(WEEKDAY, tue("22:30"), 60)).toBeNull();
    expect(listPriceCents(WEEKDAY, tue("15:30"), 60)).toBeNull();
    // another weekday has no windows
    expect(listPriceCents(WEEKDAY, new Date("2026-12-09T18:00:00+01:00"), 60)).toBeNull();
    // odd prices: 90 minutes at 33.33 €/h = 49.995 € → 5000 cents
    expect(listPriceCents([{ weekday: 1, startTime: "10:00", endTime: "12:00", pricePerHourCents: 3333 }], tue("10:00"), 90)).toBe(5000);
  });
});

describe("price, discount and the owner's share", () => {
  const discount = { name: "Frühbucher", relativeAmount: 10, minPriceToApplyCents: 8000, validUntil: new Date("2027-01-01T00:00:00Z") };
  const now = new Date("2026-12-01T00:00:00Z");
  test("the discount from its minimum price until it ends; 80 % of what is paid to the owner", () => {
    expect(bookingPrice(11000, discount, now)).toEqual({ listPriceCents: 11000, priceCents: 9900, earningCents: 7920, feeCents: 1980, discount: { name: "Frühbucher", relativeAmount: 10 } });
    expect(bookingPrice(7000, discount, now)).toEqual({ listPriceCents: 7000, priceCents: 7000, earningCents: 5600, feeCents: 1400, discount: null });
    expect(bookingPrice(11000, discount, new Date("2027-01-02T00:00:00Z")).discount).toBeNull();
    expect(bookingPrice(11000, null, now).priceCents).toBe(11000);
  });
  test("property: integer cents, earning + fee = price ≤ list price, earning is 80 % rounded", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 1_000_000 }), (list, rel, min) => {
        const p = bookingPrice(list, { name: "d", relativeAmount: rel, minPriceToApplyCents: min, validUntil: null }, now);
        expect(Number.isInteger(p.priceCents) && Number.isInteger(p.earningCents) && Number.isInteger(p.feeCents)).toBe(true);
        expect(p.earningCents + p.feeCents).toBe(p.priceCents);
        expect(p.priceCents).toBeLessThanOrEqual(list);
        expect(p.priceCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(p.earningCents - p.priceCents * 0.8)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe("the booking grid", () => {
  const now = new Date("2026-12-01T09:00:00Z");
  test("future, on the half hour in Berlin, at most 90 days ahead", () => {
    expect(bookingStartProblem(tue("18:00"), now)).toBeNull();
    expect(bookingStartProblem(tue("18:30"), now)).toBeNull();
    expect(bookingStartProblem(tue("18:10"), now)).toBe("BOOKING_START_INVALID");
    expect(bookingStartProblem(new Date(tue("18:00").getTime() + 1000), now)).toBe("BOOKING_START_INVALID");
    expect(bookingStartProblem(now, now)).toBe("BOOKING_START_INVALID");
    expect(bookingStartProblem(new Date(now.getTime() + 91 * 86400_000), now)).toBe("BOOKING_START_INVALID");
  });
});

describe("who may move a booking", () => {
  const ctx = (actor: BookingActor, hoursToStart = 100) => ({ actor, started: hoursToStart <= 0, hoursToStart });
  test("the spec's transitions and their actors", () => {
    expect(bookingTransitionProblem("RE", "TP", ctx("owner"))).toBeNull();
    expect(bookingTransitionProblem("RE", "DE", ctx("owner"))).toBeNull();
    expect(bookingTransitionProblem("RE", "TP", ctx("renter"))).toBe("FORBIDDEN");
    expect(bookingTransitionProblem("RE", "CA", ctx("renter"))).toBeNull();
    expect(bookingTransitionProblem("TP", "BO", ctx("provider"))).toBeNull();
    expect(bookingTransitionProblem("TP", "BO", ctx("renter"))).toBe("FORBIDDEN");
    expect(bookingTransitionProblem("BO", "CA", ctx("renter", 48))).toBeNull();
    expect(bookingTransitionProblem("BO", "CA", ctx("renter", 47.9))).toBe("BOOKING_CANCEL_TOO_LATE");
    expect(bookingTransitionProblem("BO", "CA", ctx("owner", 1))).toBeNull();
    expect(bookingTransitionProblem("BO", "CA", ctx("owner", 0))).toBe("BOOKING_TRANSITION_NOT_ALLOWED");
    expect(bookingTransitionProblem("RE", "CA", ctx("system", -1))).toBeNull();
  });
  test("property: nothing leaves DE or CA, nothing enters OP or RE", () => {
    const actors: BookingActor[] = ["renter", "owner", "provider", "system"];
    for (const from of COURT_BOOKING_STATUSES)
      for (const to of COURT_BOOKING_STATUSES)
        for (const actor of actors) {
          const problem = bookingTransitionProblem(from, to, ctx(actor));
          if (from === "DE" || from === "CA" || from === "OP" || to === "OP" || to === "RE" || from === to) expect(problem).not.toBeNull();
        }
  });
});

describe("fully booked", () => {
  test("only where every sub-court is occupied", () => {
    const occ = [
      { subCourtId: 1, start: 0, end: 90 },
      { subCourtId: 2, start: 60, end: 120 },
      { subCourtId: 1, start: 100, end: 200 },
    ];
    expect(fullyBooked([1, 2], occ)).toEqual([
      { start: 60, end: 90 },
      { start: 100, end: 120 },
    ]);
    expect(fullyBooked([1], occ)).toEqual([
      { start: 0, end: 90 },
      { start: 100, end: 200 },
    ]);
    expect(fullyBooked([1, 2, 3], occ)).toEqual([]);
    expect(fullyBooked([], occ)).toEqual([]);
    expect(mergeIntervals([{ start: 5, end: 10 }, { start: 0, end: 5 }])).toEqual([{ start: 0, end: 10 }]);
  });
  test("property: a point is fully booked exactly when every sub-court covers it", () => {
    const interval = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 20 })).map(([subCourtId, start, len]) => ({ subCourtId, start, end: start + len }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 12 }), (occ) => {
        const full = fullyBooked([1, 2, 3], occ);
        for (let t = 0; t < 75; t++) {
          const covered = [1, 2, 3].every((id) => occ.some((o) => o.subCourtId === id && o.start <= t && t < o.end));
          expect(full.some((f) => f.start <= t && t < f.end)).toBe(covered);
        }
      }),
    );
  });
});
