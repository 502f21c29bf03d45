import { ERROR_CODES, type AppErrorData, type ErrorCode, type FieldIssue } from "@shared/errors";

/** The one error type services throw. Transports format it (server/trpc/init.ts, server/graphql/errors.ts). */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly details: AppErrorData["details"];
  readonly fields: FieldIssue[] | undefined;

  constructor(code: ErrorCode, options: { details?: AppErrorData["details"]; fields?: FieldIssue[]; cause?: unknown } = {}) {
    super(ERROR_CODES[code], { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.fields = options.fields;
  }

  toData(): AppErrorData {
    return {
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

/** Maps zod issues to field issues whose codes are translation keys. */
export function fieldIssuesFromZod(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join("."), code: i.message }));
}
