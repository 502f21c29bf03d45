import { afterEach, beforeAll } from "bun:test";
import type { Deps } from "../context";
import { organizations } from "../db/schema";
import { createRegion } from "./factories";
import { testClock } from "./test-clock";
import { testDeps } from "./test-db";

/** What every tournament test file starts from: the run's database, a region and an organisation whose members organise. */
export type TournamentWorld = { deps: Deps; region: { id: number; slug: string }; organizationId: number };

/**
 * Test support for tournaments (imported only by tests): before the file's tests, the test database's deps, a region
 * and an organisation named `organizationName` (members of it may create tournaments), handed to `take`; the test
 * clock is reset after each test.
 */
export function tournamentWorld(organizationName: string, take: (world: TournamentWorld) => void): void {
  beforeAll(async () => {
    const deps = await testDeps();
    const region = await createRegion(deps);
    const organizationId = (await deps.db.insert(organizations).values({ name: organizationName }).returning())[0]!.id;
    take({ deps, region, organizationId });
  });
  afterEach(() => testClock.reset());
}
