import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { invoiceNumber, vatIncluded } from "./invoice";

describe("vatIncluded: 19 % VAT out of a gross amount", () => {
  test.each([
    // gross, VAT, net
    [0, 0, 0],
    [1, 0, 1], // 0.16 → 0
    [3, 0, 3], // 0.479 → 0
    [4, 1, 3], // 0.639 → 1
    [119, 19, 100],
    [1000, 160, 840], // 159.66
    [2500, 399, 2101], // 399.16
    [6000, 958, 5042], // 957.98
    [5950, 950, 5000],
    [100000, 15966, 84034], // 15966.39
  ])("%i cents: VAT %i, net %i", (gross, vat, net) => {
    expect(vatIncluded(gross, 19)).toEqual({ netCents: net, vatCents: vat, grossCents: gross });
  });

  test("a half cent goes up; 0 % and 100 % as the extremes", () => {
    expect(vatIncluded(1000, 0)).toEqual({ netCents: 1000, vatCents: 0, grossCents: 1000 });
    expect(vatIncluded(1001, 100)).toEqual({ netCents: 500, vatCents: 501, grossCents: 1001 }); // 500.5 → 501
  });

  test("net + VAT = gross and VAT matches the rounded exact share, for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (gross) => {
        const { netCents, vatCents } = vatIncluded(gross, 19);
        expect(netCents + vatCents).toBe(gross);
        expect(Math.abs(vatCents - (gross * 19) / 119)).toBeLessThanOrEqual(0.5);
        expect(netCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test("fractional or negative cents are bugs", () => {
    expect(() => vatIncluded(10.5, 19)).toThrow(RangeError);
    expect(() => vatIncluded(-1, 19)).toThrow(RangeError);
    expect(() => vatIncluded(100, 19.5)).toThrow(RangeError);
  });
});

describe("invoiceNumber", () => {
  test.each([
    [2026, 1, "KR-2026-00001"],
    [2026, 42, "KR-2026-00042"],
    [2027, 99999, "KR-2027-99999"],
    [2027, 123456, "KR-2027-123456"],
  ])("%i/%i → %s", (year, seq, printed) => expect(invoiceNumber(year, seq)).toBe(printed));
  test("no number 0", () => expect(() => invoiceNumber(2026, 0)).toThrow(RangeError));
});
