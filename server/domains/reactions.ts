import { paymentFailureNotice } from "./participation/payment-notices";
import type { Deps } from "../context";
import type { GameEventReaction } from "./games/events";
import type { PaymentReaction } from "./payments/events";
import { chatLineForGameEvent } from "./chat/service";
import { offersGameReaction } from "./participation/offers";
import { gamePaymentReaction, participationPaymentReaction } from "./participation/payment-lifecycle";
import { bookingPaymentReaction } from "./bookings/payment";
import { cancelTeamsOfDeletedAccount } from "./tournaments/team-actions";
import { teamPaymentReaction } from "./tournaments/team-payment";
import { sessionGameReaction, weeklySessions } from "./weekly/session-games";
import { endFeedOfDeletedAccount } from "./calendar-feed/service";
import { endGoogleLinkOfDeletedAccount } from "./calendar/service";

/**
 * Who reacts to game events inside the recording transaction (games/core.ts recordGameEvent), wired
 * here once so the games domain never imports the domains that react to it. Pushes and mails react
 * too, but after the commit, through the notification dispatcher's ledger (domains/notifications).
 * The participations' payments react too: a cancelled game gives its money back, a moved managed game
 * captures at its new start (participation/payment-lifecycle.ts; the Stripe calls run in jobs sent here).
 * A weekly session reacts to its games' creation: a new session from its first game, a confirmed week
 * (weekly/session-games.ts). A cancelled game's open waiting-list offers end with it (participation/offers.ts).
 */
export function gameEventReactions(deps: Deps): GameEventReaction[] {
  return [chatLineForGameEvent, gamePaymentReaction(deps), sessionGameReaction(deps), offersGameReaction];
}

/**
 * Who reacts when a payment's mirror changes (its intent's status or amounts, from a webhook or a read
 * of Stripe), inside that transaction (domains/payments/events.ts): the participation's payment status
 * (participation/payment-lifecycle.ts); the court bookings (bookings/payment.ts); the tournament teams
 * (tournaments/team-payment.ts).
 */
export function paymentReactions(deps: Deps): PaymentReaction[] {
  return [participationPaymentReaction(deps), paymentFailureNotice(deps), bookingPaymentReaction(deps), teamPaymentReaction(deps)];
}

/**
 * Sets both lists on a process's Deps. The reactions act with those same Deps (the clock, the job
 * queue, Stripe, and the game reactions of the events they record), so they are made from them.
 * Also the weekly sessions' part of createGame and updateGame (games/sessions.ts): games calls up into
 * the sessions through Deps.sessions, never by importing them; and what account deletion does to tournament teams
 * (Deps.accountDeletionHooks: tournaments import accounts to register, so accounts may not import them).
 */
export function wireReactions(deps: Deps): Deps {
  deps.reactions = gameEventReactions(deps);
  deps.paymentReactions = paymentReactions(deps);
  deps.sessions = weeklySessions;
  deps.accountDeletionHooks = [cancelTeamsOfDeletedAccount, endFeedOfDeletedAccount, endGoogleLinkOfDeletedAccount];
  return deps;
}
