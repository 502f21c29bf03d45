// The long form of the load-balancer test (README.md here): N processes behind haproxy under mixed load for a while,
// one SIGKILL in the middle, one SIGTERM later; prints throughput, the error rate during the failover, p99 and memory
// per process, and the facts (exit code 1 when one fails).
//
//   bun scripts/lb/run.ts --seconds=300 --processes=3 [--keep] [--feed=4 --joins=4 --chatters=30 --readers=5]
//
// Needs DATABASE_URL (PostgreSQL; a database kr_lb_* is created beside it and dropped) and haproxy
// (apt-get install -y --no-install-recommends haproxy). Runs dist/kickrunde when built, else bun server/index.ts
// (LB_RUNNER=source forces the latter).
import { parseArgs } from "node:util";
import { requireClusterTools } from "./cluster";
import { describeFigures, runScenario } from "./scenario";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "300" },
    processes: { type: "string", default: "3" },
    feed: { type: "string", default: "4" },
    joins: { type: "string", default: "4" },
    chatters: { type: "string", default: "30" },
    readers: { type: "string", default: "5" },
    keep: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const processes = Number(values.processes);
if (!(seconds >= 20) || !(processes >= 2)) {
  console.error("--seconds must be at least 20 and --processes at least 2");
  process.exit(2);
}
requireClusterTools();

const { facts, figures } = await runScenario({
  processes,
  seconds,
  killAt: seconds / 3,
  // with two processes the SIGTERM would leave none: only the crash then
  termAt: processes >= 3 ? (seconds * 2) / 3 : null,
  reservationSeconds: 20,
  shape: { feedWorkers: Number(values.feed), joinWorkers: Number(values.joins), chatters: Number(values.chatters), sseClientsPerChatGame: Number(values.readers) },
  say: (line) => console.log(`[lb] ${line}`),
  keep: values.keep,
});

console.log("\n── figures ──");
for (const line of describeFigures(figures)) console.log(line);

const checks: [string, boolean, unknown][] = [
  ["acknowledged writes lost", facts.lostJoins.length + facts.lostComments.length === 0, { joins: facts.ackedJoins, comments: facts.ackedComments, lostJoins: facts.lostJoins, lostComments: facts.lostComments }],
  ["double charges", facts.doubleCharged.length === 0 && facts.paymentRowsPerParticipationMax <= 1, facts.doubleCharged],
  ["idempotency keys", facts.intentsWithoutIdempotencyKey === 0 && facts.reusedIdempotencyKeys.length === 0, { missing: facts.intentsWithoutIdempotencyKey, reused: facts.reusedIdempotencyKeys }],
  ["chat lines missed by readers", facts.sseMissing.length === 0, facts.sseMissing],
  ["readers moved off the killed process", facts.sseOnKilled > 0 && facts.sseMovedFromKilled.every((m) => m.servedBy.at(-1) !== facts.killed), facts.sseMovedFromKilled],
  ["job after the kill done by a survivor", facts.job?.state === "completed" && facts.job.paymentStatus !== "Open", facts.job],
];
if (facts.terminated)
  checks.push(["graceful stop (exit 0, clean log, streams moved)", facts.terminated.exitCode === 0 && facts.terminated.badLogLines.length === 0 && facts.sseMovedFromTerminated.every((m) => m.servedBy.at(-1) !== facts.terminated!.name), facts.terminated]);

console.log("\n── facts ──");
for (const [name, ok, detail] of checks) console.log(`${ok ? "✔" : "✖"} ${name}${ok ? "" : `: ${JSON.stringify(detail).slice(0, 600)}`}`);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
