import {
  FREE_CANCELLATION_BEFORE_START_HOURS,
  GUEST_MAX_EXTRA_PLAYERS,
  PLAYER_MAX_EXTRA_PLAYERS,
  REMOVAL_BLOCKED_BEFORE_START_HOURS,
  REMOVAL_REASONS,
  SHORT_NOTICE_ORGANISER_NOTICE_HOURS,
  UNLIMITED_MAX_EXTRA_PLAYERS,
  type GAME_TYPES,
  type PaymentStatus,
} from "../constants";

/**
 * Joining, the participation box, the waiting list, removal and cancellation of a participation
 * (spec 000 sections 4, 5, 6, 9). Time windows are half-open like game-windows.ts: "within N hours
 * before the start" begins at exactly start - N, to the millisecond.
 */

const HOUR_MS = 3_600_000;
const msUntil = (start: Date, now: Date) => start.getTime() - now.getTime();

export type ExtraPlayersInput = {
  isGuest: boolean;
  isAdminOrCreator: boolean;
  isManagedPayment: boolean;
  maxPlayers: number | null;
};

/**
 * How many extra players ("Ich + n") the joiner may bring (spec 000 section 5): guests 1; signed-in
 * players who are neither admin nor creator 2 in non-managed games; everyone else maxPlayers - 1
 * (19 without a maximum), never below 0. A guest has no account, so isGuest wins over
 * isAdminOrCreator if both are ever passed.
 */
export function maxExtraPlayers(o: ExtraPlayersInput): number {
  if (o.isGuest) return GUEST_MAX_EXTRA_PLAYERS;
  if (!o.isAdminOrCreator && !o.isManagedPayment) return PLAYER_MAX_EXTRA_PLAYERS;
  if (o.maxPlayers === null) return UNLIMITED_MAX_EXTRA_PLAYERS;
  return Math.max(0, o.maxPlayers - 1);
}

/** The player-count selector: 1 is "Nur Ich", 1 + n is "Ich + n". */
export function playerCountChoices(o: ExtraPlayersInput): number[] {
  return Array.from({ length: maxExtraPlayers(o) + 1 }, (_, i) => i + 1);
}

/** playerCount more players fit beside the activePlayers already in (no maximum: always). */
export function fitsInGame(activePlayers: number, playerCount: number, maxPlayers: number | null): boolean {
  return maxPlayers === null || activePlayers + playerCount <= maxPlayers;
}

/**
 * The floating MITSPIELEN button (spec 000 section 4): not participating, game not cancelled, and
 * the end (the start when the game is full) still in the future - so it disappears at exactly that
 * millisecond. A full game still offers the waiting list until it starts.
 */
export function canPlayAlong(o: { participating: boolean; cancelled: boolean; start: Date; end: Date; full: boolean; now: Date }): boolean {
  const deadline = o.full ? o.start : o.end;
  return !o.participating && !o.cancelled && o.now.getTime() < deadline.getTime();
}

/**
 * The "bring someone" switch shows while there is no maximum or at least one place is free
 * (spec 000 section 5, read literally). A newcomer with one place left may still switch it on; the
 * join then fails with "not enough places, reduce extra players" (error catalogue "Joining").
 */
export function canBringSomeone(activePlayers: number, maxPlayers: number | null): boolean {
  return maxPlayers === null || activePlayers < maxPlayers;
}

/**
 * The plus-one button of an existing participation (spec 000 section 5): never on the waiting list
 * (no extras there), only while a spot remains, and then
 * - the acting admin or creator: up to the organiser limit (maxPlayers - 1 extras, 19 without a
 *   maximum), also on a guest's participation - here isAdminOrCreator is the actor and isGuest the
 *   participation's owner, so the organiser's power wins;
 * - otherwise only in non-managed games: a guest at 1 player, an account at up to 1 + 2 players.
 */
export function canAddOne(o: {
  activePlayers: number;
  maxPlayers: number | null;
  isAdminOrCreator: boolean;
  isManagedPayment: boolean;
  isGuest: boolean;
  playerCount: number;
  queue: boolean;
}): boolean {
  if (o.queue || !canBringSomeone(o.activePlayers, o.maxPlayers)) return false;
  if (o.isAdminOrCreator) {
    return o.playerCount <= maxExtraPlayers({ isGuest: false, isAdminOrCreator: true, isManagedPayment: o.isManagedPayment, maxPlayers: o.maxPlayers });
  }
  if (o.isManagedPayment) return false;
  return o.playerCount <= (o.isGuest ? GUEST_MAX_EXTRA_PLAYERS : PLAYER_MAX_EXTRA_PLAYERS);
}

/**
 * The minus-one button (spec 000 section 5): playerCount at least 2, or at least 1 when the player
 * does not play himself (then the count is only the people he brings, and may fall to 0). In
 * managed-payment games only an admin, the creator or the player himself may reduce (others' money
 * is at stake). Whether the actor may edit this participation at all is the service's permission
 * check; this rule adds nothing for non-managed games.
 */
export function canRemoveOne(o: { playerCount: number; playsHimself: boolean; isManagedPayment: boolean; isAdminOrCreator: boolean; isSelf: boolean }): boolean {
  const lowest = o.playsHimself ? 2 : 1;
  if (o.playerCount < lowest) return false;
  return !o.isManagedPayment || o.isAdminOrCreator || o.isSelf;
}

export type PlayerCountChangeProblem = "QUEUE_WITH_EXTRAS" | "GUEST_EXTRA_LIMIT" | "PLAYER_EXTRA_LIMIT" | "NOT_ENOUGH_PLACES" | "PLAYER_COUNT_TOO_LOW";

/**
 * Whether an existing participation's player count ("Ich + n") may go from `from` to `to`, and if not
 * why: the change is walked one player at a time with the plus-one (canAddOne) and minus-one
 * (canRemoveOne) rules, so a jump is allowed exactly when every single step would be. The server
 * checks every change with it (participation/update.ts); the participation box enables its buttons
 * with it. `otherActivePlayers` are the game's active players without this participation's own count
 * (a queued participation counts none); isAdminOrCreator and isSelf are the actor's, isGuest the
 * participation owner's. Why a step up fails: QUEUE_WITH_EXTRAS on the waiting list, NOT_ENOUGH_PLACES
 * when the player would not fit, else the extra-players limit of the owner (guest or account). A step
 * down fails only with PLAYER_COUNT_TOO_LOW. Whether a paid place may change its count at all is the
 * payment's rule (participation/late-cancellation.ts `checkPaidPlayerCount`).
 */
/**
 * A managed game's place paid by card (Approved, Captured) keeps its player count: the card was authorised
 * for exactly that many, so a raise would play players nobody pays for and a lowering would charge for
 * players who do not play. Cash (PaidExternally) is the organiser's business; a queued place pays when it
 * moves up. The server refuses such a change (PAYMENT_STATE_CONFLICT, PAID_PLAYER_COUNT); the game page
 * shows the count without steps and says why.
 */
export function paidPlayerCountLocked(o: { isManagedPayment: boolean; queue: boolean; paymentStatus: string | null }): boolean {
  return o.isManagedPayment && !o.queue && (o.paymentStatus === "Approved" || o.paymentStatus === "Captured");
}

export function playerCountChangeProblem(o: {
  from: number;
  to: number;
  otherActivePlayers: number;
  maxPlayers: number | null;
  isAdminOrCreator: boolean;
  isManagedPayment: boolean;
  isGuest: boolean;
  queue: boolean;
  playsHimself: boolean;
  isSelf: boolean;
}): PlayerCountChangeProblem | null {
  for (let n = o.from; n < o.to; n++) {
    const step = { ...o, activePlayers: o.otherActivePlayers + n, playerCount: n };
    if (canAddOne(step)) continue;
    if (o.queue) return "QUEUE_WITH_EXTRAS";
    if (!fitsInGame(o.otherActivePlayers, n + 1, o.maxPlayers)) return "NOT_ENOUGH_PLACES";
    return o.isGuest ? "GUEST_EXTRA_LIMIT" : "PLAYER_EXTRA_LIMIT";
  }
  for (let n = o.from; n > o.to; n--) {
    if (!canRemoveOne({ ...o, playerCount: n })) return "PLAYER_COUNT_TOO_LOW";
  }
  return null;
}

type GameType = (typeof GAME_TYPES)[number];

export type JoinProblem =
  | "NAME_REQUIRED"
  | "GUEST_EXTRA_LIMIT"
  | "PLAYER_EXTRA_LIMIT"
  | "GUEST_NEEDS_NOTIFICATIONS"
  | "QUEUE_NEEDS_NOTIFICATIONS"
  | "QUEUE_NEEDS_VERIFIED_EMAIL"
  | "QUEUE_WITH_EXTRAS"
  | "MANAGED_PAYMENT_NEEDS_ACCOUNT"
  | "PRIVATE_GAME_NEEDS_ACCOUNT"
  | "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL";

/**
 * Why this join request cannot go ahead, from the rules that need no database (spec 000 sections 5,
 * 6, 8). Capacity, a name already used in the game, bans and "already in a game at that time" are
 * the service's checks. One problem is reported, in this order - the one whose fix is needed first,
 * so the user is never sent to fix something that would not help:
 * 1. MANAGED_PAYMENT_NEEDS_ACCOUNT: a guest in a managed-payment game (no name or setting helps).
 * 2. PRIVATE_GAME_NEEDS_ACCOUNT: a guest in a private game; guests join public games only (spec 000
 *    sections 1 and 6), PUBLIC or KICKRUNDE.
 * 3. NAME_REQUIRED: a guest without a first name (blank after trimming); length and characters are
 *    the schema's job.
 * 4. MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL: signed in, managed-payment game, e-mail not verified.
 * 5. GUEST_EXTRA_LIMIT / PLAYER_EXTRA_LIMIT: playerCount above 1 + maxExtraPlayers.
 * 6. QUEUE_WITH_EXTRAS: the waiting list takes one person, nobody brings extras there (everyone,
 *    organisers included: section 9 "none from the waiting list").
 * 7. QUEUE_NEEDS_VERIFIED_EMAIL: signed in and not verified. Guests have no e-mail; section 6 lets
 *    them queue (without extras), so for them the waiting list needs only notifications.
 * 8. GUEST_NEEDS_NOTIFICATIONS: a guest without a device token. Every game a guest may join is
 *    public; the spec's exemption for a "pseudo game type" names no type of ours, so it exempts none.
 * 9. QUEUE_NEEDS_NOTIFICATIONS: the waiting list without a device token (moving up is announced by push).
 * emailVerified is ignored for guests.
 */
export function joinProblem(o: {
  isGuest: boolean;
  firstName: string | null;
  playerCount: number;
  queue: boolean;
  hasDeviceToken: boolean;
  emailVerified: boolean;
  isManagedPayment: boolean;
  gameType: GameType;
  isAdminOrCreator: boolean;
  maxPlayers: number | null;
}): JoinProblem | null {
  if (o.isGuest && o.isManagedPayment) return "MANAGED_PAYMENT_NEEDS_ACCOUNT";
  if (o.isGuest && o.gameType === "PRIVATE") return "PRIVATE_GAME_NEEDS_ACCOUNT";
  if (o.isGuest && !o.firstName?.trim()) return "NAME_REQUIRED";
  if (!o.isGuest && o.isManagedPayment && !o.emailVerified) return "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL";
  if (o.playerCount > 1 + maxExtraPlayers(o)) return o.isGuest ? "GUEST_EXTRA_LIMIT" : "PLAYER_EXTRA_LIMIT";
  if (o.queue && o.playerCount > 1) return "QUEUE_WITH_EXTRAS";
  if (o.queue && !o.isGuest && !o.emailVerified) return "QUEUE_NEEDS_VERIFIED_EMAIL";
  if (o.isGuest && !o.hasDeviceToken) return "GUEST_NEEDS_NOTIFICATIONS";
  if (o.queue && !o.hasDeviceToken) return "QUEUE_NEEDS_NOTIFICATIONS";
  return null;
}

/**
 * The organiser may remove a player until 4 hours before the start (spec 000 sections 5, 9): from
 * exactly start - 4 h on (and so also during and after the game) it is blocked.
 */
export function canRemovePlayer(start: Date, now: Date): boolean {
  return msUntil(start, now) > REMOVAL_BLOCKED_BEFORE_START_HOURS * HOUR_MS;
}

export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** A removal needs one of the three reasons; OTHER_REASON also needs a message (blank after trimming counts as none). */
export function removalProblem(reason: string | null, message: string | null): "REASON_REQUIRED" | "MESSAGE_REQUIRED" | null {
  if (reason === null || !(REMOVAL_REASONS as readonly string[]).includes(reason)) return "REASON_REQUIRED";
  if (reason === "OTHER_REASON" && !message?.trim()) return "MESSAGE_REQUIRED";
  return null;
}

/**
 * A cancellation within 48 hours before the start: from exactly start - 48 h on, and also after
 * the start should a late cancellation ever reach the server. Recorded in the player's history.
 */
export function isShortNoticeCancellation(start: Date, now: Date): boolean {
  return msUntil(start, now) <= FREE_CANCELLATION_BEFORE_START_HOURS * HOUR_MS;
}

/** The organiser is told about cancellations from exactly start - 2 h on (also after the start). */
export function notifiesOrganiser(start: Date, now: Date): boolean {
  return msUntil(start, now) <= SHORT_NOTICE_ORGANISER_NOTICE_HOURS * HOUR_MS;
}

export type CancellationTerms = "free" | "chargedUnlessReplaced";

/**
 * What cancelling one's own participation costs (spec 000 section 4 "Refund on cancellation"):
 * money is kept unless replacements are found only if the payment is Approved, Captured or PaidExternally,
 * the player is not on the waiting list, and it is a short-notice cancellation (from exactly
 * start - 48 h). Optional paymentCanCancelUntil (the participation's field, set after a change to a
 * managed-payment game) keeps it free while now is before it.
 */
export function cancellationTerms(o: {
  paymentStatus: PaymentStatus;
  start: Date;
  now: Date;
  queue: boolean;
  paymentCanCancelUntil?: Date | null;
}): CancellationTerms {
  const paid = o.paymentStatus === "Approved" || o.paymentStatus === "Captured" || o.paymentStatus === "PaidExternally";
  if (!paid || o.queue || !isShortNoticeCancellation(o.start, o.now)) return "free";
  if (o.paymentCanCancelUntil && o.now.getTime() < o.paymentCanCancelUntil.getTime()) return "free";
  return "chargedUnlessReplaced";
}

/**
 * Replacements a short-notice cancellation needs (spec 000 section 4 names the inputs, not the
 * formula; server/domains/participation/README.md):
 *
 *   target = min(minPlayers, highestParticipantsAmountReached)
 *   needed = clamp(target - activePlayersAfter, 0, cancelledPlayerCount)
 *
 * The game is owed its minimum, but never more than it ever really had: a shortfall that existed
 * before is nobody's fault. Nobody answers for more than the players his own cancellation took out,
 * and a game still at or above its target needs nobody (a minimum of 0 - "takes place" confirmed -
 * needs nobody). Call it again with the current count when deciding about the money: players who
 * joined or moved up from the waiting list since then are the replacements.
 */
export function replacementsNeeded(o: {
  minPlayers: number;
  highestParticipantsAmountReached: number;
  activePlayersAfter: number;
  cancelledPlayerCount: number;
}): number {
  const target = Math.min(o.minPlayers, o.highestParticipantsAmountReached);
  return Math.max(0, Math.min(o.cancelledPlayerCount, target - o.activePlayersAfter));
}

/** The waiting list, first come first served: earliest queuedAt first, ties by the lower id. Does not mutate. */
export function promotionOrder<T extends { queuedAt: Date; id: number }>(queue: readonly T[]): T[] {
  return [...queue].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || a.id - b.id);
}

/**
 * Who moves up from the waiting list now, in order. Strictly first come, first served: we stop at
 * the first entry that does not fit, even if a smaller one behind it would, so nobody ever
 * overtakes (issue 4). Queue entries normally carry one player (no extras on the waiting list);
 * without a maximum everybody moves up.
 */
export function promotable<T extends { playerCount: number; queuedAt: Date; id: number }>(
  queue: readonly T[],
  activePlayers: number,
  maxPlayers: number | null,
): T[] {
  const moving: T[] = [];
  let count = activePlayers;
  for (const entry of promotionOrder(queue)) {
    if (!fitsInGame(count, entry.playerCount, maxPlayers)) break;
    moving.push(entry);
    count += entry.playerCount;
  }
  return moving;
}
