// The load generator of scripts/bench/feed.ts, run as its own process so its work does not share
// the event loop of the servers it measures. Not meant to be started by hand.
//
// argv[2]: a LoadPlan as JSON. Runs the phases in order, each with `concurrency` workers that send
// requests back to back (cycling through the phase's URLs, with the plan's headers) until the phase's time is up, and
// prints one LoadResult as JSON on stdout. Every request's latency is kept for recorded phases.

/** `method` and `bodies` (optional, e.g. GraphQL POSTs): request i sends bodies[i % length]; GET without a body by default. */
export type LoadPhase = { target: string; urls: string[]; ms: number; record: boolean; method?: string; bodies?: string[] };
export type LoadPlan = { concurrency: number; phases: LoadPhase[]; headers?: Record<string, string> };
export type TargetResult = { requests: number; errors: number; elapsedMs: number; bytes: number; latenciesMs: number[]; firstError: string | null };
export type LoadResult = Record<string, TargetResult>;

async function runPhase(phase: LoadPhase, concurrency: number, into: TargetResult, headers: Record<string, string>) {
  const deadline = performance.now() + phase.ms;
  let next = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const i = next++;
      const url = phase.urls[i % phase.urls.length]!;
      const body = phase.bodies?.[i % phase.bodies.length];
      const t0 = performance.now();
      let ok = false;
      let size = 0;
      try {
        const res = await fetch(url, { headers, method: phase.method ?? "GET", body });
        size = (await res.arrayBuffer()).byteLength;
        ok = res.status === 200;
        if (!ok && into.firstError === null) into.firstError = `HTTP ${res.status} for ${url}`;
      } catch (error) {
        if (into.firstError === null) into.firstError = `${String(error)} for ${url}`;
      }
      const ms = performance.now() - t0;
      if (!phase.record) continue;
      into.requests++;
      into.bytes += size;
      if (ok) into.latenciesMs.push(ms);
      else into.errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Requests still in flight at the deadline finish and count, so the elapsed time includes them.
  if (phase.record) into.elapsedMs += performance.now() - started;
}

if (import.meta.main) {
  const plan = JSON.parse(process.argv[2] ?? "null") as LoadPlan | null;
  if (!plan) {
    console.error("scripts/bench/load.ts is started by scripts/bench/feed.ts; run that instead.");
    process.exit(2);
  }
  const result: LoadResult = {};
  for (const phase of plan.phases) {
    result[phase.target] ??= { requests: 0, errors: 0, elapsedMs: 0, bytes: 0, latenciesMs: [], firstError: null };
    await runPhase(phase, plan.concurrency, result[phase.target]!, plan.headers ?? {});
  }
  process.stdout.write(JSON.stringify(result));
}
