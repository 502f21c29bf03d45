import type { z } from "zod";

/**
 * The first problem a shared schema finds in a value, as its code (the schemas in shared/schemas use
 * codes as messages, translated as `validation_<code>`), or null when the value passes. The browser
 * checks a field with the very schema the server parses it with, so both say the same.
 */
export function schemaProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? "invalid";
}

/** The first problem of each field of a whole input that failed a shared schema (`{ fieldName: code }`). */
export function fieldProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    if (name && !(name in problems)) problems[name] = issue.message;
  }
  return problems;
}
