import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { ZodError } from "zod";
import { ERROR_CODES, httpStatusOf, isErrorCode, type AppErrorData, type ErrorStatus } from "@shared/errors";
import { AppError, appErrorFromDatabase, fieldIssuesFromZod } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { ErrorReporter } from "../integrations/telemetry/error-reporting";

/** The innermost cause of a GraphQL error: what a resolver threw, or the GraphQLError itself. */
function causeOf(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/**
 * Whether an error is ours to fix: anything a resolver threw that is not an AppError or a ZodError.
 * GraphQLErrors without another cause are graphql-js's own verdicts on the request (syntax, unknown
 * fields, missing arguments, variables of the wrong type, limits) and are the caller's.
 */
export function isUnexpectedGraphqlError(error: unknown): boolean {
  const cause = causeOf(error);
  return !(cause instanceof AppError || cause instanceof ZodError || cause instanceof GraphQLError || isVariableError(error) || appErrorFromDatabase(cause));
}

/** A variable value a scalar could not read ("Variable "$id" got invalid value …"): before any resolver, whatever the scalar threw. */
const isVariableError = (error: unknown) => error instanceof GraphQLError && !error.path && /^Variable "\$/.test(error.message);

/** graphql-js messages can quote a whole variable value: one line, cut short. */
const short = (message: string) => {
  const line = message.split("\n")[0]!.trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/**
 * The `extensions` of one of our GraphQL errors: the stable code, its HTTP status from shared/errors.ts
 * (`status`, for clients and webhooks to read; the response of a failed resolver stays 200, as the
 * native wrapper expects), details and field issues.
 */
export function graphqlExtensions(data: AppErrorData): AppErrorData & { status: ErrorStatus } {
  return { ...data, status: httpStatusOf(data.code) };
}

/**
 * The one GraphQL error format: the message is the old API's English text (the native wrapper
 * matches on it, e.g. "You do not have permission to perform this action"), `extensions` carries
 * the stable code, its HTTP status, details and field issues, as `data.app` does for tRPC. Applied to
 * resolver errors (yoga's maskError) and to every other error of a response (handler.ts), so no
 * answer carries a code outside shared/errors.ts.
 */
export function formatGraphqlError(error: unknown): GraphQLError {
  const cause = causeOf(error);
  const original = cause instanceof AppError ? cause : (appErrorFromDatabase(cause) ?? cause);
  const path = error instanceof GraphQLError ? error.path : undefined;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, { path, extensions: graphqlExtensions(original.toData()) });
  }
  if (original instanceof ZodError) {
    return new GraphQLError(ERROR_CODES.VALIDATION, { path, extensions: graphqlExtensions({ code: "VALIDATION", fields: fieldIssuesFromZod(original.issues) }) });
  }
  if (error instanceof GraphQLError && (original instanceof GraphQLError || isVariableError(error))) {
    // Already in our format (formatted once before).
    // graphql-jit's own errors (variables it could not read) carry no `extensions` at all
    if (isErrorCode(error.extensions?.code) && !error.originalError) return error;
    // Syntax and validation errors of the query itself (and wrongly typed variables) are the caller's, and safe to show.
    // yoga reads `extensions.http` for the status (405 for a mutation over GET) and leaves it out of the answer.
    const http = error.extensions?.http as { status?: number } | undefined;
    const code = http?.status === 405 ? "METHOD_NOT_ALLOWED" : "VALIDATION";
    return new GraphQLError(short(error.message), { path, nodes: error.nodes, extensions: { ...graphqlExtensions({ code }), ...(http ? { http } : {}) } });
  }
  return new GraphQLError(ERROR_CODES.UNEXPECTED, { path, extensions: graphqlExtensions({ code: "UNEXPECTED" }) });
}

type MaybeErrors = { errors?: readonly unknown[] };

/** The name a log line gives an operation: its own name, else its type and top-level fields. */
function operationLabel(document: DocumentNode, operationName: string | null | undefined): string {
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!op) return operationName ?? "unknown";
  const fields = op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
  return `${op.operation} ${op.name?.value ?? ""}{${[...new Set(fields)].join(",")}}`.replace("  ", " ");
}

/**
 * Every unexpected error (see isUnexpectedGraphqlError) is logged with its cause and the operation,
 * before yoga's masking replaces it with "Unexpected server error"; and every error of every answer
 * leaves in our format (codes of shared/errors.ts), also those yoga reports without masking
 * (validation of the document, which runs before execution). Unexpected ones also go to `reporter`.
 */
export function graphqlErrorPlugins(logger: Logger, reporter?: Pick<ErrorReporter, "report">): Plugin[] {
  const logUnexpected: Plugin = {
    onExecute({ args }) {
      const userId = (args.contextValue as { ctx?: { viewer?: { userId: number } | null } }).ctx?.viewer?.userId ?? null;
      return {
        onExecuteDone({ result }) {
          for (const error of (result as MaybeErrors).errors ?? []) {
            const cause = causeOf(error);
            const refusedByDatabase = !(cause instanceof AppError) && appErrorFromDatabase(cause) !== null;
            if (!refusedByDatabase && !isUnexpectedGraphqlError(error)) continue;
            logger[refusedByDatabase ? "warn" : "error"](refusedByDatabase ? "graphql input refused by the database" : "graphql error", {
              operation: operationLabel(args.document, args.operationName),
              path: error instanceof GraphQLError ? error.path?.join(".") : undefined,
              error: String(cause),
              stack: cause instanceof Error ? cause.stack : undefined,
            });
            // unexpected errors also go to error reporting when configured (integrations/telemetry), as tRPC's do
            if (!refusedByDatabase) reporter?.report(cause, { userId, where: `graphql ${operationLabel(args.document, args.operationName)}` });
          }
        },
      };
    },
  };
  const ourFormat: Plugin = {
    onResultProcess({ result, setResult }) {
      const format = (r: MaybeErrors) => (r.errors?.length ? { ...r, errors: r.errors.map(formatGraphqlError) } : r);
      if (Array.isArray(result)) setResult(result.map(format) as typeof result);
      else if (result && typeof result === "object" && "errors" in result) setResult(format(result as MaybeErrors) as typeof result);
    },
  };
  return [logUnexpected, ourFormat];
}
