import type { TAdminOverview } from "@shared/schemas/admin";
import type { Ctx } from "../../context";
import { requireAdmin } from "../auth/viewer";
import * as repo from "./repo";

/** The console's home: what waits (open reports, open webhook failures) and how big the platform is. */
export async function overview(ctx: Ctx): Promise<TAdminOverview> {
  requireAdmin(ctx);
  return repo.overviewCounts(ctx.deps.db);
}

export async function auditLog(ctx: Ctx, input: Parameters<typeof repo.auditPage>[1]) {
  requireAdmin(ctx);
  return repo.auditPage(ctx.deps.db, input);
}
