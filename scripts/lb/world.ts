// The data the load runs on, written straight into the cluster's database: a region with a court, an organiser
// whose connected account (on the shared Stripe emulator) takes charges, managed-payment games to join, free games
// to chat in, and signed-in players (session tokens as a browser's cookie holds them).
import { SESSION_DURATION_DAYS } from "@shared/constants";
import type { Deps } from "../../server/context";
import { openDatabase, type Database } from "../../server/db/client";
import { sessions, users } from "../../server/db/schema";
import { generateSessionToken, sessionIdOf } from "../../server/domains/auth/sessions";
import { setPaymentAccount } from "../../server/domains/users/repo";
import { systemClock } from "../../server/lib/clock";
import { createCourt, createGameRow, createRegion, createUser } from "../../server/testing/factories";
import type { Cluster } from "./cluster";

export type Player = { userId: number; token: string };
export type World = {
  database: Database;
  regionSlug: string;
  paidGameIds: number[];
  chatGameIds: number[];
  /** one more managed-payment game like the first ones (the soak's organiser puts up the next game when one is full) */
  addPaidGame(): Promise<number>;
  /** signs `count` more players in (bulk inserts) */
  players(count: number): Promise<Player[]>;
  close(): Promise<void>;
};

export async function createWorld(cluster: Cluster, opts: { paidGames: number; chatGames: number; placesPerGame: number }): Promise<World> {
  const database = await openDatabase({ kind: "postgres", url: cluster.databaseUrl, max: 4 });
  // The factories only use the database and the clock.
  const deps = { db: database.db, database, clock: systemClock } as unknown as Deps;
  const region = await createRegion(deps);
  const court = await createCourt(deps, { regionId: region.id });
  const organiser = await createUser(deps, { emailVerifiedAt: new Date() });
  const accountId = `acct_lb_${organiser.id}`;
  cluster.emulator.ensureAccount(accountId, organiser.email);
  cluster.emulator.completeOnboarding(accountId);
  await setPaymentAccount(
    database.db,
    organiser.id,
    { stripeAccountId: accountId, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true },
    new Date(),
  );
  const startTime = new Date(Date.now() + 3 * 86_400_000);
  const game = (managed: boolean) =>
    createGameRow(deps, {
      creatorId: organiser.id,
      regionId: region.id,
      courtId: court.id,
      startTime,
      minPlayers: 2,
      maxPlayers: opts.placesPerGame,
      isManagedPayment: managed,
      instantCapture: false,
      priceCents: managed ? 500 : 0,
    });
  const paidGameIds: number[] = [];
  for (let i = 0; i < opts.paidGames; i++) paidGameIds.push((await game(true)).id);
  const chatGameIds: number[] = [];
  for (let i = 0; i < opts.chatGames; i++) chatGameIds.push((await game(false)).id);
  const passwordHash = organiser.passwordHash;
  let made = 0;

  return {
    database,
    regionSlug: region.slug,
    paidGameIds,
    chatGameIds,
    addPaidGame: async () => (await game(true)).id,
    async players(count) {
      const out: Player[] = [];
      for (let from = 0; from < count; from += 500) {
        const n = Math.min(500, count - from);
        const rows = await database.db
          .insert(users)
          .values(
            Array.from({ length: n }, () => ({
              email: `lb-${process.pid}-${++made}-${Math.random().toString(36).slice(2, 8)}@example.org`,
              passwordHash,
              firstName: `Lb${made}`,
              emailVerifiedAt: new Date(),
            })),
          )
          .returning({ id: users.id });
        const tokens = rows.map(() => generateSessionToken());
        const expiresAt = new Date(Date.now() + SESSION_DURATION_DAYS * 86_400_000);
        await database.db.insert(sessions).values(rows.map((r, i) => ({ id: sessionIdOf(tokens[i]!), userId: r.id, expiresAt, userAgent: "lb-test" })));
        rows.forEach((r, i) => out.push({ userId: r.id, token: tokens[i]! }));
      }
      return out;
    },
    close: () => database.close(),
  };
}
