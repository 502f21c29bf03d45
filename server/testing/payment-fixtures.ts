import { expect } from "bun:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { createApp } from "../app";
import type { Deps } from "../context";
import { organizations, participations, payments } from "../db/schema";
import type { StartPaymentInput } from "../domains/payments/service";
import { setPaymentAccount } from "../domains/users/service";
import { idempotencyKey } from "../integrations/stripe/client";
import type { StripeEmulator } from "../integrations/stripe/emulator";
import { callerFor } from "./caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "./factories";

/**
 * Test support for payments (imported only by tests): connected accounts on the run's Stripe emulator,
 * the app's webhook endpoint (in-process or on a port the emulator can reach), and managed payment of
 * participations: an organiser whose account takes charges, their managed-payment game, signed-in
 * players who join and pay, and what the database and the emulator hold about a participation's payment.
 */

export function emulatorOf(deps: Deps): StripeEmulator {
  if (!deps.payments?.emulator) throw new Error("the tests run against the local Stripe emulator");
  return deps.payments.emulator;
}

let accounts = 0;

/** A user whose connected account can take charges (or, with `complete: false`, is still in onboarding). */
export async function organiserWithAccount(deps: Deps, opts: { complete?: boolean } = {}): Promise<{ userId: number; accountId: string }> {
  const user = await createUser(deps);
  const account = await deps.payments!.stripe.accounts.create(
    { type: "express", country: "DE", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
    { idempotencyKey: idempotencyKey("test-account", user.id, ++accounts, Date.now()) },
  );
  await setPaymentAccount(deps.db, user.id, { stripeAccountId: account.id }, deps.clock.now());
  if (opts.complete ?? true) emulatorOf(deps).completeOnboarding(account.id);
  return { userId: user.id, accountId: account.id };
}

/**
 * Gives an existing user (an organiser) a connected account on the emulator that can take charges,
 * and the user row says so at once (as `account.updated` would), so games of theirs can take payments.
 */
export async function connectAccount(deps: Deps, userId: number): Promise<string> {
  const account = await deps.payments!.stripe.accounts.create(
    { type: "express", country: "DE", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
    { idempotencyKey: idempotencyKey("test-account", userId, ++accounts, Date.now()) },
  );
  await setPaymentAccount(
    deps.db,
    userId,
    { stripeAccountId: account.id, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true },
    deps.clock.now(),
  );
  emulatorOf(deps).completeOnboarding(account.id);
  return account.id;
}

let subjects = 0;

/** A payment to `destinationAccountId` of 10 € with a 0.99 € fee, on a subject id no other test uses. */
export function paymentInput(destinationAccountId: string, over: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    purpose: "participation",
    subjectId: 900_000 + ++subjects + Math.floor(Math.random() * 1000) * 1000,
    payerUserId: null,
    destinationAccountId,
    amountCents: 1000,
    applicationFeeCents: 99,
    captureMethod: "manual",
    attempt: 1,
    ...over,
  };
}

/** POSTs a webhook request to the app in-process (createApp's fetch), as Stripe would. */
export function webhookPoster(deps: Deps) {
  const app = createApp(deps, null);
  const env = { server: { requestIP: () => ({ address: "10.9.9.9", family: "IPv4", port: 0 }) } };
  return async (payload: string, signature: string | null, init: { method?: string } = {}) => {
    const headers = new Headers({ "content-type": "application/json; charset=utf-8" });
    if (signature !== null) headers.set("stripe-signature", signature);
    const res = await app.fetch(new Request(`${deps.config.publicUrl}/api/stripe/webhook`, { method: init.method ?? "POST", headers, body: init.method === "GET" ? null : payload }), env as never);
    return { status: res.status, body: (await res.json()) as { received?: true; outcome?: string; error?: { code: string; message: string } } };
  };
}

/** Delivers one emulator event, signed now (or at `timestamp`), to the app in-process. */
export function eventDeliverer(deps: Deps) {
  const post = webhookPoster(deps);
  const emulator = emulatorOf(deps);
  return (event: Stripe.Event, timestamp?: number) => {
    const { payload, signature } = emulator.signedRequest(event, timestamp);
    return post(payload, signature);
  };
}

/**
 * The app on a local port with the emulator's webhooks pointed at it (automatic, asynchronous delivery
 * with retries, like Stripe's). `close()` points them back to nowhere.
 */
export function serveWebhooks(deps: Deps) {
  const app = createApp(deps, null);
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => app.fetch(req, { server: srv }) });
  const emulator = emulatorOf(deps);
  emulator.setWebhookUrl(`http://127.0.0.1:${server.port}/api/stripe/webhook`);
  return {
    async close() {
      await emulator.waitForDeliveries().catch(() => undefined);
      emulator.setWebhookUrl(null);
      await server.stop(true);
    },
  };
}

/**
 * Marks the emulator's event log now; the returned function lists the events created since, oldest
 * first (the emulator keeps its newest 5,000, so indexes shift; ids do not).
 */
export function eventsSince(emulator: StripeEmulator): () => Stripe.Event[] {
  const before = new Set(emulator.events.map((e) => e.id));
  return () => emulator.events.filter((e) => !before.has(e.id));
}

/* ---------- managed payment of participations ---------- */

export async function signedInPlayer(deps: Deps, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date("2026-01-01T00:00:00Z"), ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  const token = a.cookies.token!;
  return { user, token, caller: (await callerFor(deps, { token })).caller };
}

/** One region per test database (a test process runs many files, each with its own database). */
const regions = new WeakMap<Deps["db"], Promise<{ id: number }>>();

/**
 * A managed-payment game (5 € a place unless told) organised by a player whose account takes charges,
 * with the organiser's own participation; `feePercentage` makes it an organisation's game with that fee.
 */
export async function managedGame(
  deps: Deps,
  values: {
    startTime: Date;
    maxPlayers?: number | null;
    priceCents?: number;
    instantCapture?: boolean;
    feePercentage?: number;
    minPlayers?: number;
    /** places the organiser takes (1 unless told; 0: organises without playing) */
    organiserPlayers?: number;
  },
) {
  if (!regions.has(deps.db)) regions.set(deps.db, createRegion(deps));
  const regionId = (await regions.get(deps.db)!).id;
  let organizationId: number | null = null;
  if (values.feePercentage !== undefined) {
    const [org] = await deps.db
      .insert(organizations)
      .values({ name: `Verein ${Math.random().toString(36).slice(2)}`, gameApplicationFeePercentage: values.feePercentage })
      .returning();
    organizationId = org!.id;
  }
  const host = await signedInPlayer(deps, { organizationId });
  const accountId = await connectAccount(deps, host.user.id);
  const game = await createGameRow(deps, {
    creatorId: host.user.id,
    regionId,
    // a public game keeps a court through edits (server/domains/games/README.md "Rules the server enforces")
    courtId: (await createCourt(deps, { regionId })).id,
    organizationId,
    startTime: values.startTime,
    minPlayers: values.minPlayers ?? 2,
    maxPlayers: values.maxPlayers === undefined ? 10 : values.maxPlayers,
    isManagedPayment: true,
    instantCapture: values.instantCapture ?? false,
    priceCents: values.priceCents ?? 500,
  }, values.organiserPlayers ?? 1);
  return { host: { ...host, accountId }, game };
}

export async function participationRow(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(participations).where(eq(participations.id, id));
  return row!;
}

/** Every payment row of a participation, by attempt. */
export async function paymentsOf(deps: Deps, participationId: number) {
  const rows = await deps.db.select().from(payments).where(eq(payments.subjectId, participationId));
  return rows.filter((r) => r.purpose === "participation").sort((a, b) => a.attempt - b.attempt);
}

/** The emulator's intent behind a payment row. */
export function intentOf(deps: Deps, intentId: string) {
  return deps.payments!.stripe.paymentIntents.retrieve(intentId);
}

/**
 * Runs what a customer or Stripe does on the emulator (`action`) and delivers the events it made to the
 * app in-process, in order, each answered 200; returns them.
 */
export function stripeActions(deps: Deps): (action: () => unknown) => Promise<Stripe.Event[]> {
  const deliver = eventDeliverer(deps);
  return async (action) => {
    const since = eventsSince(emulatorOf(deps));
    await action();
    const events = since();
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    return events;
  };
}

/**
 * A signed-in player who joined the managed-payment game (from the device `deviceTokenPrefix` + their
 * user id, when given) and, with `pay`, confirmed the card (delivered through `atStripe`).
 */
export async function payingPlayer(
  deps: Deps,
  atStripe: ReturnType<typeof stripeActions>,
  gameId: number,
  opts: { pay: boolean; deviceTokenPrefix?: string },
) {
  const p = await signedInPlayer(deps);
  const r = await p.caller.participation.join({ gameId, ...(opts.deviceTokenPrefix !== undefined ? { deviceToken: `${opts.deviceTokenPrefix}${p.user.id}` } : {}) });
  const [payment] = await paymentsOf(deps, r.participation.id);
  if (opts.pay) await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
  return { ...p, participationId: r.participation.id, intentId: payment!.stripePaymentIntentId, paymentId: payment!.id };
}
