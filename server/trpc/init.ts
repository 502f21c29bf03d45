import { initTRPC, TRPCError } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ERROR_CODES, httpStatusOf, type AppErrorData, type ErrorCode, type ErrorStatus } from "@shared/errors";
import { transformer } from "@shared/transformer";
import { ZodError } from "zod";
import type { Ctx } from "../context";
import { AppError, appErrorFromDatabase, fieldIssuesFromZod } from "../lib/errors";

/** tRPC's code for each status of shared/errors.ts; tRPC derives the HTTP status back from it. */
const TRPC_CODE = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
} as const satisfies Record<ErrorStatus, TRPC_ERROR_CODE_KEY>;

/** The tRPC code (and so the HTTP status) an error code answers with. */
export function trpcCodeOf(code: ErrorCode): TRPC_ERROR_CODE_KEY {
  return TRPC_CODE[httpStatusOf(code)];
}

function appDataOf(error: TRPCError): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.toData();
  if (cause instanceof ZodError) return { code: "VALIDATION", fields: fieldIssuesFromZod(cause.issues) };
  // tRPC's own refusals (no such procedure, wrong method, body too large, unreadable input) are the caller's.
  switch (error.code) {
    case "NOT_FOUND":
      return { code: "NOT_FOUND" };
    case "METHOD_NOT_SUPPORTED":
      return { code: "METHOD_NOT_ALLOWED" };
    case "PAYLOAD_TOO_LARGE":
      return { code: "PAYLOAD_TOO_LARGE" };
    case "BAD_REQUEST":
    case "PARSE_ERROR":
    case "UNSUPPORTED_MEDIA_TYPE":
    case "UNPROCESSABLE_CONTENT":
      return { code: "VALIDATION" };
    default:
      return { code: "UNEXPECTED" };
  }
}

/** Whether a tRPC error is ours to fix (answered as UNEXPECTED): server/app.ts logs these with their cause. */
export function isUnexpectedTrpcError(error: TRPCError): boolean {
  return appDataOf(error).code === "UNEXPECTED";
}

/**
 * One short line for people and logs, e.g. "Invalid input: description (text_control_chars)";
 * the field codes themselves are in `data.app.fields` for the client to translate.
 */
export function validationMessage(fields: AppErrorData["fields"]): string {
  if (!fields?.length) return ERROR_CODES.VALIDATION;
  const listed = fields.slice(0, 3).map((f) => `${f.path.slice(0, 40) || "input"} (${f.code.slice(0, 40)})`);
  return `${ERROR_CODES.VALIDATION}: ${listed.join(", ")}${fields.length > 3 ? `, +${fields.length - 3} more` : ""}`;
}

/**
 * What a procedure declares about itself. `auth`: who may call it at all (procedures.ts sets it;
 * public procedures have none). GraphQL resolvers declare the same (graphql/resolve.ts), and the
 * authorisation tests read both.
 */
export type ProcedureMeta = {
  auth?: "user" | "admin";
  /** "allowed": callable while the session's access part is stale (the auth calls; domains/auth/README.md "Access and refresh") */
  staleSession?: "allowed";
};

/** The one tRPC error format: `data.app` carries the stable code (a translation key) and details. */
const t = initTRPC.context<Ctx>().meta<ProcedureMeta>().create({
  transformer,
  // Never tRPC's development mode, whatever NODE_ENV the process has (the benchmarks set the app's environment in its
  // configuration only): it adds each error's stack to the shape, which the formatter below drops anyway.
  isDev: false,
  // Server-sent events (live chat): a ping every 5 s keeps a quiet stream open. Bun closes a connection that sends
  // nothing for 10 s (its idleTimeout) and load balancers cut idle ones too: without it, scripts/bench/sse.ts saw
  // every quiet stream of 5,000 cut and reopened. A client that hears nothing for 15 s reconnects by itself.
  sse: { ping: { enabled: true, intervalMs: 5_000 }, client: { reconnectAfterInactivityMs: 15_000 } },
  errorFormatter({ shape, error }) {
    const app = appDataOf(error);
    // Never tRPC's or zod's own text (a multi-line issue dump, internals): the code's message. Unexpected
    // errors are logged with their cause where they are caught (server/app.ts, onError).
    const message = app.code === "VALIDATION" ? validationMessage(app.fields) : ERROR_CODES[app.code];
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, app } };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Turns a thrown AppError (or a database error that stands for one) into a TRPCError with the right HTTP status. */
const appErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  const fromDatabase = result.error.cause instanceof AppError ? null : appErrorFromDatabase(result.error.cause);
  if (fromDatabase) ctx.deps.logger.warn("input refused by the database", { path, error: String(result.error.cause?.cause ?? result.error.cause) });
  const cause = result.error.cause instanceof AppError ? result.error.cause : fromDatabase;
  if (cause) throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  return result;
});

/** Mutations need the CSRF header and a same-origin Origin (server/http/csrf.ts). */
const csrf = t.middleware(({ ctx, type, next }) => {
  if (type === "mutation" && !ctx.meta.csrfOk) throw new AppError("CSRF_FAILED");
  return next();
});

/** A session whose access part is stale must be refreshed first: the permission error the client refreshes on (spec 001 section 4). */
const freshSession = t.middleware(({ ctx, meta, next }) => {
  if (ctx.meta.sessionStale && meta?.staleSession !== "allowed") throw new AppError("UNAUTHENTICATED");
  return next();
});

export const baseProcedure = t.procedure.use(appErrors).use(csrf).use(freshSession);

/**
 * Bodies on /trpc are JSON inputs of a few kilobytes (the longest text is a 2,000-character
 * description; a batch holds a handful). Files go through /api/profile-image and GraphQL multipart.
 */
export const TRPC_MAX_BODY_BYTES = 1024 * 1024;

/** The 413 answer for a body over TRPC_MAX_BODY_BYTES, in the tRPC error shape the client reads. */
export function payloadTooLargeBody() {
  const app: AppErrorData = { code: "PAYLOAD_TOO_LARGE", details: { maxBytes: TRPC_MAX_BODY_BYTES } };
  const code = trpcCodeOf(app.code);
  return { error: transformer.serialize({ message: ERROR_CODES[app.code], code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: httpStatusOf(app.code), app } }) };
}
