import { ADMIN_STAFF_GROUPS, type TAdminUserDetail, type TAdminUserSearchPage, type ZAdminBlockUserInput, type ZAdminSetUserRolesInput, type ZAdminUserSearchInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { endUserSessions } from "../auth/sessions";
import { requireAdmin } from "../auth/viewer";
import * as organizations from "../organizations/service";
import { changeStaffFields, lockStaffSnapshot } from "../users/staff";
import { changedFields, recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/** Users in the console (issue 26): search by name or e-mail, one user's detail, roles, block. */
export async function searchUsers(ctx: Ctx, input: z.output<typeof ZAdminUserSearchInput>): Promise<TAdminUserSearchPage> {
  requireAdmin(ctx);
  return repo.searchUsers(ctx.deps.db, input);
}

async function detail(db: DbOrTx, id: number, now: Date): Promise<TAdminUserDetail> {
  const { items } = await repo.searchUsers(db, { query: "", offset: 0, limit: 1, id });
  const user = items[0];
  if (!user) throw new AppError("USER_NOT_FOUND");
  const [activeSessions, audit] = await Promise.all([repo.activeSessionCount(db, id, now), repo.auditPage(db, { offset: 0, limit: 10, subjectType: "user", subjectId: id })]);
  return { ...user, activeSessions, recentAudit: audit.items };
}

export async function userDetail(ctx: Ctx, id: number): Promise<TAdminUserDetail> {
  requireAdmin(ctx);
  return detail(ctx.deps.db, id, ctx.deps.clock.now());
}

/** Admin, court owner, staff groups, organisation. An admin cannot take their own admin rights. */
export async function setUserRoles(ctx: Ctx, input: z.output<typeof ZAdminSetUserRolesInput>): Promise<TAdminUserDetail> {
  return consoleAction(ctx, async (tx, actor, now) => {
    if (input.id === actor.userId && input.isAdmin === false) throw new AppError("ADMIN_SELF_ACTION");
    if (input.organizationId != null) await organizations.requireOrganizationLocked(tx, input.organizationId);
    const changes = Object.fromEntries(
      Object.entries({ isAdmin: input.isAdmin, isCourtOwner: input.isCourtOwner, organizationId: input.organizationId, groups: input.groups ? [...new Set(input.groups)] : undefined }).filter(([, v]) => v !== undefined),
    );
    const { before, after } = await changeStaffFields(tx, input.id, changes, ADMIN_STAFF_GROUPS, now);
    const diff = changedFields(before, after);
    await recordAudit(tx, actor, "user.setRoles", "user", input.id, diff.before, diff.after);
    return detail(tx, input.id, now);
  });
}

/** Blocks the account: every session ends in the same transaction (the next request is signed out); sign-in is refused. */
export async function blockUser(ctx: Ctx, input: z.output<typeof ZAdminBlockUserInput>): Promise<TAdminUserDetail> {
  return consoleAction(ctx, async (tx, actor, now) => {
    if (input.id === actor.userId) throw new AppError("ADMIN_SELF_ACTION");
    const current = await lockStaffSnapshot(tx, input.id);
    const { before, after } = current.blockedAt ? { before: current, after: current } : await changeStaffFields(tx, input.id, { blockedAt: now }, [], now);
    await endUserSessions(tx, input.id);
    await recordAudit(tx, actor, "user.block", "user", input.id, { blockedAt: before.blockedAt }, { blockedAt: after.blockedAt, reason: input.reason || null });
    return detail(tx, input.id, now);
  });
}

export async function unblockUser(ctx: Ctx, id: number): Promise<TAdminUserDetail> {
  return consoleAction(ctx, async (tx, actor, now) => {
    const { before, after } = await changeStaffFields(tx, id, { blockedAt: null }, [], now);
    await recordAudit(tx, actor, "user.unblock", "user", id, { blockedAt: before.blockedAt }, { blockedAt: after.blockedAt });
    return detail(tx, id, now);
  });
}
