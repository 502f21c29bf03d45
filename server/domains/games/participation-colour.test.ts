import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { guestProfiles, participations, users } from "../../db/schema";
import { callerFor } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-10-01T10:00:00Z");

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

/**
 * Spec 000 sections 6 and 9: every viewer sees each player's participation colour (green comes always,
 * yellow about 8 of 10, red about 4 of 10, grey unknown); the score behind it only the creator, an
 * admin and the player themself.
 */
test("participation colours for everybody, reliability scores only for the creator and the player themself", async () => {
  testClock.freeze(NOW);
  const host = await signedIn({ firstName: "Hanna" });
  await deps.db.update(users).set({ reliabilityRating: 94 }).where(eq(users.id, host.user.id));
  const steady = await signedIn({ firstName: "Sven" });
  await deps.db.update(users).set({ reliabilityRating: 80 }).where(eq(users.id, steady.user.id));
  const shaky = await signedIn({ firstName: "Rita" });
  await deps.db.update(users).set({ reliabilityRating: 40 }).where(eq(users.id, shaky.user.id));
  const fresh = await signedIn({ firstName: "Neo" });
  const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-10-03T18:00:00Z") });
  await deps.db.insert(participations).values([
    { gameId: game.id, userId: steady.user.id, playerCount: 1 },
    { gameId: game.id, userId: shaky.user.id, playerCount: 1 },
  ]);
  const guest = await (await callerFor(deps)).caller.participation.join({ gameId: game.id, firstName: "Gero", deviceToken: "push-gero" });
  await deps.db.insert(participations).values({ gameId: game.id, userId: fresh.user.id, playerCount: 1, queue: true });
  await deps.db.update(guestProfiles).set({ reliabilityRating: 100 }).where(eq(guestProfiles.id, guest.participation.guestProfile!.id));

  const rows = (page: Awaited<ReturnType<typeof host.caller.games.byId>>) =>
    Object.fromEntries(
      page.participations.map((p) => [p.player?.firstName ?? p.firstName, [p.participationColour, p.player?.reliabilityRating ?? p.guestReliabilityRating]]),
    );

  expect(rows(await (await callerFor(deps)).caller.games.byId({ gameId: game.id }))).toEqual({
    Hanna: ["green", null],
    Sven: ["yellow", null],
    Rita: ["red", null],
    Neo: ["grey", null],
    Gero: ["green", null],
  });
  expect(rows(await shaky.caller.games.byId({ gameId: game.id }))).toEqual({
    Hanna: ["green", null],
    Sven: ["yellow", null],
    Rita: ["red", 40],
    Neo: ["grey", null],
    Gero: ["green", null],
  });
  expect(rows(await host.caller.games.byId({ gameId: game.id }))).toEqual({
    Hanna: ["green", 94],
    Sven: ["yellow", 80],
    Rita: ["red", 40],
    Neo: ["grey", null],
    Gero: ["green", 100],
  });
});
