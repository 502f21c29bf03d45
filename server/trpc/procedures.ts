import { requireAdmin, requireViewer } from "../domains/auth/viewer";
import { baseProcedure } from "./init";

/** Anyone, with or without a session; the service decides what a visitor may see or do. */
export const publicProcedure = baseProcedure;

/** Signed-in users only: UNAUTHENTICATED before the input is read. `meta.auth` says so to the authorisation tests. */
export const authedProcedure = baseProcedure.meta({ auth: "user" }).use(({ ctx, next }) => next({ ctx: { ...ctx, viewer: requireViewer(ctx) } }));

/** Administrators only: UNAUTHENTICATED without a session, FORBIDDEN for everybody else. */
export const adminProcedure = authedProcedure.meta({ auth: "admin" }).use(({ ctx, next }) => {
  requireAdmin(ctx);
  return next();
});
