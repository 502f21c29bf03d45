import { beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER } from "@shared/constants";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createGameRow, createRegion, createUser } from "../../testing/factories";
import { useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/**
 * Two real server processes on one PostgreSQL (README "Waiting-list offers close to kick-off"): in each of 8 full
 * games starting in 3 hours, two players leave at the same moment, one through each server; then the two holders
 * decline at the same moment, again one through each server. Every freed place is offered to exactly one player,
 * two places to two different players in queue order, nobody holds two offers, and nobody moves up unasked.
 */
const GAMES = 8;
const WAITING = 4;

let deps: Deps;
const csrf = "c".repeat(48);

async function call(server: ServerProcess, token: string, path: string, input: unknown) {
  const res = await fetch(`${server.url}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `session=${token}; csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url },
    body: JSON.stringify({ json: input }),
  });
  return { status: res.status, body: await res.text() };
}

describe.skipIf(!process.env.DATABASE_URL)("waiting-list offers across two servers", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(
    `${GAMES} games: two places freed at once on two servers go to two different players, never one place to two`,
    async () => {
      testClock.reset(); // the server processes live in real time, and so must the games and sessions made here
      const region = await createRegion(deps);
      const person = async () => {
        const user = await createUser(deps, { emailVerifiedAt: new Date() });
        return { user, token: (await createSession(deps, user.id, "offers-test")).token };
      };
      const games = await Promise.all(
        Array.from({ length: GAMES }, async () => {
          const host = await person();
          const game = await createGameRow(deps, { creatorId: host.user.id, regionId: region.id, startTime: new Date(Date.now() + 3 * 3600_000), minPlayers: 2, maxPlayers: 3 }, 1);
          const players = [await person(), await person()];
          for (const p of players) expect((await call(servers[0]!, p.token, "participation.join", { gameId: game.id })).status).toBe(200);
          const queue = [];
          for (let i = 0; i < WAITING; i++) {
            const p = await person();
            expect((await call(servers[i % 2]!, p.token, "participation.join", { gameId: game.id, queue: true, deviceToken: `offers-${p.user.id}` })).status).toBe(200);
            queue.push(p);
          }
          return { game, players, queue };
        }),
      );
      const queuedIds = async (gameId: number) =>
        (await deps.database.query<{ id: number }>(`select id from participations where game_id = $1 and queue and cancelled_at is null order by queued_at, id`, [gameId])).map((r) => r.id);
      const order = new Map(await Promise.all(games.map(async (g) => [g.game.id, await queuedIds(g.game.id)] as const)));

      const openOffers = async (gameId: number) =>
        deps.database.query<{ participation_id: number }>(`select participation_id from waiting_list_offers where game_id = $1 and status = 'open' order by participation_id`, [gameId]);
      const activePlayers = async (gameId: number) =>
        Number((await deps.database.query<{ n: string }>(`select coalesce(sum(player_count), 0) as n from participations where game_id = $1 and not queue and cancelled_at is null`, [gameId]))[0]!.n);

      // two players leave each game at the same moment, one through each server
      const left = await Promise.all(games.flatMap((g) => g.players.map((p, i) => call(servers[i]!, p.token, "participation.revoke", { gameId: g.game.id }))));
      expect(left.filter((r) => r.status !== 200)).toEqual([]);
      for (const g of games) {
        const ids = order.get(g.game.id)!;
        expect((await openOffers(g.game.id)).map((o) => o.participation_id)).toEqual([ids[0]!, ids[1]!].sort((a, b) => a - b));
        expect(await activePlayers(g.game.id)).toBe(1);
      }

      // both holders decline at the same moment, one through each server: the places go on to the next two
      const declined = await Promise.all(games.flatMap((g) => g.queue.slice(0, 2).map((p, i) => call(servers[i]!, p.token, "participation.declineOffer", { gameId: g.game.id }))));
      expect(declined.filter((r) => r.status !== 200)).toEqual([]);
      for (const g of games) {
        const ids = order.get(g.game.id)!;
        expect((await openOffers(g.game.id)).map((o) => o.participation_id)).toEqual([ids[2]!, ids[3]!].sort((a, b) => a - b));
        // never two open offers for one participation, and never more offers than places
        const counts = await deps.database.query<{ participation_id: number; n: string }>(
          `select participation_id, count(*) as n from waiting_list_offers where game_id = $1 group by participation_id`,
          [g.game.id],
        );
        expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
        expect(await activePlayers(g.game.id)).toBe(1);
      }

      // the two holders accept at once on two servers: both play, the game is full again
      const accepted = await Promise.all(games.flatMap((g) => g.queue.slice(2, 4).map((p, i) => call(servers[i]!, p.token, "participation.acceptOffer", { gameId: g.game.id }))));
      expect(accepted.filter((r) => r.status !== 200)).toEqual([]);
      for (const g of games) expect(await activePlayers(g.game.id)).toBe(3);
    },
    180_000,
  );
});
