// One run of the failover scenario (README.md here): N processes behind haproxy under mixed load; one is killed with
// SIGKILL in the middle, a job is enqueued after the kill, another process is stopped with SIGTERM (graceful); then
// the facts are read from the database, the Stripe emulator and the chat readers, and the figures are computed.
// Shared by the CI test (scripts/smoke/load-balancer.test.ts) and the long run (scripts/lb/run.ts).
import type Stripe from "stripe";
import { eventually } from "../../server/testing/eventually";
import { BAD_LOG_PATTERNS, startCluster, type AppProcess, type Cluster } from "./cluster";
import { errorRate, startLoad, summary, trpcMutation, type LoadShape, type SseClient } from "./load";
import { createWorld } from "./world";

export type ScenarioOptions = {
  processes: number;
  /** load duration in seconds */
  seconds: number;
  /** when the SIGKILL comes, in seconds after the load started */
  killAt: number;
  /** when the SIGTERM comes (seconds after the load started); null: no graceful stop */
  termAt: number | null;
  shape: LoadShape;
  reservationSeconds: number;
  /** progress lines */
  say?: (line: string) => void;
  /** keep the temp dir with the logs */
  keep?: boolean;
};

export type Facts = {
  ackedJoins: number;
  ackedComments: number;
  lostJoins: number[];
  lostComments: number[];
  /** participations with more than one payment intent (or charge) at the emulator */
  doubleCharged: { subjectId: string; intents: number; charged: number }[];
  intentsWithoutIdempotencyKey: number;
  reusedIdempotencyKeys: string[];
  paymentRowsPerParticipationMax: number;
  /** per chat reader: ids in the database it never heard */
  sseMissing: { client: string; missing: number[] }[];
  /** the process killed with SIGKILL */
  killed: string;
  /** readers that were on the killed process, with the processes of their connections in order */
  sseMovedFromKilled: { client: string; servedBy: string[] }[];
  sseOnKilled: number;
  sseMovedFromTerminated: { client: string; servedBy: string[] }[];
  sseOnTerminated: number;
  job: { participationId: number; state: string; paymentStatus: string } | null;
  terminated: { name: string; exitCode: number; badLogLines: string[]; drainLine: string | null } | null;
};

export type Figures = {
  runner: string;
  processes: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** requests/s and latency per kind of request */
  byKind: Record<string, string>;
  failedTotal: number;
  killWindow: ReturnType<typeof errorRate> & { fromMs: number; toMs: number; downAfterMs: number };
  termWindow: (ReturnType<typeof errorRate> & { exitedAfterMs: number }) | null;
  memoryMiB: Record<string, { max: number; last: number | null }>;
  joinsPerSecond: number;
  chatLines: number;
  outcomes: Record<string, number>;
  sseReconnects: number;
  /** pg-boss jobs still `active` at the end: taken by the killed process, waiting for their expiry (README.md here) */
  strandedJobs: { name: string; n: number }[];
};

const ms = (n: number) => Math.round(n);

export async function runScenario(opts: ScenarioOptions): Promise<{ facts: Facts; figures: Figures; cluster: Cluster }> {
  const say = opts.say ?? (() => {});
  const cluster = await startCluster({ processes: opts.processes, reservationSeconds: opts.reservationSeconds });
  say(`${opts.processes} processes (${cluster.runner}) UP behind haproxy at ${cluster.haproxy.url}; logs in ${cluster.dir}`);
  let world: Awaited<ReturnType<typeof createWorld>> | undefined;
  try {
    world = await createWorld(cluster, { paidGames: 4, chatGames: 2, placesPerGame: 30_000 });
    const w = world;

    // Every event the emulator makes (it keeps only its newest 5,000), gathered while the run lasts.
    const events = new Map<string, Stripe.Event>();
    const gather = () => {
      for (const e of cluster.emulator.events) events.set(e.id, e);
    };
    const memory: Record<string, { max: number; last: number | null }> = {};
    const sampleMemory = () => {
      for (const app of cluster.apps) {
        const rss = app.rssMiB();
        memory[app.name] ??= { max: 0, last: null };
        if (rss !== null) memory[app.name] = { max: Math.max(memory[app.name]!.max, rss), last: rss };
      }
    };
    const sampler = setInterval(() => (gather(), sampleMemory()), 500);

    const load = await startLoad(cluster, w, opts.shape);
    const t0 = performance.now();
    const at = (seconds: number) => Bun.sleep(Math.max(0, t0 + seconds * 1000 - performance.now()));
    say(`load running: ${JSON.stringify(opts.shape)}`);

    // Work must be flowing before the crash, so the crash meets writes in flight.
    await eventually(() => load.recorder.joins.length >= 3 && load.recorder.comments.length >= 3, {
      what: "joins and chat lines acknowledged before the kill",
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    await at(opts.killAt);
    const onProcess = (clients: SseClient[], name: string) => clients.filter((c) => c.servedBy.at(-1) === name);
    const mostStreams = (apps: AppProcess[]) => [...apps].sort((a, b) => onProcess(load.sse, b.name).length - onProcess(load.sse, a.name).length)[0]!;

    // ---- kill -9 of the process holding the most chat streams
    const victim = mostStreams(cluster.apps);
    const onKilled = onProcess(load.sse, victim.name);
    const tKill = performance.now();
    victim.signal("SIGKILL");
    say(`SIGKILL ${victim.name} at ${((tKill - t0) / 1000).toFixed(1)} s (${onKilled.length} chat streams on it)`);
    await victim.exited();
    await cluster.haproxy.waitFor([victim.name], "DOWN");
    const tDown = performance.now();
    say(`haproxy: ${victim.name} DOWN after ${ms(tDown - tKill)} ms`);

    // ---- a job enqueued after the kill: a reservation nobody pays expires on a survivor
    const [late] = await w.players(1);
    const lateJoin = await eventually(
      async () => {
        const a = await trpcMutation(cluster.haproxy.url, late!.token, "participation.join", { gameId: w.paidGameIds[0]! });
        if (a.code !== "OK") throw new Error(a.code);
        return a.data as { participation: { id: number } };
      },
      { what: "a join after the kill", timeoutMs: 30_000, intervalMs: 200 },
    );
    const jobParticipation = lateJoin.participation.id;
    say(`participation ${jobParticipation} joined after the kill, unpaid: its reservation expires in ${opts.reservationSeconds} s`);

    // ---- SIGTERM of a survivor (graceful)
    let terminated: { app: AppProcess; onIt: SseClient[]; tTerm: number; tExit: number; exitCode: number } | null = null;
    if (opts.termAt !== null) {
      await at(opts.termAt);
      const survivors = cluster.apps.filter((a) => a !== victim);
      const app = mostStreams(survivors);
      const onIt = onProcess(load.sse, app.name);
      const tTerm = performance.now();
      app.signal("SIGTERM");
      say(`SIGTERM ${app.name} at ${((tTerm - t0) / 1000).toFixed(1)} s (${onIt.length} chat streams on it)`);
      // out of rotation: haproxy's readiness check fails (503 draining, then the listener is closed)
      await cluster.haproxy.waitFor([app.name], "DOWN");
      const exitCode = await app.exited();
      const tExit = performance.now();
      say(`${app.name} out of rotation, exited ${exitCode} after ${ms(tExit - tTerm)} ms`);
      terminated = { app, onIt, tTerm, tExit, exitCode };
    }

    await at(opts.seconds);
    await load.stop();
    const tEnd = performance.now();
    say(`load stopped after ${((tEnd - t0) / 1000).toFixed(1)} s`);

    // ---- facts, each waited for where another process still works on it
    const db = w.database;
    const commentRows = await db.query<{ id: number; game_id: number }>(`select id, game_id from game_comments where game_id = any($1::int[])`, [w.chatGameIds]);
    const sseMissing = await eventually(
      () => {
        const missing = load.sse
          .map((c) => ({ client: c.name, missing: commentRows.filter((r) => r.game_id === c.gameId && !c.seen.has(r.id)).map((r) => r.id) }))
          .filter((m) => m.missing.length > 0);
        return missing.length === 0 ? [] : false;
      },
      { what: "every chat reader heard every line of its chat", timeoutMs: 30_000, intervalMs: 100 },
    ).catch(() =>
      load.sse
        .map((c) => ({ client: c.name, missing: commentRows.filter((r) => r.game_id === c.gameId && !c.seen.has(r.id)).map((r) => r.id) }))
        .filter((m) => m.missing.length > 0),
    );
    await Promise.all(load.sse.map((c) => c.stop()));

    const job = await eventually(
      async () => {
        const [row] = await db.query<{ state: string; payment_status: string }>(
          `select j.state, p.payment_status from pgboss.job j join participations p on p.id = (j.data->>'participationId')::int
            where j.name = 'participation-payment-expiry' and (j.data->>'participationId')::int = $1`,
          [jobParticipation],
        );
        return row?.state === "completed" && row.payment_status !== "Open" ? { participationId: jobParticipation, state: row.state, paymentStatus: row.payment_status } : false;
      },
      { what: `the reservation expiry of participation ${jobParticipation} done by a survivor`, timeoutMs: (opts.reservationSeconds + 120) * 1000, intervalMs: 250 },
    ).catch(async () => {
      const [row] = await db.query<{ state: string; payment_status: string }>(
        `select coalesce(j.state::text, 'no job') as state, p.payment_status from participations p left join pgboss.job j on j.name = 'participation-payment-expiry' and (j.data->>'participationId')::int = p.id where p.id = $1`,
        [jobParticipation],
      );
      return { participationId: jobParticipation, state: row?.state ?? "?", paymentStatus: row?.payment_status ?? "?" };
    });
    say(`reservation expiry of participation ${jobParticipation}: job ${job.state}, payment ${job.paymentStatus}`);

    // webhooks still under way (retries after the kill) are part of the facts
    await cluster.emulator.waitForDeliveries(30_000).catch(() => undefined);
    clearInterval(sampler);
    gather();

    const rec = load.recorder;
    const joinIds = rec.joins.map((j) => j.participationId);
    const foundJoins = new Set(
      (await db.query<{ id: number; user_id: number; game_id: number }>(`select id, user_id, game_id from participations where id = any($1::int[])`, [joinIds]))
        .filter((r) => rec.joins.some((j) => j.participationId === r.id && j.userId === r.user_id && j.gameId === r.game_id))
        .map((r) => r.id),
    );
    const commentIds = rec.comments.map((c) => c.id);
    const foundComments = new Set(
      (await db.query<{ id: number; text: string }>(`select id, text from game_comments where id = any($1::int[])`, [commentIds]))
        .filter((r) => rec.comments.some((c) => c.id === r.id && c.text === r.text))
        .map((r) => r.id),
    );

    // at "Stripe": intents and charges per participation (metadata names the subject), idempotency keys
    const created = [...events.values()].filter((e) => e.type === "payment_intent.created");
    const perSubject = new Map<string, { intents: Set<string>; charged: Set<string> }>();
    const subjectOf = new Map<string, string>();
    for (const e of created) {
      const intent = e.data.object as Stripe.PaymentIntent;
      if (intent.metadata.kickrunde_purpose !== "participation") continue;
      const subject = intent.metadata.kickrunde_subject_id!;
      subjectOf.set(intent.id, subject);
      const s = perSubject.get(subject) ?? { intents: new Set(), charged: new Set() };
      s.intents.add(intent.id);
      perSubject.set(subject, s);
    }
    for (const e of events.values()) {
      if (e.type !== "charge.succeeded" && e.type !== "payment_intent.amount_capturable_updated" && e.type !== "payment_intent.succeeded") continue;
      const obj = e.data.object as Stripe.Charge | Stripe.PaymentIntent;
      const intentId = obj.object === "charge" ? String((obj as Stripe.Charge).payment_intent) : obj.id;
      const subject = subjectOf.get(intentId);
      if (subject) perSubject.get(subject)!.charged.add(intentId);
    }
    const keys = created.map((e) => e.request?.idempotency_key ?? null);
    const keyCounts = new Map<string, number>();
    for (const k of keys) if (k) keyCounts.set(k, (keyCounts.get(k) ?? 0) + 1);
    const existing = new Set(
      (await db.query<{ id: number }>(`select id from participations where id = any($1::int[])`, [[...perSubject.keys()].map(Number).filter(Number.isFinite)])).map((r) => String(r.id)),
    );
    const [paymentRows] = await db.query<{ max: number | null }>(
      `select max(n)::int as max from (select count(*) as n from payments where purpose = 'participation' group by subject_id) t`,
    );

    const facts: Facts = {
      ackedJoins: rec.joins.length,
      ackedComments: rec.comments.length,
      lostJoins: joinIds.filter((id) => !foundJoins.has(id)),
      lostComments: commentIds.filter((id) => !foundComments.has(id)),
      // an intent of a join whose transaction died with the process names a participation that never existed:
      // nobody was asked to pay it (the join was not acknowledged); what counts is one per real participation
      doubleCharged: [...perSubject]
        .filter(([subject, s]) => (existing.has(subject) && s.intents.size > 1) || s.charged.size > 1)
        .map(([subjectId, s]) => ({ subjectId, intents: s.intents.size, charged: s.charged.size })),
      intentsWithoutIdempotencyKey: keys.filter((k) => !k).length,
      reusedIdempotencyKeys: [...keyCounts].filter(([, n]) => n > 1).map(([k]) => k),
      paymentRowsPerParticipationMax: paymentRows?.max ?? 0,
      sseMissing,
      killed: victim.name,
      sseOnKilled: onKilled.length,
      sseMovedFromKilled: onKilled.map((c) => ({ client: c.name, servedBy: c.servedBy })),
      sseOnTerminated: terminated?.onIt.length ?? 0,
      sseMovedFromTerminated: (terminated?.onIt ?? []).map((c) => ({ client: c.name, servedBy: c.servedBy })),
      job,
      terminated: terminated && {
        name: terminated.app.name,
        exitCode: terminated.exitCode,
        badLogLines: terminated.app
          .log()
          .split("\n")
          .filter((l) => BAD_LOG_PATTERNS.some((p) => p.test(l))),
        drainLine: terminated.app.log().split("\n").find((l) => l.includes('"msg":"draining"')) ?? null,
      },
    };

    const strandedJobs = await db.query<{ name: string; n: number }>(`select name, count(*)::int as n from pgboss.job where state = 'active' group by name order by name`);
    const seconds = (tEnd - t0) / 1000;
    const all = summary(rec.samples, seconds);
    const from = tKill - 1000;
    const to = tDown + 2000;
    const figures: Figures = {
      runner: cluster.runner,
      processes: opts.processes,
      seconds,
      requests: all.requests,
      perSecond: all.perSecond,
      p50: all.p50,
      p99: all.p99,
      byKind: all.byKind,
      failedTotal: all.failed,
      killWindow: { ...errorRate(rec.samples, from, to), fromMs: -1000, toMs: ms(to - tKill), downAfterMs: ms(tDown - tKill) },
      termWindow: terminated && { ...errorRate(rec.samples, terminated.tTerm - 1000, terminated.tExit + 2000), exitedAfterMs: ms(terminated.tExit - terminated.tTerm) },
      memoryMiB: memory,
      joinsPerSecond: rec.joins.length / seconds,
      chatLines: rec.comments.length,
      outcomes: all.outcomes,
      sseReconnects: load.sse.reduce((n, c) => n + c.connects - 1, 0),
      strandedJobs,
    };
    return { facts, figures, cluster };
  } finally {
    await world?.close();
    await cluster.close({ keep: opts.keep });
  }
}

/** The figures as lines for a person to read. */
export function describeFigures(f: Figures): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  const lines = [
    `runner: ${f.runner}, ${f.processes} processes, ${f.seconds.toFixed(1)} s of load`,
    `throughput: ${f.perSecond.toFixed(1)} requests/s through haproxy (${f.requests} requests; ${f.joinsPerSecond.toFixed(1)} paid joins/s; ${f.chatLines} chat lines)`,
    `latency: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; by kind ${JSON.stringify(f.byKind)}`,
    `failover (SIGKILL): ${f.killWindow.failed}/${f.killWindow.total} requests failed = ${pct(f.killWindow.rate)} in [kill-1 s, DOWN+2 s] (haproxy marked it DOWN after ${f.killWindow.downAfterMs} ms); by kind ${JSON.stringify(f.killWindow.byKind)}${f.killWindow.firstFailures.length ? `; e.g. ${f.killWindow.firstFailures.join(" | ")}` : ""}`,
  ];
  if (f.termWindow)
    lines.push(
      `graceful stop (SIGTERM): ${f.termWindow.failed}/${f.termWindow.total} failed = ${pct(f.termWindow.rate)} in [term-1 s, exit+2 s] (exited after ${f.termWindow.exitedAfterMs} ms); by kind ${JSON.stringify(f.termWindow.byKind)}`,
    );
  lines.push(`requests failed over the whole run: ${f.failedTotal}; chat stream reconnects: ${f.sseReconnects}`);
  lines.push(`memory (RSS, MiB): ${Object.entries(f.memoryMiB).map(([n, m]) => `${n} max ${m.max.toFixed(0)}${m.last === null ? "" : ` last ${m.last.toFixed(0)}`}`).join(", ")}`);
  lines.push(`pg-boss jobs still active at the end (held by the killed process until they expire): ${f.strandedJobs.length ? f.strandedJobs.map((j) => `${j.name} ${j.n}`).join(", ") : "none"}`);
  lines.push(`outcomes: ${JSON.stringify(f.outcomes)}`);
  return lines;
}
