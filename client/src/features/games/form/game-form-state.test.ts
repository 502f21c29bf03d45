import { describe, expect, test } from "bun:test";
import type { TGame } from "@shared/schemas/games";
import {
  canSubmitCreate,
  canSubmitEdit,
  createPayload,
  initialCreateState,
  initialEditState,
  isEmptyUpdate,
  priceErrorKey,
  priceTextOf,
  startErrorKey,
  updatePayload,
  type GameFormState,
} from "./game-form-state";

// Tuesday 24 November 2026, 17:42 in Berlin
const now = new Date("2026-11-24T16:42:00Z");
const court = { id: 3, name: "Mauerpark", address: null, imageUrl: null, turf: null, indoor: false, public: true };

function ready(change: Partial<GameFormState> = {}): GameFormState {
  return { ...initialCreateState({ day: "2026-11-25", hasOrganization: false, court }), hour: 18, minute: 30, ...change };
}

describe("create form (spec 000 section 5)", () => {
  test("defaults of the game draft; organisation games on for organisation users", () => {
    const state = initialCreateState({ day: "2026-11-24", hasOrganization: true, court: null });
    expect(state).toMatchObject({
      minPlayers: 10,
      maxPlayers: null,
      gameType: "PUBLIC",
      playerCount: 1,
      bringsBall: false,
      bringsBibs: false,
      level: "ALL",
      gender: "MIXED",
      teams: 2,
      gameMode: 5,
      durationMinutes: 60,
      playsHimself: true,
      instantCapture: false,
      externalPaymentRequestsAllowed: false,
      isOrganizationGame: true,
      hour: null,
    });
    expect(initialCreateState({ day: "2026-11-24", hasOrganization: false, court: null }).isOrganizationGame).toBe(false);
  });

  test("create is enabled only with a start time, a court and acceptable values", () => {
    expect(canSubmitCreate(ready(), now)).toBe(true);
    expect(canSubmitCreate(ready({ minute: null }), now)).toBe(false);
    expect(canSubmitCreate(ready({ court: null }), now)).toBe(false);
    expect(canSubmitCreate(ready({ description: "x".repeat(2001) }), now)).toBe(false);
    expect(canSubmitCreate(ready({ maxPlayers: 12, playerCount: 13 }), now)).toBe(false);
    expect(canSubmitCreate(ready({ priceText: "abc" }), now)).toBe(false);
    expect(canSubmitCreate(ready({ isManagedPayment: true, priceText: "2" }), now)).toBe(false);
    expect(canSubmitCreate(ready({ isManagedPayment: true, priceText: "2,50" }), now)).toBe(true);
    // managed payment: at most 6 days ahead
    expect(canSubmitCreate(ready({ isManagedPayment: true, priceText: "5", day: "2026-12-10" }), now)).toBe(false);
    expect(canSubmitCreate(ready({ day: "2026-11-24", hour: 17, minute: 40 }), now)).toBe(false);
  });

  test("start time problems use the server's codes", () => {
    expect(startErrorKey(ready(), now)).toBeNull();
    expect(startErrorKey(ready({ day: "2026-11-24", hour: 17, minute: 40 }), now)).toBe("error_GAME_IN_PAST");
    expect(startErrorKey(ready({ day: "2027-02-01" }), now)).toBe("error_GAME_TOO_FAR_AHEAD");
    expect(startErrorKey(ready({ day: "2026-12-10", isManagedPayment: true }), now)).toBe("error_MANAGED_PAYMENT_TOO_FAR_AHEAD");
  });

  test.each([
    ["", false, null],
    ["5", false, null],
    ["4,50", false, null],
    ["-1", false, "validation_price_negative"],
    ["100,50", false, "validation_price_too_high"],
    ["4,20", false, "validation_price_step"],
    ["fünf", false, "validation_price_invalid"],
    ["2", true, "error_MANAGED_PRICE_TOO_LOW"],
    ["", true, "error_MANAGED_PRICE_TOO_LOW"],
  ] as const)("price %p (managed %p) -> %p", (priceText, isManagedPayment, expected) => {
    expect(priceErrorKey({ priceText, isManagedPayment })).toBe(expected);
  });

  test("price text follows the language", () => {
    expect(priceTextOf(550, "de")).toBe("5,50");
    expect(priceTextOf(550, "en")).toBe("5.50");
    expect(priceTextOf(0, "de")).toBe("");
  });

  test("the payload sends cents, the Berlin start and no title without the right", () => {
    const payload = createPayload(ready({ priceText: "4,50", title: "Feierabendkick", description: "  Hallo  ", descriptionEn: " " }), {
      canSetTitle: false,
    });
    expect(payload).toMatchObject({
      startTime: new Date("2026-11-25T17:30:00Z"),
      courtId: 3,
      priceCents: 450,
      title: null,
      description: "Hallo",
      descriptionEn: null,
      instantCapture: false,
    });
    expect(createPayload(ready({ title: " Feierabendkick " }), { canSetTitle: true }).title).toBe("Feierabendkick");
  });

  test.each([
    [{ wanted: true, denied: true }, false],
    [{ wanted: true, denied: false }, true],
    [{ wanted: false, denied: true }, true],
    [{ wanted: false, denied: false }, true],
  ])("notifications %o: create enabled %p (denied while wanted blocks it)", (notifications, enabled) => {
    expect(canSubmitCreate(ready(), now, notifications)).toBe(enabled);
  });

  test("the payload carries this device's push token when notifications are on", () => {
    expect(createPayload(ready(), { canSetTitle: false, deviceToken: "wp_abc" }).deviceToken).toBe("wp_abc");
    expect(createPayload(ready(), { canSetTitle: false }).deviceToken).toBeNull();
  });
});

// Only the fields the form reads; the game schema has more.
const game = {
  id: 9,
  title: null,
  startTime: new Date("2026-11-26T17:00:00Z"),
  endTime: new Date("2026-11-26T18:00:00Z"),
  durationMinutes: 60,
  gameType: "PUBLIC",
  level: "ALL",
  gender: "MIXED",
  priceCents: 0,
  isManagedPayment: false,
  minPlayers: 10,
  maxPlayers: 14,
  participantsAmount: 3,
  cancelledAt: null,
  court: { ...court, latitude: 52.5, longitude: 13.4, regionId: 1 },
  creator: { id: 2, firstName: "Jonas", profileImageUrl: null },
  description: "Kick",
  descriptionEn: null,
  teams: 2,
  gameMode: 5,
  instantCapture: false,
  externalPaymentRequestsAllowed: false,
  highestParticipantsAmountReached: 3,
  cancelledBy: null,
  cancellationReason: null,
  cancellationMessage: null,
  organization: null,
  region: { id: 1, slug: "berlin", name: "Berlin" },
  receivedOrganizerReliabilityFeedback: false,
  minPlayersConfirmedAt: null,
  participations: [],
  viewer: { canManage: true, canSeeReliability: true, isAdmin: false, isRegular: false, participation: null },
} satisfies Partial<TGame> as unknown as TGame;

describe("edit-details form (spec 000 section 5)", () => {
  test("an untouched form changes nothing", () => {
    const state = initialEditState(game, "de");
    expect(state).toMatchObject({ day: "2026-11-26", hour: 18, minute: 0, maxPlayers: 14, description: "Kick" });
    expect(isEmptyUpdate(updatePayload(game, state, { canSetTitle: false }))).toBe(true);
  });

  test("only changed fields are sent; no limit becomes removeMaxPlayers", () => {
    const state = { ...initialEditState(game, "de"), hour: 19, maxPlayers: null, priceText: "3", description: "Kick!" };
    expect(updatePayload(game, state, { canSetTitle: false })).toEqual({
      gameId: 9,
      startTime: new Date("2026-11-26T18:00:00Z"),
      removeMaxPlayers: true,
      priceCents: 300,
      description: "Kick!",
    });
  });

  test("save is disabled for an invalid description, a broken or negative price, or managed payment without the right", () => {
    const state = initialEditState(game, "de");
    expect(canSubmitEdit(state, { mayUseManagedPayment: false })).toBe(true);
    expect(canSubmitEdit({ ...state, description: "x".repeat(2001) }, { mayUseManagedPayment: true })).toBe(false);
    expect(canSubmitEdit({ ...state, priceText: "zehn" }, { mayUseManagedPayment: true })).toBe(false);
    expect(canSubmitEdit({ ...state, priceText: "-2" }, { mayUseManagedPayment: true })).toBe(false);
    expect(canSubmitEdit({ ...state, isManagedPayment: true }, { mayUseManagedPayment: false })).toBe(false);
    expect(canSubmitEdit({ ...state, isManagedPayment: true }, { mayUseManagedPayment: true })).toBe(true);
  });
});
