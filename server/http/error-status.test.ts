import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ERRORS, httpStatusOf, type ErrorCode } from "@shared/errors";
import type { Deps } from "../context";
import { formatGraphqlError } from "../graphql/errors";
import { AppError } from "../lib/errors";
import { createGameRow, createRegion } from "../testing/factories";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";
import { depsWithUploadDir, postProfileImage, signedInClient } from "../testing/upload";
import { httpClient } from "../testing/http-client";
import { trpcCodeOf } from "../trpc/init";
import { GRAPHQL_MAX_JSON_BYTES } from "./uploads";

/** Every transport answers an error code with the one status of shared/errors.ts (issue 10, item 5). */

let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
let regionId: number;
beforeAll(async () => {
  uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
  regionId = (await createRegion(deps)).id;
});
afterAll(() => uploads.cleanup());

const NOW = new Date("2026-12-01T10:00:00Z");
const codes = Object.keys(ERRORS) as ErrorCode[];

type TrpcErrorBody = { message: string; data: { code: string; httpStatus: number; app: { code: string } } };
const trpcError = (body: { error?: { json: unknown } }) => body.error?.json as TrpcErrorBody | undefined;

describe("every code, every transport", () => {
  test("tRPC's code for each error code answers the table's HTTP status", () => {
    for (const code of codes) {
      const status = getHTTPStatusCodeFromError(new TRPCError({ code: trpcCodeOf(code) }));
      expect({ code, status }).toEqual({ code, status: httpStatusOf(code) });
    }
  });

  test("GraphQL errors carry the table's status in extensions, beside code and details", () => {
    for (const code of codes) {
      const formatted = formatGraphqlError(new AppError(code, { details: { probe: 1 } }));
      expect({ code, extensions: formatted.extensions }).toEqual({ code, extensions: { code, details: { probe: 1 }, status: httpStatusOf(code) } });
      expect(formatted.message).toBe(ERRORS[code].message);
    }
  });
});

describe("tRPC over HTTP", () => {
  test("an unknown game is 404 GAME_NOT_FOUND", async () => {
    const { res, body } = await httpClient(deps).trpc("games.byId", { gameId: 2 ** 31 - 1 }, "query");
    expect(res.status).toBe(404);
    expect(trpcError(body)).toMatchObject({ message: "Game not found", data: { code: "NOT_FOUND", httpStatus: 404, app: { code: "GAME_NOT_FOUND" } } });
  });

  test("cancelling someone else's game is 403 GAME_EDIT_FORBIDDEN, and the game stays", async () => {
    testClock.freeze(NOW);
    const { user: host } = await signedInClient(deps);
    const { client: other } = await signedInClient(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId, startTime: new Date("2026-12-02T18:00:00Z") });
    const { res, body } = await other.trpc("games.cancel", { gameId: game.id, reason: "BAD_WEATHER" });
    expect(res.status).toBe(403);
    expect(trpcError(body)?.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, app: { code: "GAME_EDIT_FORBIDDEN" } });
    const after = await other.trpc("games.byId", { gameId: game.id }, "query");
    expect(after.res.status).toBe(200);
    expect(after.body.result?.data.json).toMatchObject({ id: game.id, cancelledAt: null });
  });

  test("a second comment within 10 seconds is 429 COMMENT_RATE_LIMITED", async () => {
    testClock.freeze(NOW);
    const { user: host, client } = await signedInClient(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId, startTime: new Date("2026-12-03T18:00:00Z") });
    const first = await client.trpc("chat.createComment", { gameId: game.id, text: "Wer bringt den Ball?" });
    expect(first.res.status).toBe(200);
    testClock.advance(9_999);
    const second = await client.trpc("chat.createComment", { gameId: game.id, text: "Noch was" });
    expect(second.res.status).toBe(429);
    expect(trpcError(second.body)?.data).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, app: { code: "COMMENT_RATE_LIMITED" } });
  });

  test("a bad input stays 400 VALIDATION", async () => {
    const { res, body } = await httpClient(deps).trpc("games.byId", { gameId: "x" }, "query");
    expect(res.status).toBe(400);
    expect(trpcError(body)?.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, app: { code: "VALIDATION" } });
  });
});

describe("GraphQL over HTTP", () => {
  test("a resolver's error carries its status in extensions; the response stays 200", async () => {
    // signed in at the test's "now": a session is refused once its access part is an hour old (domains/auth/README.md)
    testClock.freeze(NOW);
    const { client } = await signedInClient(deps);
    const missing = await client.graphql("query($id: ID!) { retrieveGame(id: $id) { id } }", { id: String(2 ** 31 - 1) });
    expect(missing.res.status).toBe(200);
    expect(missing.body.errors?.[0]).toMatchObject({ message: "Game not found", extensions: { code: "GAME_NOT_FOUND", status: 404 } });

    testClock.freeze(NOW);
    const { user: host } = await signedInClient(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId, startTime: new Date("2026-12-04T18:00:00Z") });
    const foreign = await client.graphql('mutation($id: ID!) { cancelGame(id: $id, cancellationReason: "BAD_WEATHER") { game { id } } }', { id: String(game.id) });
    expect(foreign.body.errors?.[0]?.extensions).toMatchObject({ code: "GAME_EDIT_FORBIDDEN", status: 403 });

    const invalid = await client.graphql("query { retrieveGame(id: 1) { noSuchField } }");
    expect(invalid.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", status: 400 });
  });

  test("a body over the limit is refused before yoga with the table's 413 in status and extensions", async () => {
    const res = await httpClient(deps).request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }", padding: "x".repeat(GRAPHQL_MAX_JSON_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: [{ message: ERRORS.PAYLOAD_TOO_LARGE.message, extensions: { code: "PAYLOAD_TOO_LARGE", details: { maxBytes: GRAPHQL_MAX_JSON_BYTES }, status: 413 } }],
    });
  });
});

describe("upload endpoints", () => {
  test("answer the table's status for each refusal", async () => {
    const visitor = httpClient(deps);
    await visitor.request("/api/csrf");
    const anonymous = await postProfileImage(visitor, new Uint8Array([1, 2, 3]));
    expect({ status: anonymous.res.status, code: anonymous.body.error?.code }).toEqual({ status: httpStatusOf("UNAUTHENTICATED"), code: "UNAUTHENTICATED" });

    const { client } = await signedInClient(deps);
    const wrong = await postProfileImage(client, new TextEncoder().encode("not a picture"));
    expect({ status: wrong.res.status, code: wrong.body.error?.code }).toEqual({ status: httpStatusOf("IMAGE_FORMAT"), code: "IMAGE_FORMAT" });
    expect(wrong.res.status).toBe(415);

    const { client: noCsrf } = await signedInClient(deps, { csrf: false });
    const refused = await noCsrf.request("/api/profile-image", { method: "DELETE" });
    expect(refused.status).toBe(httpStatusOf("CSRF_FAILED"));
    expect(await refused.json()).toEqual({ error: { code: "CSRF_FAILED", message: ERRORS.CSRF_FAILED.message } });
  });
});
