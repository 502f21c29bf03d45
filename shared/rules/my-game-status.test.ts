import { describe, expect, test } from "bun:test";
import type { PaymentStatus } from "../constants";
import { myGameStatus, type MyGameStatusInput, type MyGameStatusKind } from "./my-game-status";

const now = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
const before = new Date(now.getTime() - 1);
const after = new Date(now.getTime() + 60_000);
const noCash = { requestedExternalPaymentAt: null, declinedExternalPaymentAt: null };
const cashAsked = { requestedExternalPaymentAt: before, declinedExternalPaymentAt: null };
const cashDeclined = { requestedExternalPaymentAt: new Date(now.getTime() - 5000), declinedExternalPaymentAt: before };

const own = (paymentStatus: PaymentStatus, extra: Partial<NonNullable<MyGameStatusInput["own"]>> = {}) => ({
  queue: false,
  paymentStatus,
  reservationExpiresAt: null,
  ...noCash,
  ...extra,
});

const base: MyGameStatusInput = { gameCancelled: false, over: false, isManagedPayment: true, own: null, reservationGone: false, now };

describe("myGameStatus", () => {
  test.each<[string, Partial<MyGameStatusInput>, MyGameStatusKind]>([
    ["no place", {}, "none"],
    ["no place, a cancelled game", { gameCancelled: true }, "none"],
    ["the place this device reserved is gone after its deadline", { reservationGone: true }, "reservationExpired"],
    ["a gone reservation after the game ended says nothing", { reservationGone: true, over: true }, "none"],
    ["cancelled game, a paid player", { gameCancelled: true, own: own("Approved") }, "gameCancelled"],
    ["cancelled game, the organiser's own place", { gameCancelled: true, isManagedPayment: false, own: own("None") }, "gameCancelled"],
    ["cancelled game, an unpaid place", { gameCancelled: true, own: own("Open", { reservationExpiresAt: after }) }, "gameCancelled"],
    ["waiting list", { own: own("None", { queue: true }) }, "queued"],
    ["waiting list, over", { over: true, own: own("None", { queue: true }) }, "wasQueued"],
    ["free game", { isManagedPayment: false, own: own("None") }, "in"],
    ["free game, over", { isManagedPayment: false, over: true, own: own("None") }, "wasIn"],
    ["managed, the organiser's place (None)", { own: own("None") }, "in"],
    ["managed, Open before the deadline", { own: own("Open", { reservationExpiresAt: after }) }, "paymentDue"],
    ["managed, Open, deadline not known yet", { own: own("Open") }, "paymentDue"],
    ["managed, Open at the deadline to the millisecond", { own: own("Open", { reservationExpiresAt: now }) }, "reservationExpired"],
    ["managed, Open after the deadline (the job has not run yet)", { own: own("Open", { reservationExpiresAt: before }) }, "reservationExpired"],
    ["managed, Open with a pending cash request after the old deadline", { own: own("Open", { reservationExpiresAt: before, ...cashAsked }) }, "cashRequested"],
    ["managed, Open after a declined cash request", { own: own("Open", { reservationExpiresAt: after, ...cashDeclined }) }, "paymentDue"],
    ["managed, Expired", { own: own("Expired") }, "reservationExpired"],
    ["managed, Approved", { own: own("Approved") }, "in"],
    ["managed, Captured", { own: own("Captured") }, "in"],
    ["managed, cash allowed", { own: own("PaidExternally") }, "cashAllowed"],
    ["managed, cash allowed, over", { over: true, own: own("PaidExternally") }, "wasIn"],
    ["managed, Open, over", { over: true, own: own("Open", { reservationExpiresAt: before }) }, "wasIn"],
  ])("%s", (_, input, kind) => {
    expect(myGameStatus({ ...base, ...input }).kind).toBe(kind);
  });

  test("a decline is told apart from a first reservation", () => {
    expect(myGameStatus({ ...base, own: own("Open", { reservationExpiresAt: after, ...cashDeclined }) })).toEqual({ kind: "paymentDue", cashDeclined: true });
    expect(myGameStatus({ ...base, own: own("Open", { reservationExpiresAt: after }) })).toEqual({ kind: "paymentDue", cashDeclined: false });
  });
});
