import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { addPlayers, createGameRow, createRegion, createUser } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import { GRAPHQL_LIMITS } from "./limits";

let deps: Deps;
let gameId: number;
beforeAll(async () => {
  deps = await testDeps();
  const region = await createRegion(deps);
  const host = await createUser(deps);
  gameId = (await createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: new Date(Date.now() + 3 * 86400_000), maxPlayers: 60 })).id;
  await addPlayers(deps, gameId, 39);
});

type GqlBody = { data: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
async function post(d: Deps, query: string): Promise<{ status: number; body: GqlBody }> {
  const client = httpClient(d);
  await client.request("/api/csrf");
  const res = await client.request("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
  return { status: res.status, body: (await res.json()) as GqlBody };
}

const aliased = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `g${i}: retrieveGame(id: ${gameId}) { participations { player { id } } }`).join(" ")} }`;

describe("GraphQL limits", () => {
  test("the review's query (1,000 aliased retrieveGame) is refused before any resolver runs", async () => {
    const query = aliased(1000);
    expect(query.length).toBeGreaterThan(60_000);
    const { status, body } = await post(deps, query);
    expect(status).toBeLessThan(500);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions.code).toBe("VALIDATION");
  });

  test("aliases, depth, tokens and directives each have a limit", async () => {
    const tooManyAliases = await post(deps, aliased(GRAPHQL_LIMITS.maxAliases + 1));
    expect(tooManyAliases.body.errors?.[0]?.message).toMatch(/alias/i);

    // The schema's own types nest only a few levels; __type's `ofType` chain nests without end.
    const levels = GRAPHQL_LIMITS.maxDepth + 1;
    const depth = await post(deps, `{ __type(name: "Game") { fields { type { ${"ofType { ".repeat(levels)}name${" }".repeat(levels)} } } } }`);
    expect(depth.body.errors?.[0]?.message).toMatch(/depth/i);

    const tokens = await post(deps, `{ regions { ${"id ".repeat(GRAPHQL_LIMITS.maxTokens)} } }`);
    expect(tokens.body.errors?.[0]?.message).toMatch(/token/i);

    const directives = await post(deps, `{ regions { id ${"@include(if: true) ".repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`);
    expect(directives.body.errors?.[0]?.message).toMatch(/directive/i);
    for (const r of [tooManyAliases, depth, tokens, directives]) expect(r.status).toBeLessThan(500);
  });

  test("the wrapper's real queries stay well inside the limits", async () => {
    const game = await post(
      deps,
      `{ retrieveGame(id: ${gameId}) { id title description startTime endTime duration gameType level gender price priceCents isManagedPayment
        minPlayers maxPlayers participantsAmount cancelledAt creator { id firstName profileImageUrl } court { id name imageUrl address }
        participations { id playerCount playsHimself bringsBall bringsBibs queue firstName createdAt player { id firstName profileImageUrl } } } }`,
    );
    expect(game.body.errors).toBeUndefined();
    expect((game.body.data as { retrieveGame: { participations: unknown[] } }).retrieveGame.participations).toHaveLength(40);
    const search = await post(deps, `{ searchGames(longitude: 13.4, latitude: 52.5) { id startTime participantsAmount court { name } creator { firstName } } }`);
    expect(search.body.errors).toBeUndefined();
  });
});

describe("introspection", () => {
  const INTROSPECT = `{ __schema { queryType { name } } }`;

  test("answers in development and tests", async () => {
    const { body } = await post(deps, INTROSPECT);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });

  test("is off in production unless GRAPHQL_INTROSPECTION turns it on", async () => {
    const production = { ...deps, config: { ...deps.config, env: "production" as const, graphqlIntrospection: false } };
    const off = await post(production, INTROSPECT);
    expect(off.status).toBeLessThan(500);
    expect(off.body.data ?? null).toBeNull();
    expect(off.body.errors?.[0]?.message).toMatch(/introspection/i);
    // Typos get no "Did you mean …?" that would spell out the schema.
    const typo = await post(production, `{ regons { id } }`);
    expect(typo.body.errors?.[0]?.message).not.toMatch(/did you mean/i);

    const on = await post({ ...production, config: { ...production.config, graphqlIntrospection: true } }, INTROSPECT);
    expect(on.body.errors).toBeUndefined();
  });

  test("GraphiQL is not served in production", async () => {
    const production = { ...deps, config: { ...deps.config, env: "production" as const, graphqlIntrospection: false } };
    const res = await httpClient(production).request("/graphql", { headers: { accept: "text/html" } });
    expect(await res.text()).not.toMatch(/graphiql/i);
  });
});
