import { beforeAll, describe, expect, test } from "bun:test";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { Deps } from "../../context";
import { courtAvailabilities, courtBookings, subCourts } from "../../db/schema";
import { createSession } from "../auth/sessions";
import { createCourt, createUser } from "../../testing/factories";
import { CSRF_HEADER } from "@shared/constants";
import { transformer } from "@shared/transformer";
import { useServerProcesses, type ServerProcess } from "../../testing/server-process";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { countOverlaps } from "./repo";
import { seededRandom } from "../../testing/random";

/**
 * No double booking, ever (issue 15): two real server processes on one PostgreSQL take 10,000 random
 * attempts that overlap on purpose: the owner's manual bookings and two-week series on three
 * sub-courts of one evening, accepts of renters' requests on a random sub-court, and deletions that
 * free time again so new attempts keep competing. Afterwards no two occupancies of a sub-court
 * overlap, every accepted booking holds its sub-court, both the successes and the refusals happened
 * in numbers (so the test measured contention, not an empty court), and no attempt got a 5xx.
 */
const ATTEMPTS = 10_000;
const IN_FLIGHT = 16;
const BATCH = 8;
const REQUESTS = 600;


let deps: Deps;

/** Several tRPC mutations in one batched request as a signed-in browser sends them; per call its HTTP status and our error code ("OK" on success). */
async function batchOn(server: ServerProcess, sessionToken: string, calls: { path: string; input: unknown }[]) {
  const csrf = "c".repeat(48);
  const res = await fetch(`${server.url}/trpc/${calls.map((c) => c.path).join(",")}?batch=1`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `session=${sessionToken}; csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: server.url },
    body: JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, transformer.serialize(c.input)]))),
  });
  const body = (await res.json()) as ({ result?: { data: { json: unknown } }; error?: { json: { data: { app: { code: string }; httpStatus: number } } } })[];
  if (!Array.isArray(body)) throw new Error(`batch answered ${res.status}`);
  return body.map((r) => ({ status: r.error ? r.error.json.data.httpStatus : 200, code: r.error?.json.data.app.code ?? "OK", data: r.result?.data.json }));
}

describe.skipIf(!process.env.DATABASE_URL)("double booking under load", () => {
  const servers = useServerProcesses(2);
  beforeAll(async () => {
    deps = await testDeps();
  });

  test(
    `${ATTEMPTS} overlapping attempts across two servers leave no overlap`,
    async () => {
      testClock.reset(); // the server processes live in real time
      const seed = Number(process.env.OVERLAP_SEED ?? Math.floor(Math.random() * 2 ** 31));
      console.log(`overlap test seed: OVERLAP_SEED=${seed}`);
      const rnd = seededRandom(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;

      // Unconfirmed addresses: the thousands of booking notices this makes must not queue mails before other tests' mails.
      const owner = await createUser(deps, { emailVerifiedAt: null, isCourtOwner: true });
      const court = await createCourt(deps, { rentable: true, ownerId: owner.id });
      const subs = (await deps.db.insert(subCourts).values(["Court 1", "Court 2", "Court 3"].map((name) => ({ courtId: court.id, name }))).returning()).map((s) => s.id);
      // free to rent (price 0), so an accepted request is booked at once without the payment provider
      await deps.db.insert(courtAvailabilities).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ courtId: court.id, weekday, startTime: "06:00", endTime: "23:00", pricePerHourCents: 0 })));
      const { token: ownerToken } = await createSession(deps, owner.id, "overlap-test");

      // one evening ten days ahead (and the same evening a week later, for the series' second week)
      const day = addBerlinDays(berlinDay(new Date()), 10);
      const at = (minutes: number, week = 0) => berlinDateTimeToInstant(addBerlinDays(day, 7 * week), `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
      const startMinute = () => 16 * 60 + 15 * Math.floor(rnd() * 24); // 16:00 .. 21:45 in 15-minute steps
      const renters = await Promise.all(Array.from({ length: 4 }, () => createUser(deps, { emailVerifiedAt: null })));
      const requests = await deps.db
        .insert(courtBookings)
        .values(
          Array.from({ length: REQUESTS }, () => {
            const minutes = 16 * 60 + 30 * Math.floor(rnd() * 12);
            const duration = pick([60, 90] as const);
            const startsAt = at(minutes);
            return {
              courtId: court.id,
              renterId: pick(renters).id,
              status: "RE" as const,
              startsAt,
              endsAt: new Date(startsAt.getTime() + duration * 60_000),
              durationMinutes: duration,
              listPriceCents: 0,
              priceCents: 0,
              earningCents: 0,
              feeCents: 0,
            };
          }),
        )
        .returning({ id: courtBookings.id });

      const manualIds: number[] = [];
      const seriesIds: number[] = [];
      const outcomes = new Map<string, number>();
      const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      /** One attempt: which procedure with which input, and what to remember of a success. */
      type Attempt = { kind: string; path: string; input: unknown; onOk?: (data: unknown) => void };
      const attempt = (): Attempt => {
        const roll = rnd();
        const span = () => {
          const start = at(startMinute());
          return { startTime: start, endTime: new Date(start.getTime() + pick([60, 90]) * 60_000) };
        };
        if (roll < 0.45) return { kind: "manual", path: "bookings.createManual", input: { courtId: court.id, subCourtId: pick(subs), title: "m", ...span() }, onOk: (d) => manualIds.push((d as { id: number }).id) };
        if (roll < 0.55) return { kind: "series", path: "bookings.createSeries", input: { courtId: court.id, subCourtId: pick(subs), title: "s", ...span(), recurrences: 1 }, onOk: (d) => seriesIds.push((d as { id: number }).id) };
        if (roll < 0.8) return { kind: "accept", path: "bookings.update", input: { id: pick(requests).id, status: "TP", subCourtId: pick(subs) } };
        if (roll < 0.95 && manualIds.length > 0) return { kind: "delete", path: "bookings.deleteManual", input: { id: manualIds.splice(Math.floor(rnd() * manualIds.length), 1)[0]! } };
        if (seriesIds.length > 0) return { kind: "delete-series", path: "bookings.deleteSeries", input: { id: seriesIds.splice(Math.floor(rnd() * seriesIds.length), 1)[0]! } };
        return { kind: "cancel", path: "bookings.update", input: { id: pick(requests).id, status: "CA" } };
      };
      let sent = 0;
      // Attempts travel as the web client sends calls, batched (tRPC's httpBatchLink): each call is its own
      // procedure run and transaction on the server; batching only saves HTTP round trips.
      const worker = async (w: number) => {
        for (let round = 0; sent < ATTEMPTS; round++) {
          const batch = Array.from({ length: Math.min(BATCH, ATTEMPTS - sent) }, attempt);
          sent += batch.length;
          const results = await batchOn(servers[(round + w) % 2]!, ownerToken, batch.map((a) => ({ path: a.path, input: a.input })));
          batch.forEach((a, i) => {
            const r = results[i]!;
            if (r.status >= 500) throw new Error(`${a.kind} answered ${r.status} ${r.code}`);
            if (r.code === "OK") a.onOk?.(r.data);
            count(`${a.kind}:${r.code}`);
          });
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
      console.log("overlap test outcomes", Object.fromEntries([...outcomes].sort()));

      expect(await countOverlaps(deps.db)).toBe(0);
      // every accepted (booked) request holds exactly its sub-court for its time
      const missing = await deps.database.query<{ n: number }>(
        `select count(*)::int as n from court_bookings b where b.court_id = $1 and b.status in ('TP', 'BO')
           and not exists (select 1 from court_occupancies o where o.booking_id = b.id and o.sub_court_id = b.sub_court_id and o.starts_at = b.starts_at and o.ends_at = b.ends_at)`,
        [court.id],
      );
      expect(missing[0]!.n).toBe(0);
      // contention really happened: each kind both succeeded and was refused for a taken court (series need two
      // free weeks, so fewer of them succeed), and deletions kept freeing time for new attempts
      for (const kind of ["manual", "series", "accept"]) {
        expect(outcomes.get(`${kind}:OK`) ?? 0).toBeGreaterThan(0);
        expect(outcomes.get(`${kind}:BOOKING_SLOT_TAKEN`) ?? 0).toBeGreaterThan(100);
      }
      expect((outcomes.get("manual:OK") ?? 0) + (outcomes.get("series:OK") ?? 0) + (outcomes.get("accept:OK") ?? 0)).toBeGreaterThan(50);
      expect(outcomes.get("delete:OK") ?? 0).toBeGreaterThan(0);
      const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
      expect(total).toBe(ATTEMPTS);
    },
    600_000,
  );
});
