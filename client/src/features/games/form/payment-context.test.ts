import { describe, expect, test } from "bun:test";
import { payoutCalculation } from "@shared/rules/fees";
import type { TGame } from "@shared/schemas/games";
import type { TMyAccount } from "@shared/schemas/users";
import { initialCreateState } from "./game-form-state";
import { createPaymentContext, editPaymentContext, payoutInputOf } from "./payment-context";

// Only the fields these functions read.
const account = {
  id: 2,
  organization: { id: 5, name: "Bolzplatzhelden e.V.", imageUrl: null, gameApplicationFeePercentage: 5 },
  paymentChargesEnabled: true,
  stripeMonthlyFeePaid: true,
} satisfies Partial<TMyAccount> as unknown as TMyAccount;

const participation = (playerId: number, playerCount: number, queue = false) => ({
  player: { id: playerId, firstName: "P", profileImageUrl: null, reliabilityRating: null },
  playerCount,
  queue,
});

const game = {
  creator: { id: 2, firstName: "Jonas", profileImageUrl: null },
  isManagedPayment: true,
  organization: { id: 5, name: "Bolzplatzhelden e.V.", imageUrl: null, gameApplicationFeePercentage: 4.5 },
  participations: [participation(7, 1), participation(2, 3), participation(8, 2, true)],
} satisfies Partial<Omit<TGame, "participations">> & { participations: unknown[] } as unknown as TGame;

const createState = (isOrganizationGame: boolean, playerCount = 1) => ({
  ...initialCreateState({ day: "2026-11-25", hasOrganization: true, court: null }),
  isOrganizationGame,
  playerCount,
});

describe("createPaymentContext", () => {
  test("the signed-in organiser's account; the organisation's fee on an organisation game, else 6 %", () => {
    expect(createPaymentContext(account, createState(true, 2))).toEqual({
      organiser: account,
      wasManagedPayment: false,
      feePercentage: 5,
      organiserPlaces: 2,
      monthlyFeePaid: true,
    });
    expect(createPaymentContext(account, createState(false)).feePercentage).toBe(6);
    expect(createPaymentContext({ ...account, organization: null }, createState(true)).feePercentage).toBe(6);
  });
});

describe("editPaymentContext", () => {
  test("the creator edits: their account, the game's organisation fee, their own active places", () => {
    expect(editPaymentContext(account, game)).toEqual({
      organiser: account,
      wasManagedPayment: true,
      feePercentage: 4.5,
      organiserPlaces: 3,
      monthlyFeePaid: true,
    });
  });

  test("someone else (an admin) edits: no organiser account known, the monthly fee assumed due", () => {
    const admin = { ...account, id: 1 } as TMyAccount;
    expect(editPaymentContext(admin, { ...game, organization: null })).toMatchObject({
      organiser: null,
      feePercentage: 6,
      organiserPlaces: 3,
      monthlyFeePaid: false,
    });
  });

  test("a creator on the waiting list only, or not in the game, fills no places", () => {
    expect(editPaymentContext(account, { ...game, participations: [participation(2, 2, true)] } as unknown as TGame).organiserPlaces).toBe(0);
    expect(editPaymentContext(account, { ...game, participations: [] }).organiserPlaces).toBe(0);
  });
});

describe("payoutInputOf", () => {
  const context = createPaymentContext(account, createState(false, 1));
  const state = (priceText: string, minPlayers = 10, maxPlayers: number | null = 12) => ({ priceText, minPlayers, maxPlayers });

  test.each([
    ["5", 500],
    ["5,50", 550],
    ["5.5", 550],
    ["100", 10000],
    ["", 0],
    ["2,3", 230], // not yet rounded on blur: the calculator follows what is typed
  ])("price %p → %p cents", (text, cents) => {
    expect(payoutInputOf(state(text), context)).toEqual({
      priceCents: cents,
      feePercentage: 6,
      minPlayers: 10,
      maxPlayers: 12,
      organiserPlaces: 1,
      monthlyFeePaid: true,
    });
  });

  test.each(["abc", "-3", "100,50", "1.000"])("no amount (%p) → null", (text) => {
    expect(payoutInputOf(state(text), context)).toBeNull();
  });

  test("the rows follow price, minimum and maximum", () => {
    const rows = (priceText: string, min: number, max: number | null) =>
      payoutCalculation(payoutInputOf(state(priceText, min, max), context)!).rows.map((r) => [r.payingPlayers, r.payoutCents]);
    // 5 € at 6 %: fee 30 + 39 = 69, payout 431 per player; 9 missing up to 11 open places
    expect(rows("5", 10, 12)).toEqual([[9, 3879], [10, 4310], [11, 4741]]);
    // 6 €: fee 36 + 39 = 75, payout 525 per player
    expect(rows("6", 10, 12)).toEqual([[9, 4725], [10, 5250], [11, 5775]]);
    expect(rows("5", 4, 5)).toEqual([[3, 1293], [4, 1724]]);
    // no maximum: the missing players plus 2
    expect(rows("5", 4, null)).toEqual([[3, 1293], [4, 1724], [5, 2155]]);
  });
});
