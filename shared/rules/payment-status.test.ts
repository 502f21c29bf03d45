import { describe, expect, test } from "bun:test";
import { PAYMENT_STATUSES, type PaymentStatus } from "../constants";
import { assertTransition, canTransitionPayment, PAYMENT_TRANSITIONS, type PaymentTransitionProblem } from "./payment-status";

/**
 * The whole 7 x 7 matrix, written out. Each cell names the condition of from -> to:
 *   "-"     never (INVALID_PAYMENT_TRANSITION)
 *   "M"     managed-payment game only
 *   "open"  managed, participation not cancelled, game not started (a new reservation)
 *   "cash"  managed, participation not cancelled (any time)
 *   "rel"   managed, participation cancelled (any time)
 */
type Cell = "-" | "M" | "open" | "cash" | "rel";
const MATRIX: Record<PaymentStatus, Record<PaymentStatus, Cell>> = {
  //            None   Open     Approved  Captured  Released  PaidExternally  Expired
  None: { None: "-", Open: "open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  Open: { None: "-", Open: "-", Approved: "M", Captured: "M", Released: "-", PaidExternally: "cash", Expired: "M" },
  Approved: { None: "-", Open: "-", Approved: "-", Captured: "M", Released: "rel", PaidExternally: "-", Expired: "-" },
  Captured: { None: "-", Open: "-", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  Released: { None: "-", Open: "open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  PaidExternally: { None: "-", Open: "-", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  Expired: { None: "-", Open: "open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
};

type Ctx = { gameStarted: boolean; participationCancelled: boolean; isManagedPayment: boolean };

function expected(cell: Cell, c: Ctx): PaymentTransitionProblem | null {
  if (cell === "-") return "INVALID_PAYMENT_TRANSITION";
  if (!c.isManagedPayment) return "PAYMENT_NOT_MANAGED";
  if (cell === "open" && c.participationCancelled) return "PARTICIPATION_CANCELLED";
  if (cell === "open" && c.gameStarted) return "GAME_ALREADY_STARTED";
  if (cell === "cash" && c.participationCancelled) return "PARTICIPATION_CANCELLED";
  if (cell === "rel" && !c.participationCancelled) return "PARTICIPATION_NOT_CANCELLED";
  return null;
}

const contexts: Ctx[] = [];
for (const isManagedPayment of [true, false])
  for (const gameStarted of [false, true])
    for (const participationCancelled of [false, true]) contexts.push({ gameStarted, participationCancelled, isManagedPayment });

const table: [PaymentStatus, PaymentStatus, boolean, boolean, boolean, PaymentTransitionProblem | null][] = [];
for (const from of PAYMENT_STATUSES)
  for (const to of PAYMENT_STATUSES)
    for (const c of contexts) table.push([from, to, c.isManagedPayment, c.gameStarted, c.participationCancelled, expected(MATRIX[from][to], c)]);

describe("payment transitions: every pair in every context", () => {
  test("7 x 7 pairs x 8 contexts", () => expect(table).toHaveLength(392));

  test.each(table)("%s -> %s (managed %p, started %p, cancelled %p) -> %p", (from, to, isManagedPayment, gameStarted, participationCancelled, problem) => {
    const o = { isManagedPayment, gameStarted, participationCancelled };
    expect(assertTransition(from, to, o)).toBe(problem);
    expect(canTransitionPayment(from, to, o)).toBe(problem === null);
  });
});

describe("PAYMENT_TRANSITIONS lists exactly the non-'-' cells", () => {
  test.each(PAYMENT_STATUSES.map((s) => [s] as const))("%s", (from) => {
    const allowed = PAYMENT_STATUSES.filter((to) => MATRIX[from][to] !== "-");
    expect([...PAYMENT_TRANSITIONS[from]].sort()).toEqual([...allowed].sort());
  });

  test("every status has an entry and no status reaches itself", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_TRANSITIONS[s]).not.toContain(s);
  });
});

describe("the spec's stories", () => {
  const before = { isManagedPayment: true, gameStarted: false, participationCancelled: false };
  const started = { ...before, gameStarted: true };
  const cancelled = { ...before, participationCancelled: true };
  test.each<[string, PaymentStatus[], Ctx, boolean]>([
    ["join, pay by card, collect", ["None", "Open", "Approved", "Captured"], before, true],
    ["instant capture", ["None", "Open", "Captured"], before, true],
    ["cash allowed by the organiser", ["None", "Open", "PaidExternally"], before, true],
    ["cash marked after the start", ["Open", "PaidExternally"], started, true],
    ["reservation expires, retry, pay", ["Open", "Expired", "Open", "Approved"], before, true],
    ["no retry after the start", ["Expired", "Open"], started, false],
    ["release after a cancellation", ["Approved", "Released"], cancelled, true],
    ["rejoin after a release", ["Released", "Open"], before, true],
    ["keep the money of a short-notice cancellation", ["Approved", "Captured"], cancelled, true],
    ["no release of an active participation", ["Approved", "Released"], before, false],
    ["no cash straight from None", ["None", "PaidExternally"], before, false],
    ["no way back from Captured", ["Captured", "Released"], cancelled, false],
    ["not in a non-managed game", ["None", "Open"], { ...before, isManagedPayment: false }, false],
  ])("%s", (_label, path, ctx, ok) => {
    const steps = path.slice(1).map((to, i) => canTransitionPayment(path[i] as PaymentStatus, to, ctx));
    expect(steps.every(Boolean)).toBe(ok);
  });
});
