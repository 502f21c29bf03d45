import { beforeAll, describe, expect, test } from "bun:test";
import { STAFF_GROUP_PARTNER } from "@shared/constants";
import type { TCreateGameInput } from "@shared/schemas/games";
import type { Deps } from "../../context";
import { organizations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { addPlayers, createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD, gameInput } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/**
 * Managed payment on the web client's transport (tRPC): it needs the organiser's (the creator's)
 * connected account with charges enabled, its price follows the spec's limits (2.50 to 100 euro in
 * 50-cent steps) and the game starts at most 6 × 24 h ahead (issue 12; spec 000 sections 5, 8, 9).
 * server/graphql/managed-payment.test.ts sends the same through createGame/updateGame.
 */

let deps: Deps;
let region: Awaited<ReturnType<typeof createRegion>>;
beforeAll(async () => {
  deps = await testDeps();
  region = await createRegion(deps, { name: "Zahlstadt" });
});

const NOW = new Date("2026-06-10T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const SIX_DAYS = 6 * 24;

/** A connected account in each state of the onboarding (spec 001 section 2.9); signedIn gives each its own id. */
const ACCOUNTS = {
  none: {},
  started: { stripeAccountId: "acct" },
  chargesDisabled: { stripeAccountId: "acct", paymentOnboardingCompleted: true },
  chargesEnabled: { stripeAccountId: "acct", paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true },
} as const;

let accountCount = 0;
async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const stripeAccountId = values.stripeAccountId ? `acct_test${++accountCount}${Math.random().toString(36).slice(2, 8)}` : undefined;
  const user = await createUser(deps, { emailVerifiedAt: NOW, regionId: region.id, ...values, stripeAccountId });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  const { caller } = await callerFor(deps, { token: a.cookies.token });
  return { user, caller };
}

async function organisationMember(account: keyof typeof ACCOUNTS, gameApplicationFeePercentage = 6) {
  const [org] = await deps.db
    .insert(organizations)
    .values({ name: `Verein ${Math.random().toString(36).slice(2)}`, gameApplicationFeePercentage })
    .returning();
  return signedIn({ organizationId: org!.id, ...ACCOUNTS[account] });
}

const draft = async (overrides: Partial<TCreateGameInput> = {}) =>
  gameInput(hours(24), { courtId: (await createCourt(deps, { regionId: region.id })).id, ...overrides });

const MANAGED = { isManagedPayment: true, priceCents: 500 } as const;

describe("creating a managed-payment game", () => {
  test.each([
    ["a player without a payment account", { ...ACCOUNTS.none }, MANAGED, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["a player whose onboarding has only started", { ...ACCOUNTS.started }, MANAGED, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["a player whose account cannot take charges yet", { ...ACCOUNTS.chargesDisabled }, MANAGED, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["an admin without a payment account", { isAdmin: true }, MANAGED, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["a staff member without a payment account", { groupNames: [STAFF_GROUP_PARTNER] }, MANAGED, "MANAGED_PAYMENT_NOT_ALLOWED"],
    ["managed payment without a price", { ...ACCOUNTS.chargesEnabled }, { isManagedPayment: true }, "MANAGED_PRICE_TOO_LOW"],
    ["a managed price under 2.50", { ...ACCOUNTS.chargesEnabled }, { isManagedPayment: true, priceCents: 200 }, "MANAGED_PRICE_TOO_LOW"],
    [
      "a managed price above 100 euro",
      { ...ACCOUNTS.chargesEnabled },
      { isManagedPayment: true, priceCents: 10050 },
      { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_too_high" }] },
    ],
    [
      "a managed price off the 50-cent step",
      { ...ACCOUNTS.chargesEnabled },
      { isManagedPayment: true, priceCents: 275 },
      { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_step" }] },
    ],
    [
      "a managed game more than 6 × 24 h ahead",
      { ...ACCOUNTS.chargesEnabled },
      { ...MANAGED, startTime: new Date(hours(SIX_DAYS).getTime() + 5 * 60_000) },
      "MANAGED_PAYMENT_TOO_FAR_AHEAD",
    ],
    // Charges let the organiser price a managed-payment game, not a cash one (that stays with canSetPrice).
    ["a cash price by a player whose account takes charges", { ...ACCOUNTS.chargesEnabled }, { priceCents: 500 }, "PRICE_NOT_ALLOWED"],
  ] as const)("refuses %s", async (_name, who, overrides, expected) => {
    testClock.freeze(NOW);
    const { caller } = await signedIn(who as Parameters<typeof createUser>[1]);
    const result = await errorData(caller.games.create(await draft(overrides as Partial<TCreateGameInput>)));
    expect(result).toEqual(typeof expected === "string" ? { code: expected } : expected);
  });

  test("a player whose account takes charges creates one with a price, exactly 6 × 24 h ahead", async () => {
    testClock.freeze(NOW);
    const { user, caller } = await signedIn({ ...ACCOUNTS.chargesEnabled });
    const { id } = await caller.games.create(await draft({ isManagedPayment: true, priceCents: 250, startTime: hours(SIX_DAYS), externalPaymentRequestsAllowed: true }));
    expect(await caller.games.byId({ gameId: id })).toMatchObject({
      creator: { id: user.id },
      isManagedPayment: true,
      priceCents: 250,
      externalPaymentRequestsAllowed: true,
      startTime: hours(SIX_DAYS),
    });
  });

  test("an organisation game carries the organisation's fee percentage for the payout calculator", async () => {
    testClock.freeze(NOW);
    const { caller } = await organisationMember("chargesEnabled", 4.5);
    const { id } = await caller.games.create(await draft({ ...MANAGED, priceCents: 10000, isOrganizationGame: true }));
    const game = await caller.games.byId({ gameId: id });
    expect(game).toMatchObject({ isManagedPayment: true, priceCents: 10000 });
    expect(game.organization?.gameApplicationFeePercentage).toBe(4.5);
  });
});

describe("editing to and within managed payment", () => {
  async function cashGame(creatorId: number, values: Partial<Parameters<typeof createGameRow>[1]> = {}) {
    return createGameRow(deps, { creatorId, regionId: region.id, startTime: hours(48), ...values });
  }

  test("turning it on needs the creator's charges, also when an admin edits", async () => {
    testClock.freeze(NOW);
    const host = await organisationMember("chargesDisabled");
    const admin = await signedIn({ isAdmin: true, ...ACCOUNTS.chargesEnabled });
    const game = await cashGame(host.user.id, { priceCents: 500 });
    expect(await errorData(host.caller.games.update({ gameId: game.id, isManagedPayment: true }))).toEqual({ code: "MANAGED_PAYMENT_NOT_ALLOWED" });
    // the admin's own account does not count: the money would go to the creator
    expect(await errorData(admin.caller.games.update({ gameId: game.id, isManagedPayment: true }))).toEqual({ code: "MANAGED_PAYMENT_NOT_ALLOWED" });
    // everything else stays editable
    expect((await host.caller.games.update({ gameId: game.id, description: "Bar vor Ort" })).isManagedPayment).toBe(false);
  });

  test("the creator whose account takes charges turns it on with a price, lowers it, and may not raise it once others joined", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ ...ACCOUNTS.chargesEnabled });
    const game = await cashGame(host.user.id);
    expect(await errorData(host.caller.games.update({ gameId: game.id, isManagedPayment: true }))).toEqual({ code: "MANAGED_PRICE_TOO_LOW" });
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 600 }))).toEqual({ code: "PRICE_NOT_ALLOWED" });
    const managed = await host.caller.games.update({ gameId: game.id, isManagedPayment: true, priceCents: 600 });
    expect(managed).toMatchObject({ isManagedPayment: true, priceCents: 600 });
    expect((await host.caller.games.update({ gameId: game.id, priceCents: 550 })).priceCents).toBe(550);
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 200 }))).toEqual({ code: "MANAGED_PRICE_TOO_LOW" });
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 10050 }))).toEqual({
      code: "VALIDATION",
      fields: [{ path: "priceCents", code: "price_too_high" }],
    });
    await addPlayers(deps, game.id, 1);
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 700 }))).toEqual({ code: "PRICE_RAISE_NOT_ALLOWED" });
  });

  test("an admin turns it on for a creator whose account takes charges", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ ...ACCOUNTS.chargesEnabled });
    const admin = await signedIn({ isAdmin: true });
    const game = await cashGame(host.user.id, { priceCents: 400 });
    expect(await admin.caller.games.update({ gameId: game.id, isManagedPayment: true })).toMatchObject({ isManagedPayment: true, priceCents: 400 });
  });

  test("a managed game stays within 6 × 24 h: switching on for a later game and moving it later are refused", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ ...ACCOUNTS.chargesEnabled });
    const later = await cashGame(host.user.id, { startTime: hours(SIX_DAYS + 1) });
    expect(await errorData(host.caller.games.update({ gameId: later.id, isManagedPayment: true, priceCents: 500 }))).toEqual({
      code: "MANAGED_PAYMENT_TOO_FAR_AHEAD",
    });
    const managed = await cashGame(host.user.id, { isManagedPayment: true, priceCents: 500, startTime: hours(24) });
    expect(await errorData(host.caller.games.update({ gameId: managed.id, startTime: hours(SIX_DAYS + 1) }))).toEqual({
      code: "MANAGED_PAYMENT_TOO_FAR_AHEAD",
    });
    expect((await host.caller.games.update({ gameId: managed.id, startTime: hours(SIX_DAYS) })).startTime).toEqual(hours(SIX_DAYS));
    // without managed payment the two-month limit applies again
    const cash = await host.caller.games.update({ gameId: managed.id, isManagedPayment: false, startTime: hours(SIX_DAYS + 24) });
    expect(cash).toMatchObject({ isManagedPayment: false, startTime: hours(SIX_DAYS + 24) });
  });

  test("when the creator's account lost its charges the game can still be switched off and edited", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ ...ACCOUNTS.chargesDisabled });
    const game = await cashGame(host.user.id, { isManagedPayment: true, priceCents: 500, startTime: hours(24) });
    expect((await host.caller.games.update({ gameId: game.id, description: "Neue Beschreibung" })).isManagedPayment).toBe(true);
    // pricing needs the charges (a player has no other right to a price)
    expect(await errorData(host.caller.games.update({ gameId: game.id, priceCents: 450 }))).toEqual({ code: "PRICE_NOT_ALLOWED" });
    expect((await host.caller.games.update({ gameId: game.id, isManagedPayment: false, priceCents: 0 })).isManagedPayment).toBe(false);
  });
});
