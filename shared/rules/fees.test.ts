import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import {
  berlinMonthOf,
  deductMonthlyFee,
  feePercentageOf,
  monthlyFeeDueCents,
  monthlyFeePaid,
  participationAmountCents,
  participationFeeCents,
  participationPayoutCents,
  PAYOUT_NONE_MESSAGE_KEY,
  payoutCalculation,
  percentOfCents,
  type PayoutInput,
} from "./fees";

describe("percentOfCents: exact on integers, half up", () => {
  test.each([
    [1000, 6, 60],
    [250, 6, 15],
    [500, 6, 30],
    [425, 6, 26], // 25.5 → 26: a half goes up
    [1075, 6, 65], // 64.5 → 65
    [1024, 6, 61], // 61.44
    [1025, 6, 62], // 61.5
    [1000, 5.75, 58], // 57.5
    [999, 5.75, 57], // 57.4425
    [1000, 1.15, 12], // 11.5; 1.15 × 100 is 114.99999999999999 in floating point, still 115 hundredths
    [1000, 0.07, 1], // 0.7
    [150, 0.33, 0], // 0.495 stays below the half
    [3, 33.33, 1], // 0.9999
    [1, 50, 1], // 0.5
    [1500, 0.01, 0], // 0.15
    [10000, 7.5, 750],
    [250, 0, 0],
    [250, 100, 250],
    [0, 6, 0],
  ])("%i cents × %d %% = %i cents", (amount, percentage, expected) => {
    expect(percentOfCents(amount, percentage)).toBe(expected);
  });

  test.each([
    [1000, 6.125], // three decimals: the column has two
    [1000, -1],
    [1000, 100.01],
    [1000, Number.NaN],
    [1000, Number.POSITIVE_INFINITY],
    [10.5, 6], // a fraction of a cent
    [-1, 6],
  ])("refuses %d cents at %d %%", (amount, percentage) => {
    expect(() => percentOfCents(amount, percentage)).toThrow(RangeError);
  });

  test("matches exact rational arithmetic for every price and two-decimal percentage (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000 }), (cents, hundredths) => {
        // reference: BigInt, half up
        const exact = (BigInt(cents) * BigInt(hundredths) * 2n + 10_000n) / 20_000n;
        expect(percentOfCents(cents, hundredths / 100)).toBe(Number(exact));
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});

describe("fee per participation: price × percentage / 100 + 39 cents (spec 000 section 9)", () => {
  test.each<[string, number, number, number, number]>([
    // label, price per place, places, percentage, fee
    ["minimum managed price", 250, 1, 6, 54],
    ["5 euro", 500, 1, 6, 69],
    ["10 euro", 1000, 1, 6, 99],
    ["price cap", 10000, 1, 6, 639],
    ["a half cent rounds up", 425, 1, 6, 65],
    ["extras pay one static fee", 500, 3, 6, 129],
    ["rounded once on the whole price, not per place (76.5 → 77, per place it would be 78)", 425, 3, 6, 116],
    ["extras at the minimum price", 250, 3, 6, 84],
    ["organisation 5 %", 1000, 1, 5, 89],
    ["organisation 7.5 %", 1000, 1, 7.5, 114],
    ["organisation 5.75 %, half up", 1000, 1, 5.75, 97],
    ["organisation 5.75 %, below the half", 999, 1, 5.75, 96],
    ["organisation 0 %: the static fee alone", 1000, 1, 0, 39],
    ["free: no fee", 0, 1, 6, 0],
    ["free with extras: no fee", 0, 4, 6, 0],
    ["never above the price (41 → 30)", 30, 1, 6, 30],
    ["never above the price at 100 %", 100, 1, 100, 100],
  ])("%s", (_label, priceCents, playerCount, feePercentage, fee) => {
    const price = { priceCents, playerCount, feePercentage };
    expect(participationFeeCents(price)).toBe(fee);
    expect(participationAmountCents(price)).toBe(priceCents * playerCount);
    expect(participationPayoutCents(price)).toBe(priceCents * playerCount - fee);
    expect(participationPayoutCents(price)).toBeGreaterThanOrEqual(0);
  });

  test("one place when the player count is not given", () => {
    expect(participationFeeCents({ priceCents: 500, feePercentage: 6 })).toBe(69);
  });

  test.each([
    [{ priceCents: 2.5, feePercentage: 6 }],
    [{ priceCents: -100, feePercentage: 6 }],
    [{ priceCents: 500, playerCount: 0, feePercentage: 6 }],
    [{ priceCents: 500, playerCount: 1.5, feePercentage: 6 }],
    [{ priceCents: 500, feePercentage: 6.001 }],
  ])("refuses %o", (price) => {
    expect(() => participationFeeCents(price)).toThrow(RangeError);
  });

  test("the percentage is the game organisation's, else 6", () => {
    expect(feePercentageOf(null)).toBe(6);
    expect(feePercentageOf(undefined)).toBe(6);
    expect(feePercentageOf({ gameApplicationFeePercentage: 5.5 })).toBe(5.5);
    expect(feePercentageOf({ gameApplicationFeePercentage: 0 })).toBe(0);
  });
});

describe("the monthly provider fee: 2 EUR, once per Berlin calendar month", () => {
  test.each([
    ["2026-11-15T12:00:00Z", "2026-11-01"],
    ["2026-10-31T22:59:59Z", "2026-10-01"], // 23:59:59 in Berlin (CET)
    ["2026-10-31T23:00:00Z", "2026-11-01"], // already midnight in Berlin
    ["2026-06-30T21:59:59Z", "2026-06-01"], // summer time: UTC+2
    ["2026-06-30T22:00:00Z", "2026-07-01"],
    ["2026-12-31T23:00:00Z", "2027-01-01"], // the year turns in Berlin first
    ["2028-02-29T12:00:00Z", "2028-02-01"],
  ])("%s lies in the month %s", (instant, month) => {
    expect(berlinMonthOf(new Date(instant))).toBe(month);
  });

  const NOV = new Date("2026-11-15T12:00:00Z");
  test.each<[string | null, Date, boolean, number]>([
    ["2026-11-01", NOV, true, 0],
    ["2026-10-01", NOV, false, 200],
    ["2025-11-01", NOV, false, 200], // the same month a year earlier
    [null, NOV, false, 200],
    ["2026-11-01", new Date("2026-11-30T22:59:59Z"), true, 0], // the month's last second in Berlin
    ["2026-11-01", new Date("2026-11-30T23:00:00Z"), false, 200], // December in Berlin, still November in UTC
  ])("paid month %s at %s: paid %s, due %i", (paidMonth, now, paid, due) => {
    expect(monthlyFeePaid(paidMonth, now)).toBe(paid);
    expect(monthlyFeeDueCents(paidMonth, now)).toBe(due);
  });

  test.each<[string, { amountCents: number; applicationFeeCents: number }[], number, number[], number, number]>([
    ["one charge carries it", [{ amountCents: 1000, applicationFeeCents: 99 }], 200, [299], 200, 0],
    ["spread over the first charges, each at most its amount", [{ amountCents: 250, applicationFeeCents: 54 }, { amountCents: 250, applicationFeeCents: 54 }, { amountCents: 250, applicationFeeCents: 54 }], 200, [250, 58, 54], 200, 0],
    ["a payout too small carries what it can; the rest stays due", [{ amountCents: 250, applicationFeeCents: 54 }], 200, [250], 196, 4],
    ["no charges", [], 200, [], 0, 200],
    ["already paid this month", [{ amountCents: 1000, applicationFeeCents: 99 }], 0, [99], 0, 0],
  ])("%s", (_label, charges, monthly, fees, deducted, remaining) => {
    const result = deductMonthlyFee(charges, monthly);
    expect(result).toEqual({ applicationFeesCents: fees, deductedCents: deducted, remainingCents: remaining });
    result.applicationFeesCents.forEach((fee, i) => expect(fee).toBeLessThanOrEqual(charges[i]!.amountCents));
  });

  test("refuses a fee above its amount and fractional cents", () => {
    expect(() => deductMonthlyFee([{ amountCents: 100, applicationFeeCents: 101 }], 200)).toThrow(RangeError);
    expect(() => deductMonthlyFee([], 199.5)).toThrow(RangeError);
  });
});

describe("payout calculator (spec 001 section 9)", () => {
  const base: PayoutInput = { priceCents: 500, feePercentage: 6, minPlayers: 10, maxPlayers: null, organiserPlaces: 1, monthlyFeePaid: false };
  const row = (payingPlayers: number, priceCents: number, feeCents: number, monthlyFeeCents: number) => ({
    payingPlayers,
    paidCents: payingPlayers * priceCents,
    feesCents: payingPlayers * feeCents,
    monthlyFeeCents,
    payoutCents: payingPlayers * (priceCents - feeCents) - monthlyFeeCents,
  });
  const players = (input: Partial<PayoutInput>) => payoutCalculation({ ...base, ...input }).rows.map((r) => [r.payingPlayers, r.payoutCents]);

  test("no maximum: from the players still missing up to missing + 2, with the monthly fee", () => {
    expect(payoutCalculation(base)).toEqual({
      perPlayer: { priceCents: 500, feeCents: 69, payoutCents: 431 },
      monthlyFeeCents: 200,
      rows: [row(9, 500, 69, 200), row(10, 500, 69, 200), row(11, 500, 69, 200)],
    });
    expect(players({})).toEqual([[9, 3679], [10, 4110], [11, 4541]]);
  });

  test.each<[string, Partial<PayoutInput>, number[][]]>([
    ["monthly fee already paid this month", { monthlyFeePaid: true }, [[9, 3879], [10, 4310], [11, 4741]]],
    ["with a maximum: every open place", { maxPlayers: 14 }, [[9, 3679], [10, 4110], [11, 4541], [12, 4972], [13, 5403]]],
    ["a maximum equal to the minimum: one row", { maxPlayers: 10 }, [[9, 3679]]],
    ["the organiser brings friends: fewer missing", { organiserPlaces: 4 }, [[6, 2386], [7, 2817], [8, 3248]]],
    ["nobody missing: at least 2 rows' worth (1 and 2 players)", { minPlayers: 4, organiserPlaces: 6, monthlyFeePaid: true }, [[1, 431], [2, 862]]],
    ["'takes place' (minimum 0): 1 and 2 players", { minPlayers: 0, priceCents: 1000, monthlyFeePaid: true }, [[1, 901], [2, 1802]]],
    ["one missing: 1 to 3 players", { minPlayers: 2, priceCents: 1000 }, [[1, 701], [2, 1602], [3, 2503]]],
    // 250 cents: 54 fee, 196 per player; one player's payout (-4) is no payout
    ["a negative row is left out", { minPlayers: 2, priceCents: 250 }, [[2, 192], [3, 388]]],
    // 239 cents at 0 %: 200 per player, so one player's payout is exactly 0
    ["a zero payout is no payout", { minPlayers: 0, priceCents: 239, feePercentage: 0 }, [[2, 200]]],
    ["organisation percentage with decimals (5.75 %: fee 97)", { priceCents: 1000, feePercentage: 5.75, minPlayers: 4, maxPlayers: 5 }, [[3, 2509], [4, 3412]]],
    ["small price: only rows that cover the monthly fee", { priceCents: 100, minPlayers: 4 }, [[4, 20], [5, 75]]],
  ])("%s", (_label, input, expected) => {
    expect(players(input)).toEqual(expected);
  });

  test.each<[string, Partial<PayoutInput>]>([
    ["price 0", { priceCents: 0, monthlyFeePaid: true }],
    ["a price that never covers the monthly fee", { priceCents: 50 }],
    ["a full game: no open place", { minPlayers: 4, maxPlayers: 4, organiserPlaces: 4 }],
    ["the fee takes the whole price", { priceCents: 30, monthlyFeePaid: true }],
  ])("no payout: %s", (_label, input) => {
    expect(payoutCalculation({ ...base, ...input }).rows).toEqual([]);
  });

  test("a price that covers it once the fee is paid", () => {
    expect(players({ priceCents: 50, monthlyFeePaid: true })).toEqual([[9, 72], [10, 80], [11, 88]]);
  });

  test("refuses counts that are not non-negative integers", () => {
    expect(() => payoutCalculation({ ...base, minPlayers: -1 })).toThrow(RangeError);
    expect(() => payoutCalculation({ ...base, organiserPlaces: 1.5 })).toThrow(RangeError);
    expect(() => payoutCalculation({ ...base, maxPlayers: Number.NaN })).toThrow(RangeError);
    expect(() => payoutCalculation({ ...base, priceCents: 4.5 })).toThrow(RangeError);
  });

  test("every row: payout = paid − fees − monthly fee, positive, ascending", () => {
    fc.assert(
      fc.property(
        fc.record({
          priceCents: fc.integer({ min: 0, max: 10_000 }),
          feePercentage: fc.integer({ min: 0, max: 2_000 }).map((h) => h / 100),
          minPlayers: fc.integer({ min: 0, max: 40 }),
          maxPlayers: fc.option(fc.integer({ min: 0, max: 60 })),
          organiserPlaces: fc.integer({ min: 0, max: 20 }),
          monthlyFeePaid: fc.boolean(),
        }),
        (input) => {
          const { rows, monthlyFeeCents } = payoutCalculation(input);
          let previous = 0;
          for (const r of rows) {
            expect(r.payoutCents).toBe(r.paidCents - r.feesCents - monthlyFeeCents);
            expect(r.payoutCents).toBeGreaterThan(0);
            expect(r.payingPlayers).toBeGreaterThan(previous);
            previous = r.payingPlayers;
          }
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });

  test("the empty case's text, word for word in German (spec 001 section 8) and in English", () => {
    const catalogue = (locale: string) => JSON.parse(readFileSync(join(import.meta.dir, `../i18n/messages/${locale}.json`), "utf8")) as Record<string, string>;
    expect(catalogue("de")[PAYOUT_NONE_MESSAGE_KEY]).toBe("In dieser Konstellation gibt es keine Auszahlung.");
    expect(catalogue("en")[PAYOUT_NONE_MESSAGE_KEY]).toBe("There is no payout with these settings.");
  });
});
