import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { games, participations, users } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { wrapperCalls } from "../../testing/graphql-wrapper";
import { httpClient } from "../../testing/http-client";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/** The rate-app hint (users README Decisions "The rate-app hint") on a real database, on both transports. */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
const wrapper = wrapperCalls(() => deps);
const DAY = 86_400_000;
const NOW = new Date("2026-11-29T12:00:00Z");

async function signedIn(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

/** A player whose account is `ageDays` old with `played` games that began (each hosted by someone else). */
async function player(ageDays: number, played: number) {
  const user = await createUser(deps, { createdAt: new Date(NOW.getTime() - ageDays * DAY), emailVerifiedAt: NOW });
  const host = await createUser(deps);
  for (let i = 0; i < played; i++) {
    const game = await createGameRow(deps, { creatorId: host.id, regionId, startTime: new Date(NOW.getTime() - (i + 1) * DAY) });
    await deps.db.insert(participations).values({ gameId: game.id, userId: user.id });
  }
  return user;
}

describe("showRateAppHint", () => {
  test("false for visitors, on tRPC and GraphQL", async () => {
    expect(await (await callerFor(deps)).caller.users.showRateAppHint()).toBe(false);
    const { body } = await httpClient(deps).graphql(`query showRateAppHint { showRateAppHint }`);
    expect(body).toEqual({ data: { showRateAppHint: false } });
  });

  test("true after 3 played games in an account older than a week; once answered, not again for 90 days", async () => {
    testClock.freeze(NOW);
    const user = await player(30, 3);
    const caller = await signedIn(user);
    expect(await caller.users.showRateAppHint()).toBe(true);
    expect(await caller.users.rateAppHintSeen()).toEqual({ success: true });
    expect(await caller.users.showRateAppHint()).toBe(false);
    const [row] = await deps.db.select({ at: users.rateAppHintShownAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toEqual(NOW);
    testClock.advance(89 * DAY);
    expect(await caller.users.showRateAppHint()).toBe(false);
    testClock.advance(DAY);
    expect(await caller.users.showRateAppHint()).toBe(true);
  });

  test("what counts as played: not cancelled, not the waiting list, the game not cancelled and begun", async () => {
    testClock.freeze(NOW);
    const user = await player(30, 2);
    const caller = await signedIn(user);
    expect(await caller.users.showRateAppHint()).toBe(false);
    const host = await createUser(deps);
    const game = (start: Date, values: Partial<typeof games.$inferInsert> = {}) => createGameRow(deps, { creatorId: host.id, regionId, startTime: start, ...values });
    const past = new Date(NOW.getTime() - 3 * DAY);
    await deps.db.insert(participations).values({ gameId: (await game(past)).id, userId: user.id, cancelledAt: past });
    await deps.db.insert(participations).values({ gameId: (await game(past)).id, userId: user.id, queue: true, queuedAt: past });
    await deps.db.insert(participations).values({ gameId: (await game(past, { cancelledAt: past })).id, userId: user.id });
    await deps.db.insert(participations).values({ gameId: (await game(new Date(NOW.getTime() + DAY))).id, userId: user.id });
    expect(await caller.users.showRateAppHint()).toBe(false);
    // the game starting right now counts
    await deps.db.insert(participations).values({ gameId: (await game(NOW)).id, userId: user.id });
    expect(await caller.users.showRateAppHint()).toBe(true);
  });

  test("never in the account's first week", async () => {
    testClock.freeze(NOW);
    const caller = await signedIn(await player(6, 5));
    expect(await caller.users.showRateAppHint()).toBe(false);
    testClock.advance(DAY);
    expect(await caller.users.showRateAppHint()).toBe(true);
  });

  test("the wrapper's documented query (no arguments) answers the same rule", async () => {
    testClock.freeze(NOW);
    const { client } = await wrapper.signedIn({ createdAt: new Date(NOW.getTime() - 20 * DAY) });
    expect(await wrapper.ok(client, `query showRateAppHint { showRateAppHint }`)).toEqual({ showRateAppHint: false });
    const me = await wrapper.ok<{ myAccount: { id: string } }>(client, `query { myAccount { id } }`);
    const host = await createUser(deps);
    for (let i = 1; i <= 3; i++) {
      const g = await createGameRow(deps, { creatorId: host.id, regionId, startTime: new Date(NOW.getTime() - i * DAY) });
      await deps.db.insert(participations).values({ gameId: g.id, userId: Number(me.myAccount.id) });
    }
    expect(await wrapper.ok(client, `query showRateAppHint { showRateAppHint }`)).toEqual({ showRateAppHint: true });
  });

  test("rateAppHintSeen needs a session", async () => {
    expect(await errorData((await callerFor(deps)).caller.users.rateAppHintSeen())).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
