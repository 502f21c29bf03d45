import { describe, expect, test } from "bun:test";
import { berlinMonthRange, cardRevenueCents, keptFeeCents, organizerInvoiceAmounts, organizerInvoiceNumber, previousBerlinMonth, revenueSums } from "./accounting";

describe("berlinMonthRange", () => {
  test.each([
    [2026, 11, "2026-10-31T23:00:00.000Z", "2026-11-30T23:00:00.000Z"],
    [2026, 3, "2026-02-28T23:00:00.000Z", "2026-03-31T22:00:00.000Z"], // summer time starts in March
    [2026, 12, "2026-11-30T23:00:00.000Z", "2026-12-31T23:00:00.000Z"], // the year turns
    [2026, 7, "2026-06-30T22:00:00.000Z", "2026-07-31T22:00:00.000Z"],
  ])("%i-%i runs from Berlin midnight to Berlin midnight", (year, month, from, to) => {
    const r = berlinMonthRange(year, month);
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([from, to]);
  });
  test("refuses what is no month", () => {
    expect(() => berlinMonthRange(2026, 13)).toThrow(RangeError);
    expect(() => berlinMonthRange(2026, 0)).toThrow(RangeError);
  });
});

describe("previousBerlinMonth", () => {
  test.each([
    ["2026-12-01T05:00:00Z", { year: 2026, month: 11 }],
    ["2026-01-01T00:30:00+01:00", { year: 2025, month: 12 }],
    ["2026-10-31T23:30:00Z", { year: 2026, month: 10 }], // already 1 November in Berlin
    ["2026-03-31T12:00:00Z", { year: 2026, month: 2 }],
  ])("%s bills %o", (now, month) => expect(previousBerlinMonth(new Date(now))).toEqual(month));
});

describe("cardRevenueCents", () => {
  test.each([
    [{ receivedCents: 1000, refundedCents: 0 }, 1000],
    [{ receivedCents: 1000, refundedCents: 400 }, 600],
    [{ receivedCents: 1000, refundedCents: 1000 }, 0],
    [{ receivedCents: 0, refundedCents: 0 }, 0],
  ])("%o earns %i", (p, cents) => expect(cardRevenueCents(p)).toBe(cents));
  test("refuses fractions and negatives", () => {
    expect(() => cardRevenueCents({ receivedCents: 10.5, refundedCents: 0 })).toThrow(RangeError);
    expect(() => cardRevenueCents({ receivedCents: 10, refundedCents: -1 })).toThrow(RangeError);
  });
});

describe("keptFeeCents", () => {
  test.each([
    [{ feeCents: 99, receivedCents: 1000, refundedCents: 0 }, 99],
    [{ feeCents: 99, receivedCents: 1000, refundedCents: 1000 }, 0],
    [{ feeCents: 99, receivedCents: 1000, refundedCents: 500 }, 49], // 49.5 back, rounded half up to 50
    [{ feeCents: 99, receivedCents: 1000, refundedCents: 300 }, 69], // 29.7 back → 30
    [{ feeCents: 99, receivedCents: 0, refundedCents: 0 }, 0], // never captured
    [{ feeCents: 0, receivedCents: 500, refundedCents: 100 }, 0],
  ])("%o keeps %i", (p, cents) => expect(keptFeeCents(p)).toBe(cents));
});

describe("revenueSums", () => {
  test("card and cash add up to the total", () => {
    expect(revenueSums([{ cardCents: 1200, cashCents: 0 }, { cardCents: 300, cashCents: 500 }, { cardCents: 0, cashCents: 700 }])).toEqual({ cardCents: 1500, cashCents: 1200, totalCents: 2700 });
    expect(revenueSums([])).toEqual({ cardCents: 0, cashCents: 0, totalCents: 0 });
  });
});

describe("organizerInvoiceAmounts", () => {
  test.each([
    [[119], { netCents: 100, vatCents: 19, grossCents: 119 }],
    [[99, 99, 45], { netCents: 204, vatCents: 39, grossCents: 243 }],
    [[1], { netCents: 1, vatCents: 0, grossCents: 1 }],
    [[3], { netCents: 3, vatCents: 0, grossCents: 3 }], // 3 × 19 / 119 = 0.48 → 0
    [[6], { netCents: 5, vatCents: 1, grossCents: 6 }], // 0.96 → 1
    [[], { netCents: 0, vatCents: 0, grossCents: 0 }],
  ])("%o is net + VAT = gross", (fees, amounts) => {
    const got = organizerInvoiceAmounts(fees);
    expect(got.netCents + got.vatCents).toBe(got.grossCents);
    expect(got).toEqual(amounts);
  });
  test("the number", () => expect(organizerInvoiceNumber(2026, 42)).toBe("KRO-2026-00042"));
});
