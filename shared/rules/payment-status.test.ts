import { describe, expect, test } from "bun:test";
import { PAYMENT_STATUSES, type PaymentStatus } from "../constants";
import {
  findPaymentTransition,
  PAYMENT_ACTORS,
  PAYMENT_TRANSITIONS,
  transitionProblem,
  type PaymentActor,
  type PaymentTransitionContext,
  type PaymentTransitionProblem,
} from "./payment-status";

/**
 * The whole 7 x 7 matrix, written out independently of the table. Each cell is "-" (never) or
 * "<actors>:<condition>", actors as letters p(rovider) j(ob) o(rganiser) u(ser, the player) a(dmin),
 * condition:
 *   ""      managed-payment game only
 *   "open"  managed, joining, participation not cancelled, game not started (a new reservation)
 *   "cash"  managed, participation not cancelled (any time)
 *   "rel"   managed, participation cancelled (any time)
 *   "hold"  managed, participation cancelled or on the waiting list (any time)
 * The provider's word is never refused for a condition (it records what already happened).
 */
type Cell = "-" | `${string}:${"" | "open" | "cash" | "rel" | "hold"}`;
const MATRIX: Record<PaymentStatus, Record<PaymentStatus, Cell>> = {
  //            None   Open       Approved   Captured    Released     PaidExternally     Expired
  None: { None: "-", Open: "u:open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  Open: { None: "-", Open: "-", Approved: "p:", Captured: "p:", Released: "-", PaidExternally: "oa:cash", Expired: "pj:" },
  Approved: { None: "-", Open: "u:open", Approved: "-", Captured: "pj:", Released: "pj:hold", PaidExternally: "-", Expired: "-" },
  Captured: { None: "-", Open: "u:open", Approved: "-", Captured: "-", Released: "pj:hold", PaidExternally: "-", Expired: "-" },
  Released: { None: "-", Open: "u:open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  PaidExternally: { None: "-", Open: "-", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
  Expired: { None: "-", Open: "u:open", Approved: "-", Captured: "-", Released: "-", PaidExternally: "-", Expired: "-" },
};
const LETTER: Record<PaymentActor, string> = { provider: "p", job: "j", organiser: "o", player: "u", admin: "a" };

type Facts = Omit<PaymentTransitionContext, "actor">;

function expected(cell: Cell, actor: PaymentActor, c: Facts): PaymentTransitionProblem | null {
  if (cell === "-") return "INVALID_PAYMENT_TRANSITION";
  const [actors, condition] = cell.split(":") as [string, string];
  if (!actors.includes(LETTER[actor])) return "PAYMENT_ACTOR_NOT_ALLOWED";
  if (!c.isManagedPayment) return "PAYMENT_NOT_MANAGED";
  if (actor === "provider") return null;
  if (condition === "open" && !c.joining) return "NOT_JOINING";
  if ((condition === "open" || condition === "cash") && c.participationCancelled) return "PARTICIPATION_CANCELLED";
  if (condition === "open" && c.gameStarted) return "GAME_ALREADY_STARTED";
  if (condition === "rel" && !c.participationCancelled) return "PARTICIPATION_NOT_CANCELLED";
  if (condition === "hold" && !c.participationCancelled && !c.participationQueued) return "PARTICIPATION_NOT_CANCELLED";
  return null;
}

const facts: Facts[] = [];
for (const isManagedPayment of [true, false])
  for (const gameStarted of [false, true])
    for (const participationCancelled of [false, true])
      for (const participationQueued of [false, true])
        for (const joining of [false, true]) facts.push({ gameStarted, participationCancelled, participationQueued, isManagedPayment, joining });

const triples: [PaymentStatus, PaymentStatus, PaymentActor][] = [];
for (const from of PAYMENT_STATUSES) for (const to of PAYMENT_STATUSES) for (const actor of PAYMENT_ACTORS) triples.push([from, to, actor]);

describe("payment transitions: every (from, to, actor) in every context", () => {
  test("7 x 7 pairs x 5 actors, 32 contexts each", () => {
    expect(triples).toHaveLength(245);
    expect(facts).toHaveLength(32);
  });

  test.each(triples)("%s -> %s by %s", (from, to, actor) => {
    const got = facts.map((c) => transitionProblem(from, to, { actor, ...c }));
    expect(got).toEqual(facts.map((c) => expected(MATRIX[from][to], actor, c)));
  });

  test("joining may be left out and counts as not joining", () => {
    const base = { actor: "player" as const, gameStarted: false, participationCancelled: false, isManagedPayment: true };
    expect(transitionProblem("None", "Open", base)).toBe("NOT_JOINING");
    expect(transitionProblem("None", "Open", { ...base, joining: true })).toBeNull();
  });
});

describe("the table is data that matches the matrix", () => {
  test("exactly the non-'-' cells, each pair once, nothing reaches itself", () => {
    const listed = PAYMENT_TRANSITIONS.map((t) => `${t.from}->${t.to}`).sort();
    const cells = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.filter((to) => MATRIX[from][to] !== "-").map((to) => `${from}->${to}`)).sort();
    expect(listed).toEqual(cells);
    expect(new Set(listed).size).toBe(listed.length);
    for (const t of PAYMENT_TRANSITIONS) expect(t.to).not.toBe(t.from);
  });

  test.each(PAYMENT_TRANSITIONS.map((t) => [t.from, t.to] as const))("%s -> %s lists the matrix's actors", (from, to) => {
    const actors = [...findPaymentTransition(from, to)!.actors].sort();
    expect(actors).toEqual(PAYMENT_ACTORS.filter((a) => MATRIX[from][to].split(":")[0]!.includes(LETTER[a])).sort());
  });

  test("no person ever sets a card state: Approved, Captured, Released and Expired are the provider's and the jobs'", () => {
    for (const t of PAYMENT_TRANSITIONS.filter((t) => ["Approved", "Captured", "Released", "Expired"].includes(t.to))) {
      expect(t.actors.filter((a) => a === "organiser" || a === "admin" || a === "player")).toEqual([]);
    }
  });

  test("organisers and admins reach PaidExternally only; players only a reservation by joining", () => {
    const by = (a: PaymentActor) => PAYMENT_TRANSITIONS.filter((t) => t.actors.includes(a)).map((t) => `${t.from}->${t.to}`);
    expect(by("organiser")).toEqual(["Open->PaidExternally"]);
    expect(by("admin")).toEqual(["Open->PaidExternally"]);
    expect(by("player")).toEqual(["None->Open", "Expired->Open", "Released->Open", "Approved->Open", "Captured->Open"]);
    for (const t of PAYMENT_TRANSITIONS.filter((t) => t.actors.includes("player"))) expect(t.when).toContain("joining");
  });
});

describe("the spec's stories", () => {
  const before: Facts = { isManagedPayment: true, gameStarted: false, participationCancelled: false };
  const joining = { ...before, joining: true };
  const started = { ...before, gameStarted: true };
  const cancelled = { ...before, participationCancelled: true };
  type Step = [PaymentStatus, PaymentActor];
  test.each<[string, PaymentStatus, Step[], Facts, boolean]>([
    ["join, pay by card, captured at the start", "None", [["Open", "player"], ["Approved", "provider"], ["Captured", "job"]], joining, true],
    ["instant capture", "None", [["Open", "player"], ["Captured", "provider"]], joining, true],
    ["the collect-money panel's capture, confirmed by the provider", "Approved", [["Captured", "provider"]], before, true],
    ["cash allowed by the organiser", "Open", [["PaidExternally", "organiser"]], before, true],
    ["cash allowed by an admin after the start", "Open", [["PaidExternally", "admin"]], started, true],
    ["reservation expires, retry, pay", "Open", [["Expired", "job"], ["Open", "player"], ["Approved", "provider"]], joining, true],
    ["no retry after the start", "Expired", [["Open", "player"]], { ...started, joining: true }, false],
    ["release after a cancellation", "Approved", [["Released", "job"]], cancelled, true],
    ["release when moved to the waiting list", "Approved", [["Released", "job"]], { ...before, participationQueued: true }, true],
    ["a refund when moved to the waiting list", "Captured", [["Released", "job"]], { ...before, participationQueued: true }, true],
    ["rejoin after a release", "Released", [["Open", "player"]], joining, true],
    ["keep the money of a short-notice cancellation", "Approved", [["Captured", "job"]], cancelled, true],
    ["no job releases an active participation's hold", "Approved", [["Released", "job"]], before, false],
    ["a hold released outside the app (or lapsed) is recorded", "Approved", [["Released", "provider"]], before, true],
    ["a refund made outside the app is recorded", "Captured", [["Released", "provider"]], before, true],
    ["the organiser cannot capture", "Approved", [["Captured", "organiser"]], before, false],
    ["the organiser cannot approve", "Open", [["Approved", "organiser"]], before, false],
    ["an admin cannot approve", "Open", [["Approved", "admin"]], before, false],
    ["the organiser cannot make a reservation", "None", [["Open", "organiser"]], joining, false],
    ["a player cannot set a reservation outside joining", "None", [["Open", "player"]], before, false],
    ["a player cannot mark himself paid", "Open", [["PaidExternally", "player"]], before, false],
    ["no cash straight from None", "None", [["PaidExternally", "organiser"]], before, false],
    ["a cancelled game's capture is refunded", "Captured", [["Released", "provider"]], cancelled, true],
    ["no refund to an active participation", "Captured", [["Released", "job"]], before, false],
    ["rejoining supersedes a captured payment that is being refunded or kept", "Captured", [["Open", "player"]], joining, true],
    ["no reservation from a captured payment outside joining", "Captured", [["Open", "player"]], before, false],
    ["not in a non-managed game", "Open", [["PaidExternally", "organiser"]], { ...before, isManagedPayment: false }, false],
  ])("%s", (_label, start, steps, ctx, ok) => {
    let from = start;
    const results = steps.map(([to, actor]) => {
      const problem = transitionProblem(from, to, { actor, ...ctx });
      from = to;
      return problem === null;
    });
    expect(results.every(Boolean)).toBe(ok);
  });
});
