import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type Stripe from "stripe";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createUser } from "../../testing/factories";
import { mutateOn, startServerProcess, type ServerProcess } from "../../testing/server-process";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { emulatorOf, eventsSince, managedGame } from "../../testing/payment-fixtures";

/**
 * Two real server processes on one PostgreSQL, both talking to one Stripe (the run's emulator, as a
 * remote Stripe through STRIPE_API_BASE); 200 signed-in players press "join" at once on a managed-payment
 * game with 10 places. Exactly 10 get a place, and exactly 10 payment intents exist, at Stripe and in
 * `payments`: the intent is created inside the join's transaction, under the game's lock, so a join
 * that loses the race never creates one (issue 13 "Concurrency test").
 */
const PLAYERS = 200;
const SPOTS = 10;

let deps: Deps;
const servers: ServerProcess[] = [];

describe.skipIf(!process.env.DATABASE_URL)("paying joins under load", () => {
  beforeAll(async () => {
    deps = await testDeps();
    const emulator = emulatorOf(deps);
    const stripe = { STRIPE_SECRET_KEY: emulator.secretKey, STRIPE_WEBHOOK_SECRET: emulator.webhookSecret, STRIPE_API_BASE: emulator.url };
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(deps.database.url!, stripe));
  }, 30_000);
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  test(
    `${PLAYERS} simultaneous joins across two servers for ${SPOTS} paid places`,
    async () => {
      // the server processes live in real time: so must the sessions and the game made here (a clock
      // frozen by an earlier file must not leak in)
      testClock.reset();
      const { game } = await managedGame(deps, { startTime: new Date(Date.now() + 3 * 86400_000), maxPlayers: SPOTS, organiserPlayers: 0 });
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async () => {
          const user = await createUser(deps, { emailVerifiedAt: new Date() });
          return (await createSession(deps, user.id, "load-test")).token;
        }),
      );
      const created = eventsSince(emulatorOf(deps));
      const results = await Promise.all(players.map((token, i) => mutateOn(servers[i % 2]!, token, "participation.join", { gameId: game.id })));

      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      const joined = results.filter((r) => r.code === "OK");
      expect(joined).toHaveLength(SPOTS);
      expect(results.filter((r) => r.code !== "OK").map((r) => r.code)).toEqual(Array(PLAYERS - SPOTS).fill("NOT_ENOUGH_PLACES"));
      for (const r of joined) expect(r.data).toMatchObject({ participation: { queue: false, paymentStatus: "Open" }, payment: { amountCents: 500 } });

      const rows = await deps.database.query<{ id: number; payment_status: string; payment_id: number | null }>(
        `select id, payment_status, payment_id from participations where game_id = $1 and cancelled_at is null and queue = false`,
        [game.id],
      );
      expect(rows).toHaveLength(SPOTS);
      expect(rows.every((r) => r.payment_status === "Open" && r.payment_id !== null)).toBe(true);
      const payments = await deps.database.query<{ subject_id: number; stripe_payment_intent_id: string }>(
        `select subject_id, stripe_payment_intent_id from payments where purpose = 'participation' and subject_id = any($1::int[])`,
        [rows.map((r) => r.id)],
      );
      expect(payments).toHaveLength(SPOTS);
      // at Stripe: exactly those intents were created, none for a join that lost the race
      const intents = created()
        .filter((e) => e.type === "payment_intent.created")
        .map((e) => e.data.object as Stripe.PaymentIntent);
      expect(intents).toHaveLength(SPOTS);
      expect(new Set(intents.map((i) => i.id))).toEqual(new Set(payments.map((p) => p.stripe_payment_intent_id)));
      expect(new Set(intents.map((i) => Number(i.metadata.kickrunde_subject_id)))).toEqual(new Set(rows.map((r) => r.id)));
    },
    120_000,
  );
});
