import type { TRegion } from "@shared/schemas/regions";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
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

// ---- the staff console (issue 26): domains/admin creates and edits regions here, in its transaction ----

export type { RegionRow, RegionValues } from "./repo";

/** Creates a region; SLUG_TAKEN when another has the slug. */
export async function createRegion(tx: Tx, values: repo.RegionValues): Promise<repo.RegionRow> {
  if (await repo.slugTaken(tx, values.slug)) throw slugTaken();
  const row = await repo.insertRegion(tx, values);
  if (!row) throw slugTaken();
  return row;
}

/** Changes a region's fields; returns the row before and after. REGION_NOT_FOUND, SLUG_TAKEN. */
export async function updateRegion(tx: Tx, id: number, changes: Partial<repo.RegionValues>): Promise<{ before: repo.RegionRow; after: repo.RegionRow }> {
  const before = await repo.lockRegion(tx, id);
  if (!before) throw new AppError("REGION_NOT_FOUND");
  if (changes.slug !== undefined && changes.slug !== before.slug && (await repo.slugTaken(tx, changes.slug, id))) throw slugTaken();
  const after = Object.keys(changes).length === 0 ? before : await repo.updateRegion(tx, id, changes);
  if (!after) throw new AppError("REGION_NOT_FOUND");
  return { before, after };
}

function slugTaken(): AppError {
  return new AppError("SLUG_TAKEN", { fields: [{ path: "slug", code: "slug_taken" }] });
}
