import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * Managed payment through the native wrapper's createGame and updateGame (spec 000 section 7, prices
 * in euros): the same rules as on tRPC (server/domains/games/managed-payment.test.ts), the organiser's
 * connected account must take charges, the price lies in 2.50..100 euro in 0.50 steps, the start at
 * most 6 × 24 h ahead. Each call sends only documented arguments.
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps, { latitude: 50.94, longitude: 6.96 })).id;
});

const NOW = new Date("2026-10-05T08:00:00Z");
const HOUR = 3600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const SIX_DAYS = 6 * 24;

let accounts = 0;
async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, regionId, ...values });
  const client = httpClient(deps);
  await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  return { user, client };
}

/** An organiser whose connected account can take charges ("payments fully enabled", spec 001 section 2.9). */
const withCharges = () => ({
  stripeAccountId: `acct_gql${++accounts}${Math.random().toString(36).slice(2, 8)}`,
  paymentOnboardingCompleted: true,
  paymentChargesEnabled: true,
  paymentPayoutsEnabled: true,
});

const CREATE = `mutation($description: String, $minPlayers: Int, $maxPlayers: Int, $startTime: DateTime!, $courtId: ID, $price: Float,
  $isManagedPayment: Boolean, $duration: Int, $gameType: String, $externalPaymentRequestsAllowed: Boolean) {
  createGame(description: $description, minPlayers: $minPlayers, maxPlayers: $maxPlayers, startTime: $startTime, courtId: $courtId,
    price: $price, isManagedPayment: $isManagedPayment, duration: $duration, gameType: $gameType,
    externalPaymentRequestsAllowed: $externalPaymentRequestsAllowed) { id }
}`;

const UPDATE = `mutation($gameId: ID!, $price: Float, $isManagedPayment: Boolean, $startTime: DateTime) {
  updateGame(gameId: $gameId, price: $price, isManagedPayment: $isManagedPayment, startTime: $startTime) {
    game { id price priceCents isManagedPayment startTime }
  }
}`;

type Client = ReturnType<typeof httpClient>;
type GqlError = { message: string; extensions: { code: string; status: number; fields?: { path: string; code: string }[] } };

async function send<T>(client: Client, query: string, variables: Record<string, unknown>) {
  const { body } = await client.graphql<T>(query, variables);
  return body as { data?: T | null; errors?: GqlError[] };
}

/** createGame's variables for a managed-payment game on a court of its own, `hours` ahead. */
async function managedDraft(hours: number, price: number | null) {
  const court = await createCourt(deps, { regionId, latitude: 50.941, longitude: 6.961 });
  return {
    description: "Feierabendkick mit Online-Zahlung",
    minPlayers: 10,
    maxPlayers: 14,
    startTime: at(hours).toISOString(),
    courtId: String(court.id),
    price,
    isManagedPayment: true,
    duration: 90,
    gameType: "PUBLIC",
    externalPaymentRequestsAllowed: false,
  };
}

describe("createGame with managed payment", () => {
  test("needs the organiser's connected account with charges enabled (403, the English message)", async () => {
    testClock.freeze(NOW);
    for (const values of [{}, { isAdmin: true }, { stripeAccountId: `acct_gqlx${Date.now()}`, paymentOnboardingCompleted: true }]) {
      const { client } = await signedIn(values);
      const { errors } = await send(client, CREATE, await managedDraft(24, 5));
      expect(errors?.[0]).toMatchObject({
        message: "Managed payment needs the organiser's payment account to take payments",
        extensions: { code: "MANAGED_PAYMENT_NOT_ALLOWED", status: 403 },
      });
    }
  });

  test.each([
    ["no price", 24, null, { code: "MANAGED_PRICE_TOO_LOW" }],
    ["2.00 euro", 24, 2, { code: "MANAGED_PRICE_TOO_LOW" }],
    ["100.50 euro", 24, 100.5, { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_too_high" }] }],
    ["2.75 euro", 24, 2.75, { code: "VALIDATION", fields: [{ path: "priceCents", code: "price_step" }] }],
    ["6 × 24 h and 5 minutes ahead", SIX_DAYS + 5 / 60, 5, { code: "MANAGED_PAYMENT_TOO_FAR_AHEAD" }],
  ] as const)("refuses %s", async (_name, hours, price, expected) => {
    testClock.freeze(NOW);
    const { client } = await signedIn(withCharges());
    const { errors } = await send(client, CREATE, await managedDraft(hours, price));
    expect(errors?.[0]?.extensions).toMatchObject(expected);
  });

  test("an organiser whose account takes charges creates one at 2.50 euro exactly 6 × 24 h ahead", async () => {
    testClock.freeze(NOW);
    const { client } = await signedIn(withCharges());
    const created = await send<{ createGame: { id: string } }>(client, CREATE, await managedDraft(SIX_DAYS, 2.5));
    expect(created.errors).toBeUndefined();
    const { data } = await send<{ retrieveGame: Record<string, unknown> }>(
      client,
      `query($id: ID!) { retrieveGame(id: $id) { id price priceCents isManagedPayment startTime } }`,
      { id: created.data!.createGame.id },
    );
    expect(data?.retrieveGame).toMatchObject({ price: 2.5, priceCents: 250, isManagedPayment: true, startTime: at(SIX_DAYS).toISOString() });
  });
});

describe("updateGame with managed payment", () => {
  test("switching on needs the creator's charges, also for an admin; then price and 6-day limits hold", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: at(48), priceCents: 500 });
    const admin = await signedIn({ isAdmin: true, ...withCharges() });
    for (const client of [host.client, admin.client]) {
      const { errors } = await send(client, UPDATE, { gameId: String(game.id), isManagedPayment: true });
      expect(errors?.[0]?.extensions).toMatchObject({ code: "MANAGED_PAYMENT_NOT_ALLOWED", status: 403 });
    }

    const ready = await signedIn(withCharges());
    const own = await createGameRow(deps, { creatorId: ready.user.id, regionId, startTime: at(48) });
    const gameId = String(own.id);
    expect((await send(ready.client, UPDATE, { gameId, isManagedPayment: true })).errors?.[0]?.extensions.code).toBe("MANAGED_PRICE_TOO_LOW");
    expect((await send(ready.client, UPDATE, { gameId, isManagedPayment: true, price: 2 })).errors?.[0]?.extensions.code).toBe("MANAGED_PRICE_TOO_LOW");
    const switched = await send<{ updateGame: { game: Record<string, unknown> } }>(ready.client, UPDATE, { gameId, isManagedPayment: true, price: 4.5 });
    expect(switched.errors).toBeUndefined();
    expect(switched.data?.updateGame.game).toMatchObject({ price: 4.5, priceCents: 450, isManagedPayment: true });
    const later = await send(ready.client, UPDATE, { gameId, startTime: at(SIX_DAYS + 1).toISOString() });
    expect(later.errors?.[0]?.extensions).toMatchObject({ code: "MANAGED_PAYMENT_TOO_FAR_AHEAD", status: 400 });
    const cashPrice = await send(ready.client, UPDATE, { gameId, isManagedPayment: false, price: 5 });
    expect(cashPrice.errors?.[0]?.extensions).toMatchObject({ code: "PRICE_NOT_ALLOWED", status: 403 });
  });
});
