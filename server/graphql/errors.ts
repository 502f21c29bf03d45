import { GraphQLError } from "graphql";
import { ZodError, type z } from "zod";
import { AppError, fieldIssuesFromZod } from "../lib/errors";

/**
 * The one GraphQL error format: the message is the old API's English text (the native wrapper
 * matches on it, e.g. "You do not have permission to perform this action"), `extensions` carries
 * the stable code, details and field issues, exactly as `data.app` does for tRPC.
 */
export function formatGraphqlError(error: unknown): GraphQLError {
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  const path = error instanceof GraphQLError ? error.path : undefined;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, { path, extensions: { ...original.toData() } });
  }
  if (original instanceof ZodError) {
    return new GraphQLError("Invalid input", { path, extensions: { code: "VALIDATION", fields: fieldIssuesFromZod(original.issues) } });
  }
  // Syntax and validation errors of the query itself are the caller's, and safe to show.
  if (error instanceof GraphQLError && !error.originalError) {
    return new GraphQLError(error.message, { path, nodes: error.nodes, extensions: { ...error.extensions, code: "VALIDATION" } });
  }
  return new GraphQLError("Unexpected server error", { path, extensions: { code: "UNEXPECTED" } });
}

/** Parses resolver arguments with the same shared schema the tRPC procedure uses. */
export function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError("VALIDATION", { fields: fieldIssuesFromZod(parsed.error.issues) });
  return parsed.data;
}
