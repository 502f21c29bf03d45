import { describe, expect, test } from "bun:test";
import { PAYMENT_STATUSES, type PaymentStatus } from "../constants";
import {
  type CancellationTerms,
  canAddOne,
  canBringSomeone,
  canPlayAlong,
  canRemoveOne,
  canRemovePlayer,
  cancellationTerms,
  fitsInGame,
  type JoinProblem,
  isShortNoticeCancellation,
  joinProblem,
  maxExtraPlayers,
  notifiesOrganiser,
  paidPlayerCountLocked,
  playerCountChoices,
  playerCountChangeProblem,
  type PlayerCountChangeProblem,
  promotable,
  promotionOrder,
  removalProblem,
  replacementsNeeded,
} from "./participation";

const MS = 1;
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const start = new Date("2026-11-21T18:00:00Z");
const end = new Date(start.getTime() + 90 * MIN);
const at = (offsetFromStart: number) => new Date(start.getTime() + offsetFromStart);

const guest = { isGuest: true, isAdminOrCreator: false };
const player = { isGuest: false, isAdminOrCreator: false };
const organiser = { isGuest: false, isAdminOrCreator: true };

describe("maxExtraPlayers and playerCountChoices", () => {
  test.each<[string, { isGuest: boolean; isAdminOrCreator: boolean }, boolean, number | null, number]>([
    ["guest, open game", guest, false, null, 1],
    ["guest, max 20", guest, false, 20, 1],
    ["guest, max 1", guest, false, 1, 1],
    ["guest in a managed game (cannot join anyway)", guest, true, 20, 1],
    ["guest flag wins over organiser", { isGuest: true, isAdminOrCreator: true }, false, 20, 1],
    ["player, no max", player, false, null, 2],
    ["player, max 20", player, false, 20, 2],
    ["player, max 2", player, false, 2, 2], // spots are checked when joining, not here
    ["player, managed, max 12", player, true, 12, 11],
    ["player, managed, no max", player, true, null, 19],
    ["organiser, no max", organiser, false, null, 19],
    ["organiser, max 12", organiser, false, 12, 11],
    ["organiser, max 30", organiser, false, 30, 29],
    ["organiser, managed, max 10", organiser, true, 10, 9],
    ["organiser, max 1", organiser, false, 1, 0],
    ["organiser, max 0 never below 0", organiser, false, 0, 0],
  ])("%s (managed %p, max %p) -> %d extras", (_label, who, isManagedPayment, maxPlayers, extras) => {
    const o = { ...who, isManagedPayment, maxPlayers };
    expect(maxExtraPlayers(o)).toBe(extras);
    const choices = playerCountChoices(o);
    expect(choices).toHaveLength(extras + 1);
    expect(choices[0]).toBe(1); // "Nur Ich"
    expect(choices.at(-1)).toBe(1 + extras); // "Ich + extras"
    expect(choices).toEqual(Array.from({ length: extras + 1 }, (_, i) => i + 1));
  });

  test.each([
    [guest, [1, 2]],
    [player, [1, 2, 3]],
    [organiser, [1, 2, 3, 4]],
  ])("choices %o", (who, choices) => {
    expect(playerCountChoices({ ...who, isManagedPayment: false, maxPlayers: 4 })).toEqual(choices);
  });
});

describe("fitsInGame", () => {
  test.each<[number, number, number | null, boolean]>([
    [0, 1, null, true],
    [500, 20, null, true],
    [9, 1, 10, true],
    [10, 1, 10, false],
    [8, 2, 10, true],
    [8, 3, 10, false],
    [9, 2, 10, false],
    [0, 10, 10, true],
    [0, 11, 10, false],
    [10, 0, 10, true], // an organiser who does not play
    [11, 1, 10, false],
  ])("%d in, %d more, max %p -> %p", (active, count, max, fits) => {
    expect(fitsInGame(active, count, max)).toBe(fits);
  });
});

describe("canPlayAlong: until the end, or the start when full", () => {
  const base = { participating: false, cancelled: false, start, end };
  test.each<[string, number, boolean, boolean]>([
    ["a week before", -7 * D, false, true],
    ["1 ms before start, not full", -MS, false, true],
    ["at start, not full", 0, false, true],
    ["1 ms before end, not full", 90 * MIN - MS, false, true],
    ["at end, not full", 90 * MIN, false, false],
    ["after end, not full", 90 * MIN + MS, false, false],
    ["a week before, full (waiting list)", -7 * D, true, true],
    ["1 ms before start, full", -MS, true, true],
    ["at start, full", 0, true, false],
    ["during the game, full", MIN, true, false],
  ])("%s -> %p", (_label, offset, full, shown) => {
    expect(canPlayAlong({ ...base, full, now: at(offset) })).toBe(shown);
  });

  test.each<[string, boolean, boolean]>([
    ["participating", true, false],
    ["cancelled game", false, true],
    ["both", true, true],
  ])("%s -> hidden", (_label, participating, cancelled) => {
    expect(canPlayAlong({ ...base, participating, cancelled, full: false, now: at(-D) })).toBe(false);
    expect(canPlayAlong({ ...base, participating, cancelled, full: true, now: at(-D) })).toBe(false);
  });
});

describe("canBringSomeone: no maximum or a place left", () => {
  test.each<[number, number | null, boolean]>([
    [0, null, true],
    [100, null, true],
    [0, 10, true],
    [9, 10, true],
    [10, 10, false],
    [11, 10, false],
    [0, 0, false],
  ])("%d in, max %p -> %p", (active, max, shown) => {
    expect(canBringSomeone(active, max)).toBe(shown);
  });
});

describe("canAddOne", () => {
  const base = { activePlayers: 5, maxPlayers: 10 as number | null, isManagedPayment: false, queue: false };
  test.each<[string, { isGuest: boolean; isAdminOrCreator: boolean }, Partial<typeof base>, number, boolean]>([
    // guests: up to 2 players in non-managed games
    ["guest at 1", guest, {}, 1, true],
    ["guest at 2", guest, {}, 2, false],
    ["guest at 1, managed", guest, { isManagedPayment: true }, 1, false],
    ["guest at 1, queued", guest, { queue: true }, 1, false],
    ["guest at 1, full", guest, { activePlayers: 10 }, 1, false],
    ["guest at 1, one spot left", guest, { activePlayers: 9 }, 1, true],
    ["guest at 1, no max", guest, { maxPlayers: null, activePlayers: 40 }, 1, true],
    // accounts: up to 3 players in non-managed games
    ["player at 1", player, {}, 1, true],
    ["player at 2", player, {}, 2, true],
    ["player at 3", player, {}, 3, false],
    ["player at 0 (not playing himself)", player, {}, 0, true],
    ["player at 2, managed", player, { isManagedPayment: true }, 2, false],
    ["player at 1, managed", player, { isManagedPayment: true }, 1, false],
    ["player at 1, queued", player, { queue: true }, 1, false],
    ["player at 2, one spot left", player, { activePlayers: 9 }, 2, true],
    ["player at 2, full", player, { activePlayers: 10 }, 2, false],
    ["player at 2, over full", player, { activePlayers: 11 }, 2, false],
    ["player at 2, no max", player, { maxPlayers: null }, 2, true],
    ["player at 3, no max", player, { maxPlayers: null }, 3, false],
    // admin or creator: while spots remain, up to 1 + 19 without a maximum
    ["organiser at 3", organiser, {}, 3, true],
    ["organiser at 5, managed, spots left", organiser, { isManagedPayment: true }, 5, true],
    ["organiser at 9 of max 10, one spot left", organiser, { activePlayers: 9 }, 9, true],
    ["organiser at 10 of max 10, full", organiser, { activePlayers: 10 }, 10, false],
    ["organiser, full", organiser, { activePlayers: 10 }, 1, false],
    ["organiser, queued", organiser, { queue: true }, 1, false],
    ["organiser at 19, no max", organiser, { maxPlayers: null, activePlayers: 19 }, 19, true],
    ["organiser at 20, no max (19 extras)", organiser, { maxPlayers: null, activePlayers: 20 }, 20, false],
    ["organiser on a guest's participation at 2", { isGuest: true, isAdminOrCreator: true }, {}, 2, true],
    ["organiser on a guest's participation, managed", { isGuest: true, isAdminOrCreator: true }, { isManagedPayment: true }, 2, true],
  ])("%s -> %p", (_label, who, over, playerCount, enabled) => {
    expect(canAddOne({ ...base, ...over, ...who, playerCount })).toBe(enabled);
  });
});

describe("canRemoveOne", () => {
  const rows: [number, boolean, boolean][] = [];
  // playerCount, playsHimself, count allows it
  for (const [count, plays, ok] of [
    [0, true, false],
    [1, true, false],
    [2, true, true],
    [5, true, true],
    [0, false, false],
    [1, false, true],
    [2, false, true],
  ] as const) rows.push([count, plays, ok]);

  const actors = [
    ["organiser", true, false],
    ["self", false, true],
    ["organiser and self", true, true],
    ["someone else", false, false],
  ] as const;

  const table: [string, number, boolean, boolean, boolean, boolean, boolean][] = [];
  for (const [count, plays, countOk] of rows) {
    for (const [name, isAdminOrCreator, isSelf] of actors) {
      for (const isManagedPayment of [false, true]) {
        const actorOk = !isManagedPayment || isAdminOrCreator || isSelf;
        table.push([name, count, plays, isManagedPayment, isAdminOrCreator, isSelf, countOk && actorOk]);
      }
    }
  }

  test.each(table)("%s: count %d, plays %p, managed %p -> (organiser %p, self %p) %p", (_n, playerCount, playsHimself, isManagedPayment, isAdminOrCreator, isSelf, ok) => {
    expect(canRemoveOne({ playerCount, playsHimself, isManagedPayment, isAdminOrCreator, isSelf })).toBe(ok);
  });

  test("the table covers 56 combinations", () => expect(table).toHaveLength(56));
});

describe("playerCountChangeProblem", () => {
  type Change = Parameters<typeof playerCountChangeProblem>[0];
  // a player with 1 + 1 in a game of max 10 with 5 others in
  const base: Change = {
    from: 2,
    to: 2,
    otherActivePlayers: 5,
    maxPlayers: 10,
    isAdminOrCreator: false,
    isManagedPayment: false,
    isGuest: false,
    queue: false,
    playsHimself: true,
    isSelf: true,
  };
  test.each<[string, Partial<Change>, PlayerCountChangeProblem | null]>([
    ["no change", {}, null],
    ["player 2 -> 3", { to: 3 }, null],
    ["player 1 -> 3 (a jump of two allowed steps)", { from: 1, to: 3 }, null],
    ["player 2 -> 4: above 1 + 2", { to: 4 }, "PLAYER_EXTRA_LIMIT"],
    ["player 1 -> 4: the first failing step decides", { from: 1, to: 4 }, "PLAYER_EXTRA_LIMIT"],
    ["guest 1 -> 2", { ...guest, from: 1, to: 2 }, null],
    ["guest 1 -> 3: above 1 + 1", { ...guest, from: 1, to: 3 }, "GUEST_EXTRA_LIMIT"],
    ["player 2 -> 3, game full", { to: 3, otherActivePlayers: 8 }, "NOT_ENOUGH_PLACES"],
    ["player 2 -> 3, last place", { to: 3, otherActivePlayers: 7 }, null],
    ["player 1 -> 3, one place left: the second step does not fit", { from: 1, to: 3, otherActivePlayers: 8 }, "NOT_ENOUGH_PLACES"],
    ["player 2 -> 3, no maximum", { to: 3, maxPlayers: null, otherActivePlayers: 40 }, null],
    ["queued 1 -> 2", { from: 1, to: 2, queue: true }, "QUEUE_WITH_EXTRAS"],
    ["queued 1 -> 2 by the organiser", { from: 1, to: 2, queue: true, ...organiser, isSelf: false }, "QUEUE_WITH_EXTRAS"],
    ["player 2 -> 3, managed", { to: 3, isManagedPayment: true }, "PLAYER_EXTRA_LIMIT"],
    ["organiser 2 -> 6, managed", { to: 6, isManagedPayment: true, otherActivePlayers: 4, ...organiser }, null],
    ["organiser 2 -> 6 of max 10 with 5 others: the last step does not fit", { to: 6, isManagedPayment: true, ...organiser }, "NOT_ENOUGH_PLACES"],
    ["organiser 2 -> 11 of max 10", { to: 11, otherActivePlayers: 0, ...organiser }, "NOT_ENOUGH_PLACES"],
    ["organiser on a guest's 1 -> 4", { from: 1, to: 4, isGuest: true, isAdminOrCreator: true, isSelf: false }, null],
    ["player 2 -> 1", { to: 1 }, null],
    ["player 2 -> 0, plays himself", { to: 0 }, "PLAYER_COUNT_TOO_LOW"],
    ["player 1 -> 0, plays himself", { from: 1, to: 0 }, "PLAYER_COUNT_TOO_LOW"],
    ["1 -> 0, not playing himself", { from: 1, to: 0, playsHimself: false }, null],
    ["3 -> 1, managed, the player himself", { from: 3, to: 1, isManagedPayment: true }, null],
    ["3 -> 2, managed, someone else", { from: 3, to: 2, isManagedPayment: true, isSelf: false }, "PLAYER_COUNT_TOO_LOW"],
    ["3 -> 2, managed, the organiser", { from: 3, to: 2, isManagedPayment: true, ...organiser, isSelf: false }, null],
    ["3 -> 2, a queued place may shrink", { from: 3, to: 2, queue: true }, null],
  ])("%s -> %p", (_label, over, problem) => {
    expect(playerCountChangeProblem({ ...base, ...over })).toBe(problem);
  });

  // One step is exactly the plus-one and minus-one buttons' rules (the participation box calls this rule).
  test("a single step agrees with canAddOne and canRemoveOne", () => {
    let cases = 0;
    for (const who of [guest, player, organiser])
      for (const isManagedPayment of [false, true])
        for (const queue of [false, true])
          for (const playsHimself of [false, true])
            for (const isSelf of [false, true])
              for (const maxPlayers of [null, 6])
                for (const otherActivePlayers of [0, 3, 5])
                  for (let n = 0; n <= 6; n++) {
                    const o = { ...who, isManagedPayment, queue, playsHimself, isSelf, maxPlayers, otherActivePlayers };
                    const active = otherActivePlayers + (queue ? 0 : n);
                    const up = canAddOne({ ...o, activePlayers: active, playerCount: n });
                    expect(playerCountChangeProblem({ ...o, from: n, to: n + 1 }) === null).toBe(up);
                    const down = canRemoveOne({ ...o, playerCount: n });
                    if (n > 0) expect(playerCountChangeProblem({ ...o, from: n, to: n - 1 }) === null).toBe(down);
                    cases++;
                  }
    expect(cases).toBe(3 * 2 * 2 * 2 * 2 * 2 * 3 * 7);
  });
});

describe("joinProblem", () => {
  type JoinInput = Parameters<typeof joinProblem>[0];
  const okGuest: JoinInput = {
    isGuest: true,
    firstName: "Ada",
    playerCount: 1,
    queue: false,
    hasDeviceToken: true,
    emailVerified: false,
    isManagedPayment: false,
    gameType: "PUBLIC",
    isAdminOrCreator: false,
    maxPlayers: 12,
  };
  const okPlayer: JoinInput = { ...okGuest, isGuest: false, firstName: null, emailVerified: true };

  test.each<[string, Partial<JoinInput>, JoinProblem | null]>([
    ["guest with a name", {}, null],
    ["guest + 1", { playerCount: 2 }, null],
    ["guest + 2", { playerCount: 3 }, "GUEST_EXTRA_LIMIT"],
    ["guest without a name", { firstName: null }, "NAME_REQUIRED"],
    ["guest with an empty name", { firstName: "" }, "NAME_REQUIRED"],
    ["guest with a blank name", { firstName: "  \t" }, "NAME_REQUIRED"],
    ["guest with a padded name", { firstName: " Ada " }, null],
    ["guest, no token, public", { hasDeviceToken: false }, "GUEST_NEEDS_NOTIFICATIONS"],
    ["guest, no token, KICKRUNDE", { hasDeviceToken: false, gameType: "KICKRUNDE" }, "GUEST_NEEDS_NOTIFICATIONS"],
    // guests join public games only (spec 000 sections 1 and 6); nothing else a guest could fix helps
    ["guest, private", { gameType: "PRIVATE" }, "PRIVATE_GAME_NEEDS_ACCOUNT"],
    ["guest, no token, private", { hasDeviceToken: false, gameType: "PRIVATE" }, "PRIVATE_GAME_NEEDS_ACCOUNT"],
    ["guest, private, no name", { gameType: "PRIVATE", firstName: null }, "PRIVATE_GAME_NEEDS_ACCOUNT"],
    ["guest, private, managed", { gameType: "PRIVATE", isManagedPayment: true }, "MANAGED_PAYMENT_NEEDS_ACCOUNT"],
    ["guest, managed", { isManagedPayment: true }, "MANAGED_PAYMENT_NEEDS_ACCOUNT"],
    ["guest, managed, no name", { isManagedPayment: true, firstName: null }, "MANAGED_PAYMENT_NEEDS_ACCOUNT"],
    ["guest queued", { queue: true }, null],
    ["guest queued, private, no token", { queue: true, gameType: "PRIVATE", hasDeviceToken: false }, "PRIVATE_GAME_NEEDS_ACCOUNT"],
    ["guest queued, public, no token", { queue: true, hasDeviceToken: false }, "GUEST_NEEDS_NOTIFICATIONS"],
    ["guest queued + 1", { queue: true, playerCount: 2 }, "QUEUE_WITH_EXTRAS"],
    ["guest queued + 2", { queue: true, playerCount: 3 }, "GUEST_EXTRA_LIMIT"],
    ["guest without a name and + 2", { firstName: null, playerCount: 3 }, "NAME_REQUIRED"],
    ["guest + 2 without a token", { playerCount: 3, hasDeviceToken: false }, "GUEST_EXTRA_LIMIT"],
    ["guest flagged as organiser still limited", { isAdminOrCreator: true, playerCount: 3 }, "GUEST_EXTRA_LIMIT"],
  ])("guest: %s -> %p", (_label, over, problem) => {
    expect(joinProblem({ ...okGuest, ...over })).toBe(problem);
  });

  test.each<[string, Partial<JoinInput>, JoinProblem | null]>([
    ["player", {}, null],
    ["player + 2", { playerCount: 3 }, null],
    ["player + 3", { playerCount: 4 }, "PLAYER_EXTRA_LIMIT"],
    ["player + 3, no max", { playerCount: 4, maxPlayers: null }, "PLAYER_EXTRA_LIMIT"],
    ["player without token, not queued", { hasDeviceToken: false }, null],
    ["player, unverified, not queued", { emailVerified: false }, null],
    ["player, name ignored", { firstName: "" }, null],
    ["player queued", { queue: true }, null],
    ["player queued + 1", { queue: true, playerCount: 2 }, "QUEUE_WITH_EXTRAS"],
    ["player queued, no token", { queue: true, hasDeviceToken: false }, "QUEUE_NEEDS_NOTIFICATIONS"],
    ["player queued, unverified", { queue: true, emailVerified: false }, "QUEUE_NEEDS_VERIFIED_EMAIL"],
    ["player queued, unverified, no token", { queue: true, emailVerified: false, hasDeviceToken: false }, "QUEUE_NEEDS_VERIFIED_EMAIL"],
    ["player queued + 1, unverified", { queue: true, playerCount: 2, emailVerified: false }, "QUEUE_WITH_EXTRAS"],
    ["player managed", { isManagedPayment: true }, null],
    ["player managed + 11 of max 12", { isManagedPayment: true, playerCount: 12 }, null],
    ["player managed + 12 of max 12", { isManagedPayment: true, playerCount: 13 }, "PLAYER_EXTRA_LIMIT"],
    ["player managed, unverified", { isManagedPayment: true, emailVerified: false }, "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL"],
    ["player managed, unverified, too many", { isManagedPayment: true, emailVerified: false, playerCount: 20 }, "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL"],
    ["player managed, unverified, queued", { isManagedPayment: true, emailVerified: false, queue: true }, "MANAGED_PAYMENT_NEEDS_VERIFIED_EMAIL"],
    ["player managed, queued, no token", { isManagedPayment: true, queue: true, hasDeviceToken: false }, "QUEUE_NEEDS_NOTIFICATIONS"],
    ["player, private, no token", { gameType: "PRIVATE", hasDeviceToken: false }, null],
    ["organiser + 11 of max 12", { isAdminOrCreator: true, playerCount: 12 }, null],
    ["organiser + 12 of max 12", { isAdminOrCreator: true, playerCount: 13 }, "PLAYER_EXTRA_LIMIT"],
    ["organiser + 19, no max", { isAdminOrCreator: true, playerCount: 20, maxPlayers: null }, null],
    ["organiser + 20, no max", { isAdminOrCreator: true, playerCount: 21, maxPlayers: null }, "PLAYER_EXTRA_LIMIT"],
    ["organiser queued + 1", { isAdminOrCreator: true, queue: true, playerCount: 2 }, "QUEUE_WITH_EXTRAS"],
    ["organiser not playing, 0 players", { isAdminOrCreator: true, playerCount: 0 }, null],
  ])("signed in: %s -> %p", (_label, over, problem) => {
    expect(joinProblem({ ...okPlayer, ...over })).toBe(problem);
  });
});

describe("canRemovePlayer: not from start - 4 h on", () => {
  test.each([
    [-30 * D, true],
    [-4 * H - MS, true],
    [-4 * H, false],
    [-4 * H + MS, false],
    [-MS, false],
    [0, false],
    [H, false],
  ])("now = start %+d ms -> %p", (offset, ok) => {
    expect(canRemovePlayer(start, at(offset))).toBe(ok);
  });
});

describe("removalProblem", () => {
  test.each<[string | null, string | null, "REASON_REQUIRED" | "MESSAGE_REQUIRED" | null]>([
    [null, null, "REASON_REQUIRED"],
    [null, "text", "REASON_REQUIRED"],
    ["", null, "REASON_REQUIRED"],
    ["BAD_WEATHER", null, "REASON_REQUIRED"], // a game-cancellation reason, not a removal reason
    ["other_reason", "text", "REASON_REQUIRED"], // case matters
    ["RELIABILITY_RATING_TOO_BAD", null, null],
    ["RELIABILITY_RATING_TOO_BAD", "", null],
    ["FRIEND_PLAYS_INSTEAD", null, null],
    ["FRIEND_PLAYS_INSTEAD", "Max plays", null],
    ["OTHER_REASON", null, "MESSAGE_REQUIRED"],
    ["OTHER_REASON", "", "MESSAGE_REQUIRED"],
    ["OTHER_REASON", "   \n", "MESSAGE_REQUIRED"],
    ["OTHER_REASON", "x", null],
    ["OTHER_REASON", " too rude ", null],
  ])("reason %p, message %p -> %p", (reason, message, problem) => {
    expect(removalProblem(reason, message)).toBe(problem);
  });
});

describe("short-notice cancellation (48 h) and organiser notice (2 h)", () => {
  test.each([
    [-30 * D, false, false],
    [-48 * H - MS, false, false],
    [-48 * H, true, false],
    [-48 * H + MS, true, false],
    [-2 * H - MS, true, false],
    [-2 * H, true, true],
    [-2 * H + MS, true, true],
    [-MS, true, true],
    [0, true, true],
    [H, true, true],
  ])("now = start %+d ms -> short notice %p, organiser told %p", (offset, shortNotice, told) => {
    expect(isShortNoticeCancellation(start, at(offset))).toBe(shortNotice);
    expect(notifiesOrganiser(start, at(offset))).toBe(told);
  });
});

describe("cancellationTerms", () => {
  const statuses: PaymentStatus[] = ["None", "Open", "Approved", "Captured", "Released", "PaidExternally", "Expired"];
  const times = [
    [-7 * D, false],
    [-48 * H - MS, false],
    [-48 * H, true],
    [-H, true],
    [0, true],
  ] as const;
  const table: [PaymentStatus, number, boolean, CancellationTerms][] = [];
  for (const status of statuses) {
    for (const [offset, within] of times) {
      for (const queue of [false, true]) {
        // a captured payment (instant capture, an early capture) is kept like a held card (issue 23)
        const charged = (status === "Approved" || status === "Captured" || status === "PaidExternally") && within && !queue;
        table.push([status, offset, queue, charged ? "chargedUnlessReplaced" : "free"]);
      }
    }
  }
  test.each(table)("%s, now = start %+d ms, queued %p -> %s", (paymentStatus, offset, queue, terms) => {
    expect(cancellationTerms({ paymentStatus, start, now: at(offset), queue })).toBe(terms);
  });

  test.each<[string, Date | null | undefined, CancellationTerms]>([
    ["no free-cancellation date", undefined, "chargedUnlessReplaced"],
    ["null", null, "chargedUnlessReplaced"],
    ["free until 1 ms after now", at(-H + MS), "free"],
    ["free until exactly now", at(-H), "chargedUnlessReplaced"],
    ["free until before now", at(-2 * H), "chargedUnlessReplaced"],
  ])("after a managed-game change: %s -> %s", (_label, paymentCanCancelUntil, terms) => {
    expect(cancellationTerms({ paymentStatus: "Approved", start, now: at(-H), queue: false, paymentCanCancelUntil })).toBe(terms);
  });
});

describe("replacementsNeeded = clamp(min(minPlayers, highest) - after, 0, cancelled)", () => {
  test.each<[string, number, number, number, number, number]>([
    // label, minPlayers, highest reached, active after, cancelled count, needed
    ["at minimum, one leaves", 10, 10, 9, 1, 1],
    ["at minimum, a group of 3 leaves", 10, 10, 7, 3, 3],
    ["well above minimum, one leaves", 10, 14, 13, 1, 0],
    ["just above minimum, two leave", 10, 11, 9, 2, 1],
    ["never reached minimum, one leaves", 10, 8, 7, 1, 1],
    ["others left earlier: only own share", 10, 10, 6, 1, 1],
    ["replaced by a newcomer or the waiting list", 10, 10, 10, 1, 0],
    ["partly replaced", 10, 10, 8, 3, 2],
    ["over-filled since", 10, 12, 12, 2, 0],
    ["minimum 0 (takes place confirmed)", 0, 10, 5, 1, 0],
    ["nothing cancelled", 10, 10, 5, 0, 0],
    ["empty game", 10, 1, 0, 1, 1],
    ["highest 0 (data before tracking)", 10, 0, 0, 1, 0],
  ])("%s: min %d, highest %d, after %d, cancelled %d -> %d", (_label, minPlayers, highest, after, cancelled, needed) => {
    expect(
      replacementsNeeded({ minPlayers, highestParticipantsAmountReached: highest, activePlayersAfter: after, cancelledPlayerCount: cancelled }),
    ).toBe(needed);
  });
});

describe("waiting list", () => {
  const t = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
  const q = (id: number, minute: number, playerCount = 1) => ({ id, queuedAt: t(minute), playerCount });

  test.each<[string, ReturnType<typeof q>[], number[]]>([
    ["empty", [], []],
    ["by time", [q(1, 5), q(2, 1), q(3, 3)], [2, 3, 1]],
    ["ties by id", [q(9, 1), q(4, 1), q(7, 1)], [4, 7, 9]],
    ["time before id", [q(1, 2), q(2, 1)], [2, 1]],
    ["1 ms apart", [{ id: 1, queuedAt: new Date(t(1).getTime() + 1), playerCount: 1 }, { id: 2, queuedAt: t(1), playerCount: 1 }], [2, 1]],
  ])("promotionOrder %s -> %o", (_label, queue, ids) => {
    const input = [...queue];
    expect(promotionOrder(queue).map((e) => e.id)).toEqual(ids);
    expect(queue).toEqual(input); // not mutated
  });

  const queue = [q(1, 1), q(2, 2, 3), q(3, 3), q(4, 4)];
  test.each<[string, typeof queue, number, number | null, number[]]>([
    ["no spot", queue, 10, 10, []],
    ["over full", queue, 11, 10, []],
    ["one spot: the first", queue, 9, 10, [1]],
    ["two spots: the group of 3 blocks, nobody overtakes", queue, 8, 10, [1]],
    ["four spots: first and the group", queue, 6, 10, [1, 2]],
    ["five spots", queue, 5, 10, [1, 2, 3]],
    ["plenty", queue, 0, 10, [1, 2, 3, 4]],
    ["no maximum: everybody", queue, 50, null, [1, 2, 3, 4]],
    ["unsorted input", [q(4, 4), q(3, 3), q(1, 1)], 8, 10, [1, 3]],
    ["group at the head blocks", [q(2, 2, 3), q(1, 5)], 8, 10, []],
    ["empty queue", [], 0, 10, []],
  ])("promotable: %s -> %o", (_label, entries, active, max, ids) => {
    expect(promotable(entries, active, max).map((e) => e.id)).toEqual(ids);
  });
});

describe("paidPlayerCountLocked: a place paid by card keeps its player count", () => {
  const statuses: (PaymentStatus | null)[] = [null, ...PAYMENT_STATUSES];
  test.each(statuses.flatMap((paymentStatus) => [true, false].flatMap((isManagedPayment) => [true, false].map((queue) => [paymentStatus, isManagedPayment, queue] as const))))(
    "%s, managed %s, queued %s",
    (paymentStatus, isManagedPayment, queue) => {
      const paidByCard = new Set<PaymentStatus | null>(["Approved", "Captured"]).has(paymentStatus);
      expect(paidPlayerCountLocked({ paymentStatus, isManagedPayment, queue })).toBe(paidByCard && isManagedPayment && !queue);
    },
  );
});
