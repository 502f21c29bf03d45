import type { TRegion } from "@shared/schemas/regions";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";

export function listRegions(ctx: Ctx): Promise<TRegion[]> {
  return repo.listRegions(ctx.deps.db);
}

export async function regionBySlug(ctx: Ctx, slug: string): Promise<TRegion> {
  const region = await repo.findRegionBySlug(ctx.deps.db, slug);
  if (!region) throw new AppError("REGION_NOT_FOUND");
  return region;
}

/** For other domains that store a region reference. */
export async function findRegionIdBySlug(ctx: Ctx, slug: string): Promise<number> {
  const id = await repo.findRegionIdBySlug(ctx.deps.db, slug);
  if (id === null) throw new AppError("REGION_NOT_FOUND", { fields: [{ path: "regionSlug", code: "region_not_found" }] });
  return id;
}
