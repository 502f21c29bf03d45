import { describe, expect, test } from "bun:test";
import { reminderBlockedUntil } from "./tournament-reminder";

const created = new Date("2026-12-01T10:00:00Z");
const team = { paymentStatus: "Open" as const, queue: false, cancelledAt: null, createdAt: created, paymentReminderSentAt: null };
const at = (h: number) => new Date(created.getTime() + h * 3_600_000);

describe("payment reminder window (spec 001 sections 4, 9)", () => {
  test("none in the first day after registering", () => {
    expect(reminderBlockedUntil(team, at(23.99))).toEqual(at(24));
    expect(reminderBlockedUntil(team, at(24))).toBeNull();
  });
  test("then at most once per 7 days", () => {
    const sent = { ...team, paymentReminderSentAt: at(30) };
    expect(reminderBlockedUntil(sent, at(30 + 167.9))).toEqual(at(30 + 168));
    expect(reminderBlockedUntil(sent, at(30 + 168))).toBeNull();
  });
  test("only for an Open team that holds a place", () => {
    for (const paymentStatus of ["Paid", "PaidExternally", "Refunded"] as const) expect(reminderBlockedUntil({ ...team, paymentStatus }, at(100))).toBe("never");
    expect(reminderBlockedUntil({ ...team, queue: true }, at(100))).toBe("never");
    expect(reminderBlockedUntil({ ...team, cancelledAt: at(50) }, at(100))).toBe("never");
  });
});
