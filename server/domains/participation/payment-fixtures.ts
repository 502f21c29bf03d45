import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { organizations, participations, payments } from "../../db/schema";
import { callerFor } from "../../testing/caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { connectAccount, emulatorOf } from "../payments/fixtures";

/**
 * Test support for managed payment of participations (imported only by tests): an organiser whose
 * connected account on the run's Stripe emulator takes charges, their managed-payment game, signed-in
 * players, and what the database and the emulator hold about a participation's payment.
 */

export async function signedInPlayer(deps: Deps, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date("2026-01-01T00:00:00Z"), ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  const token = a.cookies.token!;
  return { user, token, caller: (await callerFor(deps, { token })).caller };
}

let region: Promise<{ id: number }> | undefined;

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
  region ??= createRegion(deps);
  const regionId = (await region).id;
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
    // a public game keeps a court through edits (README "Rules the server enforces")
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

export { emulatorOf };
