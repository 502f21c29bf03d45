import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { AppErrorData, ErrorCode } from "@shared/errors";
import { transformer } from "@shared/transformer";
import { ZodError } from "zod";
import type { Ctx } from "../context";
import { AppError, fieldIssuesFromZod } from "../lib/errors";

const TRPC_CODE: Partial<Record<ErrorCode, TRPC_ERROR_CODE_KEY>> = {
  UNAUTHENTICATED: "UNAUTHORIZED",
  SESSION_EXPIRED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  CSRF_FAILED: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  REGION_NOT_FOUND: "NOT_FOUND",
  USER_NOT_FOUND: "NOT_FOUND",
  EMAIL_IN_USE: "CONFLICT",
  TOO_MANY_LOGIN_ATTEMPTS: "TOO_MANY_REQUESTS",
  UNEXPECTED: "INTERNAL_SERVER_ERROR",
};

function appDataOf(error: TRPCError): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.toData();
  if (cause instanceof ZodError) return { code: "VALIDATION", fields: fieldIssuesFromZod(cause.issues) };
  if (error.code === "NOT_FOUND") return { code: "NOT_FOUND" };
  if (error.code === "BAD_REQUEST" || error.code === "PARSE_ERROR") return { code: "VALIDATION" };
  return { code: "UNEXPECTED" };
}

/** The one tRPC error format: `data.app` carries the stable code (a translation key) and details. */
const t = initTRPC.context<Ctx>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const app = appDataOf(error);
    // Internal failures never leak their message; the log has it (server/trpc/router-handler).
    const message = app.code === "UNEXPECTED" ? "Unexpected server error" : error.message;
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, app } };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Turns a thrown AppError into a TRPCError with the right HTTP status. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code] ?? "BAD_REQUEST", message: cause.message, cause });
  }
  return result;
});

/** Mutations need the CSRF header and a same-origin Origin (server/http/csrf.ts). */
const csrf = t.middleware(({ ctx, type, next }) => {
  if (type === "mutation" && !ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
  return next();
});

export const baseProcedure = t.procedure.use(appErrors).use(csrf);
