import { describe, expect, test } from "bun:test";
import { GAME_DEFAULTS } from "../constants";
import {
  applyMaxPlayers,
  applyMinPlayers,
  applyTeamsOrMode,
  canCreateGame,
  type CreateGameReadiness,
  durationParts,
  euroInputToCents,
  type GameFormValues,
  maxPlayersOptions,
  minPlayersOptions,
  type PriceProblem,
  playerCountOptions,
  priceProblem,
  roundPriceToStep,
} from "./game-form";

const defaults: GameFormValues = {
  teams: GAME_DEFAULTS.teams,
  gameMode: GAME_DEFAULTS.gameMode,
  minPlayers: GAME_DEFAULTS.minPlayers,
  maxPlayers: GAME_DEFAULTS.maxPlayers,
  playerCount: GAME_DEFAULTS.playerCount,
  playsHimself: GAME_DEFAULTS.playsHimself,
  minPlayersCustomised: false,
  priceCents: GAME_DEFAULTS.priceCents,
  isManagedPayment: GAME_DEFAULTS.isManagedPayment,
};
const v = (over: Partial<GameFormValues>): GameFormValues => ({ ...defaults, ...over });
type Counts = Pick<GameFormValues, "teams" | "gameMode" | "minPlayers" | "maxPlayers" | "playerCount">;
const counts = (x: GameFormValues): Counts => ({
  teams: x.teams,
  gameMode: x.gameMode,
  minPlayers: x.minPlayers,
  maxPlayers: x.maxPlayers,
  playerCount: x.playerCount,
});

describe("applyTeamsOrMode", () => {
  test.each<[string, Partial<GameFormValues>, { teams?: number; gameMode?: number }, Counts]>([
    ["defaults match teams x mode", {}, {}, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: null, playerCount: 1 }],
    ["more teams, no max", {}, { teams: 3 }, { teams: 3, gameMode: 5, minPlayers: 15, maxPlayers: null, playerCount: 1 }],
    ["higher mode raises max", { maxPlayers: 12 }, { gameMode: 7 }, { teams: 2, gameMode: 7, minPlayers: 14, maxPlayers: 14, playerCount: 1 }],
    ["max above the new min stays", { maxPlayers: 20 }, { gameMode: 7 }, { teams: 2, gameMode: 7, minPlayers: 14, maxPlayers: 20, playerCount: 1 }],
    ["lower mode lowers min, max stays", { maxPlayers: 12, playerCount: 12 }, { gameMode: 4 }, { teams: 2, gameMode: 4, minPlayers: 8, maxPlayers: 12, playerCount: 12 }],
    ["both at once", { maxPlayers: 11, playerCount: 11 }, { teams: 3, gameMode: 6 }, { teams: 3, gameMode: 6, minPlayers: 18, maxPlayers: 18, playerCount: 11 }],
    ["customised min is kept", { minPlayers: 12, minPlayersCustomised: true, maxPlayers: 12 }, { teams: 3 }, { teams: 3, gameMode: 5, minPlayers: 12, maxPlayers: 12, playerCount: 1 }],
    ["1 team of 1 gives the smallest choice, 2", { maxPlayers: 1 }, { teams: 1, gameMode: 1 }, { teams: 1, gameMode: 1, minPlayers: 2, maxPlayers: 2, playerCount: 1 }],
    ["largest teams x mode", {}, { teams: 19, gameMode: 11 }, { teams: 19, gameMode: 11, minPlayers: 209, maxPlayers: null, playerCount: 1 }],
    ["playerCount above max is lowered", { minPlayers: 6, minPlayersCustomised: true, maxPlayers: 8, playerCount: 9 }, {}, { teams: 2, gameMode: 5, minPlayers: 6, maxPlayers: 8, playerCount: 8 }],
  ])("%s", (_label, start, change, expected) => {
    const before = v(start);
    const after = applyTeamsOrMode(before, change);
    expect(counts(after)).toEqual(expected);
    expect(after.minPlayersCustomised).toBe(before.minPlayersCustomised);
    expect(before).toEqual(v(start)); // not mutated
  });
});

describe("applyMinPlayers marks the minimum as chosen", () => {
  test.each<[Partial<GameFormValues>, number, Counts]>([
    [{}, 12, { teams: 2, gameMode: 5, minPlayers: 12, maxPlayers: null, playerCount: 1 }],
    [{ maxPlayers: 10 }, 12, { teams: 2, gameMode: 5, minPlayers: 12, maxPlayers: 12, playerCount: 1 }],
    [{ maxPlayers: 14 }, 12, { teams: 2, gameMode: 5, minPlayers: 12, maxPlayers: 14, playerCount: 1 }],
    [{ maxPlayers: 14, playerCount: 14 }, 4, { teams: 2, gameMode: 5, minPlayers: 4, maxPlayers: 14, playerCount: 14 }],
  ])("%j, min %d", (start, min, expected) => {
    const after = applyMinPlayers(v(start), min);
    expect(counts(after)).toEqual(expected);
    expect(after.minPlayersCustomised).toBe(true);
  });

  test("a chosen minimum survives later team changes", () => {
    const after = applyTeamsOrMode(applyMinPlayers(defaults, 8), { teams: 4 });
    expect(counts(after)).toEqual({ teams: 4, gameMode: 5, minPlayers: 8, maxPlayers: null, playerCount: 1 });
  });
});

describe("applyMaxPlayers", () => {
  test.each<[Partial<GameFormValues>, number | null, Counts]>([
    [{}, 12, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: 12, playerCount: 1 }],
    [{ playerCount: 15 }, 12, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: 12, playerCount: 12 }],
    [{ playerCount: 12 }, 12, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: 12, playerCount: 12 }],
    [{ maxPlayers: 12, playerCount: 12 }, null, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: null, playerCount: 12 }],
    // lowering the maximum below the minimum lowers the minimum to match (spec 000 section 5)
    [{ minPlayers: 12, minPlayersCustomised: true }, 10, { teams: 2, gameMode: 5, minPlayers: 10, maxPlayers: 10, playerCount: 1 }],
    [{ playerCount: 9 }, 8, { teams: 2, gameMode: 5, minPlayers: 8, maxPlayers: 8, playerCount: 8 }],
    // ... but never below 2 (0 and 1 are no minimum): a maximum of 1 rises to 2
    [{ teams: 1, gameMode: 1, minPlayers: 2 }, 1, { teams: 1, gameMode: 1, minPlayers: 2, maxPlayers: 2, playerCount: 1 }],
  ])("%j, max %p", (start, max, expected) => {
    expect(counts(applyMaxPlayers(v(start), max))).toEqual(expected);
  });
});

describe("choices", () => {
  test.each([
    [2, 5, 10, 110],
    [1, 1, 1, 101],
    [19, 11, 209, 309],
  ])("maxPlayersOptions(%d, %d) = %d..%d", (teams, mode, first, last) => {
    const options = maxPlayersOptions(teams, mode);
    expect(options[0]).toBe(first);
    expect(options.at(-1)).toBe(last);
    expect(options).toHaveLength(101);
    expect(options.every((n, i) => n === first + i)).toBe(true);
  });

  test.each([
    [2, 5, 110],
    [1, 1, 101],
  ])("minPlayersOptions(%d, %d) = 2..%d (never 0 or 1)", (teams, mode, last) => {
    const options = minPlayersOptions(teams, mode);
    expect(options[0]).toBe(2);
    expect(options.at(-1)).toBe(last);
    expect(options).toHaveLength(last - 1);
  });

  test.each([
    [false, 0, 101],
    [true, 1, 100],
  ])("playerCountOptions(organiser %p) = %d..100", (isOrganiser, first, length) => {
    const options = playerCountOptions(isOrganiser);
    expect(options[0]).toBe(first);
    expect(options.at(-1)).toBe(100);
    expect(options).toHaveLength(length);
  });
});

describe("price", () => {
  test.each([
    [0, 0],
    [24, 0],
    [25, 50], // half up
    [49, 50],
    [50, 50],
    [74, 50],
    [75, 100],
    [524.9, 500],
    [549.9, 550],
    [550, 550],
    [551, 550],
    [9974, 9950],
    [9975, 10000],
    [10024, 10000],
    [10025, 10000], // clamped
    [20000, 10000],
    [-1, 0],
    [-25, 0],
    [-26, 0],
    [-1000, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 10000],
  ])("roundPriceToStep(%p) = %d", (cents, out) => {
    expect(roundPriceToStep(cents)).toBe(out);
  });

  test.each<[string, number | null]>([
    ["5", 500],
    ["5,5", 550],
    ["5.5", 550],
    ["5.50", 550],
    ["5,50", 550],
    ["5,50 €", 550],
    ["5,50€", 550],
    ["€ 5", 500],
    ["€5,50", 550],
    ["  5  ", 500],
    ["0", 0],
    ["0,5", 50],
    [",5", 50],
    ["5,", 500],
    ["5,05", 505],
    ["100", 10000],
    ["100,00", 10000],
    ["1000", 100000], // parsed; priceProblem says too high
    ["-5", -500], // parsed; priceProblem says negative
    ["-0,5", -50],
    ["-0", 0],
    ["5,555", null],
    ["1.000,00", null],
    ["abc", null],
    ["", null],
    ["   ", null],
    ["€", null],
    [",", null],
    ["-", null],
    ["5 5", null],
    ["5,5a", null],
    ["--5", null],
    ["5-", null],
    ["1e3", null],
    ["0x10", null],
    ["5,-", null],
    ["5 EUR", null],
    ["12345678901234567890", null],
  ])("euroInputToCents(%p) = %p", (text, cents) => {
    expect(euroInputToCents(text)).toBe(cents);
  });

  test.each<[number, boolean, PriceProblem | null]>([
    [0, false, null],
    [50, false, null],
    [10000, false, null],
    [10000, true, null],
    [250, true, null],
    [0, true, "MANAGED_PRICE_TOO_LOW"],
    [200, true, "MANAGED_PRICE_TOO_LOW"],
    [-1, false, "price_negative"],
    [-50, true, "price_negative"],
    [10001, false, "price_too_high"],
    [10050, false, "price_too_high"],
    [25, false, "price_step"],
    [249, true, "price_step"],
    [5.5, false, "price_step"],
    [Number.NaN, false, "price_step"],
  ])("priceProblem(%p, managed %p) = %p", (cents, managed, problem) => {
    expect(priceProblem(cents, managed)).toBe(problem);
  });
});

describe("canCreateGame", () => {
  const ready: CreateGameReadiness = {
    descriptionValid: true,
    startTime: new Date("2026-11-21T18:00:00Z"),
    minPlayers: 10,
    courtChosen: true,
    maxPlayers: null,
    playerCount: 1,
    isManagedPayment: false,
    priceCents: 0,
    notificationsDenied: false,
    wantsNotifications: true,
  };
  test.each<[string, Partial<CreateGameReadiness>, boolean]>([
    ["everything set", {}, true],
    ["invalid description", { descriptionValid: false }, false],
    ["no start time", { startTime: null }, false],
    ["no minimum", { minPlayers: null }, false],
    ["no court", { courtChosen: false }, false],
    ["notifications wanted but denied", { notificationsDenied: true }, false],
    ["notifications denied, not wanted", { notificationsDenied: true, wantsNotifications: false }, true],
    ["max equals player count", { maxPlayers: 3, playerCount: 3 }, true],
    ["max below player count", { maxPlayers: 2, playerCount: 3 }, false],
    ["no max, many players", { maxPlayers: null, playerCount: 100 }, true],
    ["managed, no price", { isManagedPayment: true, priceCents: 0 }, false],
    ["managed, 2.00", { isManagedPayment: true, priceCents: 200 }, false],
    ["managed, 2.50", { isManagedPayment: true, priceCents: 250 }, true],
    ["unmanaged, free", { isManagedPayment: false, priceCents: 0 }, true],
    ["price too high", { priceCents: 10050 }, false],
    ["price negative", { priceCents: -50 }, false],
  ])("%s", (_label, over, enabled) => {
    expect(canCreateGame({ ...ready, ...over })).toBe(enabled);
  });
});

describe("durationParts", () => {
  test.each([
    [30, 30, "minutes"],
    [45, 45, "minutes"],
    [60, 60, "minutes"],
    [90, 90, "minutes"],
    [120, 2, "hours"],
    [150, 2.5, "hours"],
    [180, 3, "hours"],
    [240, 4, "hours"],
    [300, 5, "hours"],
    [360, 6, "hours"],
  ])("%d min -> %d %s", (minutes, value, unit) => {
    expect(durationParts(minutes)).toEqual({ value, unit: unit as "hours" });
  });
});
