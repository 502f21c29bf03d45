import { describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { organizations } from "../../db/schema";
import { createSession } from "../auth/sessions";
import { createRegion, createUser } from "../../testing/factories";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { mutateOn, useServerProcesses } from "../../testing/server-process";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

/**
 * Two real server processes on one PostgreSQL; many signed-in people register teams at once for the last place of
 * a tournament. Registrations take the tournament's row lock (registration.ts), so exactly one team gets the place
 * and everybody else waits; names stay unique under the same race.
 */
const PEOPLE = 40;

describe.skipIf(!process.env.DATABASE_URL)("registering under load", () => {
  const servers = useServerProcesses(2);

  async function setup(deps: Deps) {
    // the server processes live in real time: so must everything made here
    testClock.reset();
    const region = await createRegion(deps);
    const [org] = await deps.db.insert(organizations).values({ name: `Last-Place ${Math.random()}` }).returning();
    const organiser = await signedInPlayer(deps, { organizationId: org!.id, regionId: region.id });
    const start = new Date(Date.now() + 5 * 86400_000);
    const t = await organiser.caller.tournaments.create({ name: "Letzter Platz", startTime: start, endTime: new Date(start.getTime() + 8 * 3600_000), maxTeams: 2, locationName: "Halle", regionId: region.id });
    await organiser.caller.tournaments.publish({ tournamentId: t.id });
    // one place is taken already
    await (await signedInPlayer(deps)).caller.tournaments.register({ tournamentId: t.id, teamName: "Schon drin", lastName: "M", phoneNumber: "0151 23456789" });
    const tokens = await Promise.all(
      Array.from({ length: PEOPLE }, async () => (await createSession(deps, (await createUser(deps, { emailVerifiedAt: new Date() })).id, "load-test")).token),
    );
    return { t, tokens };
  }

  test(
    `${PEOPLE} registrations across two servers race for the last place: exactly one gets it`,
    async () => {
      const deps = await testDeps();
      const { t, tokens } = await setup(deps);
      const results = await Promise.all(
        tokens.map((token, i) => mutateOn(servers[i % 2]!, token, "tournaments.register", { tournamentId: t.id, teamName: `Team ${i}`, lastName: "M", phoneNumber: "0151 23456789" })),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(results.map((r) => r.code)).toEqual(Array(PEOPLE).fill("OK"));
      const placed = results.filter((r) => !(r.data as { participation: { queue: boolean } }).participation.queue);
      expect(placed).toHaveLength(1);
      const rows = await deps.database.query<{ n: number }>(`select count(*)::int as n from tournament_participations where tournament_id = $1 and not queue and cancelled_at is null`, [t.id]);
      expect(rows[0]!.n).toBe(2);
    },
    120_000,
  );

  test(
    "the same team name from many people at once: one team, everybody else TEAM_NAME_TAKEN",
    async () => {
      const deps = await testDeps();
      const { t, tokens } = await setup(deps);
      const results = await Promise.all(
        tokens.slice(0, 20).map((token, i) => mutateOn(servers[i % 2]!, token, "tournaments.register", { tournamentId: t.id, teamName: i % 2 ? "Die Wilden" : "die wilden", lastName: "M", phoneNumber: "0151 23456789" })),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(results.filter((r) => r.code === "OK")).toHaveLength(1);
      expect(results.filter((r) => r.code !== "OK").map((r) => r.code)).toEqual(Array(19).fill("TEAM_NAME_TAKEN"));
    },
    120_000,
  );
});
