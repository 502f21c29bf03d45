// The distance search benchmark (issue 14): `DATABASE_URL=postgres://… bun scripts/bench/court-distance.ts [--courts=50000]`
// (without DATABASE_URL it runs on an in-memory PGlite).
//
// Loads N courts spread over Germany (denser around the big cities) into a fresh database beside
// DATABASE_URL, then runs the courts search of server/domains/courts/repo.ts (a bounding box on the
// indexed latitude and longitude, then the exact haversine distance) and the same search as a full
// scan that computes the haversine distance for every row, for the same random centres and radii.
// Prints the median time of each and their ratio, and the plan PostgreSQL chose. Prints, never
// asserts a speed: the ratio in the same run is the result (server/domains/courts/README.md "Distance search").
import { asc, sql } from "drizzle-orm";
import { openScratchDatabase } from "../../server/testing/test-db";
import { courts } from "../../server/db/schema";
import { findCourtsNear } from "../../server/domains/courts/repo";
import { haversineSql } from "../../server/domains/courts/sql";

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const COURTS = flag("courts", 50_000);
const QUERIES = flag("queries", 200);
const CITIES = [
  [52.52, 13.405], [53.551, 9.994], [48.135, 11.582], [50.938, 6.96], [50.111, 8.682], [48.776, 9.183], [51.34, 12.373], [51.228, 6.773],
] as const;

// a fixed pseudo-random sequence: the same data and centres in every run
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

function point(): { latitude: number; longitude: number } {
  if (random() < 0.6) {
    const [lat, lng] = CITIES[Math.floor(random() * CITIES.length)]!;
    return { latitude: lat + (random() - 0.5) * 0.6, longitude: lng + (random() - 0.5) * 0.9 };
  }
  return { latitude: 47.3 + random() * 7.7, longitude: 5.9 + random() * 9.1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { database, drop } = await openScratchDatabase();
try {
  const db = database.db;
  console.log(`loading ${COURTS} courts into ${database.kind}…`);
  for (let i = 0; i < COURTS; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, COURTS - i) }, (_, j) => ({ name: `Platz ${i + j}`, ...point() }));
    await db.insert(courts).values(rows);
  }
  await database.query("analyze courts");

  const searches = Array.from({ length: QUERIES }, () => ({ ...point(), distanceKm: [2, 5, 10, 20, 50][Math.floor(random() * 5)]!, limit: 200 }));
  const fullScan = (s: (typeof searches)[number]) => {
    const distance = haversineSql(courts.latitude, courts.longitude, s);
    return db.select({ id: courts.id, distanceKm: distance }).from(courts).where(sql`${distance} <= ${s.distanceKm}`).orderBy(asc(distance), asc(courts.id)).limit(s.limit);
  };

  // warm up both, and check they agree
  for (const s of searches.slice(0, 20)) {
    const a = (await findCourtsNear(db, s)).map((c) => c.id);
    const b = (await fullScan(s)).map((c) => c.id);
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`the two searches disagree for ${JSON.stringify(s)}`);
  }
  const time = async (run: (s: (typeof searches)[number]) => Promise<unknown>) => {
    const out: number[] = [];
    for (const s of searches) {
      const t = performance.now();
      await run(s);
      out.push(performance.now() - t);
    }
    return out;
  };
  const box = await time((s) => findCourtsNear(db, s));
  const scan = await time(fullScan);
  const s = searches[0]!;
  const plan = await database.query<{ "QUERY PLAN": string }>(
    `explain select id from courts where latitude between $1 and $2 and longitude between $3 and $4`,
    [s.latitude - 0.2, s.latitude + 0.2, s.longitude - 0.3, s.longitude + 0.3],
  );
  console.log(`\n${QUERIES} searches over ${COURTS} courts (radius 2-50 km, at most 200 answers)`);
  console.log(`  bounding box + exact distance: median ${median(box).toFixed(2)} ms`);
  console.log(`  full scan with haversine:      median ${median(scan).toFixed(2)} ms`);
  console.log(`  ratio full scan / bounding box: ${(median(scan) / median(box)).toFixed(1)}x`);
  console.log(`\nplan of the bounding box:\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
} finally {
  await drop();
}
