import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { getSeenShortNoticeCancellations, markShortNoticeCancellationsSeen } from "@client/lib/local-records";
import { shortNoticeCancellations } from "./short-notice-cancellations";

const start = new Date("2026-11-24T18:00:00Z");
const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);
const cancelled = (id: number, cancelledAt: Date, change: { removed?: boolean; shortNotice?: boolean } = {}) => ({
  id,
  player: { id: id + 100, firstName: `P${id}`, profileImageUrl: null },
  firstName: null,
  playerCount: 1,
  cancelledAt,
  removed: change.removed ?? false,
  shortNotice: change.shortNotice ?? true,
  paymentCode: null,
});

describe("the organiser's short-notice cancellation notice (spec 000 section 9: within 2 hours)", () => {
  test("only players' own cancellations from start - 2 h on", () => {
    const game = {
      startTime: start,
      cancelledParticipations: [
        cancelled(1, before(120)),
        cancelled(2, before(121)),
        cancelled(3, before(30), { removed: true }),
        // a queued player's cancellation is not short notice (no place was lost)
        cancelled(4, before(10), { shortNotice: false }),
        cancelled(5, before(5)),
      ],
    };
    expect(shortNoticeCancellations(game).map((p) => p.id)).toEqual([1, 5]);
  });
});

/** A minimal localStorage, as the browser has. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("playersCancelledShortNotice in local storage (spec 000 section 3)", () => {
  const globals = globalThis as unknown as { window?: unknown };
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    globals.window = { localStorage: storage };
  });
  afterEach(() => {
    delete globals.window;
  });

  test("acknowledged cancellations are kept under the spec's name until 7 days after the start", () => {
    markShortNoticeCancellationsSeen([7, 8], start, before(60));
    expect([...getSeenShortNoticeCancellations(before(30))].sort()).toEqual([7, 8]);
    expect(JSON.parse(storage.getItem("kickrunde.playersCancelledShortNotice") ?? "[]")).toHaveLength(2);
    const weekLater = new Date(start.getTime() + 7 * 86_400_000);
    expect(getSeenShortNoticeCancellations(new Date(weekLater.getTime() - 1)).size).toBe(2);
    expect(getSeenShortNoticeCancellations(weekLater).size).toBe(0);
    // Writing again drops what has expired.
    markShortNoticeCancellationsSeen([9], new Date(weekLater.getTime() + 86_400_000), weekLater);
    expect(JSON.parse(storage.getItem("kickrunde.playersCancelledShortNotice") ?? "[]")).toEqual([
      { participationId: 9, expiresAt: weekLater.getTime() + 8 * 86_400_000 },
    ]);
  });

  test("a broken entry is ignored", () => {
    storage.setItem("kickrunde.playersCancelledShortNotice", "{not json");
    expect(getSeenShortNoticeCancellations(start).size).toBe(0);
    storage.setItem("kickrunde.playersCancelledShortNotice", JSON.stringify([{ participationId: "x", expiresAt: 1 }, 5]));
    expect(getSeenShortNoticeCancellations(new Date(0)).size).toBe(0);
  });
});
