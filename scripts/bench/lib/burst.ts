// The load generator of scripts/bench/hot-join.ts, run as its own process so its work does not share the event
// loop of the servers it measures. Not meant to be started by hand.
//
// stdin: a BurstPlan as JSON. `concurrency` workers (one keep-alive connection each) send the plan's requests,
// each exactly once, until all have answered; prints one BurstResult as JSON on stdout: the elapsed time and,
// for every request in order, its status, the start of its body and its latency.

export type BurstRequest = { url: string; method: string; headers: Record<string, string>; body?: string };
export type BurstPlan = { concurrency: number; requests: BurstRequest[] };
export type BurstAnswer = { status: number; body: string; ms: number };
export type BurstResult = { elapsedMs: number; answers: BurstAnswer[] };

if (import.meta.main) {
  const plan = JSON.parse(await Bun.stdin.text()) as BurstPlan;
  const answers: BurstAnswer[] = new Array(plan.requests.length);
  let next = 0;
  const worker = async () => {
    while (next < plan.requests.length) {
      const i = next++;
      const { url, ...init } = plan.requests[i]!;
      const t0 = performance.now();
      try {
        const res = await fetch(url, init);
        const body = await res.text();
        answers[i] = { status: res.status, body: body.slice(0, 600), ms: performance.now() - t0 };
      } catch (error) {
        answers[i] = { status: 0, body: String(error), ms: performance.now() - t0 };
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  const result: BurstResult = { elapsedMs: performance.now() - started, answers };
  process.stdout.write(JSON.stringify(result));
}
