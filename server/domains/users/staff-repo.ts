import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { groups, userGroups, users } from "../../db/schema";

/**
 * What the staff console (issue 26, domains/admin through users/staff.ts) writes on a user: roles, staff
 * groups, organisation, the block. The users domain owns `users`, `groups` and `user_groups`.
 */

export type StaffFields = {
  isAdmin: boolean;
  isCourtOwner: boolean;
  organizationId: number | null;
  blockedAt: Date | null;
  deletedAt: Date | null;
};

/** The user's staff-relevant fields under a row lock; null when there is no such user. */
export async function lockStaffFields(db: DbOrTx, userId: number): Promise<StaffFields | null> {
  const rows = await db
    .select({ isAdmin: users.isAdmin, isCourtOwner: users.isCourtOwner, organizationId: users.organizationId, blockedAt: users.blockedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    // NO KEY UPDATE, not UPDATE: staff changes of one account still wait for each other, but the foreign-key checks
    // of other transactions (an audit entry naming this account as its actor) do not wait for it. Two admins
    // changing each other's roles deadlocked with FOR UPDATE (each audit entry's key check waited for the other).
    .for("no key update");
  return rows[0] ?? null;
}

export async function groupNamesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(groups.name);
  return rows.map((r) => r.name);
}

export async function updateStaffFields(db: DbOrTx, userId: number, changes: Partial<Omit<StaffFields, "deletedAt">>, now: Date): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));
}

/** The ids of the named groups, creating the ones that do not exist yet. */
export async function ensureGroups(db: DbOrTx, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  await db
    .insert(groups)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: groups.name });
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Sets which of `managed` groups the user is in: adds `wanted`, removes the other managed ones; other groups stay. */
export async function setGroupMembership(db: DbOrTx, userId: number, managed: readonly string[], wanted: readonly string[]): Promise<void> {
  const ids = await ensureGroups(db, managed);
  const remove = managed.filter((n) => !wanted.includes(n)).map((n) => ids.get(n)!);
  if (remove.length > 0) await db.delete(userGroups).where(and(eq(userGroups.userId, userId), inArray(userGroups.groupId, remove)));
  const add = wanted.map((n) => ids.get(n)!);
  if (add.length > 0)
    await db
      .insert(userGroups)
      .values(add.map((groupId) => ({ userId, groupId })))
      .onConflictDoNothing();
}
