import { describe, expect, test } from "bun:test";
import { playerCountOptions, registrationClosedReason, registrationRequirements, teamStatusKind, teamTotalCents } from "./registration-rules";

describe("tournament registration rules", () => {
  test.each([
    [5, 15, [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]],
    [7, 7, [7]],
    [3, 5, [3, 4, 5]],
    [11, 8, [11]],
  ])("players from game mode %p up to %p", (gameMode, maxPlayers, options) => {
    expect(playerCountOptions(gameMode, maxPlayers)).toEqual(options);
  });

  test.each([
    [{ participationPriceCents: 1000, pricePerPlayer: true }, 3, 3000],
    [{ participationPriceCents: 1000, pricePerPlayer: true }, 15, 15000],
    [{ participationPriceCents: 6000, pricePerPlayer: false }, 9, 6000],
    [{ participationPriceCents: 0, pricePerPlayer: true }, 9, 0],
  ])("%p with %p players costs %p cents", (tournament, players, cents) => {
    expect(teamTotalCents(tournament, players)).toBe(cents);
  });

  const now = new Date("2026-12-01T10:00:00Z");
  const open = { publishedAt: new Date("2026-11-01T10:00:00Z"), cancelledAt: null, startTime: new Date("2026-12-05T10:00:00Z") };
  test.each([
    [open, null],
    [{ ...open, publishedAt: null }, "draft"],
    [{ ...open, startTime: now }, "started"],
    [{ ...open, startTime: new Date("2026-11-30T10:00:00Z") }, "started"],
    [{ ...open, cancelledAt: new Date("2026-11-20T10:00:00Z") }, "cancelled"],
  ])("registration of %p: %p", (tournament, reason) => {
    expect(registrationClosedReason(tournament, now)).toBe(reason as never);
  });

  test.each([
    [{ full: false, business: false, participationPriceCents: 1000 }, []],
    [{ full: true, business: false, participationPriceCents: 1000 }, ["waitingList"]],
    [{ full: false, business: true, participationPriceCents: 1000 }, ["invoiceData"]],
    [{ full: true, business: true, participationPriceCents: 1000 }, ["waitingList", "invoiceData"]],
    [{ full: false, business: true, participationPriceCents: 0 }, []],
  ])("requirements of %p: %p", (tournament, list) => {
    expect(registrationRequirements(tournament)).toEqual(list as never);
  });
});

describe("a team's status", () => {
  const base = { paymentStatus: "Open" as const, queue: false, cancelledAt: null, amountCents: 3000 };
  test.each([
    [base, "open"],
    [{ ...base, amountCents: 0 }, "registered"],
    [{ ...base, queue: true }, "waiting"],
    [{ ...base, paymentStatus: "Paid" as const }, "paid"],
    [{ ...base, paymentStatus: "PaidExternally" as const }, "paidCash"],
    [{ ...base, paymentStatus: "Refunded" as const, cancelledAt: new Date() }, "refunded"],
    [{ ...base, cancelledAt: new Date() }, "cancelled"],
    [{ ...base, queue: true, cancelledAt: new Date() }, "cancelled"],
  ])("%p is %p", (team, kind) => {
    expect(teamStatusKind(team)).toBe(kind as never);
  });
});
