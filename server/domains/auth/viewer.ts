import type { Ctx, Viewer } from "../../context";
import { AppError } from "../../lib/errors";

/**
 * The signed-in user of a request, or UNAUTHENTICATED (401, the old API's "You do not have permission
 * to perform this action") for visitors: the one check behind tRPC's `authedProcedure`, GraphQL's
 * `auth: "user"` resolvers and every service that needs a session. A leaf (no domain imports), so any
 * domain may call it.
 */
export function requireViewer(ctx: Pick<Ctx, "viewer">): Viewer {
  if (!ctx.viewer) throw new AppError("UNAUTHENTICATED");
  return ctx.viewer;
}

/** requireViewer, then FORBIDDEN unless the viewer is an administrator (tRPC's `adminProcedure`, GraphQL's `auth: "admin"`). */
export function requireAdmin(ctx: Pick<Ctx, "viewer">): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.isAdmin) throw new AppError("FORBIDDEN");
  return viewer;
}
