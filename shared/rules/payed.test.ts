import { describe, expect, test } from "bun:test";
import type { PaymentStatus } from "../constants";
import { paymentStatusForPayed } from "./payed";

describe("paymentStatusForPayed", () => {
  const cases: Array<[PaymentStatus, number, number, PaymentStatus | "REFUSED"]> = [
    ["Open", 1, 1, "PaidExternally"],
    ["Open", 3, 3, "PaidExternally"],
    ["Open", 4, 3, "PaidExternally"],
    ["Open", 2, 3, "Open"],
    ["Open", 0, 1, "Open"],
    ["None", 1, 1, "PaidExternally"],
    ["Expired", 0, 1, "Expired"],
    ["Released", 1, 1, "PaidExternally"],
    ["PaidExternally", 1, 1, "PaidExternally"],
    ["PaidExternally", 0, 1, "REFUSED"],
    ["Captured", 2, 2, "Captured"],
    ["Captured", 1, 2, "REFUSED"],
    ["Approved", 1, 1, "Approved"],
    ["Approved", 0, 1, "REFUSED"],
    // a participation of 0 players (an organiser who does not play) is paid with 1
    ["Open", 0, 0, "Open"],
    ["Open", 1, 0, "PaidExternally"],
  ];
  for (const [current, payed, playerCount, expected] of cases) {
    test(`${current}, payed ${payed} of ${playerCount} -> ${expected}`, () => {
      expect(paymentStatusForPayed(current, payed, playerCount)).toBe(expected);
    });
  }
});
