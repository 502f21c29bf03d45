import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createCourt, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-07-01T08:00:00Z");

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, values);
  const client = httpClient(deps);
  await client.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: user.email, p: FACTORY_PASSWORD });
  return { user, client };
}

describe("GraphQL game operations", () => {
  test("createGame (price in euros), retrieveGame, searchGames, updateGame and cancelGame", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps, { latitude: 53.55, longitude: 9.99 });
    const court = await createCourt(deps, { regionId: region.id, latitude: 53.56, longitude: 9.98 });
    const { client } = await signedIn({ emailVerifiedAt: NOW, isAdmin: true, regionId: region.id });
    const created = await client.graphql<{ createGame: { id: string } }>(
      `mutation($c: ID!) { createGame(startTime: "2026-07-02T17:00:00.000Z", courtId: $c, price: 4.5, duration: 90, minPlayers: 8, description: "Abendkick") { id } }`,
      { c: court.id },
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data!.createGame.id;

    const game = await client.graphql<{ retrieveGame: Record<string, unknown> }>(
      `query($id: ID!) { retrieveGame(id: $id) { id price priceCents duration minPlayers participantsAmount court { id } creator { firstName } participations { playerCount } } }`,
      { id },
    );
    expect(game.body.data!.retrieveGame).toMatchObject({ id, price: 4.5, priceCents: 450, duration: 90, minPlayers: 8, participantsAmount: 1 });

    const found = await httpClient(deps).graphql<{ searchGames: { id: string; distance: number }[] }>(
      `{ searchGames(latitude: 53.55, longitude: 9.99, distance: 5) { id distance } }`,
    );
    expect(found.body.data!.searchGames.map((g) => g.id)).toContain(id);

    const updated = await client.graphql<{ updateGame: { game: { maxPlayers: number } } }>(
      `mutation($id: ID!) { updateGame(gameId: $id, maxPlayers: 12) { game { maxPlayers } } }`,
      { id },
    );
    expect(updated.body.data!.updateGame.game.maxPlayers).toBe(12);

    const cancelled = await client.graphql<{ cancelGame: { game: { cancellationReason: string } } }>(
      `mutation($id: ID!) { cancelGame(id: $id, cancellationReason: "BAD_WEATHER") { game { cancellationReason cancelledAt } } }`,
      { id },
    );
    expect(cancelled.body.data!.cancelGame.game.cancellationReason).toBe("BAD_WEATHER");
  });

  test("errors keep the old API's words", async () => {
    testClock.freeze(NOW);
    const anonymous = await httpClient(deps).graphql(`mutation { createGame(startTime: "2026-07-02T17:00:00.000Z") { id } }`);
    expect(anonymous.body.errors?.[0]?.message).toBe("You do not have permission to perform this action");
    const { client } = await signedIn({ emailVerifiedAt: NOW });
    const privateGame = await client.graphql<{ createGame: { id: string } }>(
      `mutation { createGame(startTime: "2026-07-03T17:00:00.000Z", gameType: "PRIVATE") { id } }`,
    );
    expect(privateGame.body.errors?.[0]?.extensions.code).toBe("REGION_NOT_FOUND"); // no court and no home region
    const stranger = await signedIn();
    const other = await stranger.client.graphql(`mutation { cancelGame(id: 999999, cancellationReason: "BAD_WEATHER") { game { id } } }`);
    expect(other.body.errors?.[0]?.extensions.code).toBe("GAME_NOT_FOUND");
  });
});
