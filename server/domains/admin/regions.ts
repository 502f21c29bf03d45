import type { TAdminRegion, ZAdminCreateRegionInput, ZAdminUpdateRegionInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireAdmin } from "../auth/viewer";
import * as regions from "../regions/service";
import { changedFields, recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/** Regions in the console (issue 26): every field, by name. */
export async function listRegions(ctx: Ctx): Promise<TAdminRegion[]> {
  requireAdmin(ctx);
  return repo.regionsForConsole(ctx.deps.db);
}

async function regionById(tx: Tx, id: number): Promise<TAdminRegion> {
  const [region] = await repo.regionsForConsole(tx, id);
  if (!region) throw new AppError("REGION_NOT_FOUND");
  return region;
}

async function checkHead(tx: Tx, headId: number | null | undefined): Promise<void> {
  if (headId != null && !(await repo.userExists(tx, headId))) throw new AppError("USER_NOT_FOUND", { fields: [{ path: "headId", code: "user_not_found" }] });
}

export async function createRegion(ctx: Ctx, input: z.output<typeof ZAdminCreateRegionInput>): Promise<TAdminRegion> {
  return consoleAction(ctx, async (tx, actor) => {
    await checkHead(tx, input.headId);
    const row = await regions.createRegion(tx, input);
    await recordAudit(tx, actor, "region.create", "region", row.id, null, row);
    return regionById(tx, row.id);
  });
}

export async function updateRegion(ctx: Ctx, input: z.output<typeof ZAdminUpdateRegionInput>): Promise<TAdminRegion> {
  const { id, ...changes } = input;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<regions.RegionValues>;
  return consoleAction(ctx, async (tx, actor) => {
    await checkHead(tx, defined.headId);
    const { before, after } = await regions.updateRegion(tx, id, defined);
    const diff = changedFields(before, after);
    await recordAudit(tx, actor, "region.update", "region", id, diff.before, diff.after);
    return regionById(tx, id);
  });
}
