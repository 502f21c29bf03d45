import type { PaymentStatus } from "../constants";
import { cashRequestDeclined, cashRequestPending, type CashRequestFacts } from "./payment-display";

/**
 * "My status in this game": the one sentence the game page says about the viewer's own place (issue 23
 * item 12). Every place that states it (the participation box at the top of the game page, right after
 * joining too) asks this function, so two parts of a screen can never contradict each other ("Du bist
 * dabei" above "Reservierung abgelaufen").
 *
 * - none:               no place, nothing to say (the join button speaks)
 * - gameCancelled:      the game was cancelled; whatever the participation row says, nobody "is in"
 * - queued / wasQueued: on the waiting list (before / after the end)
 * - reservationExpired: a managed-payment place whose time to pay ran out: the server says Expired, or
 *                       the deadline passed on this device's clock (the server's job revokes it a moment
 *                       later), or the place this device reserved is gone after its deadline
 * - cashRequested:      unpaid, and a cash request waits for the organiser (the place is held meanwhile)
 * - paymentDue:         unpaid, the reservation runs (cashDeclined: the organiser said no to cash)
 * - cashAllowed:        the organiser allowed cash: the place is the player's, the money is paid on site
 * - in / wasIn:         a place that needs nothing more (before / after the end)
 */
export type MyGameStatus =
  | { kind: "none" }
  | { kind: "gameCancelled" }
  | { kind: "queued" }
  | { kind: "wasQueued" }
  | { kind: "reservationExpired" }
  | { kind: "cashRequested" }
  | { kind: "paymentDue"; cashDeclined: boolean }
  | { kind: "cashAllowed" }
  | { kind: "in" }
  | { kind: "wasIn" };

export type MyGameStatusKind = MyGameStatus["kind"];

export type MyGameStatusInput = {
  gameCancelled: boolean;
  /** the game's end has passed */
  over: boolean;
  isManagedPayment: boolean;
  /** the viewer's current (not cancelled) participation, or null */
  own:
    | (CashRequestFacts & {
        queue: boolean;
        paymentStatus: PaymentStatus;
        /** the reservation's deadline when known (unpaid places of managed games) */
        reservationExpiresAt: Date | null;
      })
    | null;
  /** this device reserved a place whose deadline passed and which the server no longer lists */
  reservationGone: boolean;
  now: Date;
};

export function myGameStatus(o: MyGameStatusInput): MyGameStatus {
  const { own } = o;
  if (o.gameCancelled) return own ? { kind: "gameCancelled" } : { kind: "none" };
  if (!own) return o.reservationGone && !o.over ? { kind: "reservationExpired" } : { kind: "none" };
  if (own.queue) return { kind: o.over ? "wasQueued" : "queued" };
  if (o.over) return { kind: "wasIn" };
  if (!o.isManagedPayment) return { kind: "in" };
  switch (own.paymentStatus) {
    case "Expired":
      return { kind: "reservationExpired" };
    case "Open": {
      // A pending cash request holds the place until the organiser answers (server: cash.ts): no deadline then.
      if (cashRequestPending(own)) return { kind: "cashRequested" };
      if (own.reservationExpiresAt !== null && o.now.getTime() >= own.reservationExpiresAt.getTime()) return { kind: "reservationExpired" };
      return { kind: "paymentDue", cashDeclined: cashRequestDeclined(own) };
    }
    case "PaidExternally":
      return { kind: "cashAllowed" };
    default:
      // None (the organiser's own place), Approved, Captured, Released (a rejoin makes it Open again)
      return { kind: "in" };
  }
}
