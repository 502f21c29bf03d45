import { describe, expect, test } from "bun:test";
import { STAFF_GROUP_PARTNER } from "../constants";
import type { GameActor } from "./game-permissions";
import { canPriceGame, canUseManagedPayment, paymentFieldsFor, type PaymentFields } from "./managed-payment";

const player: GameActor = { id: 1, isAdmin: false, organizationId: null, groupNames: [], emailVerified: true };
const admin: GameActor = { ...player, isAdmin: true };
const member: GameActor = { ...player, organizationId: 7 };
const staff: GameActor = { ...player, groupNames: [STAFF_GROUP_PARTNER] };
const charges = { paymentChargesEnabled: true };
const noCharges = { paymentChargesEnabled: false };

describe("canUseManagedPayment", () => {
  test("only an account with charges enabled", () => {
    expect(canUseManagedPayment(charges)).toBe(true);
    expect(canUseManagedPayment(noCharges)).toBe(false);
  });
});

describe("canPriceGame", () => {
  test.each([
    ["player, cash", player, false, noCharges, false],
    ["player with charges, cash", player, false, charges, false],
    ["player, managed, organiser without charges", player, true, noCharges, false],
    ["player, managed, organiser with charges", player, true, charges, true],
    ["admin, cash", admin, false, noCharges, true],
    ["organisation member, cash", member, false, noCharges, true],
    ["staff, cash", staff, false, noCharges, true],
    ["admin, managed, organiser without charges", admin, true, noCharges, true],
  ] as const)("%s → %p", (_name, actor, isManagedPayment, organiser, expected) => {
    expect(canPriceGame(actor, { isManagedPayment, organiser })).toBe(expected);
  });
});

describe("paymentFieldsFor", () => {
  const fields = (managedSwitch: boolean, priceField: boolean, onboardingHint: boolean): PaymentFields => ({ managedSwitch, priceField, onboardingHint });
  test.each([
    // the organiser fills in the form (create, or edits their own game)
    ["player without charges", player, noCharges, false, false, fields(false, false, true)],
    ["player with charges, switch off", player, charges, false, false, fields(true, false, false)],
    ["player with charges, switch on", player, charges, true, false, fields(true, true, false)],
    ["organisation member without charges", member, noCharges, false, false, fields(false, true, true)],
    ["organisation member with charges", member, charges, false, false, fields(true, true, false)],
    ["admin without charges", admin, noCharges, false, false, fields(false, true, true)],
    // an existing managed game keeps its switch (to switch it off) after the account lost its charges
    ["player's managed game, charges lost", player, noCharges, true, true, fields(true, true, true)],
    // someone else's game (an admin): the creator's account is not known to the client, no hint
    ["admin on another's cash game", admin, null, false, false, fields(false, true, false)],
    ["admin on another's managed game", admin, null, true, true, fields(true, true, false)],
  ] as const)("%s", (_name, actor, organiser, isManagedPayment, wasManagedPayment, expected) => {
    expect(paymentFieldsFor({ actor, organiser, isManagedPayment, wasManagedPayment })).toEqual(expected);
  });
});
