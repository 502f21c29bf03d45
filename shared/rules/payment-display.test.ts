import { describe, expect, test } from "bun:test";
import { PAYMENT_STATUSES, type PaymentStatus } from "../constants";
import { cashRequestDeclined, cashRequestPending, paymentDisplayCode, type PaymentDisplayCode } from "./payment-display";

const t = (s: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, s));
const none = { requestedExternalPaymentAt: null, declinedExternalPaymentAt: null };
const requested = { requestedExternalPaymentAt: t(1), declinedExternalPaymentAt: null };
const declined = { requestedExternalPaymentAt: t(1), declinedExternalPaymentAt: t(2) };
const declinedSameInstant = { requestedExternalPaymentAt: t(1), declinedExternalPaymentAt: t(1) };
const askedAgain = { requestedExternalPaymentAt: t(3), declinedExternalPaymentAt: t(2) };

describe("cash request state", () => {
  test.each([
    ["nothing", none, false, false],
    ["requested", requested, true, false],
    ["declined", declined, false, true],
    ["declined in the same millisecond", declinedSameInstant, false, true],
    ["asked again after a decline", askedAgain, true, false],
  ] as const)("%s", (_, facts, pending, wasDeclined) => {
    expect(cashRequestPending(facts)).toBe(pending);
    expect(cashRequestDeclined(facts)).toBe(wasDeclined);
  });
});

describe("paymentDisplayCode", () => {
  const active: Record<PaymentStatus, PaymentDisplayCode | null> = {
    None: null,
    Open: "TP",
    Approved: "BO",
    Captured: "BO",
    Released: "WD",
    PaidExternally: "PA",
    Expired: "WD",
  };
  test.each(PAYMENT_STATUSES.map((s) => [s, active[s]] as const))("active %s -> %s", (paymentStatus, code) => {
    expect(paymentDisplayCode({ paymentStatus, cancelled: false, ...none })).toBe(code);
  });
  test.each(PAYMENT_STATUSES.map((s) => [s, s === "Expired" ? "WD" : "CA"] as const))("cancelled %s -> %s", (paymentStatus, code) => {
    expect(paymentDisplayCode({ paymentStatus, cancelled: true, ...requested })).toBe(code);
  });
  test.each([
    [none, "TP"],
    [requested, "RE"],
    [declined, "DE"],
    [declinedSameInstant, "DE"],
    [askedAgain, "RE"],
  ] as const)("Open with %o -> %s", (facts, code) => {
    expect(paymentDisplayCode({ paymentStatus: "Open", cancelled: false, ...facts })).toBe(code);
  });
  test("paid in cash after a decline reads PA", () => {
    expect(paymentDisplayCode({ paymentStatus: "PaidExternally", cancelled: false, ...declined })).toBe("PA");
  });
});
