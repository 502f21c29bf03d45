import { SUPPORT_USER_ID } from "@shared/constants";
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../context";
import { gameReports, paymentWebhookFailures, users } from "../db/schema";
import { createUser } from "./factories";

/**
 * Fixtures for the staff console's tests (domains/admin; tests may write fixture rows directly): a game
 * report, a webhook failure, the support user.
 */

/** A report of `gameId` by `userId` (OPEN). */
export async function createReport(deps: Deps, gameId: number, userId: number, values: Partial<typeof gameReports.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(gameReports)
    .values({ gameId, userId, reason: "OTHER_REASON", additionalInformation: "Der Organisator ist nicht erschienen und hat nichts gesagt.", ...values })
    .returning();
  return row!;
}

/** An open webhook failure; without `objectId` it names no object, so reconciling it needs no Stripe call. */
export async function createWebhookFailure(deps: Deps, values: Partial<typeof paymentWebhookFailures.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(paymentWebhookFailures)
    .values({ stripeEventId: `evt_test${crypto.randomUUID().replaceAll("-", "")}`, type: "payment_intent.succeeded", objectId: null, error: "test failure", ...values })
    .returning();
  return row!;
}

/**
 * The support user (id 75, spec 001): made once when missing, restored when deleted. The users identity sequence is moved past 75
 * (never back), so later inserts of other tests cannot collide with it.
 */
export async function ensureSupportUser(deps: Deps): Promise<number> {
  const [found] = await deps.db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, SUPPORT_USER_ID));
  if (!found) {
    await deps.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), greatest(${SUPPORT_USER_ID}, (select last_value from users_id_seq)))`);
    await createUser(deps, { id: SUPPORT_USER_ID, firstName: "Kickrunde", lastName: "Support", email: `support-${crypto.randomUUID().slice(0, 8)}@example.org` }).catch(() => undefined); // a parallel test made it first
  } else if (found.deletedAt !== null) {
    // the test database is shared by a process's files: an earlier file may have taken id 75 for a user and deleted
    // that account, and a deleted support account sends nothing (admin/reports.ts falls back to the admin)
    await deps.db.update(users).set({ deletedAt: null }).where(eq(users.id, SUPPORT_USER_ID));
  }
  return SUPPORT_USER_ID;
}
