import { beforeAll, describe, expect, test } from "bun:test";
import { MANAGED_PAYMENT_MAX_DAYS_AHEAD, MANAGED_PRICE_MIN_CENTS } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { autoCancelAt } from "@shared/rules/game-windows";
import type { Deps } from "../context";
import { wireReactions } from "../domains/reactions";
import { setPaymentAccount } from "../domains/users/service";
import { createPayments } from "../integrations/stripe/client";
import { startJobQueue } from "../jobs/queue";
import { callerFor } from "../testing/caller";
import { createUser } from "../testing/factories";
import { openScratchDatabase, testDeps } from "../testing/test-db";
import { DEMO_ORGA_STRIPE_ACCOUNT_ID, DEMO_PASSWORD, DEMO_REGIONS, registerDemoAccounts, seedDemo, seedReferenceIfEmpty } from "./seed-demo";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("the demo organiser's connected account on the emulator", () => {
  test("is created under the demo id, onboarded, and readable through the SDK; a second start changes nothing", async () => {
    const orga = await createUser(deps);
    await deps.db.transaction((tx) =>
      setPaymentAccount(tx, orga.id, { stripeAccountId: DEMO_ORGA_STRIPE_ACCOUNT_ID, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true, paymentBusinessType: "individual" }, deps.clock.now()),
    );
    const emulator = deps.payments!.emulator!;
    const eventsBefore = emulator.events.length;
    expect(await registerDemoAccounts(deps)).toBe(true);
    const account = await deps.payments!.stripe.accounts.retrieve(DEMO_ORGA_STRIPE_ACCOUNT_ID);
    expect(account).toMatchObject({ id: DEMO_ORGA_STRIPE_ACCOUNT_ID, charges_enabled: true, payouts_enabled: true, details_submitted: true, email: orga.email });
    expect(emulator.events.length).toBe(eventsBefore + 1); // its account.updated

    expect(await registerDemoAccounts(deps)).toBe(true);
    expect(emulator.events.length).toBe(eventsBefore + 1);
  });
});

describe("the demo data's managed-payment game", () => {
  test("is in Berlin within the next 6 days, organised by orga@kickrunde.de, and a demo player can join and pay", async () => {
    const scratch = await openScratchDatabase();
    const jobs = await startJobQueue(scratch.database, deps.logger);
    // A Stripe emulator of its own: the scratch database counts its ids from 1 again, and the run's emulator may
    // already hold an idempotency key such as `kickrunde:payment:participation:25:1` from another file's participation 25.
    const payments = (await createPayments(deps.config.stripe, { webhookUrl: null, logger: deps.logger }))!;
    try {
      const demo = wireReactions({ ...deps, database: scratch.database, db: scratch.database.db, jobs, payments });
      await seedDemo(demo);
      expect(await registerDemoAccounts(demo)).toBe(true);
      const now = demo.clock.now();
      const managed = await demo.database.query<{ id: number; start_time: Date; price_cents: number; slug: string; email: string }>(
        `select g.id, g.start_time, g.price_cents, r.slug, u.email from games g join regions r on r.id = g.region_id join users u on u.id = g.creator_id
         where g.is_managed_payment and g.cancelled_at is null`,
      );
      expect(managed).toHaveLength(1);
      const game = managed[0]!;
      expect(game).toMatchObject({ slug: "berlin", email: "orga@kickrunde.de" });
      const start = new Date(game.start_time).getTime();
      expect(start).toBeGreaterThan(now.getTime());
      expect(start).toBeLessThanOrEqual(now.getTime() + MANAGED_PAYMENT_MAX_DAYS_AHEAD * 86400_000);
      expect(game.price_cents).toBeGreaterThanOrEqual(MANAGED_PRICE_MIN_CENTS);

      const a = await callerFor(demo);
      await a.caller.auth.login({ email: "spieler@kickrunde.de", password: DEMO_PASSWORD });
      const { caller } = await callerFor(demo, { token: a.cookies.token });
      const joined = await caller.participation.join({ gameId: game.id });
      expect(joined.participation.paymentStatus).toBe("Open");
      expect(joined.payment).toMatchObject({ amountCents: game.price_cents, publishableKey: null });
      expect(joined.payment!.checkoutUrl).toContain("/checkout/pi_");

      // the Berlin demo tournament has two teams, one paid in cash, one that Lena pays online
      const [t] = await demo.database.query<{ id: number }>(`select id from tournaments where name = 'Kickrunde Sommer-Cup Berlin'`);
      const teams = await caller.tournaments.myTeams({ tournamentId: t!.id });
      expect(teams).toEqual([expect.objectContaining({ teamName: "Tempelhof United", paymentStatus: "Open", canPay: true, amountCents: 6000 })]);
      const pay = await caller.tournaments.pay({ participationId: teams[0]!.id });
      expect(pay.checkoutUrl).toContain("/checkout/pi_");
      const all = await demo.database.query<{ team_name: string; payment_status: string }>(`select team_name, payment_status from tournament_participations where tournament_id = $1 order by team_name`, [t!.id]);
      expect(all).toEqual([
        { team_name: "Kreuzberg Kickers", payment_status: "PaidExternally" },
        { team_name: "Tempelhof United", payment_status: "Open" },
      ]);
      // seeding again adds nothing
      await seedDemo(demo);
      expect(await demo.database.query(`select id from tournament_participations where tournament_id = $1`, [t!.id])).toHaveLength(2);
    } finally {
      await jobs.stop();
      await payments.close();
      await scratch.drop();
    }
  });
});

describe("the demo games", () => {
  test("seeded half an hour before an evening kick-off, none is one the minimum-players check would cancel at once", async () => {
    const scratch = await openScratchDatabase();
    const jobs = await startJobQueue(scratch.database, deps.logger);
    try {
      // 18:30 Berlin: today's 19:00 games are inside the hour in which a game short of players is cancelled.
      const at = berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 1), "18:30");
      const demo = wireReactions({ ...deps, clock: { now: () => at }, database: scratch.database, db: scratch.database.db, jobs });
      await seedDemo(demo);
      const rows = await demo.database.query<{ start_time: Date; min_players: number; players: number }>(
        `select g.start_time, g.min_players, coalesce(sum(p.player_count), 0)::int as players
           from games g left join participations p on p.game_id = g.id and p.cancelled_at is null and not p.queue
          where g.cancelled_at is null and g.start_time > $1
          group by g.id`,
        [at.toISOString()],
      );
      expect(rows.length).toBeGreaterThan(10);
      const doomed = rows.filter((r) => autoCancelAt(new Date(r.start_time)) <= at && r.players < r.min_players);
      expect(doomed).toEqual([]);
      // Lena's Tempelhof game of today still takes place today.
      const today = await demo.database.query<{ n: number }>(
        `select count(*)::int as n from games g join courts c on c.id = g.court_id
          where c.name = 'Tempelhofer Feld Bolzplatz' and g.start_time = $1`,
        [berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), 1), "19:00").toISOString()],
      );
      expect(today[0]!.n).toBe(1);
    } finally {
      await jobs.stop();
      await scratch.drop();
    }
  });
});

describe("the reference seed (production's default, SEED=reference)", () => {
  test("an empty database gets the regions and staff groups and no account; a second start loads nothing", async () => {
    const scratch = await openScratchDatabase();
    try {
      const fresh = { ...deps, database: scratch.database, db: scratch.database.db };
      expect(await seedReferenceIfEmpty(fresh)).toEqual({ regions: DEMO_REGIONS.length, groups: 3 });
      const [counts] = await fresh.database.query<{ regions: number; users: number; games: number }>(
        "select (select count(*) from regions)::int as regions, (select count(*) from users)::int as users, (select count(*) from games)::int as games",
      );
      expect(counts).toEqual({ regions: DEMO_REGIONS.length, users: 0, games: 0 });
      expect(await seedReferenceIfEmpty(fresh)).toBeNull();
    } finally {
      await scratch.drop();
    }
  });
});
