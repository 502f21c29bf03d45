import { describe, expect, test } from "bun:test";
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "../constants";
import {
  eventMayReport,
  INTENT_EVENT_STATUSES,
  INTENT_STATUS_RANK,
  intentActionProblem,
  intentMove,
  isFinalIntentStatus,
  refundedOfCaptured,
  refundStateOf,
  type IntentMove,
} from "./intent-status";

const S = PAYMENT_INTENT_STATUSES;
const EARLY: PaymentIntentStatus[] = ["requires_payment_method", "requires_confirmation", "requires_action", "processing"];

describe("intentMove: every pair of statuses", () => {
  // The expected move for an event newer than the mirror's newest (t 11 > 10): no time question arises.
  const expected = (from: PaymentIntentStatus, to: PaymentIntentStatus): IntentMove => {
    if (from === to) return "same";
    if (from === "succeeded" || from === "canceled") return "final";
    if (to === "succeeded" || to === "canceled") return "apply";
    if (from === "requires_capture") return "backward";
    if (to === "requires_capture") return "apply";
    return "apply"; // within the early statuses the newer event wins
  };
  for (const from of S) {
    for (const to of S) {
      test(`${from} → ${to}`, () => {
        expect(intentMove({ status: from, lastEventCreated: 10 }, { status: to, eventCreated: 11 })).toBe(expected(from, to));
      });
    }
  }
});

describe("intentMove: order independence", () => {
  test.each<[string, PaymentIntentStatus, number | null, PaymentIntentStatus, number | null, IntentMove]>([
    // a late succeeded after canceled, and a capture notice after succeeded, change nothing
    ["late succeeded after canceled", "canceled", 20, "succeeded", 10, "final"],
    ["late succeeded after canceled, even if newer", "canceled", 20, "succeeded", 30, "final"],
    ["amount_capturable_updated after succeeded", "succeeded", 20, "requires_capture", 10, "final"],
    ["a canceled event after succeeded", "succeeded", 20, "canceled", 25, "final"],
    // moves up the ranks apply whatever their time
    ["requires_capture arriving before created", "requires_payment_method", null, "requires_capture", 10, "apply"],
    ["succeeded older than a failure already applied", "requires_payment_method", 20, "succeeded", 10, "apply"],
    ["canceled older than requires_action applied", "requires_action", 20, "canceled", 15, "apply"],
    ["requires_capture older than the mirror's time", "processing", 20, "requires_capture", 5, "apply"],
    // moves down the ranks are stale news
    ["requires_action after requires_capture", "requires_capture", 10, "requires_action", 30, "backward"],
    ["created after requires_capture", "requires_capture", 10, "requires_payment_method", 5, "backward"],
    // within the early statuses time decides; one second cannot be ordered
    ["a newer failure after requires_action", "requires_action", 10, "requires_payment_method", 11, "apply"],
    ["an older created after requires_action", "requires_action", 10, "requires_payment_method", 9, "stale"],
    ["the same second, another status", "requires_action", 10, "requires_payment_method", 10, "ambiguous"],
    ["the same second, the same status", "requires_action", 10, "requires_action", 10, "same"],
    ["the first event on a new row", "requires_payment_method", null, "requires_action", 10, "apply"],
    // a read is the present: it applies within the early statuses whatever the mirror's time
    ["a read within the early statuses", "requires_action", 10, "requires_payment_method", null, "apply"],
    ["a read cannot undo a final status", "succeeded", 10, "requires_payment_method", null, "final"],
    ["a read cannot go down the ranks", "requires_capture", 10, "processing", null, "backward"],
  ])("%s", (_name, from, last, to, created, move) => {
    expect(intentMove({ status: from, lastEventCreated: last }, { status: to, eventCreated: created })).toBe(move);
  });

  test("applying any shuffle of one intent's real history ends where Stripe ended (no ties)", () => {
    // created → requires_action → failed → requires_action → requires_capture → succeeded, one per second
    const history: [PaymentIntentStatus, number][] = [
      ["requires_payment_method", 1],
      ["requires_action", 2],
      ["requires_payment_method", 3],
      ["requires_action", 4],
      ["requires_capture", 5],
      ["succeeded", 6],
    ];
    const permutations = (xs: [PaymentIntentStatus, number][]): [PaymentIntentStatus, number][][] =>
      xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    for (const order of permutations(history)) {
      let mirror = { status: "requires_payment_method" as PaymentIntentStatus, lastEventCreated: null as number | null };
      for (const [status, t] of order) {
        const move = intentMove(mirror, { status, eventCreated: t });
        expect(move).not.toBe("ambiguous");
        if (move === "apply") mirror = { status, lastEventCreated: Math.max(mirror.lastEventCreated ?? 0, t) };
        if (move === "same") mirror = { ...mirror, lastEventCreated: Math.max(mirror.lastEventCreated ?? 0, t) };
      }
      expect(mirror.status).toBe("succeeded");
    }
  });

  test("the ranks: early < requires_capture < final", () => {
    for (const s of EARLY) expect(INTENT_STATUS_RANK[s]).toBe(0);
    expect(INTENT_STATUS_RANK.requires_capture).toBe(1);
    expect([INTENT_STATUS_RANK.succeeded, INTENT_STATUS_RANK.canceled]).toEqual([2, 2]);
    expect(S.filter(isFinalIntentStatus)).toEqual(["canceled", "succeeded"]);
  });
});

describe("which event may report which status", () => {
  test.each<[string, PaymentIntentStatus, boolean]>([
    ["payment_intent.created", "requires_payment_method", true],
    ["payment_intent.created", "succeeded", false],
    ["payment_intent.requires_action", "requires_action", true],
    ["payment_intent.requires_action", "requires_capture", false],
    ["payment_intent.processing", "processing", true],
    ["payment_intent.payment_failed", "requires_payment_method", true],
    ["payment_intent.payment_failed", "canceled", false],
    ["payment_intent.amount_capturable_updated", "requires_capture", true],
    ["payment_intent.amount_capturable_updated", "succeeded", false],
    ["payment_intent.succeeded", "succeeded", true],
    ["payment_intent.succeeded", "canceled", false],
    ["payment_intent.canceled", "canceled", true],
    ["payment_intent.partially_funded", "requires_payment_method", false],
    ["charge.refunded", "succeeded", false],
  ])("%s with %s: %p", (type, status, allowed) => {
    expect(eventMayReport(type, status)).toBe(allowed);
  });

  test("every listed status is one of Stripe's", () => {
    for (const statuses of Object.values(INTENT_EVENT_STATUSES)) for (const s of statuses) expect(S).toContain(s);
  });
});

describe("intentActionProblem", () => {
  const m = (status: PaymentIntentStatus, received = 0, refunded = 0) => ({ status, amountReceivedCents: received, amountRefundedCents: refunded });
  test.each<[string, Parameters<typeof intentActionProblem>[0], ReturnType<typeof m>, ReturnType<typeof intentActionProblem>]>([
    ["capture a held card", "capture", m("requires_capture"), null],
    ["capture while the mirror lags (Stripe decides)", "capture", m("requires_payment_method"), null],
    ["capture a succeeded payment", "capture", m("succeeded", 500), "PAYMENT_STATE_CONFLICT"],
    ["capture a cancelled payment", "capture", m("canceled"), "PAYMENT_STATE_CONFLICT"],
    ["cancel an unpaid intent", "cancel", m("requires_payment_method"), null],
    ["cancel a held card", "cancel", m("requires_capture"), null],
    ["cancel a succeeded payment", "cancel", m("succeeded", 500), "PAYMENT_STATE_CONFLICT"],
    ["cancel twice", "cancel", m("canceled"), "PAYMENT_STATE_CONFLICT"],
    ["refund a succeeded payment", "refund", m("succeeded", 500), null],
    ["refund the rest of a partly refunded one", "refund", m("succeeded", 500, 200), null],
    ["refund a fully refunded one", "refund", m("succeeded", 500, 500), "PAYMENT_ALREADY_REFUNDED"],
    ["refund a cancelled one", "refund", m("canceled"), "PAYMENT_STATE_CONFLICT"],
    ["refund while the mirror lags (Stripe decides)", "refund", m("requires_capture"), null],
  ])("%s", (_name, action, mirror, problem) => {
    expect(intentActionProblem(action, mirror)).toBe(problem);
  });
});

describe("refunded amounts", () => {
  test.each<[string, { amount: number; amount_captured: number; amount_refunded: number; captured: boolean }, number]>([
    ["nothing refunded", { amount: 1000, amount_captured: 1000, amount_refunded: 0, captured: true }, 0],
    ["a partial refund", { amount: 1000, amount_captured: 1000, amount_refunded: 300, captured: true }, 300],
    ["a full refund", { amount: 1000, amount_captured: 1000, amount_refunded: 1000, captured: true }, 1000],
    ["a partial capture releases the rest (not a refund)", { amount: 1000, amount_captured: 600, amount_refunded: 400, captured: true }, 0],
    ["a refund after a partial capture", { amount: 1000, amount_captured: 600, amount_refunded: 650, captured: true }, 250],
    ["a released authorisation (cancelled) is no refund", { amount: 1000, amount_captured: 0, amount_refunded: 1000, captured: false }, 0],
  ])("%s", (_name, charge, cents) => {
    expect(refundedOfCaptured(charge)).toBe(cents);
  });

  test.each<[number, number, ReturnType<typeof refundStateOf>]>([
    [1000, 0, "none"],
    [1000, 1, "partial"],
    [1000, 999, "partial"],
    [1000, 1000, "full"],
  ])("received %i, refunded %i: %s", (received, refunded, state) => {
    expect(refundStateOf({ amountReceivedCents: received, amountRefundedCents: refunded })).toBe(state);
  });
});
