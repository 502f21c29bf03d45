import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER, GUEST_LIMITS } from "@shared/constants";
import { transformer } from "@shared/transformer";
import type { Deps } from "../../context";
import { createGameRow, createRegion, createUser } from "../../testing/factories";
import { startServerProcess, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";

/**
 * The guest limits hold across server processes (guest-limits.ts): places per game are counted under
 * the game lock, joins and comments in counter rows locked by the counting transaction. Bursts from
 * one client address (behind a proxy: TRUST_PROXY and X-Forwarded-For), each call with a new device
 * token, spread over two processes on one PostgreSQL.
 */
const BURST = 16;

let deps: Deps;
const servers: ServerProcess[] = [];

/** A guest's tRPC mutation as a browser behind the proxy sends it: CSRF cookie and header, same Origin, its address forwarded. */
async function guestCall(server: ServerProcess, address: string, path: string, input: unknown): Promise<{ status: number; code: string }> {
  const csrf = "c".repeat(48);
  const res = await fetch(`${server.url}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url, "x-forwarded-for": address },
    body: JSON.stringify(transformer.serialize(input)),
  });
  const body = (await res.json()) as { error?: { json: { data: { app: { code: string } } } } };
  return { status: res.status, code: body.error?.json.data.app.code ?? "OK" };
}

describe.skipIf(!process.env.DATABASE_URL)("guest limits across server processes", () => {
  beforeAll(async () => {
    deps = await testDeps();
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(deps.database.url!, { TRUST_PROXY: "true" }));
  }, 30_000);
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  async function games(n: number) {
    const region = await createRegion(deps);
    const host = await createUser(deps, { emailVerifiedAt: new Date(), regionId: region.id });
    return Promise.all(Array.from({ length: n }, () => createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: new Date(Date.now() + 2 * 86400_000), maxPlayers: 30 })));
  }

  test(`${BURST} guest joins at once from one address into one game: exactly ${GUEST_LIMITS.placesPerAddressPerGame} places`, async () => {
    const [game] = await games(1);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => guestCall(servers[i % 2]!, "198.51.100.20", "participation.join", { gameId: game!.id, firstName: `Flut${i}`, deviceToken: `fcm-flood-${i}` })),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(GUEST_LIMITS.placesPerAddressPerGame);
    expect(answers.filter((a) => a.code !== "OK").map((a) => `${a.status} ${a.code}`)).toEqual(Array(BURST - GUEST_LIMITS.placesPerAddressPerGame).fill("429 GUEST_PLACES_LIMIT"));
    const [row] = await deps.database.query<{ n: number }>(`select count(*)::int as n from participations where game_id = $1 and user_id is null and cancelled_at is null`, [game!.id]);
    expect(row?.n).toBe(GUEST_LIMITS.placesPerAddressPerGame);
  }, 60_000);

  test(`${BURST} guest joins at once from one address into ${BURST} games: exactly ${GUEST_LIMITS.joinsPerAddress} pass the window`, async () => {
    const list = await games(BURST);
    const answers = await Promise.all(
      list.map((g, i) => guestCall(servers[i % 2]!, "198.51.100.21", "participation.join", { gameId: g.id, firstName: "Viel", deviceToken: `fcm-many-${i}` })),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(GUEST_LIMITS.joinsPerAddress);
    expect(answers.filter((a) => a.code !== "OK").map((a) => `${a.status} ${a.code}`)).toEqual(Array(BURST - GUEST_LIMITS.joinsPerAddress).fill("429 GUEST_JOIN_RATE_LIMITED"));
    // another address is not affected
    expect((await guestCall(servers[0]!, "198.51.100.22", "participation.join", { gameId: list[0]!.id, firstName: "Anders", deviceToken: "fcm-other" })).code).toBe("OK");
  }, 60_000);

  test(`${BURST} guest comments at once from one address: exactly ${GUEST_LIMITS.commentsPerAddress}`, async () => {
    const [game] = await games(1);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => guestCall(servers[i % 2]!, "198.51.100.23", "chat.createComment", { gameId: game!.id, text: `Spam ${i}`, name: "Bot", deviceToken: `fcm-chat-${i}` })),
    );
    expect(answers.filter((a) => a.code === "OK")).toHaveLength(GUEST_LIMITS.commentsPerAddress);
    expect(answers.filter((a) => a.code !== "OK").map((a) => `${a.status} ${a.code}`)).toEqual(Array(BURST - GUEST_LIMITS.commentsPerAddress).fill("429 GUEST_COMMENT_RATE_LIMITED"));
  }, 60_000);
});
