// The matchday algorithms' benchmark (issue 29 "Done when"): `bun scripts/bench/matchday.ts [--runs=20]`.
//
// Times, in one process and one run, the fixture generator (shared/matchday/fixtures.ts) for 64 teams on 8 pitches
// as groups + knock-out and as a league, and the balancer (shared/matchday/balance.ts) for 40 players in 2 and in 4
// sides, each next to a bare baseline doing the least the same job needs: for the fixtures a loop that pairs every
// two teams and puts the pairs on the pitches in order (no rounds, no rest rule, no knock-out); for the balancer
// sorting the 40 skills and dealing them out in turn. Prints medians per call and the ratio; never asserts a speed
// (scripts/bench/README.md "Matchday").
import { balanceTeams } from "../../shared/matchday/balance";
import { type FixtureFormat, generateFixtures } from "../../shared/matchday/fixtures";
import { seededRandom } from "../../shared/matchday/random";

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive integer`);
    process.exit(2);
  }
  return value;
}

const RUNS = flag("runs", 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median ms per call: each sample times a batch long enough (at least ~5 ms) for the clock to resolve it. */
function time(run: () => unknown): number {
  let batch = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) run();
    if (performance.now() - t >= 5 || batch >= 1 << 20) break;
    batch *= 2;
  }
  for (let i = 0; i < 3; i++) run(); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) run();
    samples.push((performance.now() - t) / batch);
  }
  return median(samples);
}

const teams = Array.from({ length: 64 }, (_, i) => `team-${i + 1}`);
const slots = { start: new Date("2026-12-05T09:00:00Z"), matchMinutes: 12, breakMinutes: 3 };

/** The bare baseline: every pair once, laid on the pitches in order, a slot per `pitches` matches. */
function naivePairing(list: readonly string[], pitches: number, twice: boolean) {
  const out: { home: string; away: string; slot: number; pitch: number }[] = [];
  for (let leg = 0; leg < (twice ? 2 : 1); leg++)
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const n = out.length;
        out.push({ home: leg ? list[j]! : list[i]!, away: leg ? list[i]! : list[j]!, slot: Math.floor(n / pitches), pitch: (n % pitches) + 1 });
      }
  return out;
}

const random = seededRandom(29);
const players = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  skill: Math.round(random() * 100),
  // about a fifth joined with a friend ("Ich + 1"): ten pairs-ish groups
  group: random() < 0.2 ? `p${Math.floor(random() * 8)}` : undefined,
  bringsBibs: i === 3,
}));

/** The bare baseline of the balancer: sort the skills and deal them out in turn. */
function sortAndDeal(k: number) {
  const sorted = players.map((p) => p.skill).sort((a, b) => b - a);
  const sides = new Array<number>(k).fill(0);
  sorted.forEach((s, i) => (sides[i % k]! += s));
  return sides;
}

type Row = { what: string; app: number; bare: number; note: string };
const rows: Row[] = [];

const fixtureCases: [string, FixtureFormat][] = [
  ["64 teams, 8 pitches: 16 groups of 4, best 2 to a knock-out of 32, third place", { kind: "groups", groups: 16, advance: 2, thirdPlace: true }],
  ["64 teams, 8 pitches: 8 groups of 8, best 2 to a knock-out of 16", { kind: "groups", groups: 8, advance: 2 }],
  ["64 teams, 8 pitches: league", { kind: "league" }],
  ["64 teams, 8 pitches: league twice", { kind: "league", twice: true }],
];
for (const [what, format] of fixtureCases) {
  const plan = generateFixtures({ teams, format, pitches: 8, slots });
  const robin = plan.matches.filter((m) => m.stage !== "ko");
  const minimum = Math.ceil(robin.length / 8);
  const used = Math.max(...robin.map((m) => m.slot)) + 1;
  const app = time(() => generateFixtures({ teams, format, pitches: 8, slots }));
  const bare =
    format.kind === "league"
      ? time(() => naivePairing(teams, 8, !!format.twice))
      : time(() => plan.groups.forEach((g) => naivePairing(g.teams, 8, false)));
  rows.push({ what, app, bare, note: `${plan.matches.length} matches in ${plan.slots.length} slots (round robin ${used} of at least ${minimum})` });
}
for (const k of [2, 4]) {
  const result = balanceTeams({ players, teams: k, seed: 1 });
  const app = time(() => balanceTeams({ players, teams: k, seed: 1 }));
  const bare = time(() => sortAndDeal(k));
  const dealt = sortAndDeal(k);
  rows.push({
    what: `40 players (${new Set(players.flatMap((p) => (p.group ? [p.group] : []))).size} groups) in ${k} sides`,
    app,
    bare,
    note: `difference ${result.difference} (sort and deal: ${Math.max(...dealt) - Math.min(...dealt)}, ignoring groups)`,
  });
}

const ms = (x: number) => (x >= 1 ? `${x.toFixed(2)} ms` : `${(x * 1000).toFixed(1)} µs`);
console.log(`matchday algorithms, median of ${RUNS} samples per call (bun ${Bun.version})\n`);
for (const r of rows) {
  console.log(r.what);
  console.log(`  app ${ms(r.app)}   bare ${ms(r.bare)}   app / bare ${(r.app / r.bare).toFixed(1)}x   ${r.note}`);
}
