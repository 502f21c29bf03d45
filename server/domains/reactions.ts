import type { GameEventReaction } from "./games/events";
import type { PaymentReaction } from "./payments/events";
import { chatLineForGameEvent } from "./chat/service";

/**
 * Who reacts to game events inside the recording transaction (games/core.ts recordGameEvent), wired
 * here once so the games domain never imports the domains that react to it. Pushes and mails react
 * too, but after the commit, through the notification dispatcher's ledger (domains/notifications).
 * Card holds released on a cancelled game (payments) will be added here.
 */
export const gameEventReactions: readonly GameEventReaction[] = [chatLineForGameEvent];

/**
 * Who reacts when a payment's mirror changes (its intent's status or amounts, from a webhook or a read
 * of Stripe), inside that transaction (domains/payments/events.ts). The participation's payment status
 * (issue 13), court bookings and tournaments will be added here.
 */
export const paymentReactions: readonly PaymentReaction[] = [];
