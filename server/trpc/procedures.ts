import type { Viewer } from "../context";
import { AppError } from "../lib/errors";
import { baseProcedure } from "./init";

export const publicProcedure = baseProcedure;

export const authedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw new AppError("UNAUTHENTICATED");
  return next({ ctx: { ...ctx, viewer: ctx.viewer as Viewer } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer.isAdmin) throw new AppError("FORBIDDEN");
  return next();
});
