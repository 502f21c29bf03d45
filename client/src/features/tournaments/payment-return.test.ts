import { describe, expect, test } from "bun:test";
import { readPaymentReturn, searchWithoutReturn } from "./payment-return";

describe("tournament payment return", () => {
  test.each([
    ["", null],
    ["?rules", null],
    ["?returned=1&tpid=12&redirect_status=succeeded", { participationId: 12, status: "succeeded" }],
    ["?returned=1&tpid=12&redirect_status=failed", { participationId: 12, status: "failed" }],
    ["?returned=1&tpid=12&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=processing", { participationId: 12, status: "succeeded" }],
    ["?returned=1&tpid=abc&redirect_status=failed", { participationId: null, status: "failed" }],
    ["?returned=1&tpid=0", { participationId: null, status: "succeeded" }],
  ])("%p → %p", (search, expected) => {
    expect(readPaymentReturn(search)).toEqual(expected as never);
  });

  test.each([
    ["?returned=1&tpid=12&redirect_status=succeeded", ""],
    ["?returned=1&tpid=12&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=failed", ""],
    ["?rules&returned=1&tpid=3&redirect_status=failed", "?rules"],
    ["?lang=en&returned=1", "?lang=en"],
  ])("cleaned %p → %p", (search, expected) => {
    expect(searchWithoutReturn(search)).toBe(expected);
  });
});
