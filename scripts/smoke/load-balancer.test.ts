// Three Kickrunde processes on one PostgreSQL behind Debian's haproxy survive a crash (issue 28; short form of
// `bun scripts/lb/run.ts`, scripts/lb/README.md). Mixed load through the load balancer for about 30 s: the region feed,
// paid joins against the shared Stripe emulator, chat lines read live over server-sent events. In the middle one
// process is killed with SIGKILL, later another one gets SIGTERM. Asserted: no acknowledged write lost, no double
// charge, chat readers reconnect to another process and miss no line, a job enqueued after the kill is done by a
// survivor, the SIGTERM'd process leaves the rotation and stops cleanly. The error rate during the failover is printed,
// not asserted. Runs the single binary when it is built (dist/kickrunde, as CI's smoke step has it), else
// `bun server/index.ts`. Needs DATABASE_URL (PostgreSQL) and haproxy; without haproxy it is skipped loudly, except in CI.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { haproxyPath } from "../lb/cluster";
import { describeFigures, runScenario, type Facts, type Figures } from "../lb/scenario";

const haproxy = haproxyPath();
const inCi = process.env.CI === "true";
const database = Boolean(process.env.DATABASE_URL);

if (!haproxy && !inCi) {
  console.warn(
    "\n!!! scripts/smoke/load-balancer.test.ts SKIPPED: haproxy is not installed.\n" +
      "!!! Install Debian's package to run it: apt-get install -y --no-install-recommends haproxy\n",
  );
}
if (!database) console.warn("\n!!! scripts/smoke/load-balancer.test.ts SKIPPED: it needs PostgreSQL (DATABASE_URL).\n");

// Startup on two busy cores, 30 s of load, the reservation's 20 s and the drain: generous, the facts are waited for.
const SCENARIO_MS = 360_000;

test.skipIf(!inCi || Boolean(haproxy))("haproxy is installed in CI (.ci/run installs it)", () => {
  expect(haproxy, "haproxy is missing in CI: .ci/run must install it").not.toBeNull();
});

describe.skipIf(!haproxy || !database)("three processes behind haproxy: a crash and a graceful stop under load", () => {
  let facts: Facts;
  let figures: Figures;

  beforeAll(async () => {
    const started = performance.now();
    const result = await runScenario({
      processes: 3,
      seconds: 30,
      killAt: 10,
      termAt: 20,
      reservationSeconds: 20,
      shape: { feedWorkers: 3, joinWorkers: 3, chatters: 12, sseClientsPerChatGame: 3 },
      say: (line) => console.log(`[lb] ${line}`),
    });
    facts = result.facts;
    figures = result.figures;
    for (const line of describeFigures(figures)) console.log(`[lb] ${line}`);
    console.log(`[lb] scenario took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, SCENARIO_MS);

  afterAll(() => {
    if (!facts) console.log("[lb] the scenario did not finish; see the error above");
  });

  test("every acknowledged join and chat line is in the database", () => {
    expect(facts.ackedJoins).toBeGreaterThan(0);
    expect(facts.ackedComments).toBeGreaterThan(0);
    expect({ lostJoins: facts.lostJoins, lostComments: facts.lostComments }).toEqual({ lostJoins: [], lostComments: [] });
  });

  test("no participation is charged twice; every intent carries its own idempotency key", () => {
    expect(facts.doubleCharged).toEqual([]);
    expect(facts.intentsWithoutIdempotencyKey).toBe(0);
    expect(facts.reusedIdempotencyKeys).toEqual([]);
    expect(facts.paymentRowsPerParticipationMax).toBeLessThanOrEqual(1);
  });

  test("chat readers on the killed process reconnect through haproxy to another one and miss no line", () => {
    expect(facts.sseOnKilled).toBeGreaterThan(0);
    for (const moved of facts.sseMovedFromKilled) {
      expect(moved.servedBy.at(-1), moved.client).not.toBe(facts.killed);
    }
    expect(facts.sseMissing).toEqual([]);
  });

  test("a job enqueued after the kill (a reservation's expiry) is done by a survivor", () => {
    expect(facts.job).toMatchObject({ state: "completed" });
    expect(facts.job!.paymentStatus).not.toBe("Open");
  });

  test("SIGTERM: the process leaves the rotation, its streams move elsewhere, it exits 0 without errors in its log", () => {
    const t = facts.terminated!;
    expect(t.exitCode).toBe(0);
    expect(t.badLogLines).toEqual([]);
    expect(t.drainLine).not.toBeNull();
    expect(facts.sseOnTerminated).toBeGreaterThan(0);
    for (const moved of facts.sseMovedFromTerminated) expect(moved.servedBy.at(-1), moved.client).not.toBe(t.name);
  });
});
