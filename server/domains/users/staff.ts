import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./staff-repo";

/**
 * The users side of the staff console (issue 26): domains/admin changes roles, staff groups, the
 * organisation and the block here, inside its own transaction (which also writes the audit entry).
 * Each function locks the user's row and answers the fields before and after, for the audit log.
 */

export type StaffSnapshot = {
  isAdmin: boolean;
  isCourtOwner: boolean;
  organizationId: number | null;
  groups: string[];
  blockedAt: string | null;
};

export type StaffChanges = {
  isAdmin?: boolean;
  isCourtOwner?: boolean;
  organizationId?: number | null;
  /** the wanted membership among `managedGroups` (the staff groups); other groups stay */
  groups?: readonly string[];
  blockedAt?: Date | null;
};

async function snapshot(tx: Tx, userId: number, fields: repo.StaffFields): Promise<StaffSnapshot> {
  return {
    isAdmin: fields.isAdmin,
    isCourtOwner: fields.isCourtOwner,
    organizationId: fields.organizationId,
    groups: await repo.groupNamesOf(tx, userId),
    blockedAt: fields.blockedAt?.toISOString() ?? null,
  };
}

/** The user's staff fields under a row lock (USER_NOT_FOUND, also for a deleted account). */
export async function lockStaffSnapshot(tx: Tx, userId: number): Promise<StaffSnapshot> {
  const fields = await repo.lockStaffFields(tx, userId);
  if (!fields || fields.deletedAt) throw new AppError("USER_NOT_FOUND");
  return snapshot(tx, userId, fields);
}

/** Applies the changes; `managedGroups` are the groups `changes.groups` chooses among. USER_NOT_FOUND. */
export async function changeStaffFields(
  tx: Tx,
  userId: number,
  changes: StaffChanges,
  managedGroups: readonly string[],
  now: Date,
): Promise<{ before: StaffSnapshot; after: StaffSnapshot }> {
  const before = await lockStaffSnapshot(tx, userId);
  const { groups, ...columns } = changes;
  if (Object.keys(columns).length > 0) await repo.updateStaffFields(tx, userId, columns, now);
  if (groups !== undefined) await repo.setGroupMembership(tx, userId, managedGroups, groups);
  const fields = await repo.lockStaffFields(tx, userId);
  return { before, after: await snapshot(tx, userId, fields!) };
}
