import type { z } from "zod";
import type { TCourtRef, ZCourtSearchInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";

const SEARCH_LIMIT = 50;

export function searchCourts(ctx: Ctx, input: z.output<typeof ZCourtSearchInput>): Promise<TCourtRef[]> {
  return repo.searchCourts(ctx.deps.db, { ...input, limit: SEARCH_LIMIT });
}

/** For other domains: a court or COURT_NOT_FOUND. */
export async function requireCourt(ctx: Ctx, id: number): Promise<TCourtRef> {
  const court = await repo.findCourt(ctx.deps.db, id);
  if (!court) throw new AppError("COURT_NOT_FOUND", { fields: [{ path: "courtId", code: "court_not_found" }] });
  return court;
}
