import { ERROR_CODES, type AppErrorData, type ErrorCode, type FieldIssue } from "@shared/errors";

/**
 * The one error type services throw. Transports format it (server/trpc/init.ts, server/graphql/errors.ts,
 * server/http/uploads.ts) with the message and HTTP status its code declares in shared/errors.ts (httpStatusOf).
 */
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

/** Our schemas' messages are codes (`text_control_chars`); zod's own defaults are sentences. */
const CODE_LIKE = /^[a-z][a-z0-9_]{0,60}$/;

/**
 * Maps zod issues to field issues whose codes are translation keys. Where a schema gave no code,
 * zod's sentence ("Invalid input: expected string, received undefined") becomes `required` or `invalid`.
 */
export function fieldIssuesFromZod(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]): FieldIssue[] {
  return issues.map((i) => ({
    path: i.path.map(String).join("."),
    code: CODE_LIKE.test(i.message) ? i.message : i.code === "invalid_type" && /received undefined$/.test(i.message) ? "required" : "invalid",
  }));
}

/**
 * PostgreSQL's verdicts on values a client sent (SQLSTATE), for what the shared schemas do not catch
 * first: an id that names no row (a foreign key), a number or date out of the column's range, text
 * the database cannot store. They are the caller's mistake, answered as such (and logged as a
 * warning by the transports, since a schema or service check would answer more precisely).
 */
const DATABASE_INPUT_ERRORS: Record<string, ErrorCode> = {
  "23503": "NOT_FOUND", // foreign_key_violation
  "22001": "VALIDATION", // string_data_right_truncation
  "22003": "VALIDATION", // numeric_value_out_of_range (also float underflow)
  "22007": "VALIDATION", // invalid_datetime_format
  "22008": "VALIDATION", // datetime_field_overflow
  "22021": "VALIDATION", // character_not_in_repertoire (NUL)
  "22P02": "VALIDATION", // invalid_text_representation
  "22P05": "VALIDATION", // untranslatable_character
};

/** The AppError a database error stands for, when it is one of DATABASE_INPUT_ERRORS (drizzle wraps the driver's error in `cause`). */
export function appErrorFromDatabase(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(DATABASE_INPUT_ERRORS, code)) return new AppError(DATABASE_INPUT_ERRORS[code]!, { cause: error });
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
