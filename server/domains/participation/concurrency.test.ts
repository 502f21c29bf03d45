import { beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER } from "@shared/constants";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createGameRow, createRegion, createUser } from "../../testing/factories";
import { useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/**
 * Two real server processes on one PostgreSQL; 500 signed-in players press "join" at once for a
 * game with 10 spots. Exactly 10 play, everybody else waits in the order they arrived, nobody is
 * in twice and no request fails with a server error.
 */
const PLAYERS = 500;
const SPOTS = 10;

let deps: Deps;

describe.skipIf(!process.env.DATABASE_URL)("joining under load", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(
    `${PLAYERS} simultaneous joins across two servers for ${SPOTS} spots`,
    async () => {
      testClock.reset(); // the server processes live in real time, and so must the sessions made here
      const region = await createRegion(deps);
      const host = await createUser(deps, { emailVerifiedAt: new Date() });
      const game = await createGameRow(
        deps,
        { creatorId: host.id, regionId: region.id, startTime: new Date(Date.now() + 3 * 86400_000), minPlayers: 4, maxPlayers: SPOTS },
        0,
      );
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async () => {
          const user = await createUser(deps, { emailVerifiedAt: new Date() });
          const { token } = await createSession(deps, user.id, "load-test");
          return { user, token };
        }),
      );
      const csrf = "c".repeat(48);
      const results = await Promise.all(
        players.map(async ({ user, token }, i) => {
          const server = servers[i % 2]!;
          const res = await fetch(`${server.url}/trpc/participation.join`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: `session=${token}; csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url },
            body: JSON.stringify({ json: { gameId: game.id, queue: true, deviceToken: `device-${user.id}` } }),
          });
          return { status: res.status, body: (await res.json()) as { result?: { data: { json: { participation: { queue: boolean } } } } } };
        }),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(results.every((r) => r.status === 200)).toBe(true);

      const rows = await deps.database.query<{ user_id: number; queue: boolean; queued_at: Date | null; id: number }>(
        `select user_id, queue, queued_at, id from participations where game_id = $1 and cancelled_at is null order by id`,
        [game.id],
      );
      expect(rows).toHaveLength(PLAYERS);
      expect(new Set(rows.map((r) => r.user_id)).size).toBe(PLAYERS);
      expect(rows.filter((r) => !r.queue)).toHaveLength(SPOTS);
      const queued = rows.filter((r) => r.queue);
      expect(queued).toHaveLength(PLAYERS - SPOTS);
      // the waiting list order (queued_at, id) is the order the joins were served in
      const byQueueOrder = [...queued].sort((a, b) => +new Date(a.queued_at!) - +new Date(b.queued_at!) || a.id - b.id);
      const byArrival = [...queued].sort((a, b) => a.id - b.id);
      expect(byQueueOrder.map((r) => r.id)).toEqual(byArrival.map((r) => r.id));
      // and the active players all joined before anyone was queued
      const lastActive = Math.max(...rows.filter((r) => !r.queue).map((r) => r.id));
      expect(lastActive).toBeLessThan(Math.min(...queued.map((r) => r.id)));
    },
    120_000,
  );
});
