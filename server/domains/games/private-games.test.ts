import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Deps } from "../../context";
import { games } from "../../db/schema";
import { diskAssets } from "../../http/static";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testDeps } from "../../testing/test-db";

/**
 * Issue 23, item 11: private games were enumerable (sequential ids, readable anonymously with players
 * and chat). Now a private game's id alone shows nothing to outsiders on either transport, on its page
 * or in its link preview; its share link (/game/{id}?key=…) opens it and lets one join; organiser,
 * players and admins need no key; made public, it needs none either.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

type Client = ReturnType<typeof httpClient>;
const DAY = 86400_000;

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), ...values });
  const client = httpClient(deps);
  const login = await client.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
  expect(login.res.status).toBe(200);
  return { user, client };
}

async function privateGame() {
  const region = await createRegion(deps);
  const court = await createCourt(deps, { regionId: region.id });
  const organiser = await signedIn();
  const player = await signedIn();
  const startTime = new Date(deps.clock.now().getTime() + 2 * DAY);
  const game = await createGameRow(deps, { creatorId: organiser.user.id, regionId: region.id, courtId: court.id, startTime, gameType: "PRIVATE", minPlayers: 2, description: "Geheime Runde" });
  const joined = await player.client.trpc("participation.join", { gameId: game.id, shareKey: game.shareKey });
  expect(joined.res.status, JSON.stringify(joined.body)).toBe(200);
  const comment = await player.client.trpc("chat.createComment", { gameId: game.id, text: "Ich bringe den Ball mit" });
  expect(comment.res.status, JSON.stringify(comment.body)).toBe(200);
  return { game, organiser, player, region };
}

const byId = (client: Client, gameId: number, shareKey?: string) => client.trpc("games.byId", { gameId, ...(shareKey ? { shareKey } : {}) }, "query");
const code = (answer: { body: { error?: { json: { data: { app: { code: string } } } } } }) => answer.body.error?.json.data.app.code ?? "OK";
const RETRIEVE = `query($id: ID!, $shareKey: String) { retrieveGame(id: $id, shareKey: $shareKey) { id description shareKey participations { id player { firstName } } comments { text } } }`;
const RETRIEVE_DOCUMENTED = `query($id: ID!) { retrieveGame(id: $id) { id description participations { id } comments { text } } }`;
const PARTICIPATE = `mutation($gameId: ID!, $shareKey: String) { participateInGame(gameId: $gameId, shareKey: $shareKey) { participation { id queue } } }`;

describe("a private game's id alone shows nothing to outsiders", () => {
  test("tRPC: the game and its chat answer GAME_NOT_FOUND to guests and to signed-in outsiders, as an unknown id does", async () => {
    const { game } = await privateGame();
    const guest = httpClient(deps);
    const outsider = await signedIn();
    for (const client of [guest, outsider.client]) {
      const answer = await byId(client, game.id);
      expect(code(answer)).toBe("GAME_NOT_FOUND");
      expect(answer.res.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("Geheime Runde");
      expect(code(await client.trpc("chat.gameComments", { gameId: game.id }, "query"))).toBe("GAME_NOT_FOUND");
      expect(code(await client.trpc("chat.createComment", { gameId: game.id, text: "Hallo?", name: "Max", deviceToken: "web:abc" }))).toBe("GAME_NOT_FOUND");
      // a wrong key is no key
      expect(code(await byId(client, game.id, "0".repeat(32)))).toBe("GAME_NOT_FOUND");
    }
    expect(code(await byId(guest, 999_999_999))).toBe("GAME_NOT_FOUND");
    // nor can an outsider follow it to get its notices (time, place, changes)
    expect(code(await guest.trpc("participation.subscribe", { gameId: game.id, deviceToken: "web:outsider-device" }))).toBe("GAME_NOT_FOUND");
    // joining by id alone is refused the same way
    expect(code(await outsider.client.trpc("participation.join", { gameId: game.id }))).toBe("GAME_NOT_FOUND");
  });

  test("GraphQL: retrieveGame with the documented arguments answers GAME_NOT_FOUND; participateInGame too", async () => {
    const { game } = await privateGame();
    const outsider = await signedIn();
    for (const client of [httpClient(deps), outsider.client]) {
      const { body } = await client.graphql(RETRIEVE_DOCUMENTED, { id: String(game.id) });
      expect(body.errors?.[0]?.extensions.code).toBe("GAME_NOT_FOUND");
      expect(JSON.stringify(body)).not.toContain("Geheime Runde");
    }
    const { body } = await outsider.client.graphql(PARTICIPATE, { gameId: String(game.id) });
    expect(body.errors?.[0]?.extensions.code).toBe("GAME_NOT_FOUND");
  });

  test("organiser, players and admins see it without a key, with the key to share it", async () => {
    const { game, organiser, player } = await privateGame();
    const admin = await signedIn({ isAdmin: true });
    for (const client of [organiser.client, player.client, admin.client]) {
      const answer = await byId(client, game.id);
      expect(code(answer)).toBe("OK");
      expect(answer.body.result?.data.json).toMatchObject({ id: game.id, description: "Geheime Runde", shareKey: game.shareKey });
      expect(code(await client.trpc("chat.gameComments", { gameId: game.id }, "query"))).toBe("OK");
      const { body } = await client.graphql(RETRIEVE_DOCUMENTED, { id: String(game.id) });
      expect(body.errors).toBeUndefined();
      expect(body.data).toMatchObject({ retrieveGame: { id: String(game.id), comments: expect.arrayContaining([{ text: "Ich bringe den Ball mit" }]) } });
    }
    expect(game.shareKey).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("the share link opens it", () => {
  test("tRPC: with the key an outsider sees the game and its players and joins; then needs no key any more", async () => {
    const { game } = await privateGame();
    const outsider = await signedIn();
    const seen = await byId(outsider.client, game.id, game.shareKey);
    expect(code(seen)).toBe("OK");
    expect((seen.body.result?.data.json as { participations: unknown[] }).participations).toHaveLength(2);
    const joined = await outsider.client.trpc("participation.join", { gameId: game.id, shareKey: game.shareKey });
    expect(code(joined)).toBe("OK");
    expect(code(await byId(outsider.client, game.id))).toBe("OK");
    expect(code(await outsider.client.trpc("chat.gameComments", { gameId: game.id }, "query"))).toBe("OK");
  });

  test("GraphQL: retrieveGame(id, shareKey) answers with players and chat; participateInGame(gameId, shareKey) joins", async () => {
    const { game } = await privateGame();
    const outsider = await signedIn();
    const { body } = await outsider.client.graphql(RETRIEVE, { id: String(game.id), shareKey: game.shareKey });
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ retrieveGame: { id: String(game.id), shareKey: game.shareKey, comments: expect.arrayContaining([{ text: "Ich bringe den Ball mit" }]) } });
    const joined = await outsider.client.graphql(PARTICIPATE, { gameId: String(game.id), shareKey: game.shareKey });
    expect(joined.body.errors).toBeUndefined();
    expect(joined.body.data).toMatchObject({ participateInGame: { participation: { queue: false } } });
  });

  test("the page /game/{id}?key=… carries the game and its preview and leaves the key as a cookie for the page's later calls; without it, nothing", async () => {
    const { game } = await privateGame();
    const dist = mkdtempSync(join(tmpdir(), "kr-private-"));
    writeFileSync(join(dist, "index.html"), '<!doctype html><html><head><title>Kickrunde</title></head><body><div id="root"></div></body></html>');
    const app = createApp(deps, diskAssets(dist));
    const get = (path: string, cookie?: string) => app.fetch(new Request(`${deps.config.publicUrl}${path}`, { headers: cookie ? { cookie } : {} }));

    const bare = await get(`/game/${game.id}`);
    expect(bare.status).toBe(200);
    const bareHtml = await bare.text();
    expect(bareHtml).not.toContain("kr-boot");
    expect(bareHtml).not.toContain("og:title");
    expect(bareHtml).not.toContain("Geheime Runde");
    expect(bare.headers.getSetCookie().some((c) => c.startsWith("kr_share_"))).toBe(false);

    const linked = await get(`/game/${game.id}?key=${game.shareKey}`);
    const html = await linked.text();
    expect(html).toContain('<script id="kr-boot" type="application/json">');
    expect(html).toContain("og:title");
    expect(html).toContain(`/game/${game.id}?key=${game.shareKey}`);
    const cookie = linked.headers.getSetCookie().find((c) => c.startsWith(`kr_share_${game.id}=`));
    expect(cookie).toContain(`kr_share_${game.id}=${game.shareKey}`);
    expect(cookie).toContain("HttpOnly");

    // the browser's next calls carry the cookie: the game and its chat answer
    const client = httpClient(deps);
    client.jar.set(`kr_share_${game.id}`, game.shareKey);
    expect(code(await byId(client, game.id))).toBe("OK");
    expect(code(await client.trpc("chat.gameComments", { gameId: game.id }, "query"))).toBe("OK");
    // a key for another game opens nothing here
    const other = httpClient(deps);
    other.jar.set(`kr_share_${game.id + 1}`, game.shareKey);
    expect(code(await byId(other, game.id))).toBe("GAME_NOT_FOUND");
  });
});

describe("public games", () => {
  test("need no key and say none; a private game made public drops the need for its key", async () => {
    const { game, organiser } = await privateGame();
    const outsider = httpClient(deps);
    const made = await organiser.client.trpc("games.makePublic", { gameId: game.id });
    expect(code(made)).toBe("OK");
    const seen = await byId(outsider, game.id);
    expect(code(seen)).toBe("OK");
    expect(seen.body.result?.data.json).toMatchObject({ gameType: "PUBLIC", shareKey: null });
    const [row] = await deps.db.select({ gameType: games.gameType }).from(games).where(eq(games.id, game.id));
    expect(row!.gameType).toBe("PUBLIC");
  });
});
