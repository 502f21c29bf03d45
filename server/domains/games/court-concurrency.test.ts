import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createCourt, createRegion, createUser, gameInput } from "../../testing/factories";
import { mutateOn, useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";

/**
 * "One game per court within an hour" is a check followed by an insert. Two organisers creating a
 * game on one court at the same moment through two server processes must never both get it: the
 * court's schedule is locked for the check and the insert (games/core.ts lockCourtSchedule).
 */
const ROUNDS = 12;

let deps: Deps;

describe.skipIf(!process.env.DATABASE_URL)("one court, two organisers, two server processes", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(
    `${ROUNDS} rounds of simultaneous creations on one court at one time: exactly one game each`,
    async () => {
      const region = await createRegion(deps);
      // Whole hours from tomorrow on (5-minute steps), real time: the server processes use the system clock.
      const base = Math.ceil(Date.now() / 3600_000) * 3600_000 + 24 * 3600_000;
      const results: string[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const court = await createCourt(deps, { regionId: region.id });
        const organisers = await Promise.all(
          [0, 1].map(async () => {
            const user = await createUser(deps, { emailVerifiedAt: new Date(), regionId: region.id });
            return (await createSession(deps, user.id, "court-concurrency")).token;
          }),
        );
        // The second organiser's game starts 30 minutes later: still within the court's hour.
        const answers = await Promise.all(
          organisers.map((token, i) =>
            mutateOn(servers[i]!, token, "games.create", gameInput(new Date(base + round * 3 * 3600_000 + i * 30 * 60_000), { description: "Kick am Abend", courtId: court.id })),
          ),
        );
        results.push(answers.map((a) => a.code).sort());
        expect(answers.every((a) => a.status < 500)).toBe(true);
      }
      expect(results).toEqual(Array.from({ length: ROUNDS }, () => ["OK", "SAME_COURT_WITHIN_HOUR"]));
      // and the database agrees: no court holds two live games within an hour
      const overlaps = await deps.database.query(
        `select a.id from games a join games b on a.court_id = b.court_id and a.id < b.id
         where a.cancelled_at is null and b.cancelled_at is null and abs(extract(epoch from a.start_time - b.start_time)) < 3600`,
      );
      expect(overlaps).toEqual([]);
    },
    120_000,
  );
});
