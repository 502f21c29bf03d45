import type { TAdminOrganization, TAdminOrganizationDetail, ZAdminCreateOrganizationInput, ZAdminOrganizationMemberInput, ZAdminUpdateOrganizationInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireAdmin } from "../auth/viewer";
import * as organizations from "../organizations/service";
import { changeStaffFields, lockStaffSnapshot } from "../users/staff";
import { changedFields, recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/** Organisations in the console (issue 26); the logo is the existing upload (organizations.uploadOrganizationLogo). */
export async function listOrganizations(ctx: Ctx): Promise<TAdminOrganization[]> {
  requireAdmin(ctx);
  return repo.organizationsForConsole(ctx.deps.db);
}

async function detail(db: DbOrTx, id: number): Promise<TAdminOrganizationDetail> {
  const [org] = await repo.organizationsForConsole(db, id);
  if (!org) throw new AppError("ORGANIZATION_NOT_FOUND");
  return { ...org, members: await repo.organizationMembers(db, id) };
}

export async function organization(ctx: Ctx, id: number): Promise<TAdminOrganizationDetail> {
  requireAdmin(ctx);
  return detail(ctx.deps.db, id);
}

export async function createOrganization(ctx: Ctx, input: z.output<typeof ZAdminCreateOrganizationInput>): Promise<TAdminOrganizationDetail> {
  return consoleAction(ctx, async (tx, actor) => {
    const row = await organizations.createOrganization(tx, input);
    await recordAudit(tx, actor, "organization.create", "organization", row.id, null, row);
    return detail(tx, row.id);
  });
}

export async function updateOrganization(ctx: Ctx, input: z.output<typeof ZAdminUpdateOrganizationInput>): Promise<TAdminOrganizationDetail> {
  const changes = Object.fromEntries(Object.entries({ name: input.name, gameApplicationFeePercentage: input.gameApplicationFeePercentage }).filter(([, v]) => v !== undefined));
  return consoleAction(ctx, async (tx, actor) => {
    const { before, after } = await organizations.updateOrganization(tx, input.id, changes);
    const diff = changedFields({ ...before, gameApplicationFeePercentage: Number(before.gameApplicationFeePercentage) }, { ...after, gameApplicationFeePercentage: Number(after.gameApplicationFeePercentage) });
    await recordAudit(tx, actor, "organization.update", "organization", input.id, diff.before, diff.after);
    return detail(tx, input.id);
  });
}

/** Makes the user a member (moving them from another organisation: the entry's before says which). */
export async function addMember(ctx: Ctx, input: z.output<typeof ZAdminOrganizationMemberInput>): Promise<TAdminOrganizationDetail> {
  return consoleAction(ctx, async (tx, actor, now) => {
    await organizations.requireOrganizationLocked(tx, input.organizationId);
    const { before, after } = await changeStaffFields(tx, input.userId, { organizationId: input.organizationId }, [], now);
    await recordAudit(tx, actor, "organization.addMember", "organization", input.organizationId, { userId: input.userId, organizationId: before.organizationId }, { userId: input.userId, organizationId: after.organizationId });
    return detail(tx, input.organizationId);
  });
}

export async function removeMember(ctx: Ctx, input: z.output<typeof ZAdminOrganizationMemberInput>): Promise<TAdminOrganizationDetail> {
  return consoleAction(ctx, async (tx, actor, now) => {
    await organizations.requireOrganizationLocked(tx, input.organizationId);
    const current = await lockStaffSnapshot(tx, input.userId);
    if (current.organizationId !== input.organizationId) throw new AppError("USER_NOT_IN_ORGANIZATION");
    await changeStaffFields(tx, input.userId, { organizationId: null }, [], now);
    await recordAudit(tx, actor, "organization.removeMember", "organization", input.organizationId, { userId: input.userId, organizationId: input.organizationId }, { userId: input.userId, organizationId: null });
    return detail(tx, input.organizationId);
  });
}
