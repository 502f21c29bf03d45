/**
 * Loopback ports for the servers tests start (e2e harness, two-process tests, the binary smoke test).
 *
 * Two test processes run side by side (scripts/test-shards.ts sets TEST_SHARD_INDEX), each starting servers. A
 * port the system hands out for port 0 comes from the ephemeral range, where the other process's server, a
 * browser's or a database client's outgoing connection can take it between the probe and the server's listen; worse,
 * the other process's server on that port would answer our health check. So each test process draws its ports
 * from a range of its own below the ephemeral range (32768-60999 on Linux): no two processes ever pick the same port,
 * and no outgoing connection uses one. A port still taken (something else on the machine) is skipped by the probe,
 * and the callers start a server again on another port when it exits before it answers.
 */
const BASE = 20_000;
const RANGE = 4_000;

function shardIndex(): number {
  const index = Number(process.env.TEST_SHARD_INDEX ?? 0);
  return Number.isInteger(index) && index >= 0 && index < 3 ? index : 0;
}

function isFree(port: number): boolean {
  try {
    const probe = Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } });
    probe.stop(true);
    return true;
  } catch {
    return false;
  }
}

/** A loopback port of this test process's own range that nobody listens on right now. */
export function testServerPort(): number {
  const start = BASE + shardIndex() * RANGE;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = start + Math.floor(Math.random() * RANGE);
    if (isFree(port)) return port;
  }
  throw new Error(`no free port in ${start}-${start + RANGE - 1}`);
}
