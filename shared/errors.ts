/**
 * Every error the server can send, by stable code. The code is also the i18n key:
 * the client shows m[`error_${code}`](), never a raw server string.
 * `message` is the English server text; the native wrapper (built against the old API)
 * matches on parts of it ("Email is already in use", "credentials"), so keep those words.
 */
export const ERROR_CODES = {
  UNEXPECTED: "Unexpected server error",
  VALIDATION: "Invalid input",
  UNAUTHENTICATED: "You do not have permission to perform this action",
  FORBIDDEN: "You do not have permission to perform this action",
  NOT_FOUND: "Not found",
  CSRF_FAILED: "CSRF verification failed",
  EMAIL_IN_USE: "Email is already in use",
  INVALID_CREDENTIALS: "Please enter valid credentials",
  TOO_MANY_LOGIN_ATTEMPTS: "Too many login attempts, try again later",
  TOO_YOUNG: "You must be at least 16 years old",
  REGION_NOT_FOUND: "Region not found",
  USER_NOT_FOUND: "User not found",
  SESSION_EXPIRED: "Session expired",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/**
 * Field-level validation problems: each `code` is a translation key suffix (`validation_${code}`),
 * produced by the shared zod schemas so form and server speak the same words.
 */
export type FieldIssue = { path: string; code: string; params?: Record<string, string | number> };

/** The shape of `data.app` in tRPC errors and `extensions` in GraphQL errors. */
export type AppErrorData = {
  code: ErrorCode;
  details?: Record<string, string | number | boolean | null>;
  fields?: FieldIssue[];
};
